"""Exact previews of a fire (9.0, 13.4), a melee (12.0) and a rally (15.5) before the die is rolled:
every die roll of the table enumerated, and after it every roll of the morale and pin checks the
result calls for, as the rules apply them (``results.apply_fire_result``, ``melee.apply_melee_result``,
``retreat.finish``). Probabilities are exact fractions (``exact``) and floats.

``preview(state, action)`` answers for ``fire_at`` (every unit able to fire at the hex), ``fire_with``
(the declared firers and this one), ``resolve_fire``, ``melee_at``, ``melee_with``, ``declare``,
``resolve_melee`` and ``rally``; for anything else it returns {}.
"""

from __future__ import annotations

from fractions import Fraction

from .fire import candidates as fire_candidates
from .fire import fire_column
from .melee import active_attackers, may_melee, melee_odds, melee_targets
from .morale import rally_chance, rally_method
from .retreat import retreat_hexes

SIXTH = Fraction(1, 6)


def _p(x: Fraction) -> dict:
    return {"p": float(x), "exact": f"{x.numerator}/{x.denominator}"}


def pass_chance(s, u: int) -> Fraction:
    """15.1: the chance u passes a morale (or pin) check now."""
    return Fraction(sum(1 for r in range(1, 7) if r + s.morale_modifier(u) <= s.morale_rating(u)), 6)


class Tally:
    """Per-unit probabilities of what befalls it, summed over the branches of a result."""

    def __init__(self):
        self.units: dict = {}

    def add(self, u: int, what: str, p: Fraction) -> None:
        if p:
            d = self.units.setdefault(u, {})
            d[what] = d.get(what, Fraction(0)) + p

    def to_json(self, g) -> dict:
        return {g.units[u].id: {k: _p(v) for k, v in sorted(d.items())} for u, d in sorted(self.units.items())}


def _leader_risk(s, h: int, p: Fraction, tally: Tally) -> None:
    """17.5: each leader in h is hit on the table's roll; wounded or killed by a second die."""
    tab = s.game.tables
    hit = Fraction(7 - tab.casualty_hit, 6)
    for v in s.leaders_at(h):
        tally.add(v, "wounded", p * hit * Fraction(len(tab.casualty_wounded), 6))
        tally.add(v, "killed", p * hit * Fraction(len(tab.casualty_killed), 6))


class FireOutcome:
    """The exact consequences of one fire, before they are formatted (Fractions throughout)."""

    def __init__(self):
        self.outcomes: dict = {}
        self.losses: dict = {}
        self.tally = Tally()


def fire_outcome(s, t: int, firers: tuple, weight: Fraction = Fraction(1), into: FireOutcome | None = None) -> FireOutcome:
    """9.6, 13.4: every die roll of the table and every morale and pin roll after it, each
    weighted by ``weight`` (the chance this fire happens at all: 22.0's overshoot)."""
    tab = s.game.tables
    out = into or FireOutcome()
    units = tuple(reversed(s.combat_at(t)))
    col = fire_column(s, firers, t)[0] if firers else -1
    w = weight * SIXTH
    for roll in range(1, 7):
        res = tab.fire_result(col, roll) if col >= 0 else None
        code = res.code if res else "-"
        out.outcomes[code] = out.outcomes.get(code, Fraction(0)) + w
        lost = min(res.losses, sum(s.sp[u] for u in units)) if res else 0
        out.losses[lost] = out.losses.get(lost, Fraction(0)) + w
        if res is not None:
            _fire_branch(s, units, res, w, out.tally)
            if lost and units:
                _leader_risk(s, t, w, out.tally)
    return out


def fire_preview_doc(s, t: int, firers: tuple, branches: list) -> dict:
    """The preview of a fire on t whose target-hex effect is a mixture of ``branches``: (chance,
    firers that hit) pairs (one branch, chance 1, for an ordinary fire)."""
    g = s.game
    tab = g.tables
    col, st, shifts = fire_column(s, firers, t)
    total = FireOutcome()
    for weight, group in branches:
        fire_outcome(s, t, group, weight, total)
    return {"kind": "fire", "target": g.board.ids[t], "firers": [g.units[u].id for u in firers],
            "strength": str(st), "column": tab.fire_labels[col] if col >= 0 else None,
            "shifts": [{"rule": r, "columns": c} for r, c in shifts],
            "outcomes": {k: float(v) for k, v in total.outcomes.items()},
            "exact": {k: f"{v.numerator}/{v.denominator}" for k, v in total.outcomes.items()},
            "losses": {str(k): _p(v) for k, v in sorted(total.losses.items())},
            "units": total.tally.to_json(g)}


def fire_preview(s, t: int, firers: tuple) -> dict:
    """9.3-9.6, 13.4 (errata 13.42): the result distribution of a fire by ``firers`` on t and,
    for each unit in the hex, the chance it is eliminated, routed or pinned."""
    return fire_preview_doc(s, t, firers, [(Fraction(1), firers)])


def _fire_branch(s, units: tuple, res, p: Fraction, tally: Tally) -> None:
    """13.1, 13.42: one fire result, enumerating the morale and pin checks."""
    n = res.losses
    gone = set()
    for u in units:
        if n <= 0:
            break
        k = min(n, s.sp[u])
        n -= k
        tally.add(u, "sp_lost", p * k)
        if k >= s.sp[u]:
            gone.add(u)
            tally.add(u, "eliminated", p)
    if not res.check:
        return
    first = units[0]
    if res.check == "pin":
        if first not in gone and not s.routed(first):
            tally.add(first, "pinned", p * (1 - pass_chance(s, first)))
        return
    reach = p                                         # the chance the check comes down to this unit
    for u in units[:2]:
        if u in gone or s.routed(u):
            continue
        ok = pass_chance(s, u)
        if res.check == "pin_rout":
            tally.add(u, "pinned", reach * ok)
        else:
            tally.add(u, "pinned", reach * ok * (1 - ok))
        tally.add(u, "routed", reach * (1 - ok))
        reach = reach * (1 - ok)


def melee_preview(s, side: int, t: int, attackers: tuple) -> dict:
    """12.3-12.8: the odds, the result distribution and each unit's chance of losing strength,
    retreating, being captured (no hex to retreat into, 12.82) or routing after its retreat (12.85)."""
    g = s.game
    tab = g.tables
    attackers = active_attackers(s, t, attackers)
    o = melee_odds(s, t, attackers)
    defenders = o["defenders"]
    out = {"kind": "melee", "target": g.board.ids[t], "attackers": [g.units[u].id for u in attackers],
           "attack": str(o["attack"]), "defence": str(o["defence"]), "odds": o["odds"],
           "shifts": [{"rule": r, "columns": c} for r, c in o["shifts"]]}
    outcomes: dict = {}
    tally = Tally()
    engaged = Fraction(0)
    for roll in range(1, 7):
        res = tab.melee_results[roll][o["column"]]
        outcomes[res.code] = outcomes.get(res.code, Fraction(0)) + SIXTH
        if res.loser == "":
            engaged += SIXTH
            continue
        losers = defenders if res.loser == "defender" else tuple(sorted(attackers, key=lambda u: -s.sp[u]))
        n = res.losses
        gone = set()
        for u in losers:
            if n <= 0:
                break
            k = min(n, s.sp[u])
            n -= k
            tally.add(u, "sp_lost", SIXTH * k)
            if k >= s.sp[u]:
                gone.add(u)
                tally.add(u, "eliminated", SIXTH)
        if res.losses:
            for h in sorted({s.hex[u] for u in losers}):
                _leader_risk(s, h, SIXTH, tally)
        if not res.retreat:
            engaged += SIXTH
            continue
        for u in losers:
            if u in gone:
                continue
            if not s.formation(u).steps and not s.routed(u) or not retreat_hexes(s, u, "melee"):
                tally.add(u, "captured", SIXTH)
                continue
            tally.add(u, "retreats", SIXTH)
            if not s.routed(u):
                tally.add(u, "routed", SIXTH * (1 - pass_chance(s, u)))
    out.update({"outcomes": {k: float(v) for k, v in outcomes.items()},
                "exact": {k: f"{v.numerator}/{v.denominator}" for k, v in outcomes.items()},
                "engaged": _p(engaged), "units": tally.to_json(g)})
    return out


def preview(s, action) -> dict:
    frame = s.stack[-1] if s.stack and not s.over else None
    if frame is None:
        return {}
    k = action.kind
    s = s.clone()                              # a preview never changes the state
    if frame[0] == "fire" and k == "fire_at":
        side, mode = frame[1], frame[2]
        return s.fire_preview(action.a, tuple(fire_candidates(s, side, mode, action.a)))
    if frame[0] == "fire_decl" and k in ("fire_with", "resolve_fire"):
        firers = frame[4] + ((action.a,) if k == "fire_with" else ())
        return s.fire_preview(frame[3], firers)
    if frame[0] == "declarations" and k == "melee_at":
        side = frame[1]
        attackers = tuple(u for u in s.game.oob.combat_units[side] if may_melee(s, u) and action.a in melee_targets(s, u))
        return melee_preview(s, side, action.a, attackers)
    if frame[0] == "declare_melee" and k in ("melee_with", "declare"):
        attackers = frame[3] + ((action.a,) if k == "melee_with" else ())
        return _as_declared(s, frame[1], frame[2], attackers)
    if frame[0] == "melee_phase" and k == "resolve_melee":
        attackers = next(a for h, a in s.melees if h == action.a)
        return melee_preview(s, frame[1], action.a, attackers)
    if frame[0] == "rally_phase" and k == "rally":
        method = rally_method(s, action.a)
        chance = Fraction(rally_chance(s, action.a, method), 6)
        return {"kind": "rally", "unit": s.game.units[action.a].id, "method": method if isinstance(method, str)
                else method[0], "rallies": _p(chance)}
    return {}


def _as_declared(s, side: int, t: int, attackers: tuple) -> dict:
    """A melee preview as if these attackers were declared (12.6: mounted cavalry charges)."""
    from .state import CHARGING
    for u in attackers:
        if s.form_name(u) == "mounted":
            s.flags[u] |= CHARGING
    return melee_preview(s, side, t, attackers)

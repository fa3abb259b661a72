"""12.0 Melee: declaration (12.1), retreat before melee (12.9), strengths and odds (12.3-12.4),
shifts (12.5), cavalry charges (12.6), results and engagement (12.7), advance (12.8).

- 12.1 At the end of his Movement Phase the phasing player declares his melees: each one names a
  target hex holding enemy combat units and attackers adjacent to it, each with the target among
  its frontal hexes, able to melee (formation: line, column, dismounted, mounted), not routed or
  pinned, in command or independent (reconstruction: units out of command need a leader's order
  to close), and allowed by the exclusive rules (21.11, 24.12). A unit joins one melee a
  Player-Turn. Declared units may not fire in the Offensive Fire Phase (they are closing).
  Engaged units (12.7) must declare a melee if they can.
- 12.9 Retreat Before Melee Phase: each defender in a declared target hex that is not pinned,
  routed, engaged or unlimbered may retreat one hex (12.92: never into an enemy zone of control);
  the exclusive rules make some retreat (21.12). A declared melee whose hex is empty is over; its
  attackers may advance into the hex (12.8).
- 12.3 Attack strength: the attackers' strength points times their formation's melee
  multiplier (``melee.toml``: a charge doubles, 12.6), plus one for each leader stacked with them.
  Defence: the defenders' strength the same way (routed and limbered count half), plus one per
  leader in the hex.
- 12.4 Odds attack : defence, rounded in the defender's favour, on the Melee Results Table with
  one die.
- 12.5 Shifts: the defender's terrain (woods, buildings), a crest hex attacked only from lower
  ground (9.52), a run, stream or steep crest crossed by every attacker (21.35), an attack into
  the defender's flank or rear, a defender in march formation.
- 12.6 Mounted cavalry that declares a melee charges: its strength doubles, and it ends the melee
  routed whatever the result (the Pea Ridge report, verified as a play account).
- 12.7 Results (``melee.toml``): losses come off the losing side (defenders top first, attackers
  strongest first); "r" retreats every unit of that side one hex (12.8, captured if it cannot,
  12.82), then each checks morale (12.85); a
  result without a retreat leaves both sides engaged: they may not move or fire and melee again.
  Unlimbered guns that must retreat are captured (14.4).
- 12.8 When the defenders' hex is empty, the attackers may advance into it, one by one.

Frames: ("declarations", side) - ``melee_at`` or ``end_declarations``; ("declare_melee", side,
target, attackers) - ``melee_with`` or ``declare``; ("rbm_phase", side, asked) (process) and
("rbm", side, unit, asked) - ``retreat_to`` or ``stand``; ("melee_phase", side) -
``resolve_melee``; ("advance", side, target, attackers) - ``advance`` or ``no_advance``.
"""

from __future__ import annotations

from fractions import Fraction

from ...engine.actions import Action
from .artillery import cannot_retreat
from .command import in_command, leader_casualty_checks
from . import eventdata as ev
from .results import capture, take_losses
from .retreat import retreat_hexes, retreat_step
from .state import CHARGING, DEFENDED, ENGAGED, ENTERED, MELEE, PINNED, RBM, ROUTED

END_DECLARATIONS = Action("end_declarations")
DECLARE = Action("declare")
STAND = Action("stand")
NO_ADVANCE = Action("no_advance")


# -- 12.1 who may melee -----------------------------------------------------------------------------
def may_melee(s, u: int) -> bool:
    """12.1: u may be declared an attacker this Player-Turn."""
    if s.hex[u] < 0 or not s.game.oob.combat[u]:
        return False
    f = s.flags[u]
    if f & (ROUTED | PINNED | MELEE) or not s.formation(u).melee or s.sp[u] <= 0:
        return False
    if not f & ENGAGED and not s.may_initiate_melee(u):
        return False
    return bool(f & (ENTERED | ENGAGED)) or in_command(s, u)


def melee_targets(s, u: int) -> tuple:
    """12.1: the enemy-held frontal hexes u may melee."""
    h = s.hex[u]
    enemy = s.occupied(1 - s.game.units[u].side)
    return tuple(t for t in s.facts.zoc_front[h][s.facing[u]] if t in enemy and s.may_melee_target(u, t))


def declared_targets(s) -> tuple:
    return tuple(t for t, _ in s.melees)


def _declarations_legal(s, frame):
    side = frame[1]
    taken = declared_targets(s)
    found = set()
    for u in s.game.oob.combat_units[side]:
        if may_melee(s, u):
            found.update(t for t in melee_targets(s, u) if t not in taken)
    melee_at = s.facts.actions["melee_at"]
    out = [melee_at[t] for t in sorted(found)]
    if not open_engagements(s, side):
        out.append(END_DECLARATIONS)
    return out


def open_engagements(s, side: int) -> list:
    """12.7: engaged units of ``side`` not yet declared that could still melee a hex that is not
    already declared (they must)."""
    taken = declared_targets(s)
    return [u for u in s.game.oob.combat_units[side]
            if s.flags[u] & ENGAGED and may_melee(s, u) and any(t not in taken for t in melee_targets(s, u))]


def _declarations_apply(s, frame, action):
    side = frame[1]
    if action.kind == "end_declarations":
        if s.melees:
            ids = s.game.board.ids
            s.note("12.1", "Melees declared against " + ", ".join(ids[t] for t, _ in s.melees) + ".")
        return
    s.stack.append(frame)
    s.stack.append(("declare_melee", side, action.a, ()))


def _declare_legal(s, frame):
    side, t, attackers = frame[1], frame[2], frame[3]
    join = s.facts.actions["melee_with"]
    out = [join[u] for u in s.game.oob.combat_units[side]
           if u not in attackers and may_melee(s, u) and t in melee_targets(s, u)]
    if attackers:
        out.append(DECLARE)
    return out


def _declare_apply(s, frame, action):
    side, t, attackers = frame[1], frame[2], frame[3]
    if action.kind == "melee_with":
        s.stack.append(("declare_melee", side, t, attackers + (action.a,)))
        return
    for u in attackers:
        s.flags[u] |= MELEE
        if s.form_name(u) == "mounted":
            s.flags[u] |= CHARGING                          # 12.6
    s.melees = s.melees + ((t, attackers),)
    g = s.game
    s.note("12.1", f"{', '.join(g.units[u].name for u in attackers)} will melee {g.board.ids[t]}"
                   + (" (a charge)" if any(s.flags[u] & CHARGING for u in attackers) else "") + ".",
           data=ev.attack(s, attackers, t, any(s.flags[u] & CHARGING for u in attackers)))


# -- 12.9 retreat before melee ----------------------------------------------------------------------
def rbm_eligible(s, v: int) -> bool:
    if s.hex[v] < 0 or s.flags[v] & (PINNED | ROUTED | ENGAGED | RBM):
        return False
    if not s.formation(v).steps:
        return False                                        # 12.91: unlimbered guns stay
    return bool(retreat_hexes(s, v, "rbm"))


def _rbm_attackers(s, v: int) -> tuple:
    h = s.hex[v]
    for t, attackers in s.melees:
        if t == h:
            return attackers
    return ()


def register_rbm(rules) -> None:
    @rules.process("rbm_phase")
    def rbm_phase(s, frame):
        side, asked = frame[1], frame[2]
        for t in declared_targets(s):
            for v in reversed(s.combat_at(t)):
                if v in asked or s.game.units[v].side != side or not rbm_eligible(s, v):
                    continue
                s.stack.append(("rbm_phase", side, asked + (v,)))
                s.stack.append(("rbm", side, v, asked + (v,)))
                return

    def rbm_legal(s, frame):
        v = frame[2]
        step = s.facts.actions["retreat_to"]
        out = [step[b] for b in retreat_hexes(s, v, "rbm")]
        if not s.must_retreat_before_melee(v, _rbm_attackers(s, v)):
            out.append(STAND)
        return out

    def rbm_apply(s, frame, action):
        v = frame[2]
        if action.kind == "stand":
            return
        s.flags[v] |= RBM
        retreat_step(s, v, action.a, "rbm")

    rules.decision("rbm")((rbm_legal, rbm_apply))


# -- 12.3-12.5 strengths, odds, shifts ----------------------------------------------------------------
def unit_melee_strength(s, u: int) -> Fraction:
    st = s.game.tables.melee_strength
    if s.flags[u] & ROUTED:
        m = st["routed"]
    elif s.flags[u] & CHARGING:
        m = st["charge"]
    else:
        m = st[s.form_name(u)]
    return s.sp[u] * m


def leader_bonus(s, v: int) -> int:
    """12.3, 17.4: the strength a leader adds to the melee of his hex (his counter's, the chart's
    for an anonymous replacement)."""
    unit = s.game.units[v]
    return s.game.tables.melee_strength["leader"] if unit.anonymous else unit.melee_bonus


def active_attackers(s, t: int, attackers: tuple) -> tuple:
    board = s.game.board
    return tuple(u for u in attackers if s.hex[u] >= 0 and not s.flags[u] & ROUTED
                 and board.are_adjacent(s.hex[u], t))


def melee_odds(s, t: int, attackers: tuple) -> dict:
    """12.3-12.5: strengths, the odds column and its shifts for a melee on t."""
    tab = s.game.tables
    facts = s.facts
    board = s.game.board
    defenders = tuple(reversed(s.combat_at(t)))
    att_hexes = sorted({s.hex[u] for u in attackers})
    att = sum((unit_melee_strength(s, u) for u in attackers), Fraction(0))
    att += sum(leader_bonus(s, v) for h in att_hexes for v in s.leaders_at(h))
    dfn = sum((unit_melee_strength(s, v) for v in defenders), Fraction(0)) + sum(leader_bonus(s, v) for v in s.leaders_at(t))
    base = tab.melee_column(att, dfn)
    shifts = []
    if facts.melee_shift[t]:
        shifts.append(("12.5", facts.melee_shift[t]))
    if facts.crest[t] and all(facts.level[h] <= facts.level[t] for h in att_hexes):
        shifts.append(("9.52", tab.crest_melee_shift))
    across = []
    for h in att_hexes:
        feats = board.features(h, t)
        across.append(min((tab.hexsides[f]["melee_shift"] for f in feats if f in tab.hexsides), default=0))
    if att_hexes and max(across) < 0:
        shifts.append(("21.35", max(across)))               # every attacker crosses: the mildest counts
    if defenders:
        top = defenders[0]
        sh = tab.melee_shifts
        if not s.routed(top) and s.formation(top).march:
            shifts.append(("12.5", sh["march_defender"]))
        elif not s.routed(top):
            rel = [(board.direction(t, h) - s.facing[top]) % 6 for h in att_hexes if board.are_adjacent(t, h)]
            if 3 in rel:
                shifts.append(("12.5", sh["rear"]))
            elif 2 in rel or 4 in rel:
                shifts.append(("12.5", sh["flank"]))
    col = max(0, min(len(tab.melee_columns) - 1, base + sum(c for _, c in shifts)))
    return {"attack": att, "defence": dfn, "base": base, "shifts": shifts, "column": col,
            "odds": tab.melee_columns[col], "defenders": defenders}


# -- 12.7 resolution ------------------------------------------------------------------------------------
def resolve_melee(s, side: int, t: int, attackers: tuple) -> None:
    g = s.game
    tab = g.tables
    attackers = active_attackers(s, t, attackers)
    defenders = tuple(reversed(s.combat_at(t)))
    ids = g.board.ids
    if not attackers:
        s.note("12.7", f"The melee against {ids[t]} lapses: no attacker can close.")
        return
    if not defenders:
        s.stack.append(("advance", side, t, attackers))
        return
    o = melee_odds(s, t, attackers)
    roll = s.roll()
    res = tab.melee_results[roll][o["column"]]
    shift_text = "".join(f", {c:+d} ({r})" for r, c in o["shifts"])
    s.note("12.4", f"{', '.join(g.units[u].name for u in attackers)} melee {ids[t]}: {_num(o['attack'])} "
                   f"against {_num(o['defence'])}{shift_text}, {o['odds']}: {res.code}.", (roll,),
           data=ev.combat(s, attackers, t, defenders, "melee", res.code, roll, attack=_num(o["attack"]),
                          defence=_num(o["defence"]), odds=o["odds"], shifts=[list(x) for x in o["shifts"]]))
    for v in defenders:
        s.flags[v] |= DEFENDED
    apply_melee_result(s, side, t, attackers, defenders, res)


def apply_melee_result(s, side: int, t: int, attackers: tuple, defenders: tuple, res) -> None:
    chargers = [u for u in attackers if s.flags[u] & CHARGING]
    everyone = attackers + defenders
    if res.loser == "":
        for u in everyone:
            s.set_flag(u, ENGAGED)
        s.note("12.7", "Both sides are engaged.")
    else:
        losers = attackers if res.loser == "attacker" else defenders
        if res.loser == "attacker":
            losers = tuple(sorted(losers, key=lambda u: -s.sp[u]))
        if res.losses:
            hexes = {s.hex[u] for u in losers}
            take_losses(s, losers, res.losses, "12.7")
            for h in sorted(hexes):
                if h >= 0:
                    leader_casualty_checks(s, h, "17.5")
        if res.retreat:
            for u in everyone:
                s.set_flag(u, ENGAGED, False)
            if res.loser == "defender":
                s.stack.append(("advance_check", side, t, attackers))
            for u in reversed([x for x in losers if s.hex[x] >= 0]):
                if cannot_retreat(s, u):
                    capture(s, u, "14.4", "unlimbered guns cannot retreat")
                    continue
                s.stack.append(("retreat_check", s.game.units[u].side, u, s.game.tables.retreat_after_melee,
                                "melee", 0))
        else:
            for u in everyone:
                if s.hex[u] >= 0:
                    s.set_flag(u, ENGAGED)
    for u in chargers:                                      # 12.6: the charge is spent
        if s.hex[u] >= 0 and not s.routed(u):
            s.set_flag(u, ROUTED)
            s.set_flag(u, ENGAGED, False)
            s.note("12.6", f"{s.game.units[u].name} is spent after its charge (routed).")


def _num(x) -> str:
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.2f}"


def _melee_phase_legal(s, frame):
    resolve = s.facts.actions["resolve_melee"]
    return [resolve[t] for t, _ in s.melees]


def _melee_phase_apply(s, frame, action):
    side = frame[1]
    t = action.a
    attackers = next(a for h, a in s.melees if h == t)
    s.melees = tuple((h, a) for h, a in s.melees if h != t)
    s.stack.append(frame)
    resolve_melee(s, side, t, attackers)


# -- 12.8 advance ----------------------------------------------------------------------------------------
def advancers(s, side: int, t: int, attackers: tuple) -> list:
    if s.combat_at(t) and any(s.game.units[v].side != side for v in s.units_at(t)):
        return []
    board = s.game.board
    return [u for u in attackers if s.hex[u] >= 0 and not s.flags[u] & ROUTED and board.are_adjacent(s.hex[u], t)
            and s.facts.cost["leader"][s.hex[u]][board.direction(s.hex[u], t)] is not None
            and s.stack_ok(t, side, (u,))]


def _advance_legal(s, frame):
    side, t, attackers = frame[1], frame[2], frame[3]
    adv = s.facts.actions["advance"]
    return [adv[u] for u in advancers(s, side, t, attackers)] + [NO_ADVANCE]


def _advance_apply(s, frame, action):
    side, t, attackers = frame[1], frame[2], frame[3]
    if action.kind == "no_advance":
        return
    u = action.a
    a = s.hex[u]
    s.set_hex(u, t)
    s.note("12.8", f"{s.game.units[u].name} advances {s.game.board.ids[a]} -> {s.game.board.ids[t]}.",
           data=ev.step(s, "advance", u, a, t))
    from .movement import capture_lone_leaders
    capture_lone_leaders(s, u, t)
    s.on_entered(u, t)
    rest = tuple(v for v in attackers if v != u)
    if rest:
        s.stack.append(("advance", side, t, rest))


def end_lapsed_engagements(s) -> None:
    """12.7: an engaged unit with no engaged enemy next to it is no longer engaged."""
    board = s.game.board
    for u, f in enumerate(s.flags):
        if not f & ENGAGED:
            continue
        h = s.hex[u]
        side = s.game.units[u].side
        if h < 0 or not any(s.flags[v] & ENGAGED and s.game.units[v].side != side
                            for n in board.adjacent[h] for v in s.units_at(n)):
            s.set_flag(u, ENGAGED, False)


def register(rules) -> None:
    rules.decision("declarations")((_declarations_legal, _declarations_apply))
    rules.decision("declare_melee")((_declare_legal, _declare_apply))
    register_rbm(rules)
    rules.decision("melee_phase")((_melee_phase_legal, _melee_phase_apply))
    rules.decision("advance")((_advance_legal, _advance_apply))

    @rules.process("advance_check")
    def advance_check(s, frame):
        side, t, attackers = frame[1], frame[2], frame[3]
        if advancers(s, side, t, attackers):
            s.stack.append(("advance", side, t, attackers))

"""15.0 Morale: morale checks (15.1), pins (15.2), rout (15.3-15.4), routed units (15.6) and
rally (15.5).

- 15.1 A unit checks morale by rolling one die: it passes on a roll equal to or less than its
  Morale Rating (verified: 24.15), after modifiers: -1 when a friendly leader shares its hex
  (15.13, verified for rallies by 24.15), +1 for a brigade that has lost its effectiveness (24.11).
- 15.2 A pin check is the same roll: above the rating, the unit is pinned (reconstruction; the
  errata shows the check exists). A pinned unit does not move or retreat before melee, fires
  withdrawal and retreat fire at half strength (9.85), and is released at the end of its side's
  first Player-Turn that begins after the pin (4.29).
- 15.3 A unit that fails a morale check routs: it moves away at once (15.4, ``rout.hexes`` in
  ``morale.toml``) toward its own lines (23.0), fires no more, exerts no zone of control, may
  not melee, defends at half strength (15.6), and in its own Movement Phase moves one hex (5.2).
  A battery that routs limbers up to flee.
- 15.5 Rally Phase: the phasing player rallies routed units (one attempt each), if no enemy
  combat unit is adjacent (15.51):
  - stacked with the army commander: automatic (24.15, verified);
  - an independent unit (5.3) rolls against its rating (15.54);
  - any other unit must be within its brigade commander's Effectiveness Radius (24.15), and that
    commander spends a Rally Point (17.13) unless a brigade or division commander shares the
    unit's hex; the unit then rallies (a brigade that has lost its effectiveness rolls instead,
    24.15, an exclusive rule: the hook ``rally_needs_roll``).

Frame: ("rally_phase", side) - ``rally`` a unit or ``end_rally``.
"""

from __future__ import annotations

from ...engine.actions import Action
from . import eventdata as ev
from .state import ENGAGED, MELEE, PIN_NOW, PINNED, ROUTED, TRIED

END_RALLY = Action("end_rally")


def morale_roll_passes(s, u: int, roll: int) -> bool:
    return roll + s.morale_modifier(u) <= s.morale_rating(u)


def morale_check(s, u: int, rule: str) -> bool:
    """15.1: True if the unit passes."""
    roll = s.roll()
    ok = morale_roll_passes(s, u, roll)
    mod = s.morale_modifier(u)
    s.note(rule, f"{s.game.units[u].name} checks morale (rating {s.morale_rating(u)}"
                   + (f", modifier {mod:+d}" if mod else "") + f"): {'passes' if ok else 'fails'}.", (roll,),
           data=ev.at(s, "morale", u, s.hex[u], result="passes" if ok else "fails", roll=roll))
    return ok


def pin_check(s, u: int, rule: str) -> bool:
    """15.2: True if the unit is not pinned."""
    roll = s.roll()
    ok = morale_roll_passes(s, u, roll)
    s.note(rule, f"{s.game.units[u].name} checks for a pin: {'not pinned' if ok else 'pinned'}.", (roll,),
           data=ev.at(s, "pin_check", u, s.hex[u], result="not pinned" if ok else "pinned", roll=roll))
    return ok


def pin(s, u: int, rule: str) -> None:
    """15.2: pinned; PIN_NOW marks a pin placed in the unit's own Player-Turn."""
    f = s.flags[u] | PINNED
    if s.game.units[u].side == s.phasing:
        f |= PIN_NOW
    s.flags[u] = f
    s.note("15.2", f"{s.game.units[u].name} is pinned.", data=ev.at(s, "pinned", u, s.hex[u]))


def rout(s, u: int, rule: str) -> None:
    """15.3-15.4: the unit routs and flees at once (its declared melee lapses, 12.1)."""
    unit = s.game.units[u]
    s.set_flag(u, ROUTED)
    s.set_flag(u, ENGAGED | MELEE | PINNED | PIN_NOW, False)
    if unit.type == "artillery":
        s.set_form(u, 1)                                    # 15.3: a routed battery limbers up to flee
    s.note("15.3", f"{unit.name} routs.", data=ev.at(s, "routed", u, s.hex[u]))
    hexes = s.game.tables.rout_hexes
    if hexes and s.hex[u] >= 0:
        s.stack.append(("retreat_check", unit.side, u, hexes, "rout", 0))


# -- 15.5 rally ----------------------------------------------------------------------------------------
def rally_method(s, u: int):
    """15.5: how u may rally now: None (it may not), "army", "roll" (independent, or a brigade
    that has lost its effectiveness), or ("free" | "point", leader) for a leader's rally."""
    from .command import brigade_commander, leader_radius, rank_of
    if not s.flags[u] & ROUTED or s.flags[u] & TRIED or s.hex[u] < 0:
        return None
    h = s.hex[u]
    board = s.game.board
    enemy = s.occupied(1 - s.game.units[u].side)
    if any(n in enemy for n in board.adjacent[h]):
        return None                                         # 15.51
    leaders = s.leaders_at(h)
    army = s.game.oob.army[s.game.units[u].side]
    if army >= 0 and army in leaders:
        return "army"                                       # 24.15
    b = s.game.units[u].brigade
    if b < 0:
        return "roll"                                       # 15.54
    cmd = brigade_commander(s, b)
    if cmd < 0 or s.hex[cmd] < 0 or board.distance(h, s.hex[cmd]) > leader_radius(s, cmd):
        return None                                         # 24.15: within the Effectiveness Radius
    stacked = [v for v in leaders if rank_of(s, v) in ("brigade", "division")]
    if stacked:
        return ("free", stacked[0])
    if s.rally_left[cmd] <= 0:
        return None
    return ("point", cmd)


def rally_chance(s, u: int, method) -> int:
    """Sixths: the chance that a rally by ``method`` succeeds (for previews and bots)."""
    if method == "army":
        return 6
    if method == "roll" or s.rally_needs_roll(u):
        return sum(1 for r in range(1, 7) if r + s.morale_modifier(u) <= s.morale_rating(u))
    return 6


def _rally_legal(s, frame):
    side = frame[1]
    rally = s.facts.actions["rally"]
    out = [rally[u] for u in s.game.oob.combat_units[side] if rally_method(s, u) is not None]
    out.append(END_RALLY)
    return out


def _rally_apply(s, frame, action):
    side = frame[1]
    if action.kind == "end_rally":
        return
    s.stack.append(frame)
    u = action.a
    name = s.game.units[u].name
    method = rally_method(s, u)
    s.flags[u] |= TRIED
    if method == "army":
        _rallied(s, u, "24.15", f"{name} rallies (stacked with the army commander).")
        return
    if method != "roll":
        kind, leader = method
        if kind == "point":
            s.rally_left[leader] -= 1
        if not s.rally_needs_roll(u):
            _rallied(s, u, "15.5", f"{name} rallies ({s.game.units[leader].name}"
                                   + (" spends a Rally Point)." if kind == "point" else " is with it)."))
            return
    roll = s.roll()
    if morale_roll_passes(s, u, roll):
        _rallied(s, u, "15.5", f"{name} rallies on a roll.", (roll,))
    else:
        s.note("15.5", f"{name} fails to rally.", (roll,), data=ev.at(s, "rally", u, s.hex[u], result="fails", roll=roll))


def _rallied(s, u: int, rule: str, text: str, dice=()) -> None:
    s.set_flag(u, ROUTED, False)
    s.note(rule, text, dice, data=ev.at(s, "rally", u, s.hex[u], result="rallies"))


def register(rules) -> None:
    rules.decision("rally_phase")((_rally_legal, _rally_apply))

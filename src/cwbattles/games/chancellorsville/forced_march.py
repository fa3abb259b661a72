"""23.21-23.23 Forced march: twelve Movement Points (leaders 24, 23.51) for a move that enters
no enemy zone of control. Who may: Union units through hexes north of the Rappahannock only
(23.21, lost, reconstructed from 23.22: docs/rules-notes/chancellorsville.md), every Confederate
unit on Game-Turns 2 and 3 (23.22), all cavalry and 1a Beckham's horse artillery every Game-Turn
(23.23; Beckham may then not bombard), leaders every Game-Turn (23.51).

A forced march is chosen when the unit starts its move (the action ``force``); it is never
combined with strategic movement (decision)."""

from __future__ import annotations

from ...engine.actions import Action
from ...systems.blue_and_gray.movement import enter_map, entry_steps

FORCED = 3                       # the moving unit's mode (the standard modes are 0-2)
UNION, CONFEDERATE = 0, 1


def moves_as_cavalry(g, u: int) -> bool:
    """23.23: cavalry, and horse artillery (1a Beckham) "treated as cavalry for movement"."""
    unit = g.units[u]
    return unit.type == "cavalry" or unit.horse


def allowance(s, u: int) -> int:
    """23.22-23.23: twelve MP; 23.51: a leader doubles his twelve to 24."""
    g = s.game
    return g.leader_forced_mp if g.units[u].type == "leader" else g.forced_mp


def north_only(s, u: int) -> bool:
    """23.21 (reconstructed): a Union forced march not allowed by a Game-Turn of its own runs
    wholly through hexes north of the Rappahannock."""
    g = s.game
    unit = g.units[u]
    return (unit.side == UNION and unit.type != "leader" and not moves_as_cavalry(g, u)
            and s.turn not in g.forced_turns[UNION])


def may_enter(s, u: int, a: int, b: int) -> bool:
    """23.22-23.23: no enemy zone of control on a forced march; 23.21: north of the river."""
    if b in s.zoc(1 - s.facts.unit_side[u]):
        return False
    return not north_only(s, u) or b in s.game.north


def may_force(s, u: int, here: int) -> bool:
    """Whether unit u, starting a move in hex ``here``, may forced-march now: every unit of a
    side on its forced-march Game-Turns (23.22: the Confederates on 2-3), leaders, cavalry and
    horse artillery always (23.51, 23.23), a Union unit north of the Rappahannock (23.21)."""
    g = s.game
    side = s.facts.unit_side[u]
    if s.turn in g.forced_turns[side] or g.always_forced[u]:
        return True
    rule = g.option("union_forced_march")
    return side == UNION and here in g.north and (
        rule == "north_of_river" or (rule == "north_of_river_turns_2_3" and s.turn in g.forced_turns[1]))


def options(s, offered) -> list:
    """``force`` for each unit that is offered a normal move now and may force-march: every
    unit of a side on its forced-march Game-Turns (23.22: the Confederates on 2-3), leaders,
    cavalry and horse artillery always (23.51, 23.23), a Union unit that stands north of the
    Rappahannock (23.21, reconstructed)."""
    hexes = s.hex
    return [Action("force", u) for u in offered if may_force(s, u, hexes[u])]


# -- 23.22 a forced march that enters the map --------------------------------------------------------
def entry_options(s, entering) -> list:
    """23.22 ("any Confederate unit may Forced March move"): a reinforcement entering on a
    Game-Turn it may forced-march moves by forced march from its entry (12 MP, no enemy zone of
    control, the entry hex included): ``force_enter`` u, hex for each entry hex a forced entry
    reaches. ``entering``: the units offered a normal entry. Option ``forced_march_entry =
    "next_turn"``: none (entering units forced-march from their next Game-Turn)."""
    if s.game.option("forced_march_entry") == "next_turn":
        return []
    out = []
    for u in entering:
        if may_force(s, u, s.game.units[u].entry_hex):
            out += [Action("force_enter", u, e) for e in sorted(forced_entry_steps(s, u))]
    return out


def forced_entry_steps(s, u: int) -> dict:
    """{entry hex: MP left} for reinforcement u entering by forced march: the standard entry
    step (5.2) with the forced march's allowance and limits (the state's hooks read the mode)."""
    saved = s.mv_mode, s.mv_unit
    s.mv_mode, s.mv_unit = FORCED, u
    try:
        return entry_steps(s, u)
    finally:
        s.mv_mode, s.mv_unit = saved


def enter(s, u: int, e: int) -> None:
    """23.22: reinforcement u enters at e by forced march and goes on moving in that mode."""
    s.mv_mode = FORCED
    s.forced[u] = True
    note(s, u, allowance(s, u))
    enter_map(s, u, e)


def start(s, u: int) -> None:
    s.mv_mode = FORCED
    s.mv_mp = allowance(s, u)
    s.forced[u] = True
    note(s, u, s.mv_mp)


def note(s, u: int, mp: int) -> None:
    s.note("23.22" if s.game.units[u].side == CONFEDERATE and s.turn in s.game.forced_turns[1] else
           "23.51" if s.game.units[u].type == "leader" else
           "23.23" if moves_as_cavalry(s.game, u) else "23.21",
           f"{s.game.units[u].name} forced-marches ({mp} MP, no enemy zone of control).")


def may_bombard(s, u: int) -> bool:
    """23.23: horse artillery that forced-marched this Game-Turn may not bombard."""
    return not (s.game.units[u].horse and s.forced[u])


def cavalry_allowance(s, u: int) -> int:
    """23.23: cavalry (and horse artillery) move eight MP normally."""
    return s.game.cavalry_mp if moves_as_cavalry(s.game, u) else s.game.units[u].movement

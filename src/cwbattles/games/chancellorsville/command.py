"""23.4 Union command control: from the Game-Turn the scenario names (7), a Command Control
Phase before the Union Movement Phase. The Union player first assigns the Reserve artillery to
a corps (a choice, ``assign``); then one die for each corps with units on the map: 1-3 its units
may move this Game-Turn, 4-6 none may; the cavalry, all one corps, moves on 1-4. Each roll is a
chance event in the log.

Decisions (docs/rules-notes/chancellorsville.md 23.4): a corps with no unit on the map does not
roll and its arriving units may enter; "move" covers entering the map, not retreat or advance
after combat; a corps commander moves with his corps' roll, Hooker always."""

from __future__ import annotations

from ...engine.actions import Action

UNION = 0


def active(s) -> bool:
    g = s.game
    return g.option("command_control") and s.turn >= g.command_first_turn


def start(s, side: int) -> None:
    """4.3: the phase's steps are pushed above the Movement Phase: assign, then roll."""
    s.corps_free = [True] * len(s.game.corps)
    s.reserve_corps = -1
    if side == UNION and active(s):
        s.stack.append(("cc_roll", UNION))
        s.stack.append(("cc_assign", UNION))


def on_map(s, c: int) -> bool:
    g = s.game
    return any(s.hex[u] >= 0 and g.unit_corps[u] == c and g.units[u].type != "leader" for u in g.side_units[UNION])


def assign_legal(s, frame) -> list:
    g = s.game
    if not any(s.hex[u] >= 0 for u in g.reserve_artillery):
        return []
    return [Action("assign", c) for c in range(len(g.corps)) if c != g.cavalry_corps and on_map(s, c)]


def assign_apply(s, frame, action) -> None:
    s.reserve_corps = action.a
    s.note("23.4", f"The Reserve artillery is assigned to {s.game.corps[action.a]} Corps for this Game-Turn.",
           data={"kind": "assign", "corps": s.game.corps[action.a]})


def roll_all(s, frame) -> None:
    g = s.game
    for c, name in enumerate(g.corps):
        if not on_map(s, c):
            continue
        cavalry = c == g.cavalry_corps
        need = g.cavalry_roll if cavalry else g.corps_roll
        roll = s.roll()
        s.corps_free[c] = roll <= need
        s.note("23.4", f"Command control, {name}{'' if cavalry else ' Corps'}: rolls {roll} (moves on 1-{need}): "
                       + ("may move." if s.corps_free[c] else "may not move this Game-Turn."), (roll,),
               data={"kind": "command", "corps": name, "roll": roll, "moves": s.corps_free[c]})


def corps_of(s, u: int) -> int:
    c = s.game.unit_corps[u]
    if c < 0 and u in s.game.reserve_artillery:
        return s.reserve_corps
    return c


def may_move(s, u: int) -> bool:
    """23.4: a unit of a corps that failed its roll may not move (or enter) this Game-Turn; the
    Reserve artillery moves with the corps it was assigned to (unassigned: it may not move)."""
    if s.facts.unit_side[u] != UNION or not active(s):
        return True
    c = corps_of(s, u)
    if c < 0:
        return u not in s.game.reserve_artillery
    return s.corps_free[c]


def register(rules) -> None:
    rules.decision("cc_assign")((assign_legal, assign_apply))
    rules.process("cc_roll")(roll_all)

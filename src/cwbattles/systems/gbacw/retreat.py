"""12.8 Retreat after melee, 12.9 retreat before melee and 15.4 rout movement: one hex at a time,
each chosen by the owner among the hexes the rules allow.

- 12.81 A retreating unit enters a neighbour free of enemy counters that it could move into
  (terrain, lake hexsides), away from the enemy: farther from the nearest enemy combat unit than
  the hex it leaves, or, when no such hex is open, no nearer (the exclusive rules may fix the
  directions instead, 23.0: ``retreat_directions``).
- 12.82 A unit with no hex to retreat into where it must retreat is captured (23.1, 26.42); one
  that has already retreated a hex and can go no farther stops.
- 12.83 A retreat may pass through an enemy zone of control, drawing retreat fire (10.4), unless
  the exclusive rules forbid it (24.14: captured instead). 12.92: a retreat before melee may not
  enter an enemy zone of control at all.
- 12.84 Leaders whose last combat unit retreats out of their hex go with it.
- 12.85 A unit that retreats after melee checks morale at the end of its retreat (15.1); if it
  fails it routs (15.3).
- 14.3 (errata, verified): unlimbered friendly artillery stays where a friendly unit retreats
  through it, and its crew checks morale: if it fails, it routs (``artillery``).

Frames: ("retreat_check", side, u, hexes left, kind, hexes done) - a process that captures,
stops or asks; ("retreat", side, u, hexes left, kind, hexes done) - ``retreat_to`` a hex. kind:
"melee", "rout" or "rbm".
"""

from __future__ import annotations

from ...engine.actions import Action
from .artillery import crews_passed_through
from . import eventdata as ev
from .results import capture
from .state import RETREATED
from .tables import FORMS


def nearest_enemy(s, side: int, h: int, limit: int = 6) -> int:
    board = s.game.board
    enemy = s.occupied(1 - side)
    best = limit + 1
    for e in enemy:
        d = board.distance(h, e)
        if d < best:
            best = d
    return best


def retreat_hexes(s, u: int, kind: str) -> list:
    """12.81-12.83, 12.92, 23.0: the hexes u may retreat into now."""
    unit = s.game.units[u]
    side = unit.side
    a = s.hex[u]
    facts = s.facts
    form = "leader" if unit.type == "leader" else FORMS[unit.type][1]
    costs = facts.cost[form][a]
    blocked = s.present(1 - side)
    zoc = s.zoc(1 - side)
    dirs = s.retreat_directions(u)
    here = nearest_enemy(s, side, a) if dirs is None else 0
    through = s.may_retreat_through_zoc(u)
    out, sideways = [], []
    for d, b in enumerate(facts.neighbours[a]):
        if b is None or costs[d] is None or b in blocked:
            continue
        if b in zoc and (kind == "rbm" or not through):
            continue
        if dirs is not None:
            if d in dirs:
                out.append(b)
            continue
        away = nearest_enemy(s, side, b)
        if away > here:
            out.append(b)
        elif away == here:
            sideways.append(b)
    return out or sideways

def register(rules) -> None:
    @rules.process("retreat_check")
    def retreat_check(s, frame):
        side, u, left, kind, done = frame[1:6]
        if s.hex[u] < 0:
            return
        if left > 0 and retreat_hexes(s, u, kind):
            s.stack.append(("retreat",) + tuple(frame[1:]))
            return
        if left > 0 and done == 0 and kind != "rbm":
            capture(s, u, "12.82", "no hex to retreat into")
            return
        finish(s, u, kind)

    def retreat_legal(s, frame):
        u, kind = frame[2], frame[4]
        step = s.facts.actions["retreat_to"]
        return [step[b] for b in retreat_hexes(s, u, kind)]

    def retreat_apply(s, frame, action):
        side, u, left, kind, done = frame[1:6]
        retreat_step(s, u, action.a, kind)
        if s.hex[u] >= 0:
            s.stack.append(("retreat_check", side, u, left - 1, kind, done + 1))

    rules.decision("retreat")((retreat_legal, retreat_apply))


def retreat_step(s, u: int, b: int, kind: str) -> None:
    """Move u one hex in a retreat (12.8, 12.9, 15.4), with its leaders, the retreat fire it
    draws (10.4) and the crews of friendly guns it passes (14.3)."""
    from .zoc import retreat_fire
    unit = s.game.units[u]
    a = s.hex[u]
    board = s.game.board
    if s.formation(u).march or unit.type == "leader":
        s.set_facing(u, board.direction(a, b))
    s.set_hex(u, b)
    s.flags[u] |= RETREATED
    rule = {"rbm": "12.9", "rout": "15.4"}.get(kind, "12.8")
    s.note(rule, f"{unit.name} {'routs' if kind == 'rout' else 'retreats'} {board.ids[a]} -> {board.ids[b]}.",
           data=ev.step(s, "rout" if kind == "rout" else "retreat", u, a, b))
    if not s.combat_at(a):
        for v in s.leaders_at(a):                       # 12.84
            s.set_hex(v, b)
            s.note(rule, f"{s.game.units[v].name} goes with it.", data=ev.step(s, "retreat", v, a, b))
    s.on_entered(u, b)
    crews_passed_through(s, u, b, kind)                 # 14.3
    if b in s.zoc(1 - unit.side) and s.hex[u] == b:
        retreat_fire(s, u, b)                           # 10.4


def finish(s, u: int, kind: str) -> None:
    """12.85: after a retreat from melee, a morale check; failed, the unit routs."""
    from .morale import morale_check, rout
    if kind == "melee" and s.hex[u] >= 0 and not s.routed(u):
        if not morale_check(s, u, "12.85"):
            rout(s, u, "12.85")


__all__ = ["register", "retreat_hexes", "retreat_step", "finish", "Action"]

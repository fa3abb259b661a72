"""Reinforcements: units arriving in the Movement Phase of their Game-Turn at their entry hex.

The standard rules' own reinforcement case was not found; GBACW games bring units on as the
Cedar Mountain exclusive rules describe it (26.4), which the system implements for every game:

- 26.41 a reinforcement enters at any time in its side's Movement Phase, in any order;
- 26.4 the units entering by one hex in one phase form a column strung along the road behind the
  edge: the n-th pays n Movement Points to enter (leaders ride along and pay one);
- 26.46 they arrive in column, mounted or limbered formation, facing along the road;
- 26.43 they are free of leadership limits until the next Game-Turn (``ENTERED``);
- 26.45 a unit that cannot pay (or finds no room) waits for a later Game-Turn.
A unit entering an enemy zone of control stops there (10.2). An enemy counter on the entry hex
bars it (26.44 moves the entry, an exclusive rule).
"""

from __future__ import annotations

from . import eventdata as ev
from .state import ENTERED


def entered_count(s, h: int) -> int:
    for hex_, n in s.entries:
        if hex_ == h:
            return n
    return 0


def entry_cost(s, u: int) -> int:
    """26.4: half MP to enter for the next unit through its entry hex."""
    if s.game.units[u].type == "leader":
        return 2
    return 2 * (entered_count(s, s.entry_at[u]) + 1)


def march_allowance(s, u: int) -> int:
    unit = s.game.units[u]
    if unit.type == "leader":
        return s.allowance(u)
    saved = s.form[u]
    s.form[u] = 1
    a = s.allowance(u)
    s.form[u] = saved
    return a


def may_enter_map(s, u: int) -> bool:
    e = s.entry_at[u]
    if e < 0:
        return False
    side = s.game.units[u].side
    if e in s.present(1 - side):
        return False                                        # 26.44
    cost = entry_cost(s, u)
    left = march_allowance(s, u) - cost
    if left < 0:
        return False                                        # 26.45
    return s.game.units[u].type == "leader" or left > 0 or s.stack_ok(e, side, (u,))


def entry_facing(s, e: int) -> int:
    """26.46: along the road into the map, else away from the edge."""
    facts = s.facts
    for d in range(6):
        if facts.on_road[e][d]:
            return d
    board = s.game.board
    best, where = -1, 0
    for d, n in enumerate(board.neighbours[e]):
        if n is not None and len(board.adjacent[n]) > best:
            best, where = len(board.adjacent[n]), d
    return where


def enter_map(s, u: int) -> None:
    """26.4: place u on its entry hex in march formation with its Movement Points less the cost."""
    unit = s.game.units[u]
    e = s.entry_at[u]
    cost = entry_cost(s, u)
    if unit.type != "leader":
        s.entries = tuple(sorted([(h, n) for h, n in s.entries if h != e] + [(e, entered_count(s, e) + 1)]))
        s.set_form(u, 1)                                    # 26.46
    s.set_facing(u, entry_facing(s, e))
    s.mv_mp = march_allowance(s, u) - cost
    s.set_hex(u, e)
    s.flags[u] |= ENTERED                                   # 26.43
    if unit.type != "leader" and e in s.zoc(1 - unit.side):
        s.mv_mp = 0
    s.note("26.4", f"{unit.name} enters at {s.game.board.ids[e]} ({cost // 2} MP).", data=ev.step(s, "enter", u, None, e))
    s.on_entered(u, e)

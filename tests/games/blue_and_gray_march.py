"""Historical-feasibility tests of the Blue & Gray games (issue 25, point 4): march a unit toward
a place through legal actions only. Each move starts with the chosen legal action (``move``,
``march``, ``force``, ``enter``), then takes legal ``step`` actions along the cheapest route the
rules allow now (``movement.reach``: costs, zones of control, stacking, forced-march limits), as
far toward the goal as the move's MP go, and stops. Nothing here changes a rule: every action is
one ``legal_actions()`` offers."""

from __future__ import annotations

import heapq

from cwbattles.systems.blue_and_gray import movement
from tests.actions import act, find


_INTO: dict = {}


def _steps_into(s, kind: str) -> list:
    """[[(a, cost of a -> b)] for each hex b]: the map's tabulated step costs (``MapFacts``)
    for a unit type, turned round, built once per game."""
    key = (id(s.game), kind)
    if key not in _INTO:
        into = [[] for _ in range(len(s.game.board))]
        for a, steps in enumerate(s.facts.passable[kind]):
            for _, b, cost in steps:
                into[b].append((a, cost))
        _INTO[key] = into
    return _INTO[key]


def cost_to(s, uid: str, goal: str, avoid=frozenset()) -> dict:
    """{hex: MP from it to ``goal``} for unit ``uid`` by the standard move costs (terrain and
    hexsides), never through the hexes ``avoid``: the yardstick of "nearer the goal"."""
    g = s.game
    into = _steps_into(s, s.facts.unit_kind[g.unit_index[uid]])
    target = g.board.index[goal]
    best = {target: 0}
    todo = [(0, target)]
    while todo:
        c, b = heapq.heappop(todo)
        if c > best[b]:
            continue
        for a, k in into[b]:
            if a not in avoid and c + k < best.get(a, 1 << 30):
                best[a] = c + k
                heapq.heappush(todo, (c + k, a))
    return best


def engage(s, uid: str) -> str:
    """Move ``uid`` into contact: to a hex of the enemy's zone of control it can reach and stay
    in this move, if there is one (the one reached with the most MP left), else not at all."""
    g = s.game
    u = g.unit_index[uid]
    act(s, "move", uid)
    side = s.side_of(u)
    reach = movement.reach(s, u)
    zoc = s.zoc(1 - side)
    ends = [h for h in reach if h in zoc and s.stack_ok(h, side, (u,))]
    if not ends:
        act(s, "stop", uid)
        return g.board.ids[s.hex[u]]
    end = max(ends, key=lambda h: reach[h][0])
    route = []
    while end != s.hex[u]:
        route.append(end)
        end = reach[end][1]
    for h in reversed(route):
        act(s, "step", g.board.ids[h])
    return g.board.ids[s.hex[u]]


def march(s, uid: str, goal: str, how: str = "move", into_zoc: bool = False) -> str:
    """Start ``uid``'s move with the legal action ``how`` and walk it toward ``goal`` by legal
    steps, round the enemy's zones of control unless ``into_zoc``; returns the hex where it
    stops (its printed id)."""
    g = s.game
    u = g.unit_index[uid]
    act(s, how, uid)
    if s.stack[-1][0] != "moving":                      # the entry or the move ended at once
        return g.board.ids[s.hex[u]]
    side = s.side_of(u)
    zoc = frozenset() if into_zoc else s.zoc(1 - side)
    reach = movement.reach(s, u)
    ends = [h for h in reach if h == s.hex[u] or (s.stack_ok(h, side, (u,)) and h not in zoc)]
    remaining = cost_to(s, uid, goal, zoc)              # round the enemy's zones if a way exists,
    if not any(h in remaining for h in ends):
        remaining = cost_to(s, uid, goal)               # else as near the goal as they let it
    end = min(ends, key=lambda h: (remaining.get(h, 1 << 30), -reach[h][0]))
    route = []
    while end != s.hex[u]:
        route.append(end)
        end = reach[end][1]
    for h in reversed(route):
        if s.stack[-1][0] != "moving" or find(s, "step", g.board.ids[h]) is None:
            break                                       # a full hex on the way (6.33): stop short
        act(s, "step", g.board.ids[h])
    if find(s, "stop", uid) is not None:
        act(s, "stop", uid)
    return g.board.ids[s.hex[u]]


def end_phase(s, side: str) -> None:
    """Pass the rest of ``side``'s turn: end the Movement Phase and decline every attack, until
    the other side (or the next Game-Turn) is to act."""
    while s.to_act == side and not s.is_over:
        for kind in ("end_movement", "end_combat", "pass", "end_phase", "no_attack"):
            if find(s, kind) is not None:
                act(s, kind)
                break
        else:
            raise AssertionError(f"no way to end {side}'s phase: {[s.describe(a) for a in s.legal_actions()]}")

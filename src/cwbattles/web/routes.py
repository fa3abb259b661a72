"""Where the unit moving now can go, and the cheapest way there, for any game.

The search runs on clones through the public API only: a move step is a legal action of kind
``move`` or ``step`` that names a place (an area map's ``zone`` or a hex map's ``hex``); its cost
is the movement points it spends (``state.mv_mp``). A game whose state offers ``reach(unit)``
answers the first question itself, faster.
"""

from __future__ import annotations

import heapq

STEP_KINDS = ("move", "step")
PLACE_KEYS = ("zone", "hex")


def place_of(unit_doc: dict):
    """The zone or hex a unit of a position stands in (None off the map)."""
    for key in PLACE_KEYS:
        if key in unit_doc:
            return unit_doc[key]
    return None


def _moving(state):
    """The index of the unit in the middle of its move, or None."""
    u = getattr(state, "mv_unit", -1)
    return u if u is not None and u >= 0 else None


def _is_step(doc: dict) -> bool:
    return doc.get("kind") in STEP_KINDS and any(k in doc for k in PLACE_KEYS)


def _may_end_here(state, index: int) -> bool:
    """Whether the unit could end its move where it is: it has stopped already, or the rules
    offer something else than another step (a unit may pass through a full hex, not stop)."""
    if _moving(state) != index:
        return True
    game = state.game
    return any(not _is_step(game.action_to_json(a)) for a in state.legal_actions())


def cheapest_paths(state, unit: str, target=None) -> dict:
    """{place: (MP spent, [actions])}: the cheapest sequence of legal steps that brings the unit
    moving now to each place where it may end its move (empty for any other unit); with a
    ``target``, the search stops once that place is found."""
    index = _moving(state)
    units = state.to_position()["units"]
    if index is None or index >= len(units) or units[index]["id"] != unit:
        return {}
    start = place_of(units[index])
    game = state.game
    heap = [(0, 0, state, [])]
    best: dict = {}
    seen = set()
    tie = 0
    while heap:
        spent, _, s, path = heapq.heappop(heap)
        here = place_of(s.to_position()["units"][index])
        if here in seen:
            continue
        seen.add(here)
        if path and here != start and _may_end_here(s, index):
            best[here] = (spent, path)
            if here == target:
                break
        if _moving(s) != index:
            continue
        for a in s.legal_actions():
            if not _is_step(game.action_to_json(a)):
                continue
            nxt = s.clone()
            nxt.apply(a)
            cost = s.mv_mp - nxt.mv_mp if _moving(nxt) == index else 1
            tie += 1
            heapq.heappush(heap, (spent + max(cost, 0), tie, nxt, path + [a]))
    return best


def reach(state, unit: str) -> dict:
    """{place: MP} for the unit moving now (the game's own answer when it has one)."""
    if hasattr(state, "reach"):
        return state.reach(unit)
    return {place: spent for place, (spent, _) in cheapest_paths(state, unit).items()}


def cheapest_path(state, unit: str, place: str):
    """The legal actions that move the unit moving now to ``place`` most cheaply, or None."""
    found = cheapest_paths(state, unit, place).get(place)
    return found[1] if found else None

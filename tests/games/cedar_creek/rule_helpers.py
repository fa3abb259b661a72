"""Small additions to ``helpers`` for the rule tests of sections 4-10 and 12.

``at_stack`` builds a position whose decision stack is exactly the frames given (for example
``[["turn_start", -1]]`` or ``[["round_end", -1]]``), so a test can start at any point of the
turn sequence; ``texts`` and ``options`` read the log and the legal actions by ids.
"""

from __future__ import annotations

from .helpers import _ref, setup_position
from .helpers import unit as _unit


def unit(uid, zone, **kw):
    """helpers.unit, facing the zone's first neighbour unless told (a Union brigade placed
    away from its camp would otherwise keep its set-up facing, which may not be adjacent)."""
    kw.setdefault("facing", None)
    return _unit(uid, zone, **kw)


def at_stack(game, units, stack, *, dice=(), absent_cavalry=False, **kw):
    """``setup_position`` with the whole decision stack replaced by ``stack`` (ids as in helpers).

    The position is first built with a pending decision on top (so nothing runs and no die is
    rolled), then reloaded with the wanted stack and dice. ``absent_cavalry``: independent
    cavalry not listed in ``units`` is out of play (eliminated), for tests that reach a turn's
    start, where its arrival (12) brings decisions of its own (its facing, 10.4)."""
    if absent_cavalry:
        listed = {u["id"] for u in units}
        units = list(units) + [{"id": game.brigades[d.brigades[0]].id, "zone": None, "status": "eliminated"}
                               for d in game.divisions
                               if d.independent and game.brigades[d.brigades[0]].id not in listed]
    s = setup_position(game, units, frames=[["tactical", 0]], **kw)
    doc = s.to_position()
    doc["stack"] = [[_ref(game, x) for x in f] for f in stack]
    del doc["to_act"]                               # who acts follows from the new stack
    doc["dice"] = {"state": 12345, "calls": 0, "script": list(dice)}
    return game.from_position(doc, source="test position")


def at_turn_start(game, units, turn, *, dice=(), **kw):
    """The very start of game turn ``turn`` (before independent cavalry, Sheridan, initiative).
    Independent cavalry not listed is out of play; the tests of its arrival list it off the map
    (``off_map``)."""
    return at_stack(game, units, [["turn_start", -1]], dice=dice, turn=turn, round_=0, absent_cavalry=True, **kw)


def off_map(uid):
    """A brigade off the map (not yet arrived), for ``at_turn_start``."""
    return {"id": uid, "zone": None, "status": "off_map"}


def texts(state, rule=None):
    """The log's texts since the position was loaded, optionally only those citing ``rule``."""
    out = []
    for e in state.log:
        if e.rule == "-":
            out = []
            continue
        if rule is None or e.rule == rule:
            out.append(e.text)
    return out


def options(state, kind):
    """The ids named by the legal actions of this kind (the first id of each action)."""
    g = state.game
    out = set()
    for a in state.legal_actions():
        if a.kind == kind:
            doc = g.action_to_json(a)
            vals = [v for k, v in doc.items() if k != "kind"]
            out.add(vals[0] if vals else None)
    return out


def zone_of(state, uid):
    z = state.zone[state.game.unit_index[uid]]
    return state.game.board.zones[z].id if z >= 0 else z


BLOCK = ["tactical", 0]     # a decision with two options: the machine stops here when it gets to it


def player_frames(side):
    """The frames of a player turn after its divisions have acted (7.1, 7.2, 11)."""
    return [["end_player", side], ["resolve", side], ["obligations", side], ["hqphase", side]]

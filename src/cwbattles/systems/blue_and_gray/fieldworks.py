"""10.3 Fieldworks of the revised rules, as the program reconstructs them (the revised text was
not found; docs/rules-notes/chancellorsville.md "10.3"): an infantry unit that has not moved in
its Movement Phase and is not in an enemy zone of control may build fieldworks in its hex instead
of moving (the action ``entrench``); a game's scenario may list fieldworks standing at the start.
Units defending in a fieldworks hex are doubled, unless the terrain already doubles them (8.4:
terrain effects are not cumulative, the largest applies once). Fieldworks stay for the rest of
the game and serve whichever side holds the hex. A game keeps them as a frozenset of hexes
(``s.fieldworks``): cheap to copy, and only ever replaced."""

from __future__ import annotations

from fractions import Fraction

from ...engine.actions import Action

FACTOR = Fraction(2)


def options(s, offered) -> list:
    """``entrench`` for each infantry unit among ``offered`` (units that may start a move now:
    on the map, not yet moved, out of enemy zones of control) whose hex has no fieldworks."""
    kinds, hexes, works = s.facts.unit_kind, s.hex, s.fieldworks
    return [Action("entrench", u) for u in offered if kinds[u] == "infantry" and hexes[u] not in works]


def entrench(s, u: int) -> None:
    """10.3: the unit spends its move building; the hex has fieldworks from now on."""
    s.moved[u] = True
    h = s.hex[u]
    s.fieldworks = s.fieldworks | {h}
    ids = s.game.board.ids
    s.note("10.3", f"{s.game.units[u].name} builds fieldworks at {ids[h]}.",
           data={"kind": "fieldworks", "unit": s.game.units[u].id, "at": ids[h]})


def defence_modifier(s, h: int):
    """10.3 with 8.4: (label, rule, factor) for a fieldworks hex whose terrain does not already
    double its defenders, or None."""
    if h not in s.fieldworks or s.game.tables.terrain[s.game.board.terrain[h]]["defender"] >= FACTOR:
        return None
    return ("defends in fieldworks", "10.3", FACTOR)

"""23.0 Retreat and rout movement: toward one's own lines, in map directions.

- 23.1 A Confederate unit that retreats (after melee, before melee, in a rout) enters only a hex to
  its north-west, west or south-west; 23.2 a Union unit only one to its north-east, east or
  south-east. The map is printed with east at the top (docs/data-notes/cedar-mountain-map.md), so
  on the ground its hexes have exactly these six neighbours (``board.compass``): a Confederate
  retreats down the sheet, a Union unit up it.
- 23.1-23.2 If the only hex free of enemy units lies the wrong way, the unit is captured (the
  standard retreat captures a unit with no hex to enter, 12.82; off the map too, 26.42).
- A retreat may pass through an enemy zone of control, and must when that is the only way; it
  draws retreat fire there (10.4). Exceptions: 12.82 and 12.92 (no retreat before melee into a
  zone) and 24.14 (a brigade that has lost its effectiveness is captured instead).
"""

from __future__ import annotations


def retreat_directions(s, u: int) -> frozenset:
    """23.1, 23.2: the printed directions a retreat of u may take."""
    return s.game.retreat_dirs[s.game.units[u].side]

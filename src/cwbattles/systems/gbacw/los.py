"""18.0 Line of sight (reconstructed numbering; the verified parts are Cedar Mountain's 21.32 and
21.41-21.43).

A thread is stretched from the centre of the firer's hex to the centre of the target's (the SPI
method, ``HexBoard.line_trace``; where it runs along a hexside it is nudged to each side and is
blocked only if blocked both ways). Heights are in feet: a hex's ground is its elevation level
times the contour interval (``terrain.toml`` meta.feet_per_level); units stand on the ground of
their hex (21.41; on a crest hex, on the lower level, errata 21.32). The thread's height at an
intermediate hex is read in proportion to its distance from each end. The hex blocks the line when

- 18.2 its ground stands higher than the thread. A crest hex counts at its lower level (errata
  21.32): the map puts a contour's upper level in the higher neighbour, which blocks by its own
  ground where the hill stands in the way;
- 18.3 an obstacle on it (woods, orchard, buildings, a standing cornfield 5 feet high, 21.41)
  reaches the thread's height or above.

Adjacent hexes always see each other; the two ends never block (21.42: a unit in a cornfield
fires out of it and is fired on). An obstacle that goes during the game (21.43: a cornfield blown
down) stops blocking once its hex is in the state's ``cleared`` set.
"""

from __future__ import annotations


def sees(s, a: int, b: int) -> bool:
    """18.1: whether a unit in a sees one in b (and the reverse: the rule is symmetric)."""
    cleared = s.cleared
    for blocked, obstacles in s.facts.sight(a, b):
        if blocked:
            continue
        if all(h in cleared for h in obstacles):
            return True
    return False

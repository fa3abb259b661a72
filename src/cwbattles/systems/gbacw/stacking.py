"""8.0 Stacking: the Stacking Restriction Chart by hex type (``terrain.toml`` stacking).

- 8.1 At the end of a move a hex may hold at most the strength points of its hex type on the
  chart (guns count one each, leaders nothing); a unit alone always fits where it may stand
  (verified: a chart by hex type exists, Cedar Mountain 26.2; numbers reconstructed).
- 8.17 Friendly units move through any friendly hex; a unit enters a full hex only to go on
  (``movement.step_options``). Retreats may end over the limit (a retreat is forced).
"""

from __future__ import annotations


def stack_points(s, h: int, side: int, adding=(), removing=()) -> int:
    """8.1: strength points (guns for batteries) of ``side`` in h, with ``adding`` units in it
    and ``removing`` ones out of it."""
    combat, units, sp = s.game.oob.combat, s.game.units, s.sp
    total = sum(sp[v] for v in s.units_by_hex.get(h, ()) if combat[v] and units[v].side == side
                and v not in removing and v not in adding)
    return total + sum(sp[v] for v in adding if combat[v])


def stack_ok(s, h: int, side: int, adding=(), removing=()) -> bool:
    """8.1: within the hex type's limit (a hex whose limit is below a single unit still takes one
    unit alone, unless nothing may stand there)."""
    limit = s.facts.stacking[h]
    if stack_points(s, h, side, adding, removing) <= limit:
        return True
    combat = s.game.oob.combat
    others = [v for v in s.units_by_hex.get(h, ()) if combat[v] and v not in removing and v not in adding]
    return not others and sum(1 for v in adding if combat[v]) == 1 and limit > 0

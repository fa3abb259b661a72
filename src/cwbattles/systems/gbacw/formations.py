"""6.0 Facing and 7.0 Formations: what turning and changing formation cost in the Movement Phase
(the allowances, costs and what each formation may do are data: ``movement.toml``).

- 6.1 A combat unit faces a hexside; that hex and the two beside it are its frontal hexes
  (``MapFacts.front``; verified, the errata's "three frontal hexes").
- 6.2 Turning costs a point per hexside vertex in line, dismounted or unlimbered formation, one
  point for any new facing in column, mounted or limbered formation; leaders have no facing.
- 6.3 Units in march formation turn to face the way they move (``movement``).
- 7.1-7.3 Infantry line and column, cavalry dismounted and mounted, artillery unlimbered and
  limbered (index 0 the fighting formation, 1 the march formation, ``tables.FORMS``).
- 7.4 A formation change once a Movement Phase, for its cost; the points already spent count
  against the larger of the two allowances, and what is left may not exceed the new one's;
  routed and out-of-command units may not change (5.2).
"""

from __future__ import annotations

from .command import one_hex
from .state import FORMED, ROUTED


def facing_cost(s, u: int, d: int) -> int:
    """6.2: half MP to turn u to face d (leaders have no facing)."""
    t = s.game.tables
    formation = s._forms[u][s.form[u]]
    if formation.name == "leader":
        return 0
    if formation.march:
        return t.facing_march
    turn = (d - s.facing[u]) % 6
    return min(turn, 6 - turn) * t.facing_per_vertex


def formation_change(s, u: int, limited: bool | None = None):
    """7.4: (new formation index, half MP left after the change) or None if it may not change."""
    unit = s.game.units[u]
    if unit.type == "leader" or s.flags[u] & (FORMED | ROUTED):
        return None
    if limited is None:
        limited = one_hex(s, u)
    if limited:
        return None                                         # 5.2: no formation change
    old = s.allowance(u)
    new_form = 1 - s.form[u]
    saved = s.form[u]
    s.form[u] = new_form                                    # ask the allowance hook of the new formation
    new = s.allowance(u)
    s.form[u] = saved
    spent = old - s.mv_mp
    left = min(new, max(old, new) - spent - s.game.tables.formation_change[unit.type])
    if left < 0:
        return None
    return new_form, left

"""The held divisions (17.0): what it costs a side to free an enemy division before its time.

Bowen's and Loring's divisions (17.1, 17.2) may not go more than two hexes from their set-up
nor enter a Union zone until released: by an adjacent Union attack on either of them, a 6 on
the roll of turn 3 (Bowen) or 4 (Loring), or turn 4 (Bowen) or 5 (Loring) at the latest. The
Union's 9th and 14th divisions (17.3, 17.4) are held until a Confederate attack on them, a 6 on
turn 5, or turn 6. The balance study of issue 30 found the heuristic Union freeing Bowen and
Loring on turn 2.4 on average, in every game, by brigades that stepped into their zones and then
owed them an attack (8.1): 40-odd Confederate points in the fight two turns early.

``release_cost(state, side, hexes)`` is what an attack by ``side`` on the enemy units in
``hexes`` (or a step into their zones, which obliges one) costs in VP: for each enemy division
it would free early, ``EARLY_VP`` per strength point of the division still on the map for
every Game-Turn before its latest release. An attack on a unit already released, or whose
release is already due, costs nothing.
"""

from __future__ import annotations

from ....games.champion_hill.restrictions import latest_release
from .facts import CONFEDERATE, UNION, facts

EARLY_VP = 0.3        # VP per strength point of a freed division, per Game-Turn early


def _freed_by(state, side: int, divisions: set) -> set:
    """The enemy divisions an attack by ``side`` on units of ``divisions`` would free (17.1-17.4)."""
    g = state.game
    if side == UNION and divisions & {g.BOWEN, g.LORING}:
        freed = {g.BOWEN, g.LORING}                  # 17.1 ii, 17.2 ii: either frees both
    elif side == CONFEDERATE:
        freed = {d for d in (g.OSTERHAUS, g.CARR) if d in divisions and not state.div_fought[d]}
        if g.OSTERHAUS in freed and g.option("carr_released_with_osterhaus"):
            freed.add(g.CARR)
    else:
        freed = set()
    return {d for d in freed if not state.released[d] and not state.release_due[d]}


def release_cost(state, side: int, hexes, bombard_only: bool = False) -> float:
    """VP an attack by ``side`` on the enemy units in ``hexes`` costs by freeing held divisions
    (a bombardment frees nothing for the Union, 17.1 ii; for the Confederates as the option
    ``osterhaus_release_by_bombardment`` says, 17.3 i)."""
    g = state.game
    if bombard_only and (side == UNION or not g.option("osterhaus_release_by_bombardment")):
        return 0.0
    F = facts(g)
    divisions = {g.units[v].division for h in hexes for v in state.units_at(h) if F.side[v] != side}
    cost = 0.0
    for d in _freed_by(state, side, divisions):
        early = latest_release(g, d) - state.turn
        if early > 0:
            strength = sum(F.strength[v] for v in g.side_units[1 - side]
                           if g.units[v].division == d and state.hex[v] >= 0)
            cost += EARLY_VP * strength * early
    return cost

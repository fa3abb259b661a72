"""Ground (21.2-21.3): what taking a victory hex from the enemy is worth to a side, and the
strength a side can bring against an enemy hex this Player-Turn.

The balance study of issue 30 (docs/balance/champion-hill.md) found the heuristic Union
attacking the crossroads one brigade at a time, at 1-1 or worse, and valuing an attack by
the strength it might eliminate only: a Dr that empties 1309 was worth a quarter of the
defenders' points, though it opens the hex that scores every Game-Turn. Here:

- ``capture_value(state, side, h)``: the VP swing, from ``side``'s view, of taking victory hex h
  from the enemy, times ``KEEP`` (the chance a hex taken in the Combat Phase survives the
  enemy's next Player-Turn): the crossroads' turns still to score at both sides' rates (21.3:
  5 to the Union and 10 to the Confederates each turn, so a swing of 15), an end-of-game hex its
  value to both, a Union line of communication its 40 VP;
- ``massable(state, side, e, exclude)``: the attack strength ``side`` could bring against enemy
  hex e this Movement Phase: units already next to it, units that have not moved and stand
  within ``MASS_RANGE`` hexes of it (discounted: they may not all get there), and artillery
  within range, which bombards in support (9.1).
"""

from __future__ import annotations

from .facts import CROSSROADS_VP, LOC_VP, UNION, facts, turns_left

KEEP = 0.4            # share of a taken hex's worth counted when the attack that opens it is made
MASS_RANGE = 3        # hexes from which an unmoved unit is counted as able to join an attack
MASS_SHARE = 0.6      # ... and the share of its strength counted


def capture_value(state, side: int, h: int) -> float:
    """VP to ``side`` of taking victory hex h from the enemy (0 for any other hex)."""
    F = facts(state.game)
    if h not in F.control_index:
        return 0.0
    value = 0.0
    if h == F.crossroads:
        value += turns_left(state) * sum(CROSSROADS_VP)
    for eh, vu, vc in F.end_hexes:
        if eh == h:
            value += vu + vc
    if side == UNION and h in F.loc_hexes:
        value += LOC_VP
    return KEEP * value


def massable(state, side: int, e: int, exclude=()) -> float:
    """Attack strength ``side`` could bring against enemy hex e this Player-Turn (see above)."""
    F = facts(state.game)
    board = state.game.board
    row = board.distances_from(e)
    total = 0.0
    for u in state.game.side_units[side]:
        h = state.hex[u]
        if h < 0 or u == F.train or u in exclude or state.retreated[u]:
            continue
        d = row[h]
        if F.kind[u] == "artillery":
            if 1 <= d <= state.artillery_range(u):
                total += F.strength[u]
            continue
        if d == 1:
            total += F.strength[u]
        elif not state.moved[u] and d <= MASS_RANGE:
            total += MASS_SHARE * F.strength[u]
    return total

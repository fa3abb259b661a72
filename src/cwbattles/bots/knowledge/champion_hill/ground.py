"""Ground (21.2-21.3): what taking a victory hex from the enemy is worth to a side, whether it
would survive the enemy's reply, and the strength a side can bring against an enemy hex this
Player-Turn.

The balance study of issue 30 (docs/balance/champion-hill.md) found the heuristic Union
attacking the crossroads one brigade at a time, at 1-1 or worse, and valuing an attack by
the strength it might eliminate only: a Dr that empties 1309 was worth a quarter of the
defenders' points, though it opens the hex that scores every Game-Turn. Then it found the
Union taking 1309 on turns 4 to 8 in half the games and losing it in the Confederate
Player-Turn in all but one in twenty: a brigade that advanced into the crossroads was met by
40 points from the hexes around it. Here:

- ``hex_worth(state, side, h)``: the VP swing, from ``side``'s view, of holding victory hex h
  instead of the enemy: the crossroads' turns still to score at both sides' rates (21.3: 5 to
  the Union and 10 to the Confederates each turn, so a swing of 15), an end-of-game hex its
  value to both, a Union line of communication its 40 VP;
- ``keep_chance(state, side, h, holding)``: the chance that h, taken and held by ``holding``
  strength points, is still ``side``'s after the enemy's next Player-Turn: the results table's
  (8.6) chance of Ar or Ae at the odds the enemy can mass on it (``massable``, the units now in
  h left out) against the holders times the terrain (8.4); certain if the enemy has no Combat
  Phase left (the last turn, or night, 11.2);
- ``capture_value(state, side, h, holding)``: the two multiplied, what an attack or a step
  that may take h counts of it (the Confederates, who play second, score this Game-Turn's
  crossroads check before any reply, 21.2, so that turn's swing is certain to them);
- ``massable(state, side, e, exclude)``: the attack strength ``side`` could bring against enemy
  hex e this Movement Phase: units already next to it, units that have not moved and stand
  within ``MASS_RANGE`` hexes of it (discounted: they may not all get there), and artillery
  within range, which bombards in support (9.1); a unit farther than next to e in a zone of
  the other side is pinned (6.1: it may not move; 9.4: a battery there fights only in the zone),
  so it does not count.
"""

from __future__ import annotations

from ..blue_and_gray import table_outcomes
from .facts import CROSSROADS_VP, LOC_VP, UNION, facts, turns_left

MASS_RANGE = 3        # hexes from which an unmoved unit is counted as able to join an attack
MASS_SHARE = 0.6      # ... and the share of its strength counted


def hex_worth(state, side: int, h: int) -> float:
    """VP to ``side`` of holding victory hex h instead of the enemy (0 for any other hex)."""
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
    return value


def enemy_fights_again(state, side: int) -> bool:
    """Whether the enemy of ``side`` has a Combat Phase before the game ends (16.3, 11.2)."""
    g = state.game
    turn = state.turn if side == g.first_player else state.turn + 1
    return turn <= g.turns and turn not in g.night_turns


def keep_chance(state, side: int, h: int, holding: float) -> float:
    """Chance that h, taken by ``side`` and held by ``holding`` points, survives the enemy's
    next Player-Turn (see above)."""
    if not enemy_fights_again(state, side):
        return 1.0
    mass = massable(state, 1 - side, h, exclude=tuple(state.units_at(h)))
    if mass <= 0:
        return 1.0
    tables = state.game.tables
    out = table_outcomes(tables, tables.column(mass, holding * facts(state.game).defence[h]))
    return out.get("Ar", 0.0) + out.get("Ae", 0.0)


def capture_value(state, side: int, h: int, holding: float) -> float:
    """VP to ``side`` of taking victory hex h with ``holding`` points, as likely to last. The
    crossroads' check at the end of this Game-Turn (21.2) is certain for the side that plays
    second: the enemy has no Player-Turn before it."""
    worth = hex_worth(state, side, h)
    if not worth:
        return 0.0
    sure = sum(CROSSROADS_VP) if h == facts(state.game).crossroads and side != state.game.first_player else 0.0
    return sure + (worth - sure) * keep_chance(state, side, h, holding)


def massable(state, side: int, e: int, exclude=()) -> float:
    """Attack strength ``side`` could bring against enemy hex e this Player-Turn (see above)."""
    F = facts(state.game)
    board = state.game.board
    row = board.distances_from(e)
    pinned = state.zoc(1 - side)     # 6.1: no move out of an enemy zone; 9.4: guns there fight in it
    total = 0.0
    for u in state.game.side_units[side]:
        h = state.hex[u]
        if h < 0 or u == F.train or u in exclude or state.retreated[u]:
            continue
        d = row[h]
        if d == 0 or (d >= 2 and h in pinned):
            continue
        if F.kind[u] == "artillery":
            if 1 <= d <= state.artillery_range(u):
                total += F.strength[u]
            continue
        if d == 1:
            total += F.strength[u]
        elif not state.moved[u] and d <= MASS_RANGE:
            total += MASS_SHARE * F.strength[u]
    return total

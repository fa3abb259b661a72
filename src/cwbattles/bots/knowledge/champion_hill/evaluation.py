"""The evaluation: the expected final margin, Union VP minus Confederate VP (21.0).

``evaluate`` adds what is already won to what the victory hexes are still expected to give:

- the points scored so far (the crossroads' past turns, the train, 21.3) and the losses so far
  (21.1: one VP per enemy strength point eliminated), exits (21.3);
- each victory hex's expected holder (``control_odds``): the side whose units stand on it or
  near it, in proportion to their strength and closeness, the hex's present holder counting
  as a little strength of its own (21.2: it stays with the last side to hold it);
- the crossroads times the Game-Turns left to score it (5 a turn to the Union, 10 to the
  Confederates), the end-of-game hexes once, 1902/1911/1920 to the Confederates;
- the train (18.3, 21.3): a Confederate unit close to it with no Union combat unit in its hex
  threatens 50 VP.

It reads the state's flat lists and the static distance rows only, so it is cheap enough for
search leaves. At the end of the game it is the exact margin (lines of communication included).
"""

from __future__ import annotations

from ....games.champion_hill.victory import exit_points
from .facts import (CONFEDERATE, CROSSROADS_VP, ELIMINATED, EXITED, LOC_VP, NEAR, TRAIN_VP, UNION, facts,
                    turns_left)

HOLDER_WEIGHT = 4.0         # the present holder's claim on an empty hex, in strength points
TRAIN_THREAT = 0.4          # share of the train's 50 VP at stake when a Confederate is within 2


def scored(state) -> float:
    """What is already won, Union's view: points during play, losses (21.1) and exits (21.3)."""
    F = facts(state.game)
    m = float(state.vp_union - state.vp_conf)
    for u, h in enumerate(state.hex):
        if h >= 0 or u == F.train:
            continue
        if h == ELIMINATED:
            m += F.vp_strength[u] if F.side[u] == CONFEDERATE else -F.vp_strength[u]
        elif h == EXITED and state.exited_at[u] >= 0:
            uv, cv = exit_points(state, u, state.exited_at[u])
            m += uv - cv
    return m


def control_odds(state, h: int, units) -> tuple:
    """(Union, Confederate) chance of holding victory hex h at the end (21.2), from the
    strength within ``NEAR`` hexes of it, nearer counting more, and its present holder."""
    F = facts(state.game)
    row = F.dist[h]
    w = [0.0, 0.0]
    for u, uh, side in units:
        d = row[uh]
        if d <= NEAR:
            w[side] += F.strength[u] * (NEAR + 1 - d) * (3 if d == 0 else 1)
    holder = state.control[F.control_index[h]]
    if holder >= 0:
        w[holder] += HOLDER_WEIGHT
    total = w[0] + w[1]
    if total <= 0:
        return 0.0, 0.0
    return w[0] / total, w[1] / total


def expected_hexes(state) -> float:
    """The victory hexes' expected value from now to the end, Union's view."""
    F = facts(state.game)
    units = [(u, h, F.side[u]) for u, h in enumerate(state.hex) if h >= 0 and u != F.train]
    pu, pc = control_odds(state, F.crossroads, units)
    total = turns_left(state) * (CROSSROADS_VP[0] * pu - CROSSROADS_VP[1] * pc)
    for h, vu, vc in F.end_hexes:
        pu, pc = control_odds(state, h, units)
        total += vu * pu - vc * pc
    for h in F.loc_hexes:
        total -= LOC_VP * control_odds(state, h, units)[1]
    return total


def train_risk(state) -> float:
    """18.3, 21.3: the train alone within two hexes of a Confederate unit may be lost."""
    F = facts(state.game)
    th = state.hex[F.train]
    if th < 0 or any(v != F.train for v in state.units_at(th)):
        return 0.0
    row = state.game.board.distances_from(th)
    near = any(row[h] <= 2 for h in state.combat_occupied(CONFEDERATE))
    return -TRAIN_VP * TRAIN_THREAT if near else 0.0


def evaluate(state) -> float:
    """Expected final margin, Union VP minus Confederate VP."""
    if state.over:
        return float(state.result["margin"])
    return scored(state) + expected_hexes(state) + train_risk(state)


def rollout_pause(state) -> bool:
    """Searches may stop a rollout where the evaluation is most reliable: between Player-Turns
    is as good as anywhere here, so never pause early."""
    return False


__all__ = ["evaluate", "rollout_pause", "scored", "expected_hexes", "control_odds", "UNION"]

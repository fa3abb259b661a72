"""The evaluation: the expected final margin, Union VP minus Confederate VP (23.61).

``evaluate`` adds what is already won (2 VP a strength point and a star eliminated, exits
through F2501) to what the victory hexes are expected to give at the end: each hex's expected
holder from the strength on it or near it, nearer counting more, its present holder counting as
a little strength of its own (23.61 as the option ``occupation`` reads it). Cheap
enough for search leaves; exact at the end of the game."""

from __future__ import annotations

from ....games.chancellorsville.victory import holder as victory_holder
from .facts import CONFEDERATE, ELIMINATED, EXITED, HOLDER_WEIGHT, NEAR, UNION, facts


def scored(state) -> float:
    F = facts(state.game)
    m = 0.0
    for u, h in enumerate(state.hex):
        if h >= 0 or h == -1:
            continue
        sign = 1.0 if F.side[u] == CONFEDERATE else -1.0      # the other side scores
        if h == ELIMINATED:
            if F.leader[u]:
                m += sign * F.vp_star * F.stars[u] if state.killed[u] else 0.0
            else:
                m += sign * F.vp_point * F.strength[u]
        elif h == EXITED:
            m += F.vp_exit * F.strength[u]
    return m


def control_odds(state, h: int, units) -> tuple:
    F = facts(state.game)
    row = F.dist[h]
    w = [0.0, 0.0]
    for u, uh, side in units:
        d = row[uh]
        if d <= NEAR:
            w[side] += F.strength[u] * (NEAR + 1 - d) * (3 if d == 0 else 1)
    # 23.61 as the game reads it (victory.holder): by default the side with a combat unit in
    # the hex now (an emptied hex is nobody's); option occupation = "last_occupier": its last
    # occupier, which keeps the hex until the enemy enters it
    holder = victory_holder(state, state.game.victory_slot[h])
    if holder >= 0:
        w[holder] += HOLDER_WEIGHT
    total = w[0] + w[1]
    return (0.0, 0.0) if total <= 0 else (w[0] / total, w[1] / total)


def expected_hexes(state) -> float:
    F = facts(state.game)
    units = [(u, h, F.side[u]) for u, h in enumerate(state.hex) if h >= 0 and not F.leader[u]]
    total = 0.0
    for h, vp in F.victory:
        pu, pc = control_odds(state, h, units)
        total += vp * (pu - pc)
    return total


def evaluate(state) -> float:
    if state.over:
        return float(state.result["margin"])
    return scored(state) + expected_hexes(state)


def rollout_pause(state) -> bool:
    return False


__all__ = ["evaluate", "rollout_pause", "scored", "expected_hexes", "UNION"]

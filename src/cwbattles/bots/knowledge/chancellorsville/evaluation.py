"""The evaluation: the expected final margin, Union VP minus Confederate VP (23.61).

``evaluate`` adds what is already won (2 VP a strength point and a star eliminated, exits
through F2501) to what the victory hexes are expected to give at the end: each hex's expected
holder from the strength on it or near it, nearer counting more, its present holder counting as
a little strength of its own (23.61 as the option ``occupation`` reads it). Cheap
enough for search leaves; exact at the end of the game. ``owed_attacks`` adds the attacks the
phasing side's units already next to the enemy must make (6.1, 8.1), so that a plan which leaves a
brigade locked beside a division pays for the 1-5 it will have to make."""

from __future__ import annotations

from ....games.chancellorsville.victory import holder as victory_holder
from ..blue_and_gray import owed
from .attacks import result_values
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


def owed_attacks(state) -> float:
    """6.1, 8.1: the attacks the phasing side's units already in an enemy zone must make this
    player-turn (the series' ``owed.worth``, each attack worth its expected VP for the attacker
    by ``attacks.result_values``, the attacker's own points twice), as a change of the Union's
    margin. A leaf of the commander's plan (after the opponent's reply) is the start of its own
    player-turn, so a brigade it left next to a division counts as the 1-5 it will owe there."""
    value = owed.worth(state, result_values)
    return value if state.phasing == UNION else -value


def evaluate(state) -> float:
    if state.over:
        return float(state.result["margin"])
    return scored(state) + expected_hexes(state) + owed_attacks(state)


def rollout_pause(state) -> bool:
    return False


__all__ = ["evaluate", "rollout_pause", "scored", "expected_hexes", "owed_attacks", "UNION"]

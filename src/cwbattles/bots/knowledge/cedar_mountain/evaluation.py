"""The evaluation: the expected final margin, Union VP minus Confederate VP (27.0).

``evaluate`` adds what is already won (losses, leaders, broken brigades, hex points so far, exits:
the engine's ``result``) to what the Victory Point hexes are still expected to give: each hex's
expected holder (the side whose units stand on it or nearest, by strength and closeness; the
present holder counting as a little strength of its own, 27.22: it stays with the last occupier)
times 2 VP for every scoring still to come. Cheap: flat lists and distance rows."""

from __future__ import annotations

from .facts import HEX_VP, NEAR, facts, turns_left


def control_odds(state, i: int) -> float:
    """The chance the Union holds Victory Point hex i at the coming scorings (1 - Confederate)."""
    F = facts(state.game)
    h = F.vp_hexes[i]
    row = F.dist[h]
    pull = [0.0, 0.0]
    holder = state.control[i]
    if holder >= 0:
        pull[holder] += 3.0
    for u, where in enumerate(state.hex):
        if where < 0 or not F.combat[u]:
            continue
        d = row[where]
        if d <= NEAR:
            pull[F.side[u]] += state.sp[u] / (1.0 + d) * (0.4 if state.flags[u] & 1 else 1.0)
    if pull[0] + pull[1] <= 0:
        return 0.5
    return pull[0] / (pull[0] + pull[1])


def evaluate(state) -> float:
    res = state.result
    margin = float(res["margin"])
    if state.over:
        return margin
    left = turns_left(state)
    F = facts(state.game)
    for i in range(len(F.vp_hexes)):
        p = control_odds(state, i)
        if state.control[i] < 0 and p == 0.5:
            continue
        margin += (2 * p - 1) * HEX_VP * left
    return margin


def rollout_pause(state) -> bool:
    return False

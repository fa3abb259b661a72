"""What the bots know of Chancellorsville that never changes, read once per game, and weights."""

from __future__ import annotations

from functools import lru_cache

from ....systems.blue_and_gray.state import CONFEDERATE, ELIMINATED, EXITED, UNION  # noqa: F401
from ..blue_and_gray import facts as series

NEAR = 3              # hexes within which a side's units contest a victory hex
HOLDER_WEIGHT = 4.0   # the present holder's claim on a victory hex, in strength points


class Facts(series.Facts):
    """The series' facts (units, terrain) with leaders, victory hexes and their worth, the exit."""

    def __init__(self, game):
        super().__init__(game)
        b = game.board
        self.stars = tuple(u.stars for u in game.units)
        self.leader = tuple(u.type == "leader" for u in game.units)
        self.vp_point = game.vp_per_point
        self.vp_star = game.vp_per_star
        self.vp_exit = game.vp_per_exited
        self.victory = tuple((h, game.victory_values[h]) for h in game.victory_hexes)
        self.dist = {h: b.distances_from(h) for h in game.victory_hexes}
        self.exit_hex = game.exit_hex
        self.exit_dist = b.distances_from(game.exit_hex)


@lru_cache(maxsize=4)
def facts(game) -> Facts:
    return Facts(game)


def hex_defence(state, h: int) -> float:
    """8.3-8.4, 10.3: the strength of the combat units in h (those not retreated), doubled once
    by terrain or fieldworks."""
    F = facts(state.game)
    st = sum(state.strength(v) for v in state.units_at(h) if not F.leader[v] and not state.retreated[v])
    mult = F.defence[h]
    if mult < 2 and h in state.fieldworks:
        mult = 2
    return float(st * mult)

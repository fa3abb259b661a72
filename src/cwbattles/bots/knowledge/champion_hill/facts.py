"""What the bots know of Champion Hill that never changes, read once per game, and the weights.

Everything is in victory points (21.3), the evaluation's unit. The victory hexes are the
game's own list (``game.control_hexes``); what each is worth comes from the schedule of 21.3:
the crossroads 1309 scores every Game-Turn (10 to the Confederates, 5 to the Union), 0419,
0607 and 1306 score 10 and 0507 and 0119 score 25 to whoever holds them at the end, and the
Union's lines of communication 1902, 1911, 1920 score 40 each to the Confederates only.
"""

from __future__ import annotations

from functools import lru_cache

from ....systems.blue_and_gray.state import CONFEDERATE, ELIMINATED, EXITED, UNION  # noqa: F401
from ..blue_and_gray import facts as series

# -- weights, in victory points -------------------------------------------------------------------
CROSSROADS_VP = (5, 10)      # 21.3: (Union, Confederate) each Game-Turn the crossroads is held
END_VP = {"0419": 10, "0607": 10, "1306": 10, "0507": 25, "0119": 25}    # 21.3, to either side
LOC_VP = 40                  # 21.3: each of 1902, 1911, 1920 held by the Confederates at the end
TRAIN_VP = 50                # 21.3: the train eliminated
HOLD = 0.9                   # chance an occupied victory hex stays with its occupier
NEAR = 3                     # hexes within which a side's units contest an empty victory hex


class Facts(series.Facts):
    """The static facts: the series' (units, terrain), victory hexes and their values, their
    distance rows."""

    def __init__(self, game):
        super().__init__(game)
        b = game.board
        self.adjacent = b.adjacent
        # 21.1, 19.63: an Out of Ammo counter scores the full strength of the brigade it replaced
        self.vp_strength = tuple(game.units[u.ooa_of].strength if u.ooa_of >= 0 else u.strength
                                 for u in game.units)
        self.brigade = tuple(u.size == "brigade" for u in game.units)
        self.train = game.TRAIN
        self.crossroads = game.crossroads
        self.turns = game.turns
        ids = b.ids
        self.control_index = {h: i for i, h in enumerate(game.control_hexes)}
        # (hex, Union's value, Confederate's value) of every hex that scores at the end
        self.end_hexes = tuple((h, END_VP[ids[h]], END_VP[ids[h]]) for h in game.control_hexes
                               if ids[h] in END_VP)
        self.loc_hexes = game.union_loc
        self.dist = {h: b.distances_from(h) for h in game.control_hexes}
        self.train_home = game.units[game.TRAIN].setup


@lru_cache(maxsize=4)
def facts(game) -> Facts:
    return Facts(game)


def turns_left(state) -> int:
    """Crossroads checks still to come (21.2: at the end of every Game-Turn, this one included)."""
    return max(0, state.game.turns - state.turn + 1)


def combat_units(state, side: int) -> list:
    """(unit, hex) of ``side``'s combat units on the map."""
    F = facts(state.game)
    return [(u, h) for u in state.game.side_units[side] if (h := state.hex[u]) >= 0 and u != F.train]


def hex_defence(state, h: int) -> float:
    """8.3-8.4: the strength of the units in h times its terrain's defence multiplier."""
    F = facts(state.game)
    st = sum(F.strength[v] for v in state.units_at(h) if v != F.train and not state.retreated[v])
    return float(st * F.defence[h])

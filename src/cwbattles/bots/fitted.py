"""A fitted evaluation for the commander, the same for the four battles (issue 29, point 3).

The game's own evaluation (``knowledge.<game>.evaluate``: the expected final margin, set by hand)
is one feature among a few read the same way in every battle:

- ``evaluation``: the game's evaluation (Union's view, VP);
- ``vp``: the victory points scored so far (``state.result["margin"]``, Union's view);
- ``places``: victory places (the hexes or zones in ``state.control``) the Union holds less those
  the Confederates hold;
- ``threatened``: places the Union holds with a Confederate combat unit within
  ``objectives.THREAT``, less the same for the Confederates (a place about to change hands);
- ``on_map``: combat units on the map, Union less Confederate (losses and units not yet entered);
- each of ``evaluation``, ``vp``, ``places`` and ``threatened`` again times the share of the game
  still to play (``left``): what a place or a lead is worth depends on the turns it still counts.

The fitted value is a constant for the game-turn plus the sum of weight times feature; the
constants and the weights are fitted by ridge least squares to the final margins of heuristic
games (``bench/fit_evaluation_all.py``) and kept in ``knowledge/<battle>/fitted_weights.toml``
(one data file per battle; this module is the loader). A battle without that file has no fitted
evaluation (``load`` returns None) and the commander uses the game's own.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources

from . import objectives as objectives_module

BASE = ("evaluation", "vp", "places", "threatened", "on_map")
TIMED = ("evaluation", "vp", "places", "threatened")
FEATURES = BASE + tuple(f"{n}_x_left" for n in TIMED)
FILE = "fitted_weights.toml"


def last_turn(game) -> int:
    turns = getattr(game, "turns", None)
    if turns is None:
        turns = game.tables.game.turns          # Cedar Creek keeps it with its tables
    return int(turns)


def features(state, kn) -> dict:
    """The features of ``state`` (see the module), Union's view."""
    bf = objectives_module.battlefield(state.game)
    at = [bf.where(state, u) if bf.combat[u] else -1 for u in range(len(bf.side))]
    sides = bf.side
    on_map = sum((1 if sides[u] == 0 else -1) for u, h in enumerate(at) if h >= 0)
    places = threatened = 0
    for place, slot, _ in bf.places:
        holder = state.control[slot]
        if holder not in (0, 1):
            continue
        sign = 1 if holder == 0 else -1
        places += sign
        if any(h >= 0 and sides[u] != holder and bf.distance(place, h) <= objectives_module.THREAT
               for u, h in enumerate(at)):
            threatened += sign
    result = state.result
    vp = float(result.get("margin", 0) or 0) if isinstance(result, dict) else 0.0
    base = {"evaluation": float(kn.evaluate(state)), "vp": vp, "places": float(places),
            "threatened": float(threatened), "on_map": float(on_map)}
    last = last_turn(state.game)
    left = max(0.0, (last - state.turn + 1) / last)
    out = dict(base)
    for n in TIMED:
        out[f"{n}_x_left"] = base[n] * left
    return out


class FittedEvaluation:
    """``value(state)``: the fitted expected final margin (Union's view)."""

    def __init__(self, kn, turn_constants: dict, weights: dict):
        self.kn = kn
        self.turn_constants = {int(t): float(c) for t, c in turn_constants.items()}
        self.weights = {n: float(weights.get(n, 0.0)) for n in FEATURES}

    def value(self, state) -> float:
        f = features(state, self.kn)
        c = self.turn_constants
        const = c.get(state.turn)
        if const is None:                        # a turn the games never sampled: the nearest
            const = c[min(c, key=lambda t: abs(t - state.turn))] if c else 0.0
        return const + sum(self.weights[n] * f[n] for n in FEATURES)


@lru_cache(maxsize=None)
def _text(package: str) -> str | None:
    try:
        return resources.files(package).joinpath(FILE).read_text()
    except (FileNotFoundError, ModuleNotFoundError):
        return None


def load(kn, force: bool = False) -> FittedEvaluation | None:
    """The fitted evaluation of the battle whose knowledge module is ``kn``, or None: none
    fitted, or (unless ``force``) its file does not say ``use``."""
    text = _text(kn.__name__)
    if text is None:
        return None
    data = tomllib.loads(text)
    if not (force or data.get("use", False)):
        return None                 # fitted, but a paired comparison did not show it no worse
    return FittedEvaluation(kn, data.get("turn_constants", {}), data.get("weights", {}))

"""Exact Cedar Mountain positions for rule tests: the real map and order of battle, the given
counters placed, in a given phase, with scripted dice (the system's helpers on this game)."""

from __future__ import annotations

from cwbattles.games.cedar_mountain import CedarMountainGame
from tests.systems.gbacw.helpers import (act, facing_toward, hexof, legal, log_text, phase_frames,  # noqa: F401
                                         position, unit)

_GAMES: dict = {}


def game(**options):
    key = tuple(sorted(options.items()))
    if key not in _GAMES:
        _GAMES[key] = CedarMountainGame(options=options)
    return _GAMES[key]


def idx(h: str) -> int:
    return game().board.index[h]


def toward(a: str, b: str) -> str:
    """The facing from a toward b on this map (a compass name)."""
    return facing_toward(game(), a, b)

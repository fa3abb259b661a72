"""Seeded random games play exactly as recorded: same legal actions offered at every decision,
same log, same final position and points. Guards the speed work (caches, precomputed tables)
against any change of behaviour. After an intended rules change, re-record with
``python bench/random_game_outcomes.py --game champion-hill --seeds 30 --out <this data file>``."""

import json
from pathlib import Path

import pytest

from cwbattles.engine.records import random_game_fingerprint

from .helpers import game

RECORDED = {g["seed"]: g for g in
            json.loads((Path(__file__).parent / "data" / "random_game_fingerprints.json").read_text())["games"]}


@pytest.mark.parametrize("seed", [0, 7, 23])
def test_random_game_plays_as_recorded(seed):
    assert random_game_fingerprint(game(), seed) == RECORDED[seed]

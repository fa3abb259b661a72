"""Seeded random games of Cedar Creek play exactly as recorded: the same legal actions offered
at every decision, the same log, the same final position and points. Guards speed work against
any change of behaviour. After an intended rules change, re-record with
``python bench/random_game_outcomes.py --game cedar-creek --seeds 30 --out <this data file>``
and say in the commit which change moved them."""

import json
from pathlib import Path

import pytest

from cwbattles.engine.records import random_game_fingerprint

RECORDED = {g["seed"]: g for g in
            json.loads((Path(__file__).parent / "data" / "random_game_fingerprints.json").read_text())["games"]}


@pytest.mark.parametrize("seed", [0, 7, 23])
def test_random_game_plays_as_recorded(default_game, seed):
    assert random_game_fingerprint(default_game, seed) == RECORDED[seed]

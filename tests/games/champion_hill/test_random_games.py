"""Random Champion Hill games end cleanly, keep the invariants after every action, round-trip
their positions, and replay from their records.

The suite plays 40 games; ``CWB_RANDOM_GAMES=200`` plays the two hundred of the full check."""

import json
import os
import random

import pytest

from cwbattles.engine.records import Recorder, position_checksum
from cwbattles.games.champion_hill.special import stack_ok

from .helpers import game

CHUNKS = 4
PER_CHUNK = max(1, int(os.environ.get("CWB_RANDOM_GAMES", "40")) // CHUNKS)


def check(s):
    g = s.game
    by = {}
    for u, h in enumerate(s.hex):
        if h >= 0:
            by.setdefault(h, []).append(u)
    for h, units in by.items():
        assert len({g.units[u].side for u in units}) == 1, f"both sides in {g.board.ids[h]}"
        moving = s.mv_unit in units or any(f[0] in ("retreat", "bowen_advance") for f in s.stack)
        assert moving or stack_ok(s, h, g.units[units[0]].side), f"overstacked {g.board.ids[h]}"
    t = s.hex[g.TRAIN]
    if t >= 0 and not s.bombarding:
        assert t not in s.zoc(1) or any(s.is_combat_unit(v) for v in s.units_at(t))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games(chunk, tmp_path):
    g = game()
    for seed in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        rng = random.Random(seed)
        rec = Recorder(g, seed)
        s = rec.state
        n = 0
        while not s.is_over:
            acts = s.legal_actions()
            assert acts
            rec.apply(rng.choice(acts))
            check(s)
            n += 1
            if n % 397 == 0:                      # positions round-trip exactly, mid-game
                again = g.from_position(json.loads(json.dumps(s.to_position())))
                assert again.to_position() == s.to_position()
                assert again.legal_actions() == s.legal_actions()
        res = s.result
        assert res["final"] and s.turn == 12
        assert res["winner"] in ("union", "confederate", None)
        if seed % 13 == 0:                        # the record replays to the same checksums
            doc = json.loads(json.dumps(rec.to_json()))
            again = g.new_game(seed)
            for entry in doc["actions"]:
                again.apply(g.action_from_json(entry["action"]))
                assert position_checksum(again) == entry["checksum"]
            assert again.to_position() == s.to_position()

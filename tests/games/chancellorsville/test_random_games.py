"""Random Chancellorsville games (the real map and order of battle) end cleanly, keep the
invariants after every action, round-trip their positions, and replay from their records.
8 games here (``CWB_RANDOM_GAMES=N`` plays N); bench/chancellorsville_random_games.py plays 200
with the same checks."""

import json
import os
import random

import pytest

import cwbattles
from cwbattles.engine.records import Recorder, position_checksum

CHUNKS = 4
PER_CHUNK = max(1, int(os.environ.get("CWB_RANDOM_GAMES", "8")) // CHUNKS)


def check(s):
    """Never units of both sides in a hex (leaders included: 23.54); at most two combat units
    a hex unless one is passing through or falling back (6.32, 23.52); morale only for combat
    units (12); a killed leader is off the map (23.58)."""
    g = s.game
    passing = s.mv_unit >= 0 or any(f[0] in ("retreat", "retreat_check", "retreat_option") for f in s.stack)
    for h, units in s.units_by_hex.items():
        assert len({g.units[u].side for u in units}) == 1, f"both sides in {g.board.ids[h]}"
        combat = [u for u in units if g.units[u].type != "leader"]
        assert passing or len(combat) <= 2, f"overstacked {g.board.ids[h]}"
    for u, level in enumerate(s.morale):
        assert not level or g.units[u].type != "leader"
        assert not s.killed[u] or s.hex[u] == -2


def play(g, seed, checks=True):
    rng = random.Random(seed)
    rec = Recorder(g, seed)
    s = rec.state
    n = 0
    while not s.is_over:
        acts = s.legal_actions()
        assert acts
        rec.apply(rng.choice(acts))
        if checks:
            check(s)
        n += 1
        if n % 997 == 0:                          # positions round-trip exactly, mid-game
            again = g.from_position(json.loads(json.dumps(s.to_position())))
            assert again.to_position() == s.to_position()
            assert again.legal_actions() == s.legal_actions()
    return rec, s


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games(chunk):
    g = cwbattles.load("chancellorsville")
    for seed in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        rec, s = play(g, seed)
        res = s.result
        assert res["final"] and s.turn == g.turns
        assert res["level"] in ("decisive", "substantive", "marginal")
        if seed % 7 == 0:                         # the record replays to the same checksums
            doc = json.loads(json.dumps(rec.to_json()))
            again = g.new_game(seed)
            for entry in doc["actions"]:
                again.apply(g.action_from_json(entry["action"]))
                assert position_checksum(again) == entry["checksum"]
            assert again.to_position() == s.to_position()

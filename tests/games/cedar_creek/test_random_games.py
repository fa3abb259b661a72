"""Random games with distinct seeds, half on each reading of the counters (rule option oob):
no exception, every invariant after every action, and every game record replays to the same
checksums.

The suite plays 24 games (CI keeps its time); ``CWB_RANDOM_GAMES=200`` plays the two hundred
of the full check (several minutes on one core)."""

import json
import os
import random

import pytest

from cwbattles import replay
from cwbattles.engine.records import Recorder, load_record

CHUNKS = 4
PER_CHUNK = max(1, int(os.environ.get("CWB_RANDOM_GAMES", "24")) // CHUNKS)


def check_invariants(s):
    g = s.game
    by_zone = {}
    for u, z in enumerate(s.zone):
        b = g.brigades[u]
        assert 0 <= s.fatigue[u] <= 2, f"fatigue of {b.id}"
        assert s.losses[u] >= 0
        if z >= 0:
            assert 1 <= s.strength(u) <= max(b.strength, b.dismounted), f"strength of {b.id}"
            assert s.line[u] in (1, 2)
            assert s.facing[u] in g.board.front[z], f"facing of {b.id}"
            by_zone.setdefault(z, []).append(u)
    for z, units in by_zone.items():
        sides = {g.brigades[u].side for u in units}
        assert len(sides) == 1, f"both sides in {g.board.zones[z].id}"
        firsts = [u for u in units if s.line[u] == 1]
        assert len(firsts) == 1, f"{len(firsts)} first lines in {g.board.zones[z].id}"
        if len(units) > 2 or len({g.brigades[u].division for u in units}) > 1:
            setup = all(g.brigades[u].setup_zone == z for u in units)
            indep = any(g.divisions[g.brigades[u].division].independent for u in units) and len(units) == 2
            moving = s.mv_unit in units or any(f[0] == "retreat" and f[2] in units for f in s.stack)
            assert setup or indep or moving, f"overstacked {g.board.zones[z].id}: {[g.brigades[u].id for u in units]}"
    assert s.mv_mp >= 0 and s.piece_mp >= 0
    for h, z in enumerate(s.hq_zone):
        if z >= 0 and not any(f[0] == "displace" and f[2] == h for f in s.stack):
            assert z not in s.occupied_by(1 - g.hq_side[h]), "HQ in an enemy-held zone"


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_invariants_and_replay(default_game, game, chunk, tmp_path):
    game = default_game if chunk % 2 == 0 else game    # both readings of the counters (oob)
    for seed in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        rng = random.Random(seed)
        rec = Recorder(game, seed)
        s = rec.state
        while not s.is_over:
            actions = s.legal_actions()
            assert actions, f"seed {seed}: no legal action but the game is not over"
            rec.apply(rng.choice(actions))
            check_invariants(s)
            assert len(rec.actions) < 20000
        res = s.result
        assert res["final"] and res["winner"] in ("union", "confederate")
        assert s.turn == game.tables.game.turns
        path = tmp_path / f"game{seed}.json"
        rec.save(path)
        again = replay(load_record(path), source=str(path), verify=True)
        assert again.to_position() == s.to_position()
        assert json.loads(path.read_text())["result"]["winner"] == res["winner"]

"""The derived sets a Blue & Gray state caches (units by hex, occupied hexes, zones of control,
hexes near a side) always equal what a fresh state computes from the same position, also
for clones that go their own way while sharing the caches of the state they came from."""

import json
import random

from cwbattles.games.champion_hill import load


def derived(s) -> dict:
    return {"at": {h: tuple(us) for h, us in s.units_by_hex.items()},
            **{f"{name}{side}": getattr(s, name)(side) for side in (0, 1)
               for name in ("occupied", "combat_occupied", "zoc")},
            **{f"near{side}": s.near(side, 2) for side in (0, 1)},
            "in_zoc": [s.in_zoc(side, h) for side in (0, 1) for h in range(0, len(s.game.board), 7)]}


def fresh(s):
    return s.game.from_position(json.loads(json.dumps(s.to_position())))


def test_cached_sets_match_a_fresh_state_in_clones_and_originals():
    g = load()
    s = g.new_game(seed=5)
    rng = random.Random(5)
    checked = 0
    for n in range(600):
        if s.is_over:
            break
        if n % 50 == 0:
            before = derived(s)                       # fills the caches the clone will share
            c = s.clone()
            crng = random.Random(n)
            for _ in range(40):                       # the clone moves units of both sides
                if c.is_over:
                    break
                c.apply(crng.choice(c.legal_actions()))
            assert derived(c) == derived(fresh(c))
            assert derived(s) == before == derived(fresh(s))
            checked += 1
        s.apply(rng.choice(s.legal_actions()))
    assert checked >= 10

"""Where the step losses come from (bench/cedar_creek_losses.py): every lost step is counted
once, and every attack fought once."""

import collections
import importlib.util
from pathlib import Path

import cwbattles
from cwbattles.bots import make_bot
from cwbattles.games.cedar_creek.victory import step_losses

spec = importlib.util.spec_from_file_location("losses", Path(__file__).parents[2] / "bench" / "cedar_creek_losses.py")
profile = importlib.util.module_from_spec(spec)
spec.loader.exec_module(profile)


def test_every_step_lost_and_every_attack_fought_is_counted_once():
    game = cwbattles.load("cedar-creek")
    fought = []
    original = profile.combat.fight

    def spy(state, cid):                # the rules' own fight, seen from outside the counter
        fought.append((state.turn, cid))
        return original(state, cid)
    profile.combat.fight = spy
    losses = collections.Counter()
    try:
        counter = profile.AttackCounter()
        final = profile.play(game, 4, {"union": make_bot("heuristic", 1), "confederate": make_bot("heuristic", 2)}, losses)
        counter.close()
        assert profile.combat.fight is spy
    finally:
        profile.combat.fight = original
    assert fought and sum(counter.attacks.values()) == len(fought)
    for side in (0, 1):
        assert sum(v for (_, s, _), v in losses.items() if s == side) == step_losses(final, side)


def test_modifier_names_group_the_brigades_and_the_ratios():
    assert profile.modifier_name("strength 9 to 6") == "strength ratio"
    assert profile.modifier_name("Grimes artillery") == "artillery"
    assert profile.modifier_name("attacked in the flank") == "attacked in the flank"


def test_the_defenders_hits_are_counted_by_condition_once_per_attack():
    game = cwbattles.load("cedar-creek")
    counter = profile.AttackCounter()
    try:
        profile.play(game, 4, {"union": make_bot("heuristic", 1), "confederate": make_bot("heuristic", 2)},
                     collections.Counter())
    finally:
        counter.close()
    for key, attacks in counter.attacks.items():
        rows = {c: v for (s, t, c), v in counter.hits.items() if (s, t) == key}
        groups = [[v for c, v in rows.items() if c.startswith("front brigade at fatigue")],
                  [v for c, v in rows.items() if c in ("supported", "not supported")],
                  [v for c, v in rows.items() if c in ("attacked in the flank", "attacked in front")]]
        # each attack on brigades counted once in each group (attacks on a lone train are not)
        totals = {sum(v[0] for v in g) for g in groups}
        assert len(totals) == 1 and 0 < totals.pop() <= attacks
        assert all(0 <= hit <= fought for fought, hit in rows.values())
    assert any(hit for fought, hit in counter.hits.values())

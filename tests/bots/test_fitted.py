"""The commander's fitted evaluation (bots/fitted.py): its features read the position the same
way in every battle, and the value is the turn's constant plus the weighted features."""

import pytest

import cwbattles
from cwbattles.bots import fitted, knowledge, make_bot, objectives
from cwbattles.bots.commander import CommanderBot


def opening(game_name, decisions=40, seed=3):
    s = cwbattles.load(game_name).new_game(seed=seed)
    h = make_bot("heuristic", 1)
    for _ in range(decisions):
        s.apply(h.choose(s))
    return s


@pytest.mark.parametrize("game_name", ["cedar-creek", "champion-hill", "cedar-mountain", "chancellorsville"])
def test_features_read_the_evaluation_the_score_and_the_places(game_name):
    s = opening(game_name)
    kn = knowledge.for_game(s.game)
    f = fitted.features(s, kn)
    assert set(f) == set(fitted.FEATURES)
    assert f["evaluation"] == kn.evaluate(s) and f["vp"] == s.result["margin"]
    # a place changes hands: into Union hands from nobody +1, from the Confederates +2; a Union
    # place lost to the Confederates -2
    bf = objectives.battlefield(s.game)
    place, slot, _ = bf.places[0]
    before = s.control[slot]
    s.control[slot] = 1 if before == 0 else 0
    after = fitted.features(s, kn)
    assert after["places"] - f["places"] == {0: -2, 1: 2, -1: 1}[before]


def test_the_value_is_the_turns_constant_plus_the_weighted_features():
    s = opening("cedar-mountain")
    kn = knowledge.for_game(s.game)
    fe = fitted.FittedEvaluation(kn, {s.turn: 5.0, s.turn + 1: -100.0}, {"evaluation": 2.0, "places": -3.0})
    f = fitted.features(s, kn)
    assert fe.value(s) == pytest.approx(5.0 + 2.0 * f["evaluation"] - 3.0 * f["places"])


def test_the_commander_scores_plans_with_the_evaluation_asked_for():
    kn = knowledge.for_game("champion-hill")
    assert CommanderBot(evaluation="own")._value(kn) is None
    with pytest.raises(ValueError):
        CommanderBot(evaluation="best")

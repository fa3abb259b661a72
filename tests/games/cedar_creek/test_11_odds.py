"""11.2-11.4: the exact odds of a combat from its modifiers, and the small 11.3 helpers the
rules and the bots share (support, surprise, terrain, strength ratio)."""

from fractions import Fraction

import pytest

import cwbattles
from cwbattles.games.cedar_creek import combat
from cwbattles.games.cedar_creek.combat import OUTCOMES, bonus_distribution, outcome_odds, totals_odds

from .helpers import setup_position, unit

F = Fraction


def test_11_4_odds_of_bare_dice():
    """Both totals the bare die: tie 6/36; a hit needs one die at least twice the other
    (2-1..6-1, 4-2..6-2, 6-3: 9 pairs each way); the other 12 pairs split 6 and 6."""
    assert dict(zip(OUTCOMES, totals_odds(0, 0))) == {
        "tie": F(1, 6), "attacker_fatigue": F(1, 6), "defender_fatigue": F(1, 6),
        "attacker_hit": F(1, 4), "defender_hit": F(1, 4)}


def test_11_4_totals_never_fall_below_one():
    """A total below 1 counts as 1: at -10 against +0 the attacker totals 1 whatever it rolls,
    so it ties only a defender's 1 (1/6) and is hit by 2 and up (5/6)."""
    assert totals_odds(-10, 0) == (F(1, 6), 0, 0, F(5, 6), 0)


def test_11_3_support_roll_bonus_distribution():
    """Potential 3: +1 half the time; potential 6 or more: always; two rolls combine."""
    assert bonus_distribution([3]) == {1: F(1, 2), 0: F(1, 2)}
    assert bonus_distribution([8]) == {1: 1, 0: 0}
    assert bonus_distribution([3, 2]) == {2: F(1, 6), 1: F(1, 2), 0: F(1, 3)}


def test_11_3_a_sure_roll_is_a_fixed_bonus_and_floats_agree_with_fractions():
    assert outcome_odds(0, 0, [6]) == totals_odds(1, 0)
    exact = outcome_odds(1, 2, [3], [2, 1])
    assert sum(exact) == 1
    assert outcome_odds(1, 2, [3], [2, 1], float) == pytest.approx([float(x) for x in exact], abs=1e-15)


@pytest.mark.parametrize("turn, expected", [(1, -2), (2, -1), (3, 0)])
def test_11_3_surprise_penalty(game, turn, expected):
    s = setup_position(game, [unit("cox", "cooley-house")], turn=turn)
    assert combat.surprise_penalty(s) == expected


def test_11_3_no_surprise_option():
    g = cwbattles.load("cedar-creek", options={"no_surprise": True})
    s = setup_position(g, [unit("cox", "cooley-house")], turn=1)
    assert combat.surprise_penalty(s) == 0


@pytest.mark.parametrize("kw, expected", [({}, True), ({"fatigue": 1}, True), ({"fatigue": 2}, False),
                                          ({"losses": 2}, True), ({"losses": 3}, False)])
def test_11_3_can_support(game, kw, expected):
    """Grimes (strength 4): supports at strength 2 and up, not at Fatigue 2."""
    s = setup_position(game, [unit("grimes", "cooley-house", **kw)], turn=3)
    assert combat.can_support(s, game.unit_index["grimes"]) is expected


@pytest.mark.parametrize("big, small, bonus", [(9, 3, 4), (8, 3, 3), (6, 3, 3), (5, 3, 2), (3, 2, 2),
                                              (4, 3, 1), (4, 4, 1), (2, 0, 3)])
def test_11_3_strength_ratio_bonus(game, big, small, bonus):
    """3 to 1: +4, 2 to 1: +3, 3 to 2: +2, else +1 (a zero strength counts as 1: 2 to 0 is 2 to 1)."""
    assert combat.ratio_bonus(game.tables, big, small) == bonus

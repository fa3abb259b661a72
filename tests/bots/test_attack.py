"""Given one attack at overwhelming odds and otherwise only passive choices, the bots attack."""

import pytest

from cwbattles.bots import make_bot
from cwbattles.engine.actions import Action
from tests.games.cedar_creek.helpers import setup_position, unit

FROM, TARGET = "cooley-south", "creek-mouth"     # level, open, adjacent; far from victory zones


def winning_attack(game):
    """Turn 5 (no surprise): Birge's brigade (9) has just moved into the lower Cooley fields,
    next to Forsberg (2, Fatigue 2) at the mouth of Cedar Creek, whose way back leads south over
    the creek, away from every victory zone. In the enemy's zone of control with 2 MP left, it
    may attack or stop."""
    return setup_position(game, [unit("birge-brigade", FROM, facing=TARGET),
                                 unit("forsberg", TARGET, facing="bowmans-ford", fatigue=2)],
                          turn=5, active="union", acted=("birge-brigade",),
                          frames=[["brigades", 0, "d:birge", ["u:birge-brigade"]], ["move", 0, "u:birge-brigade"]],
                          movement={"unit": "birge-brigade", "mp": 2, "moved": True, "extra": False,
                                    "toggled": False, "start_zoc": False, "piece_mp": 0})


def test_the_position_has_one_crushing_attack(game):
    s = winning_attack(game)
    attacks = [a for a in s.legal_actions() if a.kind == "attack"]
    assert len(attacks) == 1
    p = s.preview(attacks[0])
    assert p["defender_hit"] > 0.6 and p["attacker_hit"] == 0
    assert {a.kind for a in s.legal_actions()} == {"attack", "stop"}


@pytest.mark.parametrize("spec", ["heuristic", "mcts:60"])
def test_bots_find_the_winning_attack(game, spec):
    s = winning_attack(game)
    target = game.board.index[TARGET]
    bot = make_bot(spec, seed=1)
    assert bot.choose(s) == Action("attack", target)


def test_heuristic_facing_keeps_the_attack_alone(game):
    """After declaring, the attacker faces so that no other enemy zone joins the attack."""
    s = winning_attack(game)
    bot = make_bot("heuristic", seed=1)
    s.apply(bot.choose(s))
    while s.to_act == "union" and s.legal_actions()[0].kind != "resolve" and not s.combats[0][2]:
        a = bot.choose(s)
        assert a in s.legal_actions()
        s.apply(a)
    assert s.combats and s.combats[0][0] == (game.board.index[TARGET],)

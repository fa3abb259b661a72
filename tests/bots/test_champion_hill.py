"""The Champion Hill knowledge (``bots.knowledge.champion_hill``): legal choices in every kind
of decision, the obviously winning attack in a scripted position, the same game for the same
seed, an evaluation that rewards what the victory schedule rewards (21.3)."""

from collections import Counter

import pytest

from cwbattles.bots import make_bot
from cwbattles.bots.knowledge import champion_hill as kn
from cwbattles.bots.knowledge import for_game

from tests.bots.test_legal import play_checked
from tests.games.champion_hill.helpers import game as ch_game
from tests.games.champion_hill.helpers import position

G = ch_game()


def test_champion_hill_has_its_own_knowledge():
    assert for_game(G) is kn


@pytest.mark.parametrize("union, confederate", [("heuristic", "random"), ("random", "heuristic")])
def test_heuristic_plays_a_whole_game_legally(union, confederate):
    s, kinds = play_checked(G, 11, union, confederate, check_unchanged=(union == "heuristic"))
    assert s.is_over and s.result["final"]
    for kind in ("movement", "moving", "combat", "declare", "retreat", "advance"):
        assert kinds[kind], f"no {kind} decision met"


def winning_position():
    """Hovey's 1st brigade (8) next to Jackson's regiment (2) on clear ground: 4-1; his 2nd
    brigade (6) next to Cockrell (8): 1-2. Both must attack (8.1)."""
    return position(G, {"us-12-1": "1602", "cs-st-jackson": "1601", "us-12-2": "1704", "cs-bo-cockrell": "1804"},
                    phase="combat")


def test_8_9_the_heuristic_attacks_the_best_target_and_lowers_odds_that_risk_a_costly_exchange():
    s = winning_position()
    bot = make_bot("heuristic", seed=1)
    chosen = bot.choose(s)
    assert (chosen.kind, G.board.ids[chosen.a]) == ("attack", "1601")
    assert s.preview(chosen)["odds"] == "4-1"
    s.apply(chosen)                                   # the only attacker joins by itself
    assert s.stack[-1][3] == (G.unit_index["us-12-1"],)
    # on the printed table (8.6) 4-1 holds two Ex in six, each costing the 8-point brigade for
    # Jackson's 2; 2-1 holds none (Dr or Ar): the bot declares it (8.9)
    chosen = bot.choose(s)
    assert chosen.kind == "resolve_at" and G.tables.columns[chosen.a] == "2-1"


def test_same_seed_same_game():
    def play(seed):
        s = G.new_game(seed=seed)
        bots = {"union": make_bot("heuristic", seed=3), "confederate": make_bot("heuristic", seed=4)}
        moves = []
        for _ in range(400):
            a = bots[s.to_act].choose(s)
            moves.append(a)
            s.apply(a)
        return moves, s.to_position()
    assert play(5) == play(5)


def test_21_3_evaluation_rewards_the_crossroads_and_strength():
    held = position(G, {"us-12-1": "1309", "cs-st-lee": "0507"})
    lost = position(G, {"us-12-1": "1505", "cs-st-lee": "1309"})
    assert kn.evaluate(held) > kn.evaluate(lost) + 50        # 15 VP a Game-Turn for 11 turns
    s = G.new_game(seed=1)
    assert abs(kn.evaluate(s)) < 400
    counts = Counter(type(x) for x in kn.score_actions(s, s.legal_actions()))
    assert set(counts) == {float}

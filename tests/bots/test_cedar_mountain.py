"""The Cedar Mountain knowledge (``bots.knowledge.cedar_mountain``): legal choices in every kind of
decision, the set-up facing the enemy, a fire at the best target, the same game for the same seed,
and an evaluation that counts what the victory schedule counts (27.0)."""

from cwbattles.bots import make_bot
from cwbattles.bots.knowledge import cedar_mountain as kn
from cwbattles.bots.knowledge import for_game

from tests.bots.test_legal import play_checked
from tests.games.cedar_mountain.helpers import game as cm_game
from tests.games.cedar_mountain.helpers import position

G = cm_game(union_setup="choose")         # the set-up by hand: the bot places each unit


def test_cedar_mountain_has_its_own_knowledge():
    assert for_game(G) is kn


def test_heuristic_plays_a_whole_game_legally_against_random():
    s, kinds = play_checked(G, 11, "heuristic", "random", check_unchanged=False)
    assert s.is_over and s.result["final"]
    for kind in ("deploy_unit", "deploy_facing", "deploy_form", "command_phase", "movement", "moving", "fire",
                 "fire_decl"):
        assert kinds[kind], f"no {kind} decision met"


def test_the_heuristic_sets_up_facing_west_in_line():
    s = G.new_game(1)
    bot = make_bot("heuristic", seed=1)
    for _ in range(3):
        s.apply(bot.choose(s))
    u = G.unit_index["us-5ct"]
    assert G.board.compass[s.facing[u]] == "W" and s.form_name(u) == "line"


def test_the_heuristic_fires_at_the_most_valuable_target():
    """The 5th Connecticut can fire at a lone 1-point battalion or a 5-point stack in column."""
    units = {"us-5ct": ("1606", "W", "line"), "crawford": "1606",
             "cs-1vabn": ("1607", "E", "line"), "cs-13va": ("1707", "NE", "column"), "cs-25va": ("1707", "NE", "column")}
    s = position(G, units, phase="offensive_fire")
    bot = make_bot("heuristic", seed=1)
    a = bot.choose(s)
    assert a.kind == "fire_at" and G.board.ids[a.a] == "1707"


def test_same_seed_same_game():
    def play(seed):
        s = G.new_game(seed=seed)
        bots = {"union": make_bot("heuristic", seed=3), "confederate": make_bot("heuristic", seed=4)}
        moves = []
        for _ in range(600):
            a = bots[s.to_act].choose(s)
            moves.append(a)
            s.apply(a)
        return moves, s.to_position()
    assert play(5) == play(5)


def test_evaluation_counts_the_score_and_the_victory_hexes():
    s = position(G, {"us-5ct": ("2319", "W", "line"), "crawford": "2319"})
    base = kn.evaluate(s)
    s2 = position(G, {"cs-13va": ("2319", "E", "line"), "early": "2319"})
    assert base > 0 > kn.evaluate(s2)                     # a Victory Point hex held for the turns left
    s.vp_hex = (0, 20)
    assert kn.evaluate(s) < base

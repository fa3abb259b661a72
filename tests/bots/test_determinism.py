"""The same seed gives the same game."""

from cwbattles.bots import make_bot


def actions_of(game, seed, union, confederate, limit=None):
    s = game.new_game(seed=seed)
    bots = {"union": make_bot(union, seed=11), "confederate": make_bot(confederate, seed=12)}
    out = []
    while not s.is_over and (limit is None or len(out) < limit):
        a = bots[s.to_act].choose(s)
        out.append(a)
        s.apply(a)
    return out, s


def test_heuristic_same_seed_same_game(game):
    a, sa = actions_of(game, 9, "heuristic", "random")
    b, sb = actions_of(game, 9, "heuristic", "random")
    assert a == b and sa.to_position() == sb.to_position()


def test_mcts_with_a_simulation_budget_is_repeatable(game):
    a, _ = actions_of(game, 4, "mcts:10", "mcts:10", limit=25)
    b, _ = actions_of(game, 4, "mcts:10", "mcts:10", limit=25)
    assert a == b


def test_another_seed_another_game(game):
    a, _ = actions_of(game, 1, "random", "random", limit=200)
    b, _ = actions_of(game, 2, "random", "random", limit=200)
    assert a != b

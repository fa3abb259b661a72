"""The search stops once its choice is made (``settled``): the heuristic's first option leads by
more visits than the rest of the budget could give any other option."""

from cwbattles.bots import make_bot, mcts
from cwbattles.bots.mcts import Node, settled


def root_with(visits: dict) -> Node:
    root = Node()
    for option, n in visits.items():
        root.stats[("union", option)] = [n, 0.5 * n, 0.25 * n]
    return root


def test_settled_needs_the_first_option_to_lead_by_more_than_what_is_left():
    root = root_with({"a": 40, "b": 10, "c": 2})
    assert settled(root, "union", ["a", "b", "c"], left=30)
    assert not settled(root, "union", ["a", "b", "c"], left=31)
    assert not settled(root, "union", ["b", "a", "c"], left=0)     # another option leads
    assert settled(root_with({"a": 5}), "union", ["a", "never-tried"], left=5)
    assert not settled(root_with({"a": 5}), "union", ["a", "never-tried"], left=6)


def test_stopping_when_settled_changes_no_move_under_a_simulation_budget(game, monkeypatch):
    """Two mcts:40 bots, one of which never stops early, choose the same moves in the same
    positions; the one that stops spends fewer simulations."""
    s = game.new_game(seed=11)
    stopping, full = make_bot("mcts:40", seed=3), make_bot("mcts:40", seed=3)
    spent = {"stopping": 0, "full": 0}
    searched = 0
    for _ in range(40):
        if s.is_over:
            break
        a = stopping.choose(s)
        spent["stopping"] += stopping.last["simulations"] if stopping.last else 0
        with monkeypatch.context() as m:
            m.setattr(mcts, "SETTLED_EVERY", 10 ** 9)
            b = full.choose(s)
        spent["full"] += full.last["simulations"] if full.last else 0
        searched += bool(full.last and full.last["simulations"])
        stopping.last = full.last = None
        assert a == b
        s.apply(a)
    assert searched >= 5
    assert spent["full"] == 40 * searched
    assert spent["stopping"] < spent["full"]


def test_mcts_0_plays_the_heuristics_best_grouped_action_without_searching(game):
    """mcts:0 measures what the search adds: at every decision it plays the first step of the
    heuristic's best option (a grouped action at the start of a brigade's action)."""
    import random

    from cwbattles.bots import knowledge
    from cwbattles.bots.mcts import Search
    kn = knowledge.for_game(game)
    s = game.new_game(seed=4)
    bot = make_bot("mcts:0", seed=1)
    checked = 0
    tied = []

    def heuristic_choice(st, acts):
        """The heuristic's best-scored step; it breaks ties with its own generator, so any of
        the tied steps is the heuristic's play."""
        scores = kn.score_actions(st, acts)
        tied[:] = [a for a, v in zip(acts, scores) if v >= max(scores) - 1e-9]
        return tied[0]

    for _ in range(400):
        legal = s.legal_actions()
        if bot.plan is None and len(legal) > 1 and kn.macro_point(s, legal):
            order, _ = Search(kn, random.Random(0), macros=True).root_entry(s, legal)
            tied.clear()
            first = kn.macro_step(s, order[0], legal, heuristic_choice)
            chosen = bot.choose(s)
            assert (chosen == first or chosen in tied) and bot.last["simulations"] == 0
            assert set(bot.last["visits"].values()) <= {0}
            checked += 1
        else:
            chosen = bot.choose(s)
        s.apply(chosen)
    assert checked >= 10


def test_equal_first_choices_are_ordered_by_the_seed_as_the_heuristic_breaks_ties():
    """The search's first option among equally scored actions is drawn with its seeded
    generator (as ``pick`` does), not always the first listed; macros keep their order, the
    heuristic's own play first."""
    import random
    from cwbattles.bots.mcts import _priors
    firsts = {_priors(["a", "b", "c"], [1.0, 1.0, 0.0], random.Random(seed))[0][0] for seed in range(20)}
    assert firsts == {"a", "b"}
    order, priors = _priors(["a", "b", "c"], [1.0, 1.0, 0.0], random.Random(3))
    assert order[2] == "c" and priors["a"] == priors["b"] > priors["c"]
    assert _priors(["p", "q"], [2.0, 2.0])[0] == ["p", "q"]

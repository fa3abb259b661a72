"""Bot specs: names, budgets, errors."""

import pytest

from cwbattles.bots import make_bot, names, parse_spec


def test_names_list_every_bot():
    assert {"random", "heuristic", "mcts"} <= set(names())


@pytest.mark.parametrize("spec, budget", [
    ("random", {"seconds": None, "simulations": None, "workers": 1}),
    ("heuristic", {"seconds": None, "simulations": None, "workers": 1}),
    ("mcts:1s", {"seconds": 1.0, "simulations": None, "workers": 1}),
    ("mcts:500ms", {"seconds": 0.5, "simulations": None, "workers": 1}),
    ("mcts:2000", {"seconds": None, "simulations": 2000, "workers": 1}),
    ("mcts:1s:2w", {"seconds": 1.0, "simulations": None, "workers": 2}),
    ("mcts:2w:300", {"seconds": None, "simulations": 300, "workers": 2}),
    ("mcts:0", {"seconds": None, "simulations": 0, "workers": 1}),
])
def test_specs_parse(spec, budget):
    assert parse_spec(spec) == (spec.split(":")[0], budget)


@pytest.mark.parametrize("spec", ["nonsense", "mcts:abc", "mcts:-1", "mcts:0s", "mcts:-1s", "mcts:0w", "heuristic:1s", "random:5"])
def test_bad_specs_are_refused(spec):
    with pytest.raises(ValueError):
        make_bot(spec)


def test_make_bot_keeps_its_spec_and_budget():
    bot = make_bot("mcts:1s:2w", seed=3)
    assert bot.spec == "mcts:1s:2w" and bot.seconds == 1.0 and bot.simulations is None and bot.workers == 2
    bot.close()
    bot = make_bot("mcts:2000", seed=3)
    assert bot.simulations == 2000 and bot.seconds is None and bot.workers == 1

"""The OpenSpiel adapter passes OpenSpiel's own random simulation test (with serialization)
and OpenSpiel's MCTSBot plays a whole game through it."""

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
import cwbattles  # noqa: E402
import cwbattles.adapters.openspiel  # noqa: E402,F401  (registers the games)
from cwbattles.engine.dice import Dice  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402


def test_registered_and_described():
    game = pyspiel.load_game("cwbattles_cedar_creek")
    t = game.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_distinct_actions() == len(cwbattles.load("cedar-creek").all_actions())
    s = game.new_initial_state()
    # 12, 10.4: Payne arrives before the first die and the Confederates choose his facing
    assert not s.is_chance_node() and s.current_player() == 1
    s.apply_action(s.legal_actions()[0])
    assert s.is_chance_node() and s.chance_outcomes() == [(k, 1 / 6) for k in range(6)]


@pytest.mark.parametrize("name", ["cwbattles_cedar_creek", "cwbattles_champion_hill", "cwbattles_cedar_mountain",
                                  "cwbattles_chancellorsville"])
def test_random_sim_test_with_serialization(name):
    game = pyspiel.load_game(name)
    # Cedar Mountain's games are three times as long (some 3,000 decisions): one of them is enough
    # Chancellorsville's some 5,000: one as well
    sims = 1 if name in ("cwbattles_cedar_mountain", "cwbattles_chancellorsville") else 2
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_chance_nodes_follow_the_dice_of_the_engine():
    """The rolls given as chance outcomes, scripted into a native game with the same player
    actions, reproduce the adapter's position exactly."""
    game = pyspiel.load_game("cwbattles_cedar_creek")
    native = cwbattles.load("cedar-creek")
    rng = random.Random(3)
    s = game.new_initial_state()
    rolls, actions = [], []
    while len(actions) < 300 or s.is_chance_node():
        if s.is_chance_node():
            k = rng.randrange(6)
            rolls.append(k + 1)
            s.apply_action(k)
        else:
            a = rng.choice(s.legal_actions())
            actions.append(a)
            s.apply_action(a)
    dice = Dice(0)
    dice.set_script(rolls)
    n = native.new_game(seed=0, dice=dice)
    space = native.all_actions()
    for a in actions:
        n.apply(space[a])
    assert not dice.script and dice.calls == len(rolls)
    mine, theirs = s.driver.state.to_position(), n.to_position()
    mine.pop("dice"), theirs.pop("dice")
    assert mine == theirs


def test_observation_tensor_and_strings():
    game = pyspiel.load_game("cwbattles_cedar_creek")
    s = game.new_initial_state()
    while s.is_chance_node():
        s.apply_action(0)
    obs = np.array(s.observation_tensor(0))
    assert obs.shape == (game.observation_tensor_size(),) and obs.any()
    assert s.observation_string(0) == s.information_state_string(1)
    assert "confederate" in s.observation_string(0)


def test_openspiel_mcts_bot_plays_a_game_to_the_end():
    game = pyspiel.load_game("cwbattles_cedar_creek")

    class Flat(mcts.Evaluator):      # no rollouts: a quick, legal, complete game
        def evaluate(self, state):
            return np.zeros(2)

        def prior(self, state):
            if state.is_chance_node():
                return state.chance_outcomes()
            legal = state.legal_actions()
            return [(a, 1 / len(legal)) for a in legal]

    bot = mcts.MCTSBot(game, uct_c=1.4, max_simulations=3, evaluator=Flat(), random_state=np.random.RandomState(1))
    rng = np.random.RandomState(2)
    s = game.new_initial_state()
    steps = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(int(rng.randint(6)))
        else:
            s.apply_action(bot.step(s))
        steps += 1
    assert sorted(s.returns()) == [-1.0, 1.0] and steps > 100

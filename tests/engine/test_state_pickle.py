"""A state pickles and unpickles whole, however long its log (OpenSpiel's serialization and
worker processes pickle states)."""

import pickle
import random
import sys

import cwbattles


def test_a_long_log_pickles_within_the_recursion_limit_and_comes_back_the_same():
    game = cwbattles.load("cedar-creek")
    state = game.new_game(seed=5)
    rng = random.Random(5)
    for _ in range(200):
        state.apply(rng.choice(state.legal_actions()))
    for i in range(3 * sys.getrecursionlimit()):      # a log far longer than any one game's
        state.note("-", f"event {i}")
    back = pickle.loads(pickle.dumps(state))
    assert back.to_position() == state.to_position()
    assert back.log == state.log and back.to_act == state.to_act
    assert back.legal_actions() == state.legal_actions()
    action = rng.choice(state.legal_actions())
    state.apply(action)
    back.apply(action)
    assert back.to_position() == state.to_position() and back.log == state.log

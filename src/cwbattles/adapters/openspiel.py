"""OpenSpiel: every cwbattles game as a pyspiel Python game, ``cwbattles_<game>``.

Importing this module registers ``cwbattles_cedar_creek``. Sequential, explicit stochastic
(each die is a chance node with outcomes 1-6, probability 1/6 each), perfect information,
zero-sum (+1 win, -1 loss). Actions are indices into ``game.all_actions()``; chance outcome k
is the die roll k + 1.

    import pyspiel, cwbattles.adapters.openspiel
    game = pyspiel.load_game("cwbattles_cedar_creek")
"""

from __future__ import annotations

import numpy as np
import pyspiel

import cwbattles

from .common import ActionSpace, ChanceDriver, observation, observation_size, observation_text, returns

MAX_GAME_LENGTH = 50_000     # player actions and chance outcomes: generous bound on one game


def _game_type(name: str) -> pyspiel.GameType:
    short = "cwbattles_" + name.replace("-", "_")
    return pyspiel.GameType(
        short_name=short, long_name=f"cwbattles {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2, min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={})


def make_game_class(name: str):
    native = cwbattles.load(name)
    space = ActionSpace(native)
    game_type = _game_type(name)
    game_info = pyspiel.GameInfo(num_distinct_actions=space.size, max_chance_outcomes=6, num_players=2,
                                 min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                                 max_game_length=MAX_GAME_LENGTH)

    class CwGame(pyspiel.Game):
        def __init__(self, params=None):
            super().__init__(game_type, game_info, params or dict())
            self.native = native
            self.space = space
            self.initial = ChanceDriver(native)     # set up once; every new state starts from a clone

        def new_initial_state(self):
            return CwState(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            return CwObserver(self)

    class CwState(pyspiel.State):
        def __init__(self, game):
            super().__init__(game)
            self.driver = game.initial.clone()
            self.space = game.space
            self.seen: dict = {}      # the text and tensor of this position, asked for many times a step

        def current_player(self):
            d = self.driver
            if d.is_chance:
                return pyspiel.PlayerId.CHANCE
            if d.state.is_over:
                return pyspiel.PlayerId.TERMINAL
            return 0 if d.state.to_act == "union" else 1

        def _legal_actions(self, player):
            if self.driver.is_chance or self.driver.state.is_over:
                return []
            return self.space.legal_indices(self.driver.state)

        def chance_outcomes(self):
            return [(k, 1.0 / 6.0) for k in range(6)]

        def _apply_action(self, action):
            self.seen = {}
            if self.driver.is_chance:
                self.driver.apply_chance(int(action) + 1)
            else:
                self.driver.apply_action(self.space.actions[int(action)])

        def _action_to_string(self, player, action):
            if player == pyspiel.PlayerId.CHANCE:
                return f"die {int(action) + 1}"
            return self.driver.game.describe(self.space.actions[int(action)])

        def is_terminal(self):
            return not self.driver.is_chance and self.driver.state.is_over

        def returns(self):
            return returns(self.driver.state) if self.is_terminal() else [0.0, 0.0]

        def __str__(self):
            if "text" not in self.seen:
                self.seen["text"] = observation_text(self.driver.state) + (
                    f" | rolling {self.driver.rolls}" if self.driver.is_chance else "")
            return self.seen["text"]

        def observation_vector(self):
            if "tensor" not in self.seen:
                self.seen["tensor"] = observation(self.driver.state)
            return self.seen["tensor"]

    class CwObserver:
        """Perfect information: observation and information state are the same tensor."""

        def __init__(self, game):
            self.tensor = np.zeros(observation_size(game.native), np.float32)
            self.dict = {"observation": self.tensor}

        def set_from(self, state, player):
            obs = state.observation_vector()
            self.tensor[:] = 0 if obs is None else obs

        def string_from(self, state, player):
            return str(state)

    CwGame.__name__ = CwGame.__qualname__ = f"CwGame_{name.replace('-', '_')}"
    return game_type, CwGame


GAME_CLASSES = {}
for _name in cwbattles.games():
    _type, _cls = make_game_class(_name)
    GAME_CLASSES[_type.short_name] = _cls
    pyspiel.register_game(_type, _cls)

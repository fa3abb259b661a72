"""Gymnasium: one side of a cwbattles game against any cwbattles bot.

Importing this module registers ``cwbattles/CedarCreek-v0`` (one id per game):

    import gymnasium as gym, cwbattles.adapters.gymnasium
    env = gym.make("cwbattles/CedarCreek-v0", side="union", opponent="heuristic")
    obs, info = env.reset(seed=1)
    action = pick(obs["observation"], obs["action_mask"])
    obs, reward, terminated, truncated, info = env.step(action)

The observation is the same dict as the PettingZoo adapter's (``observation`` tensor and
``action_mask``). The opponent's decisions are played inside ``step``. An action outside the
mask changes nothing and costs ``illegal_penalty`` (default -0.01), so a learner that ignores
the mask is told, not crashed. Reward: +1 win, -1 loss at the end.
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium import spaces

import cwbattles
from cwbattles.bots import make_bot

from .common import OBS_HIGH, SIDES, ActionSpace, observation, observation_size, observation_text, returns


class CwbattlesEnv(gym.Env):
    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, game: str = "cedar-creek", side: str = "union", opponent: str = "heuristic",
                 illegal_penalty: float = -0.01, max_steps: int = 20_000, render_mode: str | None = None):
        if side not in SIDES:
            raise ValueError(f"side must be 'union' or 'confederate', got {side!r}")
        self.native = cwbattles.load(game)
        self.side = side
        self.opponent_spec = opponent
        self.illegal_penalty = illegal_penalty
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.space = ActionSpace(self.native)
        n_obs = observation_size(self.native)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(low=0.0, high=OBS_HIGH, shape=(n_obs,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.space.size,), dtype=np.int8)})
        self.action_space = spaces.Discrete(self.space.size)
        self.state = None

    def _obs(self):
        return {"observation": observation(self.state), "action_mask": self.space.mask(self.state)
                if self.state.to_act == self.side else np.zeros(self.space.size, np.int8)}

    def _opponent_plays(self) -> None:
        while not self.state.is_over and self.state.to_act != self.side:
            self.state.apply(self.opponent.choose(self.state))

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2 ** 31 - 1)) if seed is None else int(seed)
        self.state = self.native.new_game(seed=game_seed)
        self.opponent = make_bot(self.opponent_spec, seed=game_seed + 1)
        self.steps = 0
        self._opponent_plays()
        return self._obs(), {"seed": game_seed}

    def step(self, action):
        self.steps += 1
        chosen = self.space.actions[int(action)]
        if self.state.is_over or chosen not in self.state.legal_actions():
            truncated = self.steps >= self.max_steps
            return self._obs(), self.illegal_penalty, False, truncated, {"illegal": True}
        self.state.apply(chosen)
        self._opponent_plays()
        terminated = self.state.is_over
        reward = returns(self.state)[SIDES.index(self.side)] if terminated else 0.0
        truncated = not terminated and self.steps >= self.max_steps
        return self._obs(), reward, terminated, truncated, {"illegal": False}

    def render(self):
        if self.render_mode == "ansi":
            return observation_text(self.state)
        return None


def _env_id(name: str) -> str:
    return "cwbattles/" + "".join(part.capitalize() for part in name.split("-")) + "-v0"


for _name in cwbattles.games():
    if _env_id(_name) not in gym.registry:
        gym.register(id=_env_id(_name), entry_point=CwbattlesEnv, kwargs={"game": _name})

"""PettingZoo: a two-agent AEC environment for every cwbattles game.

    from cwbattles.adapters.pettingzoo import env
    e = env(game="cedar-creek")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else pick(obs["observation"], obs["action_mask"])
        e.step(action)

Agents are "union" and "confederate". Each observation is a dict: ``observation`` (the
fixed-size float32 tensor described in ``common.observation``: per zone, units, strength,
fatigue, rout, control, the moving brigade and the zone's victory value; then turn, round, who
acts, Sheridan, tactical retreat, MP left and the pending decision's kind) and
``action_mask`` (int8, 1 for each legal action index of ``game.all_actions()``). Dice are the
engine's own, seeded by ``reset(seed)``. Rewards: +1 / -1 at the end.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import cwbattles

from .common import OBS_HIGH, SIDES, ActionSpace, observation, observation_size, observation_text, returns


class CwbattlesAEC(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "cwbattles_v0", "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game: str = "cedar-creek", render_mode: str | None = None, max_steps: int = 20_000):
        super().__init__()
        self.native = cwbattles.load(game)
        self.space = ActionSpace(self.native)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.possible_agents = list(SIDES)
        n_obs = observation_size(self.native)
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(low=0.0, high=OBS_HIGH, shape=(n_obs,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.space.size,), dtype=np.int8)})
        self._act_space = spaces.Discrete(self.space.size)
        self.state = None

    def observation_space(self, agent):
        return self._obs_space

    def action_space(self, agent):
        return self._act_space

    def reset(self, seed=None, options=None):
        seed = 0 if seed is None else int(seed)
        self.state = self.native.new_game(seed=seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.steps = 0
        self.agent_selection = self.state.to_act

    def observe(self, agent):
        obs = observation(self.state)
        mask = self.space.mask(self.state) if (self.state.to_act == agent) else np.zeros(self.space.size, np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        legal = self.state.legal_actions()
        chosen = self.space.actions[int(action)]
        if chosen not in legal:
            raise ValueError(f"illegal action {int(action)} ({self.native.describe(chosen)}) for {agent}; "
                             "use the action_mask")
        self.state.apply(chosen)
        self.steps += 1
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_over:
            r = returns(self.state)
            self.rewards = {side: r[i] for i, side in enumerate(SIDES)}
            self.terminations = {a: True for a in self.agents}
        elif self.steps >= self.max_steps:
            self.truncations = {a: True for a in self.agents}
        self._accumulate_rewards()
        if not self.state.is_over and not any(self.truncations.values()):
            self.agent_selection = self.state.to_act
        else:
            # both agents are done: each will be stepped with None once, the side that just acted last
            self.agent_selection = SIDES[1 - SIDES.index(agent)]

    def render(self):
        if self.render_mode == "ansi":
            return observation_text(self.state)
        return None

    def close(self):
        pass


def env(game: str = "cedar-creek", **kwargs) -> CwbattlesAEC:
    """The AEC environment of ``game`` (any name ``cwbattles.games()`` lists)."""
    return CwbattlesAEC(game=game, **kwargs)

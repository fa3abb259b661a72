"""The PettingZoo and Gymnasium adapters pass the test suites those projects ship."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
gym = pytest.importorskip("gymnasium")

import cwbattles.adapters.gymnasium  # noqa: E402,F401  (registers the environments)
from cwbattles.adapters.pettingzoo import env  # noqa: E402


@pytest.mark.parametrize("game", ["cedar-creek", "champion-hill", "cedar-mountain", "chancellorsville"])
def test_pettingzoo_api_test(game):
    from pettingzoo.test import api_test
    api_test(env(game=game), num_cycles=300, verbose_progress=False)


def test_pettingzoo_plays_a_whole_game_with_masks():
    e = env()
    e.reset(seed=4)
    rng = np.random.default_rng(0)
    finals = {}
    for agent in e.agent_iter(max_iter=20_000):
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            finals[agent] = reward
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) and obs["observation"].shape == e.observation_space(agent)["observation"].shape
        e.step(int(rng.choice(legal)))
    assert sorted(finals.values()) == [-1.0, 1.0]


@pytest.mark.parametrize("env_id", ["cwbattles/CedarCreek-v0", "cwbattles/ChampionHill-v0", "cwbattles/CedarMountain-v0",
                                    "cwbattles/Chancellorsville-v0"])
def test_gymnasium_check_env_and_registration(env_id):
    from gymnasium.utils.env_checker import check_env
    e = gym.make(env_id, side="confederate", opponent="random")
    check_env(e.unwrapped, skip_render_check=True)


def test_gymnasium_episode_against_a_bot():
    e = gym.make("cwbattles/CedarCreek-v0", side="union", opponent="random")
    obs, info = e.reset(seed=2)
    rng = np.random.default_rng(1)
    total, done = 0.0, False
    # an illegal action changes nothing and costs a little
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs2, r, terminated, truncated, info2 = e.step(bad)
    assert info2["illegal"] and r == pytest.approx(-0.01) and np.array_equal(obs2["observation"], obs["observation"])
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, r, terminated, truncated, _ = e.step(action)
        total += r
        done = terminated or truncated
    assert terminated and total in (-1.0, 1.0)

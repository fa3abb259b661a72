"""OpenSpiel's MCTSBot through the adapter against cwbattles' own mcts bot, on Cedar Creek.

    python bench/openspiel_vs_native.py [--positions 5] [--sims 40] [--seconds 0.5] [--games 2]

1. Speed: on the same positions (sampled from random games), simulations per second of
   OpenSpiel's MCTSBot (random rollouts to the end, explicit chance nodes, through the
   adapter) and of our mcts (its own rollouts and evaluation), each given ``--sims``
   simulations per decision.
2. Strength: a short match at equal time per decision (``--seconds``): OpenSpiel's bot gets as
   many simulations as its measured speed allows in that time; sides swap every game.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
import pyspiel

import cwbattles
import cwbattles.adapters.openspiel  # noqa: F401  (registers the game)
from cwbattles.adapters.common import ActionSpace
from cwbattles.bots import make_bot
from cwbattles.engine.dice import Dice
from open_spiel.python.algorithms import mcts as os_mcts


def sample_positions(game, n, seed):
    """Spiel states at decision points reached by random play from several seeds."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        s = game.new_initial_state()
        steps = rng.randrange(60, 400)
        while not s.is_terminal() and (steps > 0 or s.is_chance_node()):
            if s.is_chance_node():
                s.apply_action(rng.randrange(6))
            else:
                s.apply_action(rng.choice(s.legal_actions()))
                steps -= 1
        if not s.is_terminal():
            out.append(s)
    return out


def native_copy(spiel_state, seed):
    """The engine state behind a spiel state, with ordinary seeded dice for our bot."""
    s = spiel_state.driver.state.clone()
    s.dice = Dice(seed)
    return s


def speed(game, positions, sims):
    bot = os_mcts.MCTSBot(game, uct_c=1.4, max_simulations=sims,
                          evaluator=os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0)),
                          random_state=np.random.RandomState(1))
    t0 = time.perf_counter()
    for p in positions:
        bot.step(p.clone())
    theirs = sims * len(positions) / (time.perf_counter() - t0)
    ours_bot = make_bot(f"mcts:{sims}", seed=3)
    t0 = time.perf_counter()
    for i, p in enumerate(positions):
        ours_bot.choose(native_copy(p, i))
    ours = sims * len(positions) / (time.perf_counter() - t0)
    return theirs, ours


def match(game, seconds, their_sims, games, seed):
    """Sides swap every game; returns wins of 'ours' and 'openspiel'."""
    space = ActionSpace(game.native)
    wins = {"ours": 0, "openspiel": 0}
    rng = np.random.RandomState(seed)
    for g in range(games):
        ours_side = g % 2                       # 0 union, 1 confederate
        ours = make_bot(f"mcts:{seconds}s", seed=seed + g)
        theirs = os_mcts.MCTSBot(game, uct_c=1.4, max_simulations=max(2, their_sims),
                                 evaluator=os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
                                 random_state=rng)
        s = game.new_initial_state()
        k = 0
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(int(rng.randint(6)))
            elif s.current_player() == ours_side:
                a = ours.choose(native_copy(s, seed * 1000 + k))
                s.apply_action(space.index[a])
            else:
                s.apply_action(theirs.step(s))
            k += 1
        winner = 0 if s.returns()[0] > 0 else 1
        wins["ours" if winner == ours_side else "openspiel"] += 1
        print(f"  game {g + 1}: ours played {'Union' if ours_side == 0 else 'Confederates'}, "
              f"{'ours' if winner == ours_side else 'OpenSpiel'} won")
    return wins


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=5)
    ap.add_argument("--sims", type=int, default=40)
    ap.add_argument("--seconds", type=float, default=0.5, help="time per decision in the match")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    game = pyspiel.load_game("cwbattles_cedar_creek")
    positions = sample_positions(game, a.positions, a.seed)
    theirs, ours = speed(game, positions, a.sims)
    print(f"positions: {len(positions)}, {a.sims} simulations per decision")
    print(f"OpenSpiel MCTSBot (random rollouts, through the adapter): {theirs:8.1f} simulations/s")
    print(f"cwbattles mcts (native):                                 {ours:8.1f} simulations/s")
    print(f"ratio: {ours / theirs:.1f}x")
    if a.games:
        their_sims = int(theirs * a.seconds)
        print(f"match, {a.seconds:g} s per decision (OpenSpiel gets {their_sims} simulations), {a.games} games:")
        wins = match(game, a.seconds, their_sims, a.games, a.seed)
        print(f"result: cwbattles mcts {wins['ours']}, OpenSpiel MCTSBot {wins['openspiel']}")


if __name__ == "__main__":
    main()

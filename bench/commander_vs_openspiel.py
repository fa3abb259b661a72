"""The commander against OpenSpiel's MCTSBot through the adapter, at equal CPU time a game.

    nice -n 10 python bench/commander_vs_openspiel.py cedar-creek --seconds 30 --games 4 --seed 31

Issue 29, point 6. Each side has ``--seconds`` of this process's CPU clock for the whole game.
The commander divides its time itself (``commander:Ts`` on the CPU clock). OpenSpiel's MCTSBot
(UCT, random rollouts to the end, explicit chance nodes, as OpenSpiel ships it) has no time
control of its own, so before each of its decisions it is given as many simulations as its time
left allows: the time left divided by the decisions it still expects (its side's decisions in
the games played so far, or a first guess), at the simulations a second it has shown so far.
Sides swap every game; the same game seed is used for both games of a pair, so the chance
nodes are drawn from the same sequence until the players' choices part.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
import pyspiel

import cwbattles.adapters.openspiel  # noqa: F401  (registers the games)
from cwbattles.adapters.common import ActionSpace
from cwbattles.bots.commander import CommanderBot
from cwbattles.engine.dice import Dice
from open_spiel.python.algorithms import mcts as os_mcts

SIDES = ("Union", "Confederates")


class TimedMCTS:
    """OpenSpiel's MCTSBot with a whole-game budget on the CPU clock."""

    def __init__(self, game, seconds: float, expected_decisions: int, seed: int):
        self.game, self.left, self.expected = game, seconds, max(1, expected_decisions)
        self.rng = np.random.RandomState(seed)
        self.sims_per_second = 200.0          # a first guess, replaced by what it measures
        self.decisions = 0

    def step(self, state) -> int:
        remaining = max(1, self.expected - self.decisions)
        share = max(0.0, self.left) / remaining
        sims = max(2, int(self.sims_per_second * share))
        bot = os_mcts.MCTSBot(self.game, uct_c=1.4, max_simulations=sims,
                              evaluator=os_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self.rng),
                              random_state=self.rng)
        start = time.process_time()
        action = bot.step(state)
        used = time.process_time() - start
        self.left -= used
        self.decisions += 1
        if used > 0:
            self.sims_per_second = 0.7 * self.sims_per_second + 0.3 * (sims / used)
        return action


def play(game, space, commander_side: int, seconds: float, expected: int, seed: int) -> dict:
    commander = CommanderBot(seed=seed, seconds=seconds, clock=time.process_time)
    theirs = TimedMCTS(game, seconds, expected, seed)
    chance = np.random.RandomState(seed)
    s = game.new_initial_state()
    k = 0
    used = {"commander": 0.0, "openspiel": 0.0}
    theirs_decisions = 0
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes, probs = zip(*s.chance_outcomes())
            s.apply_action(int(chance.choice(outcomes, p=probs)))
            continue
        start = time.process_time()
        if s.current_player() == commander_side:
            native = s.driver.state.clone()
            native.dice = Dice(seed * 100003 + k)      # the bot never reads the game's own dice
            s.apply_action(space.index[commander.choose(native)])
            used["commander"] += time.process_time() - start
        else:
            s.apply_action(theirs.step(s))
            used["openspiel"] += time.process_time() - start
            theirs_decisions += 1
        k += 1
    margin = s.returns()[0]                             # the Union's return
    ours = margin if commander_side == 0 else -margin
    return {"commander_side": SIDES[commander_side], "commander_return": ours,
            "seconds": used, "openspiel_decisions": theirs_decisions}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("game", nargs="?", default="cedar-creek")
    ap.add_argument("--seconds", type=float, default=30.0, help="CPU seconds a game for each side")
    ap.add_argument("--games", type=int, default=4, help="games (pairs of two, sides swapped)")
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--expected", type=int, default=400, help="first guess of a side's decisions a game")
    a = ap.parse_args()
    game = pyspiel.load_game("cwbattles_" + a.game.replace("-", "_"))
    space = ActionSpace(game.native)
    expected = a.expected
    results = []
    for g in range(a.games):
        r = play(game, space, g % 2, a.seconds, expected, a.seed + g // 2)
        expected = r["openspiel_decisions"] or expected        # what a game of its side takes
        results.append(r)
        print(f"game {g + 1}: commander as {r['commander_side']}, its return {r['commander_return']:+.3g}; "
              f"CPU s commander {r['seconds']['commander']:.1f}, OpenSpiel {r['seconds']['openspiel']:.1f} "
              f"({r['openspiel_decisions']} decisions)", flush=True)
    wins = sum(r["commander_return"] > 0 for r in results)
    draws = sum(r["commander_return"] == 0 for r in results)
    xs = [r["commander_return"] for r in results]
    mean = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / max(1, len(xs) - 1))
    half = 1.96 * sd / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    print(f"{a.game}: commander:{a.seconds:g}s (CPU) v OpenSpiel MCTSBot at equal CPU time, {len(xs)} games: "
          f"commander wins {wins}, draws {draws}; its mean return {mean:+.3g} (95% CI {mean - half:+.3g} to {mean + half:+.3g})")


if __name__ == "__main__":
    main()

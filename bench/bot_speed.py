"""Speed of the bots, printed as numbers (no pass/fail).

    python bench/bot_speed.py [--game NAME] [--seed S] [--positions N] [--simulations K]
                              [--seconds T]

Positions are taken from a heuristic-v-heuristic game (every decision of the side to act at
evenly spaced points of the game). For each position the bench times the heuristic's choice,
and an mcts search of K simulations (one process), and prints the mean milliseconds per
heuristic decision, the mean milliseconds per mcts decision, the simulations per second, and
how many of the K simulations a search ran before its choice was settled (``mcts.settled``).
With ``--seconds T`` it also times the mcts bot's whole decision at a budget of T seconds, with
and without stopping once settled.
"""

from __future__ import annotations

import argparse
import random
import time

import cwbattles
from cwbattles.bots import knowledge, make_bot
from cwbattles.bots import mcts
from cwbattles.bots.mcts import Search


def sample_positions(game, seed: int, count: int) -> list:
    """``count`` states spread over one heuristic-v-heuristic game."""
    bots = {side: make_bot("heuristic", seed=seed + k) for k, side in enumerate(("union", "confederate"))}
    state = game.new_game(seed=seed)
    states = []
    while not state.is_over:
        states.append(state.clone())
        state.apply(bots[state.to_act].choose(state))
    step = max(1, len(states) // count)
    return states[::step][:count]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="cedar-creek")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--simulations", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=0.0)
    args = ap.parse_args()
    game = cwbattles.load(args.game)
    positions = sample_positions(game, args.seed, args.positions)

    heuristic = make_bot("heuristic", seed=args.seed)
    t0 = time.perf_counter()
    for s in positions:
        heuristic.choose(s)
    h_ms = (time.perf_counter() - t0) * 1000 / len(positions)

    search = Search(knowledge.for_game(game), random.Random(args.seed))
    sims = early = 0
    t0 = time.perf_counter()
    for s in positions:
        _, n = search.run(s, simulations=args.simulations)
        sims += n
        early += n < args.simulations
    spent = time.perf_counter() - t0

    print(f"{args.game}: {len(positions)} positions from one heuristic game (seed {args.seed})")
    print(f"heuristic: {h_ms:.2f} ms a decision")
    print(f"mcts, {args.simulations} simulations: {spent * 1000 / len(positions):.0f} ms a decision, "
          f"{sims / spent:.0f} simulations a second")
    print(f"  {sims / len(positions):.1f} simulations run a search on average; "
          f"{early} of {len(positions)} searches settled before the budget")
    if args.seconds:
        settled_every = mcts.SETTLED_EVERY
        for label, every in (("stopping once settled", settled_every), ("never stopping early", 10 ** 9)):
            mcts.SETTLED_EVERY = every
            bot = make_bot(f"mcts:{args.seconds:g}s", seed=args.seed)
            t0 = time.perf_counter()
            for s in positions:
                bot.plan = None
                bot.choose(s)
            print(f"mcts:{args.seconds:g}s, {label}: "
                  f"{(time.perf_counter() - t0) / len(positions):.2f} s a decision")
        mcts.SETTLED_EVERY = settled_every


if __name__ == "__main__":
    main()

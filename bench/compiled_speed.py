"""Decisions a second of random playouts on every battle, pure Python against the compiled core,
beside a compiled peer (OpenSpiel's backgammon, C++) driven by the same Python loop, in one run.
Printed as numbers, never a pass/fail (docs/speed.md).

    python bench/compiled_speed.py [--seconds 3] [--rounds 3] [--battles cedar-creek,...]

Rates are per CPU second of the measuring process (``time.process_time``), so that other work
on a shared machine does not count. Each measurement runs in its own process (the build is chosen at import: ``CWBATTLES_PURE=1``
gives pure Python), and the rounds interleave pure, compiled and peer so that all see the same load;
the table gives the median of the rounds. A decision is one ``apply`` of a legal action chosen at
random; the peer's chance nodes (its dice) are sampled inside the timed loop, as our dice are
rolled inside ``apply``. Also prints microseconds per ``legal_actions()`` (generated afresh) and
per ``clone()`` on positions sampled along random games.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

# CPU time of this process, not wall time: on a machine shared with other work a process waits
# for a core an unknown share of the wall time, but its own CPU seconds measure the work done.
clock = time.process_time

BATTLES = ["cedar-creek", "cedar-mountain", "champion-hill", "chancellorsville"]


def battle_rates(name: str, seconds: float) -> dict:
    """Decisions a second of random games from seeds 1, 2, ... until ``seconds`` have passed, and
    microseconds per legal_actions() and clone()."""
    import cwbattles
    from cwbattles import _compiled
    game = cwbattles.load(name)
    decisions, seed = 0, 0
    t0 = clock()
    while clock() - t0 < seconds:
        seed += 1
        rng = random.Random(seed)
        s = game.new_game(seed=seed)
        while not s.is_over and clock() - t0 < seconds:
            s.apply(rng.choice(s.legal_actions()))
            decisions += 1
    rate = decisions / (clock() - t0)
    samples = []
    for seed in range(1000, 1003):
        rng = random.Random(seed)
        s = game.new_game(seed=seed)
        for k in range(400):
            if s.is_over:
                break
            if k % 9 == 0:
                samples.append(s.clone())
            s.apply(rng.choice(s.legal_actions()))
    legal_us = best_of(5, samples, lambda s: (setattr(s, "_legal", None), s.legal_actions()))  # generated afresh
    clone_us = best_of(5, samples, lambda s: s.clone())
    return {"rate": rate, "legal_us": legal_us, "clone_us": clone_us, "build": _compiled.build()}


def best_of(repeats: int, samples: list, call) -> float:
    """Microseconds per call over the samples, the best of ``repeats`` passes."""
    best = float("inf")
    for _ in range(repeats):
        t0 = clock()
        for s in samples:
            call(s)
        best = min(best, (clock() - t0) / len(samples) * 1e6)
    return best


def peer_rate(seconds: float) -> dict:
    """OpenSpiel's backgammon (C++) through the same Python loop: legal actions, a random choice,
    apply; chance outcomes sampled by their probabilities."""
    import pyspiel
    game = pyspiel.load_game("backgammon")
    rng = random.Random(1)
    decisions = 0
    t0 = clock()
    while clock() - t0 < seconds:
        s = game.new_initial_state()
        while not s.is_terminal() and clock() - t0 < seconds:
            if s.is_chance_node():
                outcomes, probs = zip(*s.chance_outcomes())
                s.apply_action(rng.choices(outcomes, probs)[0])
            else:
                s.apply_action(rng.choice(s.legal_actions()))
                decisions += 1
    return {"rate": decisions / (clock() - t0)}


def measure(kind: str, battle: str, seconds: float) -> dict:
    """One measurement in a fresh process (kind: pure, compiled or peer)."""
    env = dict(os.environ)
    env.pop("CWBATTLES_PURE", None)
    if kind == "pure":
        env["CWBATTLES_PURE"] = "1"
    out = subprocess.run([sys.executable, __file__, "--child", kind, "--battles", battle, "--seconds", str(seconds)],
                         env=env, capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0, help="CPU seconds of playouts per measurement")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--battles", default=",".join(BATTLES))
    ap.add_argument("--child", choices=["pure", "compiled", "peer"], help=argparse.SUPPRESS)
    a = ap.parse_args()
    battles = a.battles.split(",")
    if a.child:
        print(json.dumps(peer_rate(a.seconds) if a.child == "peer" else battle_rates(battles[0], a.seconds)))
        return
    runs: dict[tuple[str, str], list[dict]] = {}
    for _ in range(a.rounds):
        for battle in battles:
            for kind in ("pure", "compiled", "peer"):
                runs.setdefault((kind, battle), []).append(measure(kind, battle, a.seconds))
    builds = {kind: runs[(kind, battles[0])][0].get("build") for kind in ("pure", "compiled")}
    print(f"builds: pure = {builds['pure']}; compiled = {builds['compiled']}")
    print(f"median of {a.rounds} rounds of {a.seconds:g} CPU s; peer: OpenSpiel backgammon through the same loop\n")
    print("| battle | pure dec/s | compiled dec/s | compiled/pure | peer dec/s | pure/peer | compiled/peer "
          "| legal_actions() us pure / compiled | clone() us pure / compiled |")
    print("|---|---|---|---|---|---|---|---|---|")
    for battle in battles:
        med = {kind: {key: statistics.median(r[key] for r in runs[(kind, battle)]) for key in runs[(kind, battle)][0]
                      if key != "build"} for kind in ("pure", "compiled", "peer")}
        pure, comp, peer = med["pure"], med["compiled"], med["peer"]
        print(f"| {battle} | {pure['rate']:,.0f} | {comp['rate']:,.0f} | {comp['rate'] / pure['rate']:.2f}x "
              f"| {peer['rate']:,.0f} | {pure['rate'] / peer['rate']:.2f} | {comp['rate'] / peer['rate']:.2f} "
              f"| {pure['legal_us']:.0f} / {comp['legal_us']:.0f} | {pure['clone_us']:.1f} / {comp['clone_us']:.1f} |")


if __name__ == "__main__":
    main()

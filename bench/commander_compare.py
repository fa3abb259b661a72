"""Two duel journals of the same bot pairing on the same dice, game by game: the mean gain of
bot a's margin (its own view) in the second journal over the first, with its 95% interval.

    python bench/commander_compare.py bench/results/commander/cedar-mountain-cpu30s-script.jsonl \
        bench/results/commander/cedar-mountain-cpu30s-fitted.jsonl

Used to decide whether the commander plans with a battle's fitted evaluation (docs/bots.md):
both journals from ``bench/commander_cpu_duel.py`` with the same ``--seed``, ``--evaluation own``
(or auto before the switch) in the first, ``fitted`` in the second. Games are matched by their
index (the same dice and sides); only games in both journals count.
"""

from __future__ import annotations

import json
import statistics as st
import sys


def margins(path: str) -> dict:
    out = {}
    for line in open(path):
        g = json.loads(line)
        if "game" in g and isinstance(g.get("game"), int):
            out[g["game"]] = g["margin"] if g["a_side"] == "union" else -g["margin"]
    return out


def main() -> None:
    first, second = margins(sys.argv[1]), margins(sys.argv[2])
    both = sorted(set(first) & set(second))
    d = [second[i] - first[i] for i in both]
    if len(d) < 2:
        print(f"{len(d)} games in both journals: too few")
        return
    half = 1.96 * st.stdev(d) / len(d) ** 0.5
    print(f"{len(d)} games on the same dice: the second journal's margin less the first's, bot a's view: "
          f"{st.mean(d):+.1f} VP a game (95% CI {st.mean(d) - half:+.1f} to {st.mean(d) + half:+.1f}); "
          f"better in {sum(x > 0 for x in d)}, worse in {sum(x < 0 for x in d)}")


if __name__ == "__main__":
    main()

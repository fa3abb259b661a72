"""Where each side's step losses come from in Cedar Creek games between two bots.

    python bench/cedar_creek_losses.py --games 40 --seed 501
    python bench/cedar_creek_losses.py --games 40 --union heuristic --confederate mcts:50

Plays ``--games`` games on the dice of a duel's pairs (``cwbattles duel --seed S``: game k is
played on pair k's dice) and prints, per turn, the steps each side lost while the attacks of
one side or the other were being fought (4: each step is a VP), then how many attacks each side
fought a game, on turns 1-3 (the surprise, 7.1 and 11.3) and later, with the mean net modifier
(attacker's minus defender's, before the dice) and how often each modifier of 11.3 applied,
and how often the defender was hit (11.4: a step or a retreat) by its front brigade's fatigue,
its support and its flank. The figures say what a bot must change to lose fewer steps: whom it
lets the enemy attack, on what odds, rather than its own attacks.
"""

from __future__ import annotations

import argparse
import collections
import importlib

import cwbattles
from cwbattles.bots import make_bot
from cwbattles.duel import game_seed
from cwbattles.games.cedar_creek.victory import step_losses

combat = importlib.import_module("cwbattles.games.cedar_creek.combat")
SIDE = ("Union", "Confederates")


def modifier_name(text: str) -> str:
    """'strength 9 to 6' -> 'strength ratio'; a named brigade's artillery or charge -> its kind."""
    if text.startswith("strength"):
        return "strength ratio"
    for kind in ("artillery", "sharpshooters", "charges", "surprise"):
        if kind in text:
            return kind
    return text


class AttackCounter:
    """Counts every attack fought, with its modifiers, by wrapping ``combat.fight`` (11.2):
    attacks are declared and fought inside one ``apply`` when no choice comes between."""

    def __init__(self):
        self.attacks, self.net = collections.Counter(), collections.Counter()
        self.mods = collections.defaultdict(collections.Counter)
        # (attacking side, turns, the defender's condition) -> [attacks, attacks where it was hit]
        self.hits = collections.defaultdict(lambda: [0, 0])
        self._fight = combat.fight
        combat.fight = self.fight

    def fight(self, state, cid: int) -> None:
        attackers = combat.live_attackers(state, cid)
        conditions = ()
        if attackers:
            x = combat.assess(state, attackers, combat.live_targets(state, cid),
                              {a for a in attackers if state.charging[a]})
            key = (x.att_side, "1-3" if state.turn <= 3 else "4+")
            self.attacks[key] += 1
            self.net[key] += sum(m[2] for m in x.att_mods) - sum(m[2] for m in x.def_mods)
            for who, ms in (("attacker", x.att_mods), ("defender", x.def_mods)):
                for m in {modifier_name(m[0]) for m in ms}:
                    self.mods[key][(who, m)] += 1
            if x.def_front:             # not a lone artillery train
                names = {m[0] for m in x.def_mods}
                tired = max(2 if state.routed[d] else state.fatigue[d] for d in x.def_front)
                conditions = (f"front brigade at fatigue {tired}",
                              "supported" if "supporting brigade" in names else "not supported",
                              "attacked in the flank" if "attacked in the flank" in names else "attacked in front")
        before = len(state.stack)
        self._fight(state, cid)
        if conditions:                  # 11.4: a hit is a decision the fight leaves on the stack
            hit = any(f[0] == "hit" and f[1] == x.def_side for f in state.stack[before:])
            for c in conditions:
                row = self.hits[key + (c,)]
                row[0] += 1
                row[1] += hit

    def close(self) -> None:
        combat.fight = self._fight


def play(game, seed: int, bots: dict, losses):
    """One game; adds {(turn, side, whose attacks were being fought): steps} to ``losses`` and
    returns the final state."""
    state = game.new_game(seed=seed)
    lost = [step_losses(state, 0), step_losses(state, 1)]
    while not state.is_over:
        fighting = {game.brigades[c[1][0]].side for c in state.combats}
        turn = state.turn
        state.apply(bots[state.to_act].choose(state))
        fighting |= {game.brigades[c[1][0]].side for c in state.combats}
        now = [step_losses(state, 0), step_losses(state, 1)]
        by = "both" if len(fighting) == 2 else SIDE[fighting.pop()] if fighting else "no"
        for side in (0, 1):
            if now[side] != lost[side]:
                losses[(turn, side, by)] += now[side] - lost[side]
        lost = now
    return state


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=501, help="the duel seed whose pairs' dice are used")
    ap.add_argument("--union", default="heuristic")
    ap.add_argument("--confederate", default="heuristic")
    args = ap.parse_args()
    game = cwbattles.load("cedar-creek")
    losses = collections.Counter()
    counter = AttackCounter()
    for k in range(args.games):
        s = game_seed(args.seed, k)
        bots = {"union": make_bot(args.union, seed=s * 2 + 1), "confederate": make_bot(args.confederate, seed=s * 2 + 2)}
        play(game, s, bots, losses)
        for b in bots.values():
            b.close()
    n = args.games
    print(f"Cedar Creek, {args.union} (Union) v {args.confederate} (Confederates), {n} games on the dice "
          f"of duel seed {args.seed}; steps lost a game, by turn, while whose attacks were fought:")
    for t in range(1, game.tables.game.turns + 1):
        cells = [f"{SIDE[side]} {v / n:4.1f} ({by})" for (turn, side, by), v in sorted(losses.items())
                 if turn == t and abs(v / n) >= 0.05]
        print(f"  turn {t}: " + "; ".join(cells))
    counter.close()
    attacks, net, mods = counter.attacks, counter.net, counter.mods
    for key in sorted(attacks):
        side, turns = key
        k = attacks[key]
        print(f"{SIDE[side]} attacks on turns {turns}: {k / n:.1f} a game, net modifier {net[key] / k:+.2f}")
        for (who, m), v in sorted(mods[key].items(), key=lambda kv: -kv[1]):
            print(f"    {who:8} {m:36} {v / k:5.0%}")
        print("    the defender hit (11.4), by its condition:")
        for hit_key, (fought, hit) in sorted(counter.hits.items()):
            if hit_key[:2] == key:
                print(f"      {hit_key[2]:36} {fought / n:5.1f} a game, hit in {hit / fought:4.0%}")


if __name__ == "__main__":
    main()

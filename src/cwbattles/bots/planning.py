"""Online evolutionary planning of one player-turn (after Justesen, Mahlmann, Risi and Togelius,
IEEE Transactions on Games 2018), for the commander bot.

A player-turn here is the run of decisions one side takes before the other side has to choose:
in every battle tens of them (moves, facings, attacks, the orders inside each). Searching them
one at a time sees only the next step; this module searches the whole run as one plan.

**Genome.** A list of small integers, one per real decision of the run (decisions with a single
legal action take none): the rank of the action to play among the legal actions as the game's
heuristic orders them (``score_actions``, best first, ties by the game's own action order).
Rank 0 everywhere is the heuristic's own turn, so the search starts from it and changes a few
decisions at a time. A rank beyond the number of actions wraps round, so every genome is a legal
plan. Genes past the genome's end are rank 0; past ``MAX_GENES`` decisions the rest of the run
is finished by the heuristic's fast policy, so that every plan ends the player-turn.

**Fitness.** The genome is played on clones of the position whose dice are re-seeded from the
bot's own generator (never the real dice: a bot that could read them would make the server's
rolls predictable), ``SEEDS`` of them, and each clone is scored after the plan by the game's
evaluation (the expected final margin, ``knowledge.<game>.evaluate``) from the planning side's
view, plus the objectives' term (``objectives.term``). With the reply model on, the opponent's
next player-turn is first played on the clone by the heuristic's fast policy, so a plan that
leaves a brigade open to a counter-attack pays for it. The fitness is the mean over the seeds.

**Evolution.** A population of ``POPULATION``: the heuristic's plan, the previous plan's
remaining genes when re-planning, and mutants. Each generation keeps ``ELITES``, then breeds
the rest by tournament, one-point crossover and mutation (a few genes set to a small rank).
Evaluations already made are cached (a genome and a seed give the same clone every time), and
so are the positions met on the way (``decode``): a clone at every gene, with the heuristic's
ordering there, so that a mutant is played only from its first changed gene; and, as long as no
die has been rolled since the plan began, one position for all the seeds (movement rolls none:
a plan's second seed, and the re-check's seeds, replay only what follows the first roll). Tested
to give the same fitness as playing every plan from the start.

When the budget is spent, the best genome and the heuristic's are played again on fresh dice,
and the best is kept only if it beats the heuristic's *on those dice alone*: the best was chosen
for its score on the first seeds, which flatters it the more plans were tried, so counting those
seeds in the comparison would favour it.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from . import objectives as objectives_module

SEEDS = 2              # dice seeds each plan is played with
POPULATION = 8
ELITES = 2
TOURNAMENT = 2
MAX_GENES = 48         # decisions planned one by one; the fast policy finishes the rest
MAX_RUN = 400          # decisions of one player-turn at most (a safety bound)
MUTATED_GENES = (1, 1, 2, 3)      # how many genes a mutation changes, drawn uniformly
MUTATED_RANK = (1, 1, 1, 2, 2, 3, 4, 5, 0)   # the new rank of a mutated gene
RECHECK_SEEDS = 4      # fresh dice for the final comparison of the best plan and the heuristic's
STALL = 3              # generations without a genome not yet seen: the space is exhausted
RECHECK_RESERVE = 3    # evaluations' time kept back before a deadline for that comparison
                       # (two plans on four seeds; the dice-free part of each is played already)


def ordering(kn, state, legal) -> list:
    """The legal actions best first by the heuristic's scores (ties in the game's order)."""
    scores = kn.score_actions(state, legal)
    return [legal[i] for i in sorted(range(len(legal)), key=lambda i: (-scores[i], i))]


def fast_choice(kn, state, legal):
    scores = kn.fast_scores(state, legal)
    return legal[max(range(len(legal)), key=lambda i: (scores[i], -i))]


@dataclass
class Plan:
    """A decoded plan: the steps as (legal actions then, action chosen), under the first seed."""
    genome: tuple
    steps: list
    fitness: float
    heuristic_fitness: float
    evaluations: int
    generations: int
    reason: str = ""
    stats: dict = field(default_factory=dict)


class Planner:
    """Plans the player-turn of ``side`` from a position. ``clock`` is the time source (tests
    pass a counting one so that time control can be checked without timing)."""

    def __init__(self, kn, rng: random.Random, side: str, reply: bool = True, objectives=None,
                 clock=time.perf_counter):
        self.kn = kn
        self.rng = rng
        self.side = side
        self.reply = reply
        self.objectives = objectives or []
        self.clock = clock
        # positions met while playing plans (``decode``): (seed or None, genes so far) -> (clone,
        # heuristic ordering there, decisions of the run before it); None where no die has been
        # rolled yet, as then the position is the same under every seed
        self._snaps: dict = {}
        self._scores: dict = {}          # (seed, genes actually used) -> fitness on that seed

    # -- decoding -------------------------------------------------------------------------------
    def decode(self, state, genome, seed: int, record: bool = False, reply: bool = False):
        """Play ``genome`` on a clone whose dice are ``seed`` (then, with ``reply``, the other
        side's next run by the fast policy); returns (clone after it, genes used, steps if
        ``record``). The clone returned may be shared with later calls: not to be changed.

        A plan resumes from the positions met by plans played before (``_resume``): where a
        mutant first differs, and past the last of its genes as far as no die has been rolled
        (movement rolls none, so a second seed replays only the combats). ``record`` plays the
        whole plan afresh (reading only the orderings already made there): the reference the cache is
        tested against, in a planner of its own."""
        kn, side = self.kn, self.side
        calls0 = state.dice.calls
        snaps = None if record else self._snaps
        s, used, n_run, n_reply = (None, (), 0, 0) if record else self._resume(state, genome, seed, reply)
        if s is None:
            s = state.clone()
            s.dice.reseed(seed)
        elif not isinstance(s, tuple) and s.dice.calls == calls0:
            s.dice.reseed(seed)
        if isinstance(s, tuple):           # the same plan on the same dice, played before
            return s[0], used, []
        steps: list = []
        while not s.is_over:
            if n_reply == 0 and s.to_act == side:
                if n_run >= MAX_RUN:
                    break
                n_run += 1
            elif not reply or s.to_act == side or n_reply >= MAX_RUN:
                break
            else:
                n_reply += 1
            legal = s.legal_actions()
            free = s.dice.calls == calls0          # no die rolled yet: the same under every seed
            if len(legal) == 1:
                action = legal[0]
            elif n_reply == 0 and len(used) < MAX_GENES:
                key = (None if free else seed, used)
                got = self._snaps.get(key)           # record too: the ordering, not the clone
                if got is None:
                    order = ordering(kn, s, legal)
                    if snaps is not None:
                        snaps[key] = (s.clone(), order, n_run - 1)
                else:
                    order = got[1]
                rank = (genome[len(used)] if len(used) < len(genome) else 0) % len(order)
                used = used + (rank,)
                action = order[rank]
            else:
                if free and snaps is not None:
                    # the decisions before this one, so that a resumed play counts this one again
                    before = (n_run - 1, 0) if n_reply == 0 else (n_run, n_reply - 1)
                    snaps[("tail", reply, used)] = (s.clone(), *before)
                action = fast_choice(kn, s, legal)
            if record:
                steps.append((tuple(legal), action))
            s.apply(action)
        if snaps is not None:
            snaps[("end", reply, seed, used)] = s
        return s, used, steps

    def _resume(self, state, genome, seed: int, reply: bool):
        """The furthest position of ``genome`` on ``seed`` already met: (clone, genes used,
        decisions of the run and of the reply played), or ((final state,), genes) when the
        whole plan was played before on these dice; (None, (), 0, 0) when nothing was."""
        snaps = self._snaps
        used: tuple = ()
        found = None
        while True:
            got = snaps.get((seed, used)) or snaps.get((None, used))
            if got is None:
                break
            found = (got, used)
            rank = (genome[len(used)] if len(used) < len(genome) else 0) % len(got[1])
            used = used + (rank,)
        end = snaps.get(("end", reply, seed, used))
        if end is not None:
            return (end,), used, 0, 0
        tail = snaps.get(("tail", reply, used))
        if tail is not None:
            return tail[0].clone(), used, tail[1], tail[2]
        if found is None:
            return None, (), 0, 0
        (clone, _, n_run), used = found
        return clone.clone(), used, n_run, 0

    def fitness_on(self, state, genome, seed: int) -> float:
        s, used, _ = self.decode(state, genome, seed, reply=self.reply)
        key = (seed, used)
        got = self._scores.get(key)
        if got is not None:
            return got
        sign = 1.0 if self.side == type(s).SIDES[0] else -1.0
        value = sign * self.kn.evaluate(s) + objectives_module.term(s, self.objectives)
        self._scores[key] = value
        return value

    def fitness(self, state, genome, seeds) -> float:
        return sum(self.fitness_on(state, genome, sd) for sd in seeds) / len(seeds)

    # -- evolution ------------------------------------------------------------------------------
    def mutate(self, genome: tuple, length: int) -> tuple:
        g = list(genome) + [0] * max(0, length - len(genome))
        if not g:
            return tuple(g)
        for _ in range(self.rng.choice(MUTATED_GENES)):
            g[self.rng.randrange(len(g))] = self.rng.choice(MUTATED_RANK)
        return tuple(g)

    def crossover(self, a: tuple, b: tuple, length: int) -> tuple:
        a = a + (0,) * (length - len(a))
        b = b + (0,) * (length - len(b))
        if length < 2:
            return a
        cut = self.rng.randrange(1, length)
        return a[:cut] + b[cut:]

    def plan(self, state, deadline: float | None = None, evaluations: int | None = None,
             warm: tuple = ()) -> Plan:
        """Evolve a plan for the player-turn starting at ``state`` until ``deadline`` (by
        ``clock``) or ``evaluations`` plan evaluations (one genome on all its seeds) are spent,
        whichever comes first; at least the heuristic's plan is evaluated."""
        rng, clock = self.rng, self.clock
        seeds = [rng.getrandbits(62) for _ in range(SEEDS)]
        fresh = [rng.getrandbits(62) for _ in range(RECHECK_SEEDS)]
        start = clock()
        heuristic = ()
        fit = {heuristic: self.fitness(state, heuristic, seeds)}
        cost = clock() - start                  # one evaluation, to stop before the deadline
        _, used, _ = self.decode(state, heuristic, seeds[0], reply=self.reply)   # played: cached
        length = len(used)
        done, generations = 1, 0

        def budget_left() -> bool:
            if evaluations is not None and done >= evaluations:
                return False
            if deadline is not None and clock() + cost * (1 + RECHECK_RESERVE) > deadline:
                return False
            return length > 0

        population = [heuristic]
        if warm and warm != heuristic:
            population.append(tuple(warm[:length]))
        while len(population) < POPULATION:
            population.append(self.mutate(heuristic, length))
        for g in population:
            if g not in fit and budget_left():
                t = clock()
                fit[g] = self.fitness(state, g, seeds)
                cost = max(cost * 0.5, clock() - t)
                done += 1
        population = [g for g in population if g in fit]
        stalled = 0                              # generations in a row without a new genome
        while budget_left() and stalled < STALL:
            generations += 1
            before = done
            population.sort(key=lambda g: -fit[g])
            nxt = population[:ELITES]
            while len(nxt) < POPULATION and budget_left():
                a = max(rng.sample(population, min(TOURNAMENT, len(population))), key=lambda g: fit[g])
                b = max(rng.sample(population, min(TOURNAMENT, len(population))), key=lambda g: fit[g])
                child = self.mutate(self.crossover(a, b, length), length)
                if child not in fit:
                    t = clock()
                    fit[child] = self.fitness(state, child, seeds)
                    cost = max(cost * 0.5, clock() - t)
                    done += 1
                nxt.append(child)
            population = nxt
            stalled = stalled + 1 if done == before else 0
        best = max(fit, key=lambda g: (fit[g], g == heuristic))
        chosen, fitness = heuristic, fit[heuristic]
        base = fit[heuristic]
        if best != heuristic and deadline is not None and clock() + cost * RECHECK_RESERVE > deadline:
            best = heuristic                     # no time left to check it: the heuristic's turn
        if best != heuristic:
            # the re-check on fresh dice: the best was chosen for its score on the first seeds,
            # so that score flatters it (the more plans tried, the more); only dice it was not
            # chosen on measure it fairly, so the two plans are compared on those alone
            best_fresh = self.fitness(state, best, fresh)
            base = self.fitness(state, heuristic, fresh)
            if best_fresh > base:
                chosen, fitness = best, best_fresh
            else:
                fitness = base
        _, _, steps = self.decode(state, chosen, seeds[0], record=True)
        changed = sum(1 for r in chosen if r)
        reason = ("the heuristic's own turn: no plan found better" if chosen == heuristic else
                  f"{changed} of {length} decisions changed from the heuristic's turn, "
                  f"{fitness - base:+.2f} VP expected")
        return Plan(chosen, steps, fitness, base, done, generations, reason,
                    {"length": length, "seconds": clock() - start})

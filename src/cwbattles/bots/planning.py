"""Online evolutionary planning of one player-turn (after Justesen, Mahlmann, Risi and Togelius,
IEEE Transactions on Games 2018), for the commander bot.

A player-turn here is the run of decisions one side takes before the other side has to choose:
in every battle tens of them (moves, facings, attacks, the orders inside each). Searching them
one at a time sees only the next step; this module searches the whole run as one plan.

**Genome.** A list of small integers, one per real decision of the run (decisions with a single
legal action take none), so that a plan reaches every unit of the run: rank r > 0 plays the r-th
action of the heuristic's ordering there (``score_actions``, best first, ties by the game's own
order; wrapping round, so every genome is legal); rank 0 plays the heuristic's *script*, its own
run from the root (and the opponent's reply to it), played once a plan on fixed dice and replayed
wherever its next action is legal. The script is the heuristic's play at every decision, its
combat scored by the exact previews, on both sides: before 2026-11-29 only the run's first 48 real
decisions were, and the rest and the whole reply took the fast policy (combat without the
previews), so that past movement the rank-0 plan was not the heuristic's and the reply was not
the opponent's (docs/bots.md). Out of step with it (after a changed gene, or where other dice
made its action illegal) the heuristic's fast policy plays until that unit's move is over, then
the script is picked up at its next action of the same kind that is legal. So the unchanged part
of a plan costs no scoring (before, the fast policy scored every step of it, and each step of a
move asked the engine for the unit's whole ``reach``), and all zeros is the heuristic's run.

**Fitness.** The genome is played on clones of the position whose dice are re-seeded from the
bot's own generator (never the real dice: a bot that could read them would make the server's
rolls predictable), ``SEEDS`` of them, and each clone is scored after the plan by the game's
evaluation (the expected final margin, ``knowledge.<game>.evaluate``, or the fitted one,
``fitted.py``, where a battle's data say to use it) from the planning side's view, plus the
objectives' term (``objectives.term``). With the reply model on, the opponent's next player-turn
is played on the clone first: the script's reply where it is still legal, the fast policy where
the plan changed the position under it. The fitness is the mean over the seeds.

**Evolution.** A population of ``POPULATION``: the heuristic's plan, the previous plan's
remaining genes when re-planning, and mutants. Each generation keeps ``ELITES``, then breeds
the rest by tournament, one-point crossover and mutation (a few genes set to a small rank).
Evaluations already made are cached (a genome and a seed give the same clone every time), and
so are the positions met on the way (``decode``): a clone at every changed gene and past a plan's
last one, so that a mutant is played only from its last gene shared with a plan already played;
and, as long as no die has been rolled since the plan began, one position for all the seeds
(movement rolls none). Tested to give the same fitness as playing every plan from the start.

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
MAX_RUN = 400          # decisions of one player-turn at most (a safety bound); every real one a gene
SCRIPT_SEED = 0        # the dice the heuristic's script is played on (the bot's own, never the real)
CONTINUATION = ("moving", "move")   # frames that continue one unit's move begun in another
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


def normal(genome) -> tuple:
    """The genome without its trailing zeros (they play as the genome's end does)."""
    g = tuple(genome)
    while g and g[-1] == 0:
        g = g[:-1]
    return g


def next_decision(s, side: str, reply: bool, n_run: int, n_reply: int):
    """Whether the decision at ``s`` belongs to the plan: (the planning side's, decisions of the
    run and of the reply counting it), or None where the plan ends (the game over, the reply
    over or not modelled, or a safety bound reached)."""
    if s.is_over:
        return None
    if n_reply == 0 and s.to_act == side:
        return None if n_run >= MAX_RUN else (True, n_run + 1, 0)
    if not reply or s.to_act == side or n_reply >= MAX_RUN:
        return None
    return False, n_run, n_reply + 1


def resync(script, ptr: int, mine: bool, kind: str, legal) -> tuple:
    """(script position, in step): the first action of the script from ``ptr`` on taken by the
    same side in a frame of ``kind`` that is legal now, else out of step where it was."""
    for j in range(ptr, len(script)):
        who, k, action = script[j]
        if who == mine and k == kind and action in legal:
            return j, True
    return ptr, False


def fast_choice(kn, state, legal):
    scores = kn.fast_scores(state, legal)
    return legal[max(range(len(legal)), key=lambda i: (scores[i], -i))]


@dataclass
class Plan:
    """A decoded plan: the steps as (legal actions then, action chosen, the log's events (rule,
    text) since the plan's previous decision), under the first seed."""
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
    pass a counting one so that time control can be checked without timing); ``value`` the
    evaluation plans are scored by (the game's own, ``kn.evaluate``, unless given)."""

    def __init__(self, kn, rng: random.Random, side: str, reply: bool = True, objectives=None,
                 clock=time.perf_counter, value=None):
        self.kn = kn
        self.value = value or kn.evaluate     # the evaluation (Union's view): the game's or fitted
        self.rng = rng
        self.side = side
        self.reply = reply
        self.objectives = objectives or []
        self.clock = clock
        # positions met while playing plans (``decode``): (seed or None, genes so far) -> (clone,
        # heuristic ordering there, decisions of the run before it); None where no die has been
        # rolled yet, as then the position is the same under every seed
        self._snaps: dict = {}
        self._scores: dict = {}          # (seed, genome) -> fitness on that seed
        self._script = None              # (id of the root position, the heuristic's script, root)

    # -- decoding -------------------------------------------------------------------------------
    def script(self, state) -> list:
        """The heuristic's run from ``state`` and the reply, played once on ``SCRIPT_SEED``'s dice
        (the heuristic's ordering at every real decision, the reply's too): [(planning side
        acts, frame kind, action)]. Rank-0 genes and the reply
        replay it where its actions are legal (see the module)."""
        key = id(state)
        if self._script is None or self._script[0] != key:
            kn, side = self.kn, self.side
            s = state.clone()
            s.dice.reseed(SCRIPT_SEED)
            out: list = []
            n_run = n_reply = genes = 0
            while (turn := next_decision(s, side, self.reply, n_run, n_reply)) is not None:
                mine, n_run, n_reply = turn
                legal = s.legal_actions()
                action = legal[0] if len(legal) == 1 else ordering(kn, s, legal)[0]
                out.append((mine, s.stack[-1][0], action))
                genes += mine and len(legal) > 1
                s.apply(action)
            self._script = (key, out, state, genes)   # the state kept so that its id stays its own
        return self._script[1]

    def genes(self, state) -> int:
        """Real decisions of the heuristic's run from ``state``: the genome's length."""
        self.script(state)
        return self._script[3]

    def decode(self, state, genome, seed: int, record: bool = False, reply: bool = False):
        """Play ``genome`` on a clone whose dice are ``seed`` (then, with ``reply``, the other
        side's next run); returns (clone after it, genes used, steps if ``record``). The clone
        returned may be shared with later calls: not to be changed.

        A decision of the planning side's run with more than one legal action is a gene. A rank
        r > 0 plays the r-th action of the heuristic's ordering there (wrapping round); rank 0,
        and every decision of the reply, plays the heuristic's script (``script``) while it is
        in step: its next action when that is legal here. Out of step (after a changed gene, or
        when the dice made the script's action illegal), the fast policy plays until a unit's
        move is over (frames in ``CONTINUATION``), then the script is picked up again at its
        first later action of the same frame kind that is legal here. So an unchanged plan costs
        no scoring at all, and a change costs the ordering at the gene and the fast policy for
        the rest of that unit's move.

        A plan resumes from the positions met by plans played before (``_resume``): at every
        changed gene, and where a plan's genes end, shared by every seed while no die has been
        rolled (movement rolls none). ``record`` plays the whole plan afresh: the reference the
        cache is tested against, in a planner of its own."""
        kn, side = self.kn, self.side
        script = self.script(state)
        genome = normal(genome)
        calls0 = state.dice.calls
        snaps = None if record else self._snaps
        got = None if record else self._resume(state, genome, seed, reply)
        if got is not None and isinstance(got[0], tuple):   # the same plan on these dice, played before
            return got[0][0], genome, []
        if got is None:
            s = state.clone()
            s.dice.reseed(seed)
            n_gene = n_run = n_reply = ptr = 0
            in_step = True
        else:
            s, n_gene, n_run, n_reply, ptr, in_step = got
            s = s.clone()
            if s.dice.calls == calls0:
                s.dice.reseed(seed)
        steps: list = []
        mark = s.log_mark()
        while (turn := next_decision(s, side, reply, n_run, n_reply)) is not None:
            mine, n_run, n_reply = turn
            legal = s.legal_actions()
            kind = s.stack[-1][0]
            free = s.dice.calls == calls0          # no die rolled yet: the same under every seed
            if not in_step and kind not in CONTINUATION:
                ptr, in_step = resync(script, ptr, mine, kind, legal)
            scripted = (script[ptr][2] if in_step and ptr < len(script) and script[ptr][0] == mine
                        and script[ptr][2] in legal else None)
            if scripted is None:
                in_step = False
            if len(legal) == 1:
                action = legal[0]
            elif mine:
                rank = genome[n_gene] if n_gene < len(genome) else 0
                n_gene += 1
                if rank:
                    if snaps is not None and n_gene - 1 < len(genome):
                        key = (None if free else seed, genome[:n_gene - 1])
                        snaps.setdefault(key, (s.clone(), n_gene - 1, n_run - 1, 0, ptr, in_step))
                    order = ordering(kn, s, legal)
                    action = order[rank % len(order)]
                else:
                    action = scripted if scripted is not None else fast_choice(kn, s, legal)
            else:
                action = scripted if scripted is not None else fast_choice(kn, s, legal)
            if scripted is not None and action == scripted:
                ptr += 1
            else:
                in_step = False
            if snaps is not None and mine and n_gene == len(genome) and len(legal) > 1:
                # past the last gene: the rest is the same for every plan that shares these genes
                t = s.clone()
                t.apply(action)
                key = (None if t.dice.calls == calls0 else seed, genome, "after")
                snaps.setdefault(key, (t, n_gene, n_run, n_reply, ptr, in_step))
            if record:
                # what the plan expects to have happened since its previous decision: the
                # commander follows the plan only while the real log agrees (dice can give
                # another result and leave the same legal actions)
                steps.append((tuple(legal), action, tuple((e.rule, e.text) for e in s.events_since(mark))))
                mark = s.log_mark()
            s.apply(action)
        if snaps is not None:
            snaps[("end", reply, seed, genome)] = s
        return s, genome, steps

    def _resume(self, state, genome, seed: int, reply: bool):
        """The furthest position of ``genome`` on ``seed`` already met: ((final state,),) when the
        whole plan was played before on these dice, else the decoding's state there (clone,
        genes, decisions of the run and of the reply, script position, in step), or None."""
        snaps = self._snaps
        end = snaps.get(("end", reply, seed, genome))
        if end is not None:
            return ((end,),)
        for key in ((seed, genome, "after"), (None, genome, "after")):
            if key in snaps:
                return snaps[key]
        for k in range(len(genome) - 1, -1, -1):
            if genome[k] == 0:
                continue
            got = snaps.get((seed, genome[:k])) or snaps.get((None, genome[:k]))
            if got is not None:
                return got
        return None

    def fitness_on(self, state, genome, seed: int) -> float:
        s, used, _ = self.decode(state, genome, seed, reply=self.reply)
        key = (seed, used)
        got = self._scores.get(key)
        if got is not None:
            return got
        sign = 1.0 if self.side == type(s).SIDES[0] else -1.0
        value = sign * self.value(s) + objectives_module.term(s, self.objectives)
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
        length = self.genes(state)
        done, generations = 1, 0
        timed_out = False                        # stopped by the deadline (not done searching)

        def budget_left() -> bool:
            nonlocal timed_out
            if evaluations is not None and done >= evaluations:
                return False
            if deadline is not None and clock() + cost * (1 + RECHECK_RESERVE) > deadline:
                timed_out = True
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
                    {"length": length, "seconds": clock() - start, "timed_out": timed_out})

"""Monte Carlo tree search, open loop, with the heuristic's knowledge as prior and rollout policy.

Dice are chance: every simulation copies the root and re-seeds the copy's dice with a fresh
seed (``state.dice.reseed``), so the tree is over actions only and each node's statistics
average over the dice ("open loop"). A node's children are keyed by (side to act, choice): the
same choices may lead, with other dice, to a decision of the other side.

Grouped (macro) actions: where the game's knowledge offers them (``macro_point``, ``macros``),
the start of a unit's action is one choice among whole actions (for Cedar Creek: the action as
the heuristic plays it, which ranks first, or go to one of the best end zones, attack from
here, rest, pass...), and the tree never branches on the
single steps, stop, facing and line inside it; ``run_macro`` plays them. The bot then carries
out the chosen macro one legal action at a time without searching again (``plan``).

One simulation:

1. selection: from the root, UCT with a prior bonus (PUCT-like) among the children that
   progressive widening admits: the ``ceil(1.5 * visits ** 0.5)`` best by the heuristic's fast
   scores, so wide decisions (ten divisions to activate, many end zones) are searched
   best-first;
2. expansion: the first choice leading outside the tree adds one node;
3. rollout: a few decisions of the heuristic's fast policy (no previews, no lookahead; a whole
   unit's action counts as one), then the evaluation (expected final VP margin); a full game is
   ~1,200 decisions, far too many;
4. backup: the reward ``sigmoid((margin - margin at the root) / 2)`` for the first side (the
   Union), one minus it for the other, added along the path.

The choice played is the root child with the most visits, provided its mean reward beats the
heuristic's own choice by more than one standard error of the difference (otherwise the
heuristic's choice: at small budgets one roll of the dice outweighs most differences between
moves). Rollouts stop early, before the attacks declared in a player turn are rolled: the
evaluation counts them at their expected value. A decision where the heuristic's prior for one
choice is at least 0.98 (entering the map rather than waiting, an attack at crushing odds...)
is played at once without searching, and a search stops before its budget is spent once the
heuristic's choice leads every other option by more visits than the budget has left (``settled``).

With ``workers`` > 1 the search is root-parallel: each process searches the same root (sent as
a position) with its own seed for the whole budget, and the root statistics are added up (the
calling process is one of the workers; the others live in a pool kept until ``close()``).
"""

from __future__ import annotations

import math
import multiprocessing as mp
import random
import time
from concurrent.futures import ProcessPoolExecutor

from ..engine.actions import Action
from . import knowledge
from .heuristic import pick

C_UCT = 0.1            # exploration constant (rewards are in [0, 1])
PRIOR_WEIGHT = 0.5     # weight of the heuristic prior, fading with visits
PRIOR_TEMPERATURE = 0.4  # softmax of the heuristic scores (VP) into priors
PW_C, PW_ALPHA = 1.5, 0.5   # progressive widening
ROLLOUT_DECISIONS = 4  # fast-policy decisions after the leaf before evaluating
ROLLOUT_EPSILON = 0.1  # share of random actions in rollouts
REWARD_SCALE = 2.0     # VP
OBVIOUS = 0.98         # a root prior this high: the move is played without searching
CONFIDENCE = 1.0       # standard errors by which the search must beat the heuristic's choice
SETTLED_EVERY = 16     # simulations between checks whether the choice is made already


class Node:
    __slots__ = ("visits", "stats", "children", "order")

    def __init__(self):
        self.visits = 0
        self.stats = {}       # (side, action) -> [visits, total reward, total squared reward]
        self.children = {}    # (side, action) -> Node
        # (side, macro point?) -> (options best first, {option: prior}): with other dice the
        # same node may be a macro point for a side once and a single decision another time
        self.order = {}


def settled(root: Node, side: str, options, left: float) -> bool:
    """Whether the choice is made already: the heuristic's own first option leads every other
    root option by more visits than the simulations left could give it. ``choose_move`` then
    plays that option whatever the rest of the budget would do (17 of 40 searches of 200
    simulations in ``bench/bot_speed.py``), so stopping saves time and, under a simulation budget, changes no move."""
    def visits(a):
        st = root.stats.get((side, a))
        return st[0] if st else 0
    lead = visits(options[0])
    return all(lead >= visits(a) + left for a in options[1:])


def _priors(actions, scores, rng: random.Random | None = None) -> tuple:
    """(options best first, {option: prior}). With ``rng``, equal scores in a seeded random
    order, as the heuristic breaks ties (``pick``): always the first of them would be a bias of
    its own (in Cedar Creek, facings turned away from the enemy: docs/bots.md). Without, the
    given order (macros: the heuristic's own play comes first among equals)."""
    best = max(scores)
    w = [math.exp((s - best) / PRIOR_TEMPERATURE) for s in scores]
    total = sum(w)
    if rng is None:
        ranked = sorted(range(len(actions)), key=lambda i: -scores[i])
    else:
        draw = [rng.random() for _ in actions]
        ranked = sorted(range(len(actions)), key=lambda i: (-scores[i] if scores[i] < best - 1e-9 else -best, draw[i]))
    return [actions[i] for i in ranked], {actions[i]: w[i] / total for i in range(len(actions))}


class Search:
    def __init__(self, kn, rng: random.Random, rollout_decisions: int = ROLLOUT_DECISIONS,
                 macros: bool = True):
        self.kn = kn
        self.rng = rng
        self.rollout_decisions = rollout_decisions
        self.macros = macros and hasattr(kn, "macro_point")

    def root_entry(self, state, legal, fast: bool = False) -> tuple:
        """The root's (options best first, priors): grouped actions at a macro point (see
        ``knowledge.<game>.macros``), single legal actions elsewhere."""
        kn = self.kn
        if self.macros and kn.macro_point(state, legal):
            opts = kn.macros(state, legal, fast)
            return _priors([m for m, _ in opts], [v for _, v in opts])
        return _priors(legal, kn.fast_scores(state, legal) if fast else kn.score_actions(state, legal), self.rng)

    def run(self, state, seconds=None, simulations=None, root_priors=None) -> tuple:
        """Search from ``state``; returns ({option: [visits, total reward, total squared reward]},
        simulations done). Options are the legal actions, or macros at a macro point.
        ``root_priors``: the root's (options best first, priors) if already computed."""
        kn = self.kn
        root = Node()
        side = state.to_act
        legal = state.legal_actions()
        root_macro = bool(self.macros and kn.macro_point(state, legal))
        root.order[(side, root_macro)] = entry = root_priors or self.root_entry(state, legal)
        self.base = kn.evaluate(state)
        self.first = type(state).SIDES[0]        # evaluate() is this side's margin
        start = time.perf_counter()
        deadline = start + seconds if seconds else None
        n = 0
        while True:
            if simulations is not None and n >= simulations:
                break
            if deadline is not None and n > 0 and time.perf_counter() >= deadline:
                break
            if n and n % SETTLED_EVERY == 0:
                left = simulations - n if simulations is not None else math.inf
                if deadline is not None:
                    now = time.perf_counter()
                    left = min(left, n * (deadline - now) / max(now - start, 1e-9))
                if settled(root, side, entry[0], left):
                    break
            self.simulate(root, state)
            n += 1
        out = {}
        for a in entry[0]:
            st = root.stats.get((side, a))
            out[a] = [st[0], st[1], st[2]] if st else [0, 0.0, 0.0]
        return out, n

    def fast_choice(self, s, legal):
        return pick(legal, self.kn.fast_scores(s, legal), self.rng)

    def simulate(self, root: Node, state) -> None:
        s = state.clone()
        s.dice.reseed(self.rng.getrandbits(62))
        kn = self.kn
        node = root
        path = []
        while not s.is_over:
            side = s.to_act
            legal = s.legal_actions()
            macro = self.macros and kn.macro_point(s, legal)
            if self.macros and not macro and node is not root and kn.inside_macro(s, legal):
                s.apply(self.fast_choice(s, legal))     # the rest of an action begun elsewhere
                continue
            entry = node.order.get((side, bool(macro)))
            if entry is None:
                entry = node.order[(side, bool(macro))] = self.root_entry(s, legal, fast=True)
            if macro:
                action = self.select(node, side, entry[0], entry)
                kn.run_macro(s, action, self.fast_choice)
            else:
                action = self.select(node, side, legal, entry)
                s.apply(action)
            path.append((node, side, action))
            key = (side, action)
            child = node.children.get(key)
            if child is None:
                node.children[key] = Node()
                break
            node = child
        reward = self.rollout(s)
        first = self.first
        for node, side, action in path:
            node.visits += 1
            st = node.stats.get((side, action))
            if st is None:
                st = node.stats[(side, action)] = [0, 0.0, 0.0]
            r = reward if side == first else 1.0 - reward
            st[0] += 1
            st[1] += r
            st[2] += r * r

    def select(self, node: Node, side: str, legal, entry):
        order, priors = entry
        legal_set = set(legal)
        allowed = max(1, math.ceil(PW_C * (node.visits + 1) ** PW_ALPHA))
        cands = [a for a in order if a in legal_set][:allowed]
        if len(cands) < allowed:
            extra = [a for a in legal if a not in priors]       # seen only with other dice
            cands += extra[:allowed - len(cands)]
        log_n = math.log(node.visits + 1)
        best, best_v = cands[0], -1e18
        for a in cands:
            st = node.stats.get((side, a))
            p = priors.get(a, 0.0)
            if st is None or st[0] == 0:
                v = 1e9 + p                                      # unvisited: best prior first
            else:
                v = st[1] / st[0] + C_UCT * math.sqrt(log_n / st[0]) + PRIOR_WEIGHT * p / (1 + st[0])
            if v > best_v:
                best, best_v = a, v
        return best

    def rollout(self, s) -> float:
        """A few decisions of the fast policy (with macros, a brigade's whole action counts as
        one), then the evaluation as a reward in [0, 1] for the first side."""
        kn, rng = self.kn, self.rng
        done = 0
        while done < self.rollout_decisions and not s.is_over and not kn.rollout_pause(s):
            legal = s.legal_actions()
            if rng.random() < ROLLOUT_EPSILON:
                a = rng.choice(legal)
            else:
                a = pick(legal, kn.fast_scores(s, legal), rng)
            if not (self.macros and kn.inside_macro(s, legal)):
                done += 1
            s.apply(a)
        m = kn.evaluate(s)
        x = (m - self.base) / REWARD_SCALE
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


# -- root-parallel workers ------------------------------------------------------------------------
_GAMES: dict = {}


def _search_in_worker(args):
    game_name, options, position, seconds, simulations, seed, rollout_decisions, macros = args
    import cwbattles
    key = (game_name, tuple(sorted((options or {}).items())))
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = cwbattles.load(game_name, options=options)
    state = game.from_position(position)
    search = Search(knowledge.for_game(game), random.Random(seed), rollout_decisions, macros)
    counts, n = search.run(state, seconds, simulations)
    return [(a, v[0], v[1], v[2]) for a, v in counts.items()], n


def _context():
    methods = mp.get_all_start_methods()
    return mp.get_context("forkserver" if "forkserver" in methods else "spawn")


def choose_move(actions, order, total) -> Action:
    """The most visited root child, if the search is sure enough it beats the heuristic's own
    choice (its mean reward higher by more than CONFIDENCE standard errors of the difference);
    otherwise the heuristic's choice. At small budgets the dice make each simulation's reward
    noisy, and the heuristic's exact-odds choice is the safer bet."""
    index = {a: i for i, a in enumerate(actions)}

    def visits(a):
        return total.get(a, [0])[0]
    top = max(actions, key=lambda a: (visits(a), -index[a]))
    prior = order[0]
    if top == prior or visits(prior) == 0:
        return top if visits(top) else prior

    def mean_var(a):
        n, s, q = total[a]
        m = s / n
        return m, max(q / n - m * m, 1e-6) / n
    m_top, v_top = mean_var(top)
    m_prior, v_prior = mean_var(prior)
    return top if m_top - m_prior > CONFIDENCE * math.sqrt(v_top + v_prior) else prior


def _moment(state) -> tuple:
    """Turn, round and side: a plan is carried on only in the player turn it was made in (the
    bot may be handed another game, or a position taken back)."""
    return (state.turn, state.round, state.to_act)


class MctsBot:
    name = "mcts"

    def __init__(self, seed: int = 0, seconds: float | None = None, simulations: int | None = None,
                 workers: int = 1, rollout_decisions: int = ROLLOUT_DECISIONS, macros: bool = True,
                 **budget):
        if seconds is None and simulations is None:
            from . import DEFAULT_MCTS_SIMULATIONS
            simulations = DEFAULT_MCTS_SIMULATIONS
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.simulations = simulations
        self.workers = max(1, int(workers))
        self.rollout_decisions = rollout_decisions
        self.macros = macros
        self.plan = None            # (brigade, macro, moment) being carried out
        self._pool = None
        self.last = None            # statistics of the last search (for tests and curiosity)

    def _full_choice(self, state, actions):
        kn = knowledge.for_game(state.game)
        return pick(actions, kn.score_actions(state, actions), self.rng)

    def choose(self, state):
        actions = state.legal_actions()
        kn = knowledge.for_game(state.game)
        macros = self.macros and hasattr(kn, "macro_point")
        if self.plan is not None:
            u, macro, when = self.plan
            if macros and when == _moment(state) and kn.inside_macro(state, actions, u):
                return kn.macro_step(state, macro, actions, self._full_choice)
            self.plan = None
        if len(actions) == 1:
            return actions[0]
        seeds = [self.rng.getrandbits(62) for _ in range(self.workers)]
        search = Search(kn, random.Random(seeds[0]), self.rollout_decisions, macros)
        order, priors = search.root_entry(state, actions)
        best = order[0]
        if priors[order[0]] >= OBVIOUS:
            self.last = {"simulations": 0, "visits": {}}
        else:
            futures = []
            if self.workers > 1:
                pool = self._get_pool()
                if pool is not None:
                    g = state.game
                    doc = state.to_position()
                    futures = [pool.submit(_search_in_worker, (g.name, dict(g.options), doc, self.seconds,
                                                                self.simulations, sd, self.rollout_decisions,
                                                                macros))
                               for sd in seeds[1:]]
            counts, n = search.run(state, self.seconds, self.simulations, (order, priors))
            total = {a: list(v) for a, v in counts.items()}
            for f in futures:
                rows, m = f.result()
                n += m
                for a, visits, rsum, rsq in rows:
                    t = total.setdefault(a, [0, 0.0, 0.0])
                    t[0] += visits
                    t[1] += rsum
                    t[2] += rsq
            best = choose_move(order, order, total)
            self.last = {"simulations": n, "visits": {a: total.get(a, [0])[0] for a in order}}
        if best in priors and not isinstance(best, Action):
            self.plan = (state.mv_unit, best, _moment(state))
            return kn.macro_step(state, best, actions, self._full_choice)
        return best

    def _get_pool(self):
        if self._pool is None:
            if mp.current_process().daemon:
                self.workers = 1              # a daemonic process may not start workers
                return None
            self._pool = ProcessPoolExecutor(max_workers=self.workers - 1, mp_context=_context())
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

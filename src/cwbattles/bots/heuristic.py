"""The heuristic bot: scores every legal action with the game's knowledge and plays the best.

The knowledge module (``cwbattles.bots.knowledge.<game>``) does the scoring: one step of
lookahead for most choices (apply the action to a copy, evaluate the result), the exact combat
preview for attacks, a plan over every zone a brigade can reach for its moves. Ties are broken
by the bot's own seeded generator, so the same seed always plays the same game.
"""

from __future__ import annotations

import random

from . import knowledge


def pick(actions, scores, rng: random.Random):
    """The best-scored action; among equal scores, a seeded random one."""
    best = max(scores)
    top = [a for a, s in zip(actions, scores) if s >= best - 1e-9]
    return top[0] if len(top) == 1 else rng.choice(top)


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0, fast: bool = False, knowledge_module=None, **budget):
        self.rng = random.Random(seed)
        self.fast = fast
        self.knowledge = knowledge_module      # None: the game's own (knowledge.for_game)

    def choose(self, state):
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        kn = self.knowledge or knowledge.for_game(state.game)
        scores = kn.score_actions(state, actions, fast=self.fast)
        return pick(actions, scores, self.rng)

    def close(self) -> None:
        pass

"""What the bots know about Champion Hill 1863: a cheap evaluation and a policy.

Everything is measured in victory points (21.3), from the Union's view: ``evaluate(state)`` is
the expected final margin, Union VP minus Confederate VP. The policy (``score_actions``) scores
each legal action for the side to act: attacks by the engine's exact ``state.preview`` odds,
each unit's move by the best hex the engine's ``reach`` says it can still end in, retreats by
safety, advances by the victory hexes they take. ``fast_scores`` is the same policy reading the
odds without a preview, for search rollouts. The bots never change a state they are given.

The modules, in the order they build on one another:

- ``facts``: the static facts of the game and the weights;
- ``evaluation``: ``evaluate``: VP so far, victory hexes' expected holders, the train;
- ``ground``: what taking a victory hex is worth as likely as it survives the enemy's reply, the
  strength a side can mass on a hex (issue 30);
- ``held``: what freeing a held enemy division early costs (17.0, issue 30);
- ``attacks``: what an attack is worth (8.6), which to make and with whom (8.1-8.9; the phase's
  attacks planned together by the series' ``owed``);
- ``movement``: objectives, a unit's worth in a hex, the route there (6.0, 7.0);
- ``retreat``: retreats, exchanges and advances after combat (8.6-8.8, 19.53);
- ``policy``: ``score_actions``, each decision to the module that knows it.
"""

from __future__ import annotations

from .evaluation import evaluate, rollout_pause
from .policy import fast_scores, score_actions

# the sides whose commander orders actions of equal score by a draw from its seed, as the
# heuristic bot does, not in the game's order (``planning.tie_salt``). The Union: which
# reinforcement enters and which unit moves next score alike, and in the game's order its first
# turn let Wirt Adams' cavalry live (it rode through 1920, 40 VP) in 10 of 16 games, the
# heuristic's draws in 2. The Confederates keep the game's order: drawn, their commander did
# no better (paired against the game's order, 16 games: -13.5 VP a game, 95% CI -50.8 to +23.8;
# docs/bots.md, "Champion Hill's Union commander and Wirt Adams").
SEEDED_TIES = ("union",)

__all__ = ["SEEDED_TIES", "evaluate", "fast_scores", "rollout_pause", "score_actions"]

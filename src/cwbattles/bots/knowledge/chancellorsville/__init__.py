"""What the bots know about Chancellorsville 1863: a cheap evaluation and a policy.

Everything is measured in victory points (23.61), from the Union's view: ``evaluate(state)`` is
the expected final margin, Union VP minus Confederate VP (the levels of 23.62 rank the ratio,
which the margin orders the same way for a given total). The policy (``score_actions``) scores
each legal action for the side to act: attacks by the engine's exact ``state.preview`` odds,
each unit's move by the best hex the engine's ``reach`` says it can still end in, retreats by
safety, the exit through F2501 by the points it brings (23.31). ``fast_scores`` reads attack
odds without the preview's clone, for search rollouts.

- ``facts``: the static facts and the weights;
- ``evaluation``: ``evaluate``;
- ``attacks``: attacks (8.0-9.0) and what each result is worth (2 VP a point, 23.61);
- ``movement``: objectives, a unit's worth in a hex, the route; forced march, rally, fieldworks;
- ``policy``: ``score_actions``, each decision to the module that knows it (retreats, exchanges,
  advances and the Reserve artillery's corps there too).
"""

from __future__ import annotations

from .evaluation import evaluate, rollout_pause
from .policy import fast_scores, score_actions

__all__ = ["evaluate", "fast_scores", "rollout_pause", "score_actions"]

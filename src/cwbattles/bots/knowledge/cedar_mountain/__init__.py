"""What the bots know about Cedar Mountain (1862, GBACW): a cheap evaluation and a policy.

Everything is measured in Victory Points (27), from the Union's view: ``evaluate(state)`` is the
expected final margin, Union VP minus Confederate VP. The policy (``score_actions``) scores each
legal action for the side to act: fires and melees by the engine's exact previews (9.0, 12.0),
moves toward each unit's objective in march formation and, near the enemy, in fighting formation
facing it; set-up in the deployment areas facing west (26.2); retreats away from the enemy
toward friends (23.0). ``fast_scores`` reads the same without previews, for search rollouts. The
bots never change a state they are given.

- ``facts``: static facts of the map and order of battle, the weights;
- ``evaluation``: ``evaluate``;
- ``combat``: fire, melee declarations, retreat before melee, advances (9.0, 12.0);
- ``movement``: set-up, command, movement (5.0-7.0, 16.0, 26.0);
- ``policy``: ``score_actions``, each decision to the module that knows it.
"""

from __future__ import annotations

from .evaluation import evaluate, rollout_pause
from .policy import fast_scores, score_actions

__all__ = ["evaluate", "fast_scores", "rollout_pause", "score_actions"]

"""The policy: a score for each legal action, from the view of the side to act, each kind of
decision handed to the module that knows it. ``fast`` (search rollouts) reads attack odds
without the preview's clone."""

from __future__ import annotations

from ..blue_and_gray.policy import policy
from ..blue_and_gray.retreat import exchange_scores
from .attacks import combat_scores, declare_scores
from .movement import movement_scores, moving_scores
from .retreat import advance_scores, retreat_scores


_HANDLERS = {
    "movement": movement_scores, "moving": moving_scores,
    "combat": combat_scores, "declare": declare_scores,
    "retreat": retreat_scores, "retreat_option": retreat_scores,
    "exchange": exchange_scores,
    "advance": advance_scores, "bowen_advance": advance_scores, "bowen_join": advance_scores,
}
score_actions, fast_scores = policy(_HANDLERS)

"""The policy: a score for each legal action, from the view of the side to act, each kind of
decision handed to the module that knows it. ``fast`` (search rollouts) reads attack odds
without the preview's clone."""

from __future__ import annotations

from .attacks import combat_scores, declare_scores
from .movement import movement_scores, moving_scores
from .retreat import advance_scores, exchange_scores, retreat_scores


def score_actions(state, actions, fast: bool = False) -> list:
    """Scores of the legal actions (higher is better) for the side to act."""
    return _HANDLERS[state.stack[-1][0]](state, actions, fast)


def fast_scores(state, actions) -> list:
    return score_actions(state, actions, fast=True)


_HANDLERS = {
    "movement": movement_scores, "moving": moving_scores,
    "combat": combat_scores, "declare": declare_scores,
    "retreat": retreat_scores, "retreat_option": retreat_scores,
    "exchange": exchange_scores,
    "advance": advance_scores, "bowen_advance": advance_scores, "bowen_join": advance_scores,
}

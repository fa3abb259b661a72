"""The policy of a Blue & Gray game's knowledge: a score for each legal action from the view of
the side to act, each decision (the frame on top of the stack) handed to the module that knows
it. ``fast`` (search rollouts) reads attack odds without the preview's clone."""

from __future__ import annotations


def policy(handlers: dict):
    """(score_actions, fast_scores) for a game whose decisions ``handlers`` (frame name ->
    ``scores(state, actions, fast)``) score."""

    def score_actions(state, actions, fast: bool = False) -> list:
        """Scores of the legal actions (higher is better) for the side to act."""
        return handlers[state.stack[-1][0]](state, actions, fast)

    def fast_scores(state, actions) -> list:
        return score_actions(state, actions, fast=True)

    return score_actions, fast_scores

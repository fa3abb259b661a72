"""The policy: a score for each legal action, from the view of the side to act, each kind of
decision handed to the module that knows it. ``fast`` (search rollouts) reads combat without the
previews."""

from __future__ import annotations

from .combat import (advance_scores, declaration_scores, declare_scores, fire_decl_scores, fire_scores,
                     melee_phase_scores, rally_scores, retreat_scores)
from .movement import (assign_scores, command_scores, deploy_scores, entry_scores, movement_scores, moving_scores,
                       place_scores)


def score_actions(state, actions, fast: bool = False) -> list:
    """Scores of the legal actions (higher is better) for the side to act."""
    return _HANDLERS[state.stack[-1][0]](state, actions, fast)


def fast_scores(state, actions) -> list:
    return score_actions(state, actions, fast=True)


_HANDLERS = {
    "deploy_unit": deploy_scores, "deploy_facing": deploy_scores, "deploy_form": deploy_scores,
    "assign_area": assign_scores, "entry_choice": entry_scores,
    "command_phase": command_scores, "place_leader": place_scores,
    "movement": movement_scores, "moving": moving_scores,
    "declarations": declaration_scores, "declare_melee": declare_scores,
    "fire": fire_scores, "fire_decl": fire_decl_scores,
    "rbm": retreat_scores, "retreat": retreat_scores,
    "melee_phase": melee_phase_scores, "advance": advance_scores,
    "rally_phase": rally_scores,
}

"""The policy: a score for each legal action, from the view of the side to act.

Every decision frame of the game has a handler, found by the kind of its actions; the handler
lives in the module that knows that part of the game. ``fast`` skips exact previews and
lookahead clones, for search rollouts.
"""

from __future__ import annotations

from .activation import brigades_scores, divisions_scores
from .attacks import resolve_scores
from .command import displace_scores, hq_scores
from .fatigue import hold_fatigue_scores
from .movement import facing_scores, line_scores, move_scores
from .retreat import advance_scores, hit_scores, retreat_scores
from .tactical_retreat import tactical_scores


def score_actions(state, actions, fast: bool = False) -> list:
    """Scores of the legal actions (higher is better) for the side to act; ``fast`` skips the
    exact previews and lookahead clones (search rollouts)."""
    kind = actions[0].kind
    handler = _HANDLERS.get(kind)
    if handler is None:
        for a in actions:
            handler = _HANDLERS.get(a.kind)
            if handler:
                break
    return handler(state, actions, fast)


def fast_scores(state, actions) -> list:
    return score_actions(state, actions, fast=True)


_HANDLERS = {
    "tactical_retreat": tactical_scores,
    "activate": divisions_scores,
    "brigade": brigades_scores, "end_division": brigades_scores,
    "pass": move_scores, "rest": move_scores, "rout": move_scores, "mount": move_scores,
    "dismount": move_scores, "extra_mp": move_scores, "enter": move_scores, "move": move_scores,
    "attack": move_scores, "charge": move_scores, "stop": move_scores,
    "face": facing_scores,
    "line": line_scores,
    "hq_displace": displace_scores,
    "end_hq": hq_scores, "hq_move": hq_scores, "hq_enter": hq_scores, "hq_stop": hq_scores,
    "deploy": hq_scores, "marker_move": hq_scores,
    "resolve": resolve_scores,
    "hold": hit_scores, "retreat": hit_scores,
    "fatigue": hold_fatigue_scores,
    "retreat_to": retreat_scores, "retreat_stop": retreat_scores,
    "advance": advance_scores, "no_advance": advance_scores,
}

"""Knowledge for a game that has none of its own: the score so far, and one step of lookahead.

``evaluate`` is the result's ``margin`` (the first side's VP minus the second's) when the game
reports one, else 0; the heuristic then plays the action whose immediate result scores best.
"""

from __future__ import annotations


def evaluate(state) -> float:
    try:
        return float(state.result.get("margin", 0))
    except Exception:
        return 0.0


def one_ply(state, actions, evaluate=evaluate) -> list:
    """Apply each action to a copy and evaluate the result (``evaluate``: the first side's
    view), from the view of the side to act."""
    sign = 1.0 if state.to_act == type(state).SIDES[0] else -1.0
    out = []
    for a in actions:
        s = state.clone()
        s.apply(a)
        out.append(sign * evaluate(s))
    return out


def score_actions(state, actions, fast: bool = False) -> list:
    if fast:
        return [0.0 for _ in actions]
    return one_ply(state, actions)


def fast_scores(state, actions) -> list:
    return score_actions(state, actions, fast=True)


def rollout_pause(state) -> bool:
    return False

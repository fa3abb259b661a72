"""Game knowledge for the bots, one module (or package) per game, chosen by ``state.game.name``.

A knowledge module gives:

- ``evaluate(state) -> float``: the expected final VP margin, first side's view (for Cedar Creek
  Union VP minus Confederate VP), cheap enough for search leaves;
- ``score_actions(state, actions) -> list[float]``: a score for each legal action from the view of
  the side to act (higher is better), the heuristic bot's whole policy;
- ``fast_scores(state, actions) -> list[float]``: the same, cheaper (no lookahead), for rollouts;

A game without a module of its own gets ``generic`` (the result's margin, one step ahead).
"""

from __future__ import annotations

from importlib import import_module

MODULES = {"cedar-creek": "cwbattles.bots.knowledge.cedar_creek",
           "champion-hill": "cwbattles.bots.knowledge.champion_hill",
           "cedar-mountain": "cwbattles.bots.knowledge.cedar_mountain",
           "chancellorsville": "cwbattles.bots.knowledge.chancellorsville"}


def for_game(game):
    """The knowledge module of ``game`` (a Game or its name)."""
    name = game if isinstance(game, str) else game.name
    return import_module(MODULES.get(name, "cwbattles.bots.knowledge.generic"))

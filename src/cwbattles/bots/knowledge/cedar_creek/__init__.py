"""What the bots know about Cedar Creek 1864: a cheap evaluation and a policy.

Everything is measured in victory points (rule 4), from the Union's view: ``evaluate(state)``
is the expected final margin, Union VP minus Confederate VP, the sum of small, separately
named terms. The policy (``score_actions``) scores each legal action for the side to act:
attacks by the engine's exact ``state.preview`` odds, a brigade's move by the best zone it can
still reach, hits held or not by the retreat table's odds, the remaining small choices by one
action of lookahead. ``fast_scores`` is the same policy without previews or clones, for search
rollouts. The bots read the state's public lists and the game's static board and rules
helpers; they never change a state they are given.

The modules, in the order they build on one another:

- ``facts``: the static facts of the game, the weights (in VP), a view of one state;
- ``attacks``: combat odds (11.3, 11.4), what an attack is worth, attacks possible or declared;
- ``zones``: the victory zones (4), who is likely to hold each at the end;
- ``fatigue``: fatigue, rout and rest (10.3, 11.4);
- ``command``: cohesion and command range (10), headquarters (7.2), the train (7.3);
- ``evaluation``: ``evaluate``, the terms above weighted (``weights.toml``) and added up;
- ``retreat``: hold or retreat, retreat paths, advances (11.4);
- ``placement``: where a brigade is worth most, the plan of its move;
- ``movement``, ``activation``, ``tactical_retreat``: the choices of 10.3-10.5, 7.1 and 6.1;
- ``policy``: ``score_actions``, each decision to the module that knows it;
- ``macros``: a brigade's whole action as one choice, for the search.
"""

from __future__ import annotations

from .attacks import ODDS_KEYS, rough_odds
from .evaluation import TERMS, WEIGHTS, evaluate, final_margin, rollout_pause, terms
from .facts import View, facts
from .macros import inside_macro, macro_point, macro_step, macros, run_macro
from .policy import fast_scores, score_actions
from .retreat import hold_or_retreat

__all__ = ["ODDS_KEYS", "TERMS", "View", "WEIGHTS", "evaluate", "facts", "fast_scores", "final_margin", "hold_or_retreat",
           "inside_macro", "macro_point", "macro_step", "macros", "rollout_pause", "rough_odds", "run_macro",
           "score_actions", "terms"]

"""The evaluation: the expected final margin, Union VP minus Confederate VP (4).

``terms`` gives separately named terms, each in VP from the Union's view: the step losses so
far (4: the side with fewer losses scores the difference, so the margin moves one for one with
every step), the victory zones' expected values (``zones``), fatigue and rout (``fatigue``),
the attacks each side could make next and those declared (``attacks``), cohesion, command and
batteries (``command``), and the Confederates' early drive. ``evaluate`` is their sum, each
term times its weight in ``weights.toml``, a file a user can edit. The weights are 1: the terms
as set by hand. ``bench/fit_evaluation.py`` fits them to the final margins of heuristic games;
the file says what that gave and why it is not used. At the end of the game it is the exact
margin.
"""

from __future__ import annotations

from pathlib import Path

from ....engine.datafile import Checker, load_toml
from ....engine.errors import DataError
from ....games.cedar_creek.victory import step_losses
from .. import generic
from .attacks import declared_attacks, threats
from .command import batteries, cohesion, command
from .facts import CONFEDERATE, CSA_EARLY, UNION, View, facts
from .fatigue import condition
from .zones import entering_units, zone_expectation


def loss_margin(state) -> float:
    """4: the side with fewer step losses scores the difference, Union's view."""
    return float(step_losses(state, CONFEDERATE) - step_losses(state, UNION))


def final_margin(state) -> float:
    """The exact margin now (the game's result), Union minus Confederate."""
    return float(state.result["margin"])


def confederate_drive(V: View) -> float:
    """7.1: on turns 1-3 the Confederates have +2 to activate and the Union fights at -2/-1:
    reward Confederate brigades for getting in among the Union army early."""
    F, st = V.F, V.state
    if st.turn > 3:
        return 0.0
    total = 0.0
    for u in V.on_map[CONFEDERATE]:
        z = st.zone[u]
        nearest = min((F.mp[z][vz] for vz, _, _ in F.vp), default=0)
        total += CSA_EARLY * max(0.0, 1.0 - nearest / 16)
    waiting = sum(1 for u, _ in entering_units(V) if F.side[u] == CONFEDERATE)
    return -(total - 0.3 * waiting * (4 - st.turn) / 3)


TERMS = ("losses", "zones", "condition", "union_threats", "confederate_threats", "declared",
         "cohesion", "command", "batteries", "drive")
WEIGHTS_FILE = Path(__file__).with_name("weights.toml")


def load_weights(path: Path = WEIGHTS_FILE) -> dict:
    """{term: weight} from the ``[weights]`` table of ``path``; every term must have a number."""
    table = load_toml(path).get("weights")
    if not isinstance(table, dict):
        raise DataError(str(path), "weights", "missing table [weights]")
    check = Checker(str(path), table, "weights")
    for key in table:
        if key not in TERMS:
            check.fail(key, f"not a term of the evaluation; the terms are {', '.join(TERMS)}")
    return {t: float(check.get(t, (int, float))) for t in TERMS}


WEIGHTS = load_weights()


def terms(state) -> dict:
    """The terms of the evaluation before weighting, {name: VP}, Union's view."""
    F = facts(state.game)
    V = View(state, F)
    union_threats, confederate_threats = threats(V)
    return {"losses": loss_margin(state), "zones": zone_expectation(V), "condition": condition(V),
            "union_threats": union_threats, "confederate_threats": -confederate_threats,
            "declared": declared_attacks(V), "cohesion": cohesion(V), "command": command(V),
            "batteries": batteries(V), "drive": confederate_drive(V)}


def evaluate(state, weights: dict | None = None) -> float:
    """Expected final margin, Union VP minus Confederate VP: the weighted sum of ``terms``."""
    if state.over:
        return final_margin(state)
    w = WEIGHTS if weights is None else weights
    return sum(w[k] * v for k, v in terms(state).items())


def rollout_pause(state) -> bool:
    """A good place for a search to stop and evaluate: the attacks declared this player turn
    are about to be rolled. The evaluation counts them at their expected value
    (``declared_attacks``), which is far less noisy than one roll of the dice."""
    if not state.combats or not state.stack:
        return False
    return state.stack[-1][0] in ("hqphase", "hqmove", "resolve") and any(not c[2] for c in state.combats)


def one_ply(state, actions) -> list:
    """Apply each action to a copy and evaluate the result, from the view of the side to act."""
    return generic.one_ply(state, actions, evaluate)

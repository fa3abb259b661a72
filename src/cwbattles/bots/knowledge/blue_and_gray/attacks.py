"""Attacks (8.0-9.0) by the engine's exact odds, for every Blue & Gray game: an attack is worth
the sum over the results table's outcomes (8.6) of chance times the game's ``result_values``
(what De, Dr, Ex, Ar and Ae are worth to the attacker there, in its victory points)."""

from __future__ import annotations

from ....systems.blue_and_gray.combat import adjacent_role, odds
from . import declared, owed, table_outcomes

OBLIGED = 1.0         # a unit that must attack anyway (8.1) joins rather than fight alone later
LOWER = 0.01          # a declared lower column must be strictly better to be chosen (8.9)
SUPPORT = 0.05        # bombardment support never costs the attacker (9.1)
ANOTHER_TARGET = 0.1  # a second defending hex must be worth more than the attack without it
PLANNED = 100.0       # with ``planned``: an attack or attacker of the phase's plan comes first


def exchange_loss(strengths, need: int) -> int:
    """8.6 Ex: the printed strength the attacker loses when it pays ``need`` points from units
    of these strengths the way ``retreat.exchange_scores`` does (the attack's worth counts it)."""
    left, lost = sorted(strengths), 0
    while need > 0 and left:
        covering = [x for x in left if x >= need]
        x = covering[0] if covering else left[-1]
        left.remove(x)
        need -= x
        lost += x
    return lost


def value_of(state, action, fast: bool, result_values) -> float:
    """An attack's worth after ``action``. Until it is resolved, the attacker may still
    declare any lower column (8.9), so an attack is worth its best column; ``resolve`` and
    ``resolve_at`` are worth their own. ``fast``: the odds without a preview's clone or a die
    modifier (Champion Hill's 19.53)."""
    targets, attackers, column = declared(state, action)
    if not attackers:
        return 0.0
    tables = state.game.tables
    if fast:
        top = odds(state, targets, attackers)["column"] if column is None else column
        modifier = 0
    else:
        p = state.preview(action)
        top, modifier = tables.columns.index(p["odds"]), p["die_modifier"]
    values = result_values(state, targets, attackers)
    columns = (top,) if action.kind in ("resolve", "resolve_at") else range(top + 1)
    return max(sum(p * values[r] for r, p in table_outcomes(tables, c, modifier).items()) for c in columns)


def combat_scores(state, actions, fast: bool, result_values, planned: bool = False) -> list:
    """The Combat Phase: attack the hex whose full attack is worth most, or end the phase
    (offered only when every compulsory attack is made, 8.1) if none is worth making. A game
    that asks for ``planned`` attacks follows the phase's plan (``owed.plan``) instead: its
    attacks first, the most valuable first; any other only when nothing else is left."""
    plan = owed.plan(state, state.stack[-1][1], result_values) if planned else None
    out = []
    for a in actions:
        if a.kind == "end_combat":
            out.append(0.0)
        elif plan is not None and a.a in plan.value:
            out.append(PLANNED + plan.value[a.a])
        else:
            out.append(value_of(state, a, fast, result_values) - (PLANNED if plan is not None else 0.0))
    return out


def declare_scores(state, actions, fast: bool, result_values, planned: bool = False) -> list:
    """Building one attack: add the attacker that raises its worth most (units already in an
    enemy zone of control must attack somewhere, 8.1, so they join), or roll. With
    ``planned``, a unit the phase's plan sends against this hex joins and one it sends
    elsewhere (or keeps back) does not."""
    frame = state.stack[-1]
    plan = owed.plan(state, frame[1], result_values) if planned else None
    here = frame[2][0] if len(frame[2]) == 1 else None
    out = []
    for a in actions:
        v = value_of(state, a, fast, result_values)
        if a.kind == "attacker" and plan is not None and a.a in plan.target_of:
            v += PLANNED if plan.target_of[a.a] == here else -PLANNED
        elif a.kind == "attacker" and adjacent_role(state, a.a):
            v += OBLIGED
        elif a.kind == "attacker":
            v += SUPPORT
        elif a.kind == "resolve_at":
            v -= LOWER
        elif a.kind == "target":
            v -= ANOTHER_TARGET
        out.append(v)
    return out

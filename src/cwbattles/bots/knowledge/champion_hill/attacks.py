"""Attacks (8.0-9.0): what an attack is worth, by the engine's exact odds.

``state.preview(action)`` gives, for ``attack``, ``target``, ``attacker``, ``resolve`` and
``resolve_at``, the probability of each result of the combat results table (8.6) with the
die modifier of 19.53 (Bowen's counterattack) and every halving (17.3, 19.14) applied. An
attack's worth, in VP for the attacker, is the sum over results of probability times value:

- De: the defenders' strength (21.1), and the train's 50 VP if it stands there (18.1);
- Dr: a quarter of it (the defenders may be cut off or caught later), all of it for units
  with no hex to retreat to (8.7);
- Ex: the defenders' strength less what the attacker must lose: whole units whose printed
  strengths cover the defenders' (8.6), paid as ``retreat.exchange_scores`` pays them;
- Ar: a fifth of the adjacent attackers' strength (they give up ground);
- Ae: the adjacent attackers' strength; bombarding artillery risks nothing (9.1).

A voluntary lower column (8.9) is scored by its own preview, so it is chosen only if it is
worth more: on the printed table a lower column trades exchanges for retreats (3-1 has one Ex
where 4-1 has two), which pays when the exchange would cost a big unit for a small one. ``fast`` reads the odds without the clone a preview
costs and without the die modifier.
"""

from __future__ import annotations

from ....systems.blue_and_gray.combat import adjacent_role, odds
from ....systems.blue_and_gray.displacement import displaceable, retreat_hexes
from ..blue_and_gray import declared, table_outcomes
from .facts import TRAIN_VP, facts
from .retreat import exchange_loss

DR_SHARE = 0.25
AR_SHARE = 0.2
OBLIGED = 1.0         # a unit that must attack anyway (8.1) joins rather than fight alone later
LOWER = 0.01          # a declared lower column must be strictly better to be chosen (8.9)


def result_values(state, targets: tuple, attackers: tuple) -> dict:
    """What each result (8.6) of an attack is worth to the attacker, in VP."""
    F = facts(state.game)
    defenders = [v for t in targets for v in state.units_at(t)]
    dsp = float(sum(F.vp_strength[v] for v in defenders if v != F.train))
    train = TRAIN_VP if F.train in defenders else 0.0
    adjacent = [u for u in attackers if adjacent_role(state, u)]
    asp = float(sum(F.vp_strength[u] for u in adjacent))
    owed = sum(F.strength[v] for v in defenders if v != F.train)
    trapped = float(sum(F.vp_strength[v] for v in defenders if v != F.train
                        and not retreat_hexes(state, v) and not displaceable(state, v)))
    return {"De": dsp + train,
            "Dr": DR_SHARE * (dsp - trapped) + trapped + train,
            "Ex": dsp + train - float(exchange_loss([F.strength[u] for u in adjacent], owed)),
            "Ar": -AR_SHARE * asp,
            "Ae": -asp}


def value_of(state, action, fast: bool) -> float:
    """An attack's worth after ``action``. Until it is resolved, the attacker may still
    declare any lower column (8.9), so an attack is worth its best column; ``resolve`` and
    ``resolve_at`` are worth their own. ``fast``: the odds without a preview's clone or the
    die modifier (19.53)."""
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


def combat_scores(state, actions, fast: bool) -> list:
    """The Combat Phase: attack the hex whose full attack is worth most, or end the phase
    (offered only when every compulsory attack is made, 8.1) if none is worth making."""
    return [0.0 if a.kind == "end_combat" else value_of(state, a, fast) for a in actions]


def declare_scores(state, actions, fast: bool) -> list:
    """Building one attack: add the attacker that raises its worth most (units already in an
    enemy zone of control must attack somewhere, 8.1, so they join), or roll."""
    out = []
    for a in actions:
        v = value_of(state, a, fast)
        if a.kind == "attacker" and adjacent_role(state, a.a):
            v += OBLIGED
        elif a.kind == "attacker":
            v += 0.05                      # bombardment support never costs the attacker (9.1)
        elif a.kind == "resolve_at":
            v -= LOWER
        elif a.kind == "target":
            v -= 0.1
        out.append(v)
    return out

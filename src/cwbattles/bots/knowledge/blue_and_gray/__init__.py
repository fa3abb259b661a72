"""What the heuristic's knowledge of every Blue & Gray game shares (Champion Hill,
Chancellorsville): here the distribution of results on one column of the results table (8.6)
and the attack a declaration step would leave; ``attacks`` (an attack's worth by its best column,
the Combat Phase, building one attack), ``owed`` (a Combat Phase's attacks planned together,
for a game that asks), ``movement`` (a side's plan: a unit's worth in a hex,
the first step of the route to the best hex), ``retreat`` (retreats, exchanges), ``policy``
(each decision to its handler). Each game's knowledge gives what its victory conditions and
exclusive rules make different: what a result is worth, its objectives, its weights."""

from __future__ import annotations

from ....systems.blue_and_gray.combat import candidates


def table_outcomes(tables, column: int, modifier: int = 0) -> dict:
    """The results' probabilities on one column of the table (8.6), the die modified."""
    out = {}
    for roll in range(1, 7):
        r = tables.result(column, roll + modifier)
        out[r] = out.get(r, 0.0) + 1 / 6
    return out


def declared(state, action) -> tuple:
    """(targets, attackers, column) the attack would have after ``action`` (8.1-8.3, 8.9)."""
    frame = state.stack[-1]
    if action.kind == "attack":
        t = (action.a,)
        return t, tuple(candidates(state, frame[1], t)), None
    targets, attackers = frame[2], frame[3]
    if action.kind == "target":
        t = targets + (action.a,)
        return t, tuple(candidates(state, frame[1], t)), None
    if action.kind == "attacker":
        return targets, attackers + (action.a,), None
    return targets, attackers, action.a if action.kind == "resolve_at" else None

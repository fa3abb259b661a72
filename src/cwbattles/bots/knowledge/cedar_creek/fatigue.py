"""Fatigue and rout (10.3, 11.4): what tired and routed brigades cost, and what rest gives back.

A fatigue level costs more on a strong brigade (it fights worse for longer); a routed brigade
is out of action and may lose more. Resting gains back a level, worth half again as much for
a brigade in contact with the enemy, which will soon have to fight.
"""

from __future__ import annotations

from .facts import CONFEDERATE, FATIGUE, ROUTED, UNION, View, facts, in_contact


def condition(V: View) -> float:
    """Fatigue and rout, Union's view (a tired Confederate is good for the Union)."""
    total = 0.0
    for side, sign in ((UNION, 1.0), (CONFEDERATE, -1.0)):
        for u in V.on_map[side]:
            total -= sign * unit_condition(V, u)
    return total


def unit_condition(V: View, u: int, fatigue: int | None = None) -> float:
    st = V.state
    fat = st.fatigue[u] if fatigue is None else fatigue
    scale = 0.5 + 0.08 * V.strength[u]
    c = FATIGUE * scale * fat
    if st.routed[u]:
        c += ROUTED * scale
    return c


def rest_gain(V: View, u: int) -> float:
    st = V.state
    if not st.fatigue[u]:
        return 0.0
    gain = unit_condition(V, u) - unit_condition(V, u, st.fatigue[u] - 1)
    if in_contact(V, st.zone[u], V.F.side[u]) if st.zone[u] >= 0 else False:
        gain *= 1.5
    return gain


def hold_fatigue_scores(state, actions, fast):
    """11.4: after a hold, the winner that tires is the one a fatigue level costs least."""
    F = facts(state.game)
    V = View(state, F)
    out = []
    for a in actions:
        w = a.a
        out.append(-(unit_condition(V, w, min(2, state.fatigue[w] + 1)) - unit_condition(V, w)))
    return out

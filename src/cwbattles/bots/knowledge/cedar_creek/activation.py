"""Which division to activate (7.1, 10, 12) and in what order its brigades act.

A division is worth the sum of what its brigades would gain by acting (their best move,
attack or rest over doing nothing, from ``placement``), times its chance to activate: certain
when it enters or is within its HQ's command range, else the initiative test's odds.
Independent cavalry near the division acts with it (12). Rollouts use a cheap stand-in for the
gain (``quick_gain``): entering, enemies adjacent, rest, cohesion to restore.
"""

from __future__ import annotations

from ....games.cedar_creek.activation import (brigades_to_act, entering, in_command_range,
                                              initiative_test_modifiers)
from ....games.cedar_creek.movement import cohesive
from .facts import CONFEDERATE, OFF_MAP, View, facts
from .fatigue import rest_gain
from .placement import brigade_gain


def activation_chance(V: View, d: int) -> float:
    """1 if the division enters or is within its HQ's command range, else the initiative test."""
    F, st = V.F, V.state
    if entering(st, d):
        return 1.0
    if in_command_range(st, d):
        return 1.0
    m = sum(mod[2] for mod in initiative_test_modifiers(st, d))
    return min(1.0, max(0.0, (F.t.initiative_test.success_max - m) / 6))


def ready_brigades(state, d: int) -> list:
    """The brigades that would act were division d activated now (with the independent cavalry
    near it, 12), less those that have acted this round."""
    return [u for u in brigades_to_act(state, d) if state.acted[u] != state.stamp]


def division_value(V: View, d: int) -> float:
    """What activating division d is worth: its brigades' gains (independent cavalry acting
    with it counted at 0.7: it may be wanted elsewhere) times the chance it activates."""
    own = V.F.div_units[d]
    gains = [brigade_gain(V, u) * (1.0 if u in own else 0.7) for u in ready_brigades(V.state, d)]
    return activation_chance(V, d) * sum(max(0.0, g) for g in gains)


def quick_gain(V: View, u: int) -> float:
    """A cheap stand-in for brigade_gain (rollouts): entering, fighting, resting or moving on."""
    F, st = V.F, V.state
    z = st.zone[u]
    if z == OFF_MAP:
        return 2.0 if F.side[u] == CONFEDERATE else 1.5
    if z < 0:
        return 0.0
    if st.routed[u]:
        return rest_gain(V, u)
    side = F.side[u]
    g = 0.3 + rest_gain(V, u)
    for n in F.adj[z]:
        e = V.first.get(n)
        if e is not None and F.side[e] != side:
            g += 0.3 if V.strength[u] >= V.strength[e] else 0.1
    if not cohesive(st, u, z):
        g += 0.5
    return g


def divisions_scores(state, actions, fast):
    """7.1: each division by what activating it is worth (rollouts: by ``quick_gain``)."""
    F = facts(state.game)
    V = View(state, F)
    if fast:
        return [activation_chance(V, a.a) * sum(quick_gain(V, u) for u in ready_brigades(state, a.a)
                                                if u in F.div_units[a.a]) for a in actions]
    return [division_value(V, a.a) for a in actions]


def brigades_scores(state, actions, fast):
    """7.1: the brigade that gains most by acting goes first; ending the division scores 0."""
    F = facts(state.game)
    V = View(state, F)
    if fast:
        return [0.0 if a.kind == "end_division" else quick_gain(V, a.a) for a in actions]
    out = []
    for a in actions:
        if a.kind == "end_division":
            out.append(0.0)
        else:
            out.append(brigade_gain(V, a.a) + 0.01)
    return out

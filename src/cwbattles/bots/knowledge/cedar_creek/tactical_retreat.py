"""The Union's tactical retreat (6.1): order it when it rests more than it gives away.

During a tactical retreat the Union may not enter enemy zones of control nor attack, while
the Confederates, at -2 to activate, mostly cannot follow: worth it when many Union brigades
are tired or routed, not when the Union must win back victory zones before the end.
"""

from __future__ import annotations

from .facts import CONFEDERATE, UNION, View, facts


def tactical_retreat_value(state) -> float:
    """6.1: worth ordering when many Union brigades are tired or routed (they rest while the
    Confederates, at -2 to activate, mostly cannot follow), not when the Union must attack to
    win back the victory zones before the end."""
    F = facts(state.game)
    V = View(state, F)
    tired = sum(state.fatigue[u] + (2 if state.routed[u] else 0) for u in V.on_map[UNION])
    lost = sum(vu + vc for z, vu, vc in F.vp if state.control[z] == CONFEDERATE)
    late = state.turn >= F.turns - 2
    return 0.3 * tired - 2.5 - (0.8 * lost if late else 0.2 * lost)


def tactical_scores(state, actions, fast):
    """6.1: order the tactical retreat when ``tactical_retreat_value`` is positive."""
    v = tactical_retreat_value(state)
    return [v if a.a else 0.0 for a in actions]

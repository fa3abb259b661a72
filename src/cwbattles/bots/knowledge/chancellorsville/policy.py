"""The policy: a score for each legal action from the view of the side to act, each decision to
the module that knows it; the small decisions after the die are here."""

from __future__ import annotations

from functools import partial

from ..blue_and_gray import retreat
from ..blue_and_gray.policy import policy
from ..blue_and_gray.retreat import exchange_scores
from .attacks import combat_scores, declare_scores
from .facts import facts
from .movement import Plan, movement_scores, moving_scores

VICTORY = 6.0


def safety(state, u: int, h: int) -> float:
    F = facts(state.game)
    friends, enemies = retreat.neighbours(state, F.side[u], h, lambda v: not F.leader[v])
    return 0.5 * friends - enemies + float(F.defence[h] - 1) + (1.0 if h in state.fieldworks else 0.0)


retreat_scores = partial(retreat.retreat_scores, safety=safety)


def advance_scores(state, actions, fast: bool) -> list:
    """8.7: advance a strong unit, onto a victory hex above all; a hex in an enemy zone is worth
    the attack it will oblige the unit to make next (8.1, 6.1: it may not move out)."""
    F = facts(state.game)
    slots = state.game.victory_slot
    plan = None
    out = []
    for a in actions:
        if a.kind == "no_advance":
            out.append(0.5)
            continue
        v = VICTORY if slots[a.b] >= 0 else 0.0
        v += 1.0 if F.strength[a.a] >= 5 else -0.5
        plan = plan or Plan(state, F.side[a.a])
        if a.b in plan.enemy_zoc:
            # measured, Union heuristic against random in 200 games: 196 wins, 187 without
            v += plan.contact(a.a, a.b)
        out.append(v)
    return out


def assign_scores(state, actions, fast: bool) -> list:
    """23.4: the Reserve artillery goes with the strongest corps on the map."""
    g = state.game
    F = facts(g)
    return [float(sum(F.strength[u] for u in g.side_units[0] if state.hex[u] >= 0 and g.unit_corps[u] == a.a))
            for a in actions]


def place_scores(state, actions, fast: bool) -> list:
    """23.59: the army commander starts with the strongest stack of his side (his +1, 23.55)."""
    F = facts(state.game)
    return [float(sum(F.strength[v] for v in state.units_at(a.a) if not F.leader[v])) for a in actions]


_HANDLERS = {
    "movement": movement_scores, "moving": moving_scores,
    "combat": combat_scores, "declare": declare_scores,
    "retreat": retreat_scores, "retreat_option": retreat_scores,
    "exchange": exchange_scores, "advance": advance_scores, "cc_assign": assign_scores, "place_leader": place_scores,
}
score_actions, fast_scores = policy(_HANDLERS)

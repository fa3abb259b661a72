"""Hits, retreats and advances (11.4): hold or fall back, where to go, whether to advance.

A hit brigade holds (a step for sure, and an enemy tires) or retreats (the zone given up and
the retreat roll's risk: a disorderly retreat costs a step and may become a rout). Crossing an
enemy front on the way back costs a step each time (``escape_cost``). Retreat paths and
advances look one action ahead and evaluate.
"""

from __future__ import annotations

from .evaluation import one_ply
from ....games.cedar_creek.placement import can_stack
from ....games.cedar_creek.retreat import enemy_fronts, retreat_modifiers, rout_reason
from .facts import CONFEDERATE, FATIGUE, ROUTED, View, facts, in_contact


def orderly_chance(state, u: int) -> float:
    """11.4: the chance of an orderly retreat (1-4 on a die after the modifiers)."""
    m = sum(mod[2] for mod in retreat_modifiers(state, u))
    return min(1.0, max(0.0, (state.game.tables.retreat.orderly_max - m) / 6))


def escape_cost(V: View, u: int, z: int, zones: int = 1) -> float:
    """Expected strength points lost crossing enemy fronts (11.4) when brigade u falls back
    ``zones`` zones from z: each zone entered in an enemy brigade's front costs a point; the
    way back picks, step by step, a zone out of every front when there is one. A brigade with
    nowhere to go loses a point (counted as 1)."""
    F, st = V.F, V.state
    side = F.side[u]
    fronts = V.cache.get(("fronts", side))
    if fronts is None:
        fronts = V.cache[("fronts", side)] = enemy_fronts(st, side)
    barred = st.barred(side)
    edge = F.edge[side]
    cost = 0.0
    here, seen = z, {z}
    for _ in range(zones):
        options = [n for n in F.adj[here] if n not in barred and n not in seen]
        if not options:
            return cost + 1.0
        n = min(options, key=lambda n: (n in fronts, edge[n]))
        cost += 1.0 if n in fronts else 0.0
        seen.add(n)
        here = n
    return cost


def hold_or_retreat(state, u: int) -> tuple:
    """11.4 Hit: (value of holding, value of retreating) for the hit brigade's side, in VP.
    Holding costs a step for sure and tires an enemy; retreating gives up the zone (a victory
    zone, or a good position) and risks a disorderly retreat: a step, and a rout when half the
    strength is gone or for the Union on turns 1-2."""
    F = facts(state.game)
    V = View(state, F)
    z = state.zone[u]
    s = V.strength[u]
    side = F.side[u]
    p_ord = orderly_chance(state, u)
    zone_val = F.vp_value.get(z, 0.0) * 0.9 + 0.1 * F.best_terrain[z]
    if F.vp_value.get(z) and state.control[z] == side:
        zone_val += 0.3
    hold = -1.0 + FATIGUE
    if s <= 1:
        hold -= 0.5 + 0.3 * F.printed[u]       # the brigade is gone
    elif state.losses[u] + 1 >= 2:
        hold -= 0.2                            # its next retreat roll gets +1
    rout_cost = ROUTED * (0.5 + 0.08 * s) + 0.4
    routs = bool(rout_reason(state, u, state.losses[u] + 1))     # the disorderly retreat costs a step first
    dis = -1.0 - (rout_cost if routs else 0.2) - escape_cost(V, u, z, 3 if routs else 2)
    retreat = -zone_val - 0.15 + p_ord * -escape_cost(V, u, z, 1) + (1 - p_ord) * dis
    if s - escape_cost(V, u, z, 1) <= 0:
        retreat -= 0.5 + 0.3 * F.printed[u]
    if V.second.get(z, -1) >= 0:
        retreat -= 0.15                        # the support falls back and tires too
    return hold, retreat


def hit_scores(state, actions, fast):
    """11.4: hold or retreat, by ``hold_or_retreat``."""
    u = actions[0].a
    hold, retreat = hold_or_retreat(state, u)
    return [hold if a.kind == "hold" else retreat for a in actions]


def retreat_scores(state, actions, fast):
    """11.4, each zone of a retreat: one action ahead; in rollouts, out of contact, into a
    victory zone, where the brigade may stop (10.5)."""
    if not fast:
        return one_ply(state, actions)
    V = View(state, facts(state.game))
    return [0.1 if a.kind == "retreat_stop" else quick_retreat_value(state, V, a.b, a.a) for a in actions]


def quick_retreat_value(state, V: View, u: int, z: int) -> float:
    F = V.F
    return -0.5 * in_contact(V, z, F.side[u]) + 0.1 * F.vp_value.get(z, 0) + 0.2 * can_stack(state, u, z)


def advance_scores(state, actions, fast):
    """11.4, advance after combat: one action ahead; in rollouts, into victory zones, and the
    Confederates forward on turns 1-3."""
    if not fast:
        return one_ply(state, actions)
    F = facts(state.game)
    early = state.turn <= 3
    return [0.0 if a.kind == "no_advance" else
            F.vp_value.get(a.b, 0) + (0.2 if F.side[a.a] == CONFEDERATE and early else -0.1) for a in actions]

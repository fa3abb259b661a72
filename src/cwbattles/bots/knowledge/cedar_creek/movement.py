"""A brigade's move (10.3), its facing (10.4) and its line in a stack (10.5).

Each step of a move is scored by where it can still lead: apply it (or, in rollouts, follow
the map) and take the best end zone of the rest of the move (``placement``). Passing must
beat that; resting gains back a fatigue level; extra MP cost one. Facing turns the front
toward the enemies (an attacker takes the facing that gives its attack the best odds under
11.1 and 11.3); the stronger, fresher brigade of a stack stands in the first line.
"""

from __future__ import annotations

from ....games.cedar_creek.movement import reachable
from .attacks import faced_value, preview_value, rough_declared_value
from .evaluation import one_ply
from .facts import CONFEDERATE, CSA_EARLY, INF, View, facts
from .fatigue import rest_gain, unit_condition
from .placement import Placement, best_destination

FACING_TIE = 1e-3   # VP a strength point of the enemies in front: breaks ties, never outweighs a gain


# -- 10.3 a brigade's move -----------------------------------------------------------------------------
def move_scores(state, actions, fast):
    """10.3: each action of the brigade moving now, by the value of where it leaves it."""
    F = facts(state.game)
    V = View(state, F)
    u = state.mv_unit
    z = state.zone[u]
    pending = 1 if state.mv_extra else 0
    P = Placement(V, u, fatigue=min(2, state.fatigue[u] + pending))
    fat_cost = unit_condition(V, u, min(2, state.fatigue[u] + 1)) - unit_condition(V, u)
    here = P.value(z, 0, False) if z >= 0 else -INF
    out = []
    for a in actions:
        k = a.kind
        if k in ("pass", "stop"):
            v = here + 0.002 if z >= 0 else -100.0  # a move must gain something; entering always does
        elif k == "rest":
            v = here + rest_gain(V, u)
        elif k == "rout":
            v = here - 3.0 + (1.5 * P.danger(z) if state.losses[u] >= 2 else 0.0)
        elif k in ("attack", "charge"):
            if fast:
                v = here + rough_declared_value(V, u, z, a.a, k == "charge")
            else:
                v = here + preview_value(state, a, V)
            if F.side[u] == CONFEDERATE and state.turn <= 3:
                v += CSA_EARLY
        elif k == "dismount":
            v = here - 1.0
        else:   # move, enter, extra_mp, mount: look one step ahead
            v = _step_value(state, V, P, u, a, fast)
            if k == "extra_mp":
                v -= fat_cost
            elif k == "mount":
                v += 0.3
        out.append(v)
    return out


def _step_value(state, V, P, u, a, fast) -> float:
    """A step of the move (or mounting, or extra MP) worth the best end zone it still allows,
    never one the move has been in (``best_destination``): after applying it, by the engine's
    reach; in rollouts, by the reach from the zone entered."""
    F = V.F
    visited = set(state.mv_path)               # the zone it stands in included (begin_brigade)
    if fast:
        if a.kind in ("move", "enter"):
            n = a.a
            cost = F.t.movement.entry_mp if a.kind == "enter" else F.move_cost[state.zone[u]][n]
            mp = state.mv_mp - cost
            reach = reachable(state, u, mp, True, n)
            return best_destination(P, reach, mp, visited=visited)
        mp = state.mv_mp + (F.t.movement.fatigue_bonus_mp if a.kind == "extra_mp" else 0)
        if a.kind == "mount":
            mp = F.t.movement.dismounted_mp
        z = state.zone[u]
        return best_destination(P, reachable(state, u, mp, state.mv_moved, z), mp, visited=visited)
    s = state.clone()
    s.apply(a)
    if s.mv_unit != u or s.over:
        z = s.zone[u]
        return P.value(z, 0, False) if z >= 0 else -INF
    reach = reachable(s, u)
    mp = s.mv_mp
    best = best_destination(P, reach, mp, visited=visited | set(s.mv_path[:-1]))
    if best == -INF:
        return P.value(s.zone[u], 0, False)
    return best


# -- 10.4 facing, 10.5 lines -------------------------------------------------------------------------
def facing_scores(state, actions, fast):
    """10.4: an attacker faces for the best odds of its attack (11.1, 11.3); a brigade with
    enemies adjacent, one action ahead, then toward the most enemy strength (rollouts: that
    alone); with none, toward the nearest enemy brigades."""
    F = facts(state.game)
    V = View(state, F)
    u = actions[0].b
    z = state.zone[u]
    side = F.side[u]
    enemies = [n for n in F.adj[z] if V.zside.get(n) == 1 - side]
    cid = state.attack[u]
    out = []
    if 0 <= cid < len(state.combats) and not state.combats[cid][2]:
        if fast:
            targets = set(state.combats[cid][0])
            attacked = {t for c in state.combats for t in c[0]}
            for a in actions:
                front = F.front[z][a.a]
                extra = [n for n in enemies if n in front and n not in attacked]
                flank = [n for n in enemies if n not in front and n not in attacked and n not in targets]
                out.append(-2.0 * bool(flank) - 0.4 * sum(V.strength[V.first[n]] for n in extra) / max(1, V.strength[u]))
            return out
        for a in actions:           # the exact combat each facing leads to (11.1, 11.3)
            front = F.front[z][a.a]
            out.append(faced_value(V, state.preview(a)) - 0.05 * sum(1 for n in enemies if n not in front))
        return out
    if not enemies:
        # no enemy adjacent: face where the enemy will come from (the nearest enemy brigade)
        foes = [V.state.zone[e] for e in V.on_map[1 - side]]
        for a in actions:
            front = F.front[z][a.a]
            v = 0.0
            for e in foes:
                d = F.hops[z][e]
                if d < 5 and any(F.hops[f][e] < d for f in front):
                    v += V.strength[V.first.get(e, e)] / (d * d)
            out.append(v)
        return out
    in_front = [sum(V.strength[V.first[n]] for n in enemies if n in F.front[z][a.a]) for a in actions]
    if fast:
        return in_front
    # One action ahead; where that cannot tell two facings apart (most often: no attack on the
    # brigade is worth making either way), the one with the most enemy strength in front, not
    # chance, which as often turned the brigade's flank to the enemy (docs/bots.md).
    return [v + FACING_TIE * f for v, f in zip(one_ply(state, actions), in_front)]


def line_scores(state, actions, fast):
    """10.5: the stronger, fresher brigade of a stack stands in the first line."""
    F = facts(state.game)
    V = View(state, F)
    u = actions[0].b
    others = [v for v in V.by_zone.get(state.zone[u], ()) if v != u]
    if not others:
        return [0.0 for _ in actions]
    o = others[0]

    def power(v):
        return V.strength[v] - 1.0 * state.fatigue[v] - (3 if state.routed[v] else 0)
    mine, theirs = power(u), power(o)
    return [(mine - theirs) if a.a == 1 else (theirs - mine) for a in actions]

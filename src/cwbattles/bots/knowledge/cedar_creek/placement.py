"""Where a brigade is worth most: the part of the evaluation that depends on its zone.

A move is planned over every zone the brigade can still reach this move: each end zone is
worth the victory-zone margin with the brigade there (pressures without it computed once, then
it is added at each zone), less its cohesion penalty and part of the enemy's best attack on it
there (``danger``, including the cost of falling back across enemy fronts), plus the best
attack it could make from there (now, if it keeps the MP to attack, or next round). The same
plan, over every brigade, tells which division and brigade gain most by acting.
"""

from __future__ import annotations

from .attacks import attack_value, best_facing_towards, rough_odds
from ....games.cedar_creek.movement import allowance, cohesive, reachable
from ....games.cedar_creek.placement import can_stack
from ....games.cedar_creek.state import in_tactical_retreat
from .facts import (BLOCK_ENTRY, COHESION, CONFEDERATE, CSA_EARLY, DANGER, FRONT_WEIGHT, INF, OFF_MAP, STACKED,
                    UNION, View)
from .fatigue import rest_gain
from .retreat import escape_cost
from .zones import pressure, zone_pressures, zone_term


class Placement:
    """The part of the evaluation that depends on where brigade u stands, the rest fixed
    (victory-zone pressures are computed without u once, then u is added at each zone)."""

    def __init__(self, V: View, u: int, fatigue: int | None = None):
        F, st = V.F, V.state
        self.V, self.F, self.u = V, F, u
        self.side = F.side[u]
        self.sign = 1.0 if self.side == UNION else -1.0
        self.fatigue = st.fatigue[u] if fatigue is None else fatigue
        self.pressures = zone_pressures(V, skip=u)
        self.weight = V.strength[u] * (1.0 - 0.2 * self.fatigue) * (0.3 if st.routed[u] else 1.0)

    def zones_value(self, z: int) -> float:
        """Expected victory-zone margin with u in zone z, from u's side's view."""
        F, V = self.F, self.V
        H = V.horizon
        st = V.state
        total = 0.0
        side = self.side
        for (vz, vu, vc), p in zip(F.vp, self.pressures):
            pu, pc, occ, occ_w = p
            d = F.mp[z][vz] * 0.5 if z >= 0 else INF
            holder = st.control[vz]
            if d < H:
                add = [self.weight * (1.0 - d / H)]
                if side == UNION:
                    pu = pu + add
                else:
                    pc = pc + add
            if z == vz:
                holder = side
                if occ != side:
                    occ, occ_w = side, 0.0
                occ_w += self.weight
            total += zone_term(holder, vu, vc, pressure(pu), pressure(pc), occ, occ_w)
        return self.sign * total

    def support_at(self, z: int) -> int:
        us = self.V.by_zone.get(z, ())
        return next((v for v in us if v != self.u), -1)

    def danger(self, z: int) -> float:
        """The best attack the enemy could make on u standing in z (facing the enemy)."""
        F, V, st = self.F, self.V, self.V.state
        enemies = [n for n in F.adj[z] if V.zside.get(n) == 1 - self.side and not st.routed[V.first[n]]]
        if not enemies:
            return 0.0
        facing = best_facing_towards(F, z, enemies)
        sup = self.support_at(z)
        defender, support = self.u, sup
        if sup >= 0 and V.strength[sup] > V.strength[self.u]:
            defender, support = sup, self.u
        worst = 0.0
        for n in enemies:
            a = V.first[n]
            o = rough_odds(V, a, n, V.second[n], z, defender, support, facing, st.facing[a])
            v = attack_value(o, 1, 1, F.vp_value.get(z, 0.0))
            if v > 0:
                v += o[4] * 0.5 * escape_cost(V, self.u, z, 1)     # beaten, it must fall back
            worst = max(worst, v)
        return worst

    def opportunity(self, z: int, now: bool) -> float:
        """The best attack u could make from z (now: it still has the MP to attack this move)."""
        F, V, st = self.F, self.V, self.V.state
        if self.side == UNION and in_tactical_retreat(st):
            return 0.0
        enemies = [n for n in F.adj[z] if V.zside.get(n) == 1 - self.side]
        if not enemies:
            return 0.0
        sup = self.support_at(z)
        best = 0.0
        for n in enemies:
            d = V.first[n]
            facing = best_facing_towards(F, z, [n] + enemies)
            o = rough_odds(V, self.u, z, sup, n, d, V.second[n], st.facing[d], facing)
            best = max(best, attack_value(o, 1, 1, F.vp_value.get(n, 0.0)))
        if self.side == CONFEDERATE and st.turn <= 3:
            best += CSA_EARLY if best > 0 else 0.0
        return best * (0.8 if now else FRONT_WEIGHT)

    def value(self, z: int, mp_left: int = 0, attack_now: bool = True) -> float:
        """u's worth in zone z with mp_left MP still to spend, from u's side's view."""
        F, V, st = self.F, self.V, self.V.state
        v = self.zones_value(z) + 0.001 * mp_left      # equal ends: the shorter way
        if not cohesive(st, self.u, z):
            v -= COHESION
        v -= BLOCK_ENTRY * blocked_entries(self.V, self.u, z)
        v -= DANGER * self.danger(z)
        can_attack = attack_now and mp_left >= F.t.movement.attack_mp
        v += self.opportunity(z, can_attack)
        if self.side == CONFEDERATE and st.turn <= 3:
            near = min(F.mp[z][vz] for vz, _, _ in F.vp)
            v += CSA_EARLY * max(0.0, 1.0 - near / 16)
        return v + self.stacked(z)

    def stacked(self, z: int) -> float:
        """``STACKED`` for a Confederate brigade standing with another from turn 4, when the
        Union army, bigger in nearly every fight, does most of the attacking (the Confederates
        lose about 20 steps a game as defenders on turns 4-9: docs/bots.md). The brigade it
        joins is supported (11.3: +1 to the defender) and the enemy has one zone fewer to
        attack; ``danger`` counts only the mover's own risk, not that cover. As the
        Confederates against the heuristic Union, game by game on the same dice as without it:
        +1.7 VP a game over 250 games on three seeds (docs/bots.md). The same for the Union
        gained nothing measurable (+0.6 VP a game, -1.9 to +3.1, 100 games)."""
        if self.side != CONFEDERATE or z < 0 or self.V.state.turn <= 3 or self.support_at(z) < 0:
            return 0.0
        return STACKED


def waiting_at(V: View, side: int) -> dict:
    """{entry zone: brigades of ``side`` still off the map that may come in there} (12),
    for the divisions due by next turn."""
    key = ("waiting", side)
    out = V.cache.get(key)
    if out is None:
        F, st = V.F, V.state
        out = {}
        for u in F.units:
            if F.side[u] == side and st.zone[u] == OFF_MAP and F.unit_entry[u] \
                    and F.div_first_turn[F.division[u]] <= st.turn + 1:
                for e in F.unit_entry[u]:
                    out.setdefault(e, []).append(u)
        V.cache[key] = out
    return out


def blocked_entries(V: View, u: int, z: int) -> int:
    """12, 10.5: how many friendly brigades still off the map brigade u would keep out by
    standing in zone z, an entry zone of theirs (two brigades of one division to a zone; a
    brigade with another entry zone open is not kept out)."""
    F, st = V.F, V.state
    waiting = waiting_at(V, F.side[u]).get(z)
    if not waiting:
        return 0
    return sum(1 for v in waiting
               if not can_stack(st, v, z, (u,))
               and not any(e != z and can_stack(st, v, e) for e in F.unit_entry[v]))


def best_destination(P: Placement, reach: dict, mp: int, attack_now: bool = True, visited=()) -> float:
    """The best zone of ``reach`` ({zone: MP}) to end the move in, leaving out the zones the
    move has already been in (``visited``): stopping there when it could was worth as much,
    with more MP, and its attacks from there were scored exactly by the attack actions. Without
    this a brigade would walk out and back, or to and fro, after the rough estimate of an attack
    from the next zone."""
    V = P.V
    best = -INF
    for z, cost in reach.items():
        if z in visited or not can_stack(V.state, P.u, z):
            continue
        v = P.value(z, mp - cost, attack_now)
        if v > best:
            best = v
    return best


def brigade_gain(V: View, u: int) -> float:
    """What brigade u would gain by acting now (best move, attack or rest) over doing nothing;
    used to pick divisions and the order of brigades."""
    F, st = V.F, V.state
    z = st.zone[u]
    side = F.side[u]
    if z == OFF_MAP:
        if side == CONFEDERATE:
            gain = 2.0 if st.turn <= 3 else 1.5
            if F.game.divisions[F.division[u]].id == "wharton":
                gain += 1.0           # 12: Early (and command range) enters only after Wharton
            return gain
        return 1.5
    if z < 0:
        return 0.0
    if st.routed[u]:
        return rest_gain(V, u)
    P = Placement(V, u)
    here = P.value(z, 0, False)
    mp = allowance(st, u)
    reach = reachable(st, u, mp, False, z)
    best = best_destination(P, reach, mp)
    return max(best - here, rest_gain(V, u), 0.0)

"""The victory zones (4): who is likely to hold each at the end.

Each brigade that can reach a victory zone before the game ends contributes its weight
(strength, less for fatigue and rout) times its chance to come in time (movement MP halved,
so roads help, against the rounds left). A side's pressure on a zone is its best three
contributions counted 1, 1/2 and 1/4: armies arrive a few brigades at a time. The holder
keeps the zone with a chance that falls as the threat grows past the guard; a brigade standing
in the zone must be driven out first (``OCCUPY``). Brigades still off the map count from their
entry zones, later.
"""

from __future__ import annotations

import math

from .facts import CONFEDERATE, OCCUPY, OFF_MAP, UNION, View


def unit_weight(V: View, u: int) -> float:
    """How much a brigade weighs in the contest for a zone: its strength, less for fatigue and
    rout."""
    st = V.state
    w = V.strength[u] * (1.0 - 0.2 * st.fatigue[u])
    if st.routed[u]:
        w *= 0.3
    return max(w, 0.0)


TOP = (1.0, 0.5, 0.25)   # the nearest brigades count most: armies arrive a few brigades at a time


def pressure(contribs) -> float:
    """Strength a side can bring to a zone: its best three contributions, 1, 1/2 and 1/4."""
    c = sorted(contribs, reverse=True)[:3]
    return sum(w * x for w, x in zip(TOP, c))


def _contributions(V: View) -> list:
    """For each victory zone, (unit, side, contribution) of every brigade that can come in time:
    its weight times its chance (computed once per view)."""
    cached = V.cache.get("contrib")
    if cached is not None:
        return cached
    F, st = V.F, V.state
    H = V.horizon
    zone = st.zone
    entering = entering_units(V)
    weights = {u: unit_weight(V, u) for side in (0, 1) for u in V.on_map[side]}
    out = []
    for z, _, _ in F.vp:
        lst = []
        for u, w in weights.items():
            d = F.mp[zone[u]][z] * 0.5
            if d < H:
                lst.append((u, F.side[u], w * (1.0 - d / H)))
        for u, delay in entering:
            d = min(F.mp[e][z] for e in F.unit_entry[u]) * 0.5 + delay
            if d < H:
                lst.append((u, F.side[u], V.strength[u] * (1.0 - d / H)))
        out.append(lst)
    V.cache["contrib"] = out
    return out


def zone_pressures(V: View, skip: int = -1) -> list:
    """For each victory zone: [Union contributions, Confederate contributions, occupant side,
    occupant weight]; a contribution is a brigade's weight times its chance to come in time."""
    F = V.F
    out = []
    for (z, _, _), lst in zip(F.vp, _contributions(V)):
        P = ([], [])
        for u, side, c in lst:
            if u != skip:
                P[side].append(c)
        occ_side, occ_w = -1, 0.0
        us = V.by_zone.get(z)
        if us:
            here = [u for u in us if u != skip]
            if here:
                occ_side = F.side[here[0]]
                occ_w = sum(unit_weight(V, u) for u in here)
        out.append([P[0], P[1], occ_side, occ_w])
    return out


def entering_units(V: View) -> list:
    """Brigades still off the map that will come in by activation, with a delay in zones."""
    F, st = V.F, V.state
    out = []
    for d, units in enumerate(F.div_units):
        if F.independent[d] or not F.div_entry[d]:
            continue
        wait = max(0, F.div_first_turn[d] - st.turn) * 3.0 + 0.5
        for u in units:
            if st.zone[u] == OFF_MAP:
                out.append((u, wait))
    return out


def keep_chance(guard: float, threat: float, occupied: bool, occ_w: float) -> float:
    """Chance the holder of a zone keeps it: threat and guard are the strengths each side can
    bring there in time; a brigade standing in the zone must be driven out first."""
    g = guard + (OCCUPY + 0.3 * occ_w if occupied else 0.0)
    p_flip = (1.0 - math.exp(-threat / 2.5)) / (1.0 + math.exp(-0.5 * (threat - g)))
    return 1.0 - p_flip


def zone_expectation(V: View, pressures=None) -> float:
    """Each victory zone's expected value, Union VP minus Confederate VP."""
    F, st = V.F, V.state
    pressures = pressures if pressures is not None else zone_pressures(V)
    total = 0.0
    for (z, vu, vc), (pu, pc, occ, occ_w) in zip(F.vp, pressures):
        total += zone_term(st.control[z], vu, vc, pressure(pu), pressure(pc), occ, occ_w)
    return total


def zone_term(holder, vu, vc, pu, pc, occ, occ_w) -> float:
    if holder == UNION:
        q = keep_chance(pu, pc, occ == UNION, occ_w)
        return vu * q - vc * (1 - q)
    if holder == CONFEDERATE:
        q = keep_chance(pc, pu, occ == CONFEDERATE, occ_w)
        return -vc * q + vu * (1 - q)
    q = 1.0 / (1.0 + math.exp(-0.5 * (pu - pc)))
    return vu * q - vc * (1 - q)

"""Cohesion and command (10), headquarters (7.2) and the Confederate artillery train (7.3).

A brigade more than two zones from every other brigade of its division costs ``COHESION``; a
division with a brigade within 8 MP of its side's HQ is worth ``COMMAND`` (it activates
without an initiative test). The HQ moves to the zone where it covers most divisions, away
from enemy brigades; the train goes toward Confederate brigades that have no Artillerie marker
yet, out of contact. Markers with brigades are counted as part of the Confederate strength.
"""

from __future__ import annotations

from ....games.cedar_creek.movement import HQ, cohesive
from .facts import BATTERY, COHESION, COMMAND, CONFEDERATE, INF, OFF_MAP, UNION, View, facts, in_contact


def cohesion(V: View) -> float:
    """10: a brigade more than two zones from every other brigade of its division."""
    st = V.state
    total = 0.0
    for side, sign in ((UNION, -1.0), (CONFEDERATE, 1.0)):
        for u in V.on_map[side]:
            if not cohesive(st, u, st.zone[u]):
                total += sign * COHESION
    return total


def hq_zone(state, side: int) -> int:
    """The zone of the side's commanding HQ (Wright, then Sheridan once he arrives; Early)."""
    return state.hq_zone[state.hq_of(side)]


def command_cover(V: View, side: int, hz: int) -> float:
    """10: how many divisions of ``side`` have a brigade within 8 MP of a HQ in zone hz (the
    board's command MP: enemy brigades in the way are not counted, which keeps it cheap)."""
    F, st = V.F, V.state
    if hz < 0:
        return 0.0
    dist = F.command_dist[hz]
    limit = F.t.command.range_mp
    n = 0.0
    for d, units in enumerate(F.div_units):
        if F.div_side[d] != side or F.independent[d]:
            continue
        if any(st.zone[u] >= 0 and dist[st.zone[u]] <= limit for u in units):
            n += 1.0
    return n


def command(V: View) -> float:
    """10: divisions in command range of their HQ, Union's view."""
    st = V.state
    total = 0.0
    for side, sign in ((UNION, 1.0), (CONFEDERATE, -1.0)):
        hz = hq_zone(st, side)
        total += sign * COMMAND * command_cover(V, side, hz)
    return total


def batteries(V: View) -> float:
    """7.3: Artillerie markers with Confederate brigades (and, a little, markers still on a
    train on the map), Union's view."""
    st = V.state
    v = 0.0
    for m, owner in enumerate(st.marker_unit):
        if owner >= 0:
            v += BATTERY * st.marker_value[m] / 2
        elif owner == OFF_MAP and st.train_zone >= 0:
            v += 0.05
    return -v


# -- 7.2 headquarters, 7.3 the train -------------------------------------------------------------------
def hq_value(V: View, side: int, z: int) -> float:
    """A HQ in zone z: divisions within 8 MP (10), away from enemy brigades."""
    F = V.F
    v = COMMAND * command_cover(V, side, z)
    contact = F.contact[z]
    for n, s in V.zside.items():
        if s != side:
            if n == z or n in contact:
                v -= 1.0
            elif F.hops[z][n] <= 2:
                v -= 0.1
    return v


def hq_target(V: View, side: int, start: int, mp: int) -> tuple:
    """(zone, value): the best zone for the HQ within ``mp`` MP (staying put gets a small edge)."""
    F = V.F
    best_z, best_v = start, hq_value(V, side, start) + 0.05
    for z in range(F.n):
        if F.mp[start][z] <= mp and V.zside.get(z, side) == side:
            v = hq_value(V, side, z)
            if v > best_v:
                best_z, best_v = z, v
    return best_z, best_v


def train_target(V: View, start: int, mp: int) -> int:
    """Toward the Confederate brigades without markers, not next to the Union."""
    F, st = V.F, V.state
    carrying = {m for m in st.marker_unit if m >= 0}
    wanted = [st.zone[u] for u in V.on_map[CONFEDERATE] if u not in carrying]
    best_z, best_v = start, -INF
    for z in range(F.n):
        if F.mp[start][z] > mp or V.zside.get(z, CONFEDERATE) != CONFEDERATE:
            continue
        v = sum(1 for w in wanted if F.hops[z][w] <= 3) - (3 if in_contact(V, z, CONFEDERATE) else 0)
        v -= 0.01 * F.mp[start][z]
        if v > best_v:
            best_z, best_v = z, v
    return best_z


def hq_scores(state, actions, fast):
    """7.2, 7.3: HQs and the train come on at once, the train deploys its markers with strong
    brigades in contact, and each piece moves toward its best zone (``hq_target``, ``train_target``)."""
    F = facts(state.game)
    V = View(state, F)
    side = UNION if state.to_act == "union" else CONFEDERATE
    hz = hq_zone(state, side)
    in_hqmove = any(a.kind == "hq_stop" for a in actions)
    out = []
    target = None
    for a in actions:
        k = a.kind
        if k == "hq_enter":
            out.append(5.0 if a.b == HQ else 4.0)
        elif k == "deploy":
            v = a.a
            out.append(3.0 + 0.1 * V.strength[v] + (1.0 if in_contact(V, state.zone[v], CONFEDERATE) else 0.0)
                       + (0.5 if state.line[v] == 1 else 0.0))
        elif k == "end_hq":
            out.append(0.5)
        elif k == "hq_stop":
            out.append(0.5)
        elif k == "hq_move":
            piece = a.b
            if piece == HQ:
                mp = state.piece_mp if in_hqmove else F.t.movement.hq_mp
                if target is None:
                    target = hq_target(V, side, hz, mp)
                tz, tv = target
                if tz == hz:
                    out.append(0.0)
                else:
                    out.append(1.0 + tv - F.mp[a.a][tz] * 0.05)
            else:
                tz0 = state.train_zone
                mp = state.piece_mp if in_hqmove else F.t.movement.train_mp
                tz = train_target(V, tz0, mp)
                if tz == tz0:
                    out.append(0.0)
                else:
                    out.append(1.0 - F.mp[a.a][tz] * 0.05)
        else:
            out.append(0.0)
    return out


def displace_scores(state, actions, fast):
    """10.3: a displaced HQ falls back to the zone where it is worth most."""
    F = facts(state.game)
    V = View(state, F)
    side = UNION if state.to_act == "union" else CONFEDERATE
    return [hq_value(V, side, a.a) for a in actions]

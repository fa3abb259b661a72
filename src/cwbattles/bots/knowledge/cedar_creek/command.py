"""Cohesion and command (10), headquarters (7.2) and the Confederate artillery train (7.3).

A brigade more than two zones from every other brigade of its division costs ``COHESION``; a
division with a brigade within 8 MP of its side's HQ is worth ``COMMAND`` (it activates
without an initiative test). The HQ moves to the zone where it covers most divisions, away
from enemy brigades; the train goes toward Confederate brigades that have no Artillerie marker
yet, out of contact; markers deploy and move to the brigades that will fight. Markers supporting
brigades are counted as part of the Confederate strength.
"""

from __future__ import annotations

from ....games.cedar_creek.movement import HQ, cohesive
from .facts import BATTERY, COHESION, COMMAND, CONFEDERATE, EARLY_BARRED, INF, OFF_MAP, UNION, View, facts, in_contact


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
    """10: divisions in command range of their HQ, and Early kept off the map; Union's view."""
    st = V.state
    total = 0.0
    for side, sign in ((UNION, 1.0), (CONFEDERATE, -1.0)):
        hz = hq_zone(st, side)
        total += sign * COMMAND * command_cover(V, side, hz)
    return total + early_barred(V)


def early_barred(V: View) -> float:
    """12, 7.2, 10: Early comes on at Wharton's entry zone, never into contact with a Union
    brigade, and until he is on every Confederate division needs an initiative test to act.
    While Union brigades stand in that zone or in contact with it (Thoburn's ridge above Hupp's
    Hill at the start) he cannot come on: ``EARLY_BARRED`` VP for each round still to play,
    Union's view. The value: between two heuristics the Union's margin was 10 VP higher in the
    games he never came on, over about 35 rounds a game (docs/balance/cedar-creek.md). Before,
    his entry counted only through an attack's gain (``EARLY_ENTRY``) and his command once on,
    about 1 VP in all. With it, commander:30s gained about 2 VP a game on each side against the
    heuristic (docs/bots.md); it counts for the Union too, which holds the ridge harder, so Early
    does not come on more often."""
    F, st = V.F, V.state
    if st.hq_zone[F.game.EARLY] >= 0 or not any(V.zside.get(z) == UNION for z in F.early_entry):
        return 0.0
    return EARLY_BARRED * V.rounds_left


def batteries(V: View) -> float:
    """7.3: Artillerie markers supporting Confederate brigades (and, a little, markers still on
    a train on the map), Union's view. A marker alone supports nobody."""
    st = V.state
    v = 0.0
    for m, z in enumerate(st.marker_zone):
        if z == OFF_MAP:
            v += 0.05 if st.train_zone >= 0 else 0.0
    for z in set(mz for mz in st.marker_zone if mz >= 0):
        for m, _ in st.supported(z):
            v += BATTERY * st.marker_value[m] / 2
    return -v


def support_worth(V: View, u: int) -> float:
    """7.3: what an Artillerie marker is worth with brigade u: more in contact with the enemy,
    most with an attack declared and not yet fought (the headquarters step comes before the
    attacks are resolved, 7.2), nothing for a routed brigade."""
    st = V.state
    if st.routed[u]:
        return 0.1
    v = 1.0 + 0.1 * V.strength[u]
    if in_contact(V, st.zone[u], CONFEDERATE):
        v += 1.0
    cid = st.attack[u]
    if 0 <= cid < len(st.combats) and not st.combats[cid][2]:
        v += 2.0
    return v


def marker_worth(V: View, z: int, leaving: int = -1) -> float:
    """7.3: the worth of one more marker in zone z (``leaving``: a marker that would go, not
    counted): the next brigade there without a marker, by its line; a marker alone, near the
    enemy, may be taken (a small loss)."""
    st = V.state
    if z < 0:
        return 0.0
    brigades = sorted((u for u in V.by_zone.get(z, ()) if V.F.side[u] == CONFEDERATE), key=lambda u: st.line[u])
    held = sum(1 for m, mz in enumerate(st.marker_zone) if mz == z and m != leaving)
    if held < len(brigades):
        return support_worth(V, brigades[held])
    if not brigades:
        return -0.5 if in_contact(V, z, CONFEDERATE) else -0.2
    return 0.0


def marker_scores(V: View, actions) -> dict:
    """7.3: a marker moves (or is deployed) where it supports a brigade worth more than the one
    it leaves: {action: score}, 0.5 being ending the step."""
    st = V.state
    out = {}
    for a in actions:
        if a.kind == "deploy":
            out[a] = 0.5 + marker_worth(V, a.a) - 0.3
        elif a.kind == "marker_move":
            m = a.b
            here = st.marker_zone[m]
            # what it would give there, less what it gives where it stands
            gain = marker_worth(V, a.a, leaving=m) - marker_worth(V, here, leaving=m)
            out[a] = 0.5 + gain - 0.2 - 0.01 * V.F.mp[here][a.a]
    return out


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
    wanted = [st.zone[u] for u in V.on_map[CONFEDERATE] if st.marker_of(u) < 0]
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
    brigades in contact, markers go to the brigades about to fight (``marker_scores``), and
    each piece moves toward its best zone (``hq_target``, ``train_target``)."""
    F = facts(state.game)
    V = View(state, F)
    side = UNION if state.to_act == "union" else CONFEDERATE
    hz = hq_zone(state, side)
    in_hqmove = any(a.kind == "hq_stop" for a in actions)
    markers = marker_scores(V, actions)
    out = []
    target = None
    for a in actions:
        k = a.kind
        if k == "hq_enter":
            out.append(5.0 if a.b == HQ else 4.0)
        elif a in markers:
            out.append(markers[a])
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

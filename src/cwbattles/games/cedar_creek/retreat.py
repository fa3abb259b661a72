"""Hits, holding, retreats and routs, losses and advance after combat (11.4)."""

from __future__ import annotations

from ...engine.actions import Action
from .state import ELIMINATED, UNION, decision, process
from . import placement

ORDERLY, DISORDERLY, ROUT = 0, 1, 2
MODE_NAMES = ("orderly retreat", "disorderly retreat", "rout")


# -- losses ----------------------------------------------------------------------------------------
def apply_loss(state, u: int, rule: str = "11.4", why: str = "") -> bool:
    """11.4 Losses: one strength point lost; the Artillerie marker supporting the brigade is
    turned over, then removed at its next loss (7.3), the last one included. Returns True if
    the brigade is eliminated."""
    g = state.game
    m = state.marker_of(u)
    if m >= 0:
        if state.marker_value[m] == g.train.marker_strength:
            state.marker_value[m] = g.train.marker_reduced
            state.note("7.3", f"The Artillerie marker supporting {g.brigades[u].name} is turned over.")
        else:
            state.marker_zone[m] = ELIMINATED
            state.note("7.3", f"The Artillerie marker supporting {g.brigades[u].name} is removed.")
    state.losses[u] += 1
    name = g.brigades[u].name
    z = state.zone[u]
    data = {"kind": "loss", "unit": g.brigades[u].id, "at": g.board.zones[z].id if z >= 0 else None}
    if state.strength(u) <= 0:
        eliminate(state, u)
        data["kind"] = "eliminated"
        state.note(rule, f"{name} loses its last strength point{why} and is eliminated.", data=data)
        return True
    state.note(rule, f"{name} loses a strength point{why} (now {state.strength(u)}).", data=data)
    return False


def eliminate(state, u: int) -> None:
    z = state.zone[u]
    state.set_zone(u, ELIMINATED)
    state.line[u] = 0
    state.routed[u] = False
    state.attack[u] = -1
    rest = state.brigades_in(z)
    if rest and not any(state.line[v] == 1 for v in rest):
        state.line[rest[0]] = 1                     # 10.5: the second line steps up


def supports_of(state, u: int) -> tuple:
    """The second-line brigade stacked under u, which retreats with it."""
    if state.line[u] != 1:
        return ()
    return tuple(v for v in state.brigades_in(state.zone[u]) if v != u)


# -- hit: hold or retreat ---------------------------------------------------------------------------
def _hit_legal(state, frame):
    u = frame[2]
    if state.zone[u] < 0:
        return []
    return [Action("hold", u), Action("retreat", u)]


def retreat_modifiers(state, u: int) -> list[tuple]:
    t = state.game.tables.retreat
    b = state.game.brigades[u]
    mods = []
    if b.star:
        mods.append(("command bonus", "11.4", t.command))
    if b.side == UNION and state.turn <= t.union_early_last_turn:
        mods.append(("Union, turns 1-2", "11.4", t.union_early))
    if state.fatigue[u] >= 2 or state.routed[u]:
        mods.append(("fatigue 2", "11.4", t.fatigue_2))
    if state.losses[u] >= 2:
        mods.append(("two or more losses", "11.4", t.two_losses))
    return mods


def _hit_apply(state, frame, action):
    g = state.game
    t = g.tables.retreat
    u, cid, winners = frame[2], frame[3], frame[4]
    name = g.brigades[u].name
    if action.kind == "hold":
        state.note("11.4", f"{name} holds its position.", data={"kind": "hold", "unit": g.brigades[u].id})
        apply_loss(state, u)
        alive = tuple(w for w in winners if state.zone[w] >= 0)
        if alive:
            state.stack.append(("hold_fatigue", g.brigades[alive[0]].side, alive))
        return
    r = state.roll()
    mods = retreat_modifiers(state, u)
    total = r + sum(m[2] for m in mods)
    text = "".join(f", {m[0]} {m[2]:+d}" for m in mods)
    followers = supports_of(state, u)
    data = {"kind": "retreat_roll", "unit": g.brigades[u].id, "roll": r, "total": total,
            "modifiers": [list(m) for m in mods]}
    if total <= t.orderly_max:
        state.note("11.4", f"{name} retreats in order (roll {r}{text} = {total}).", (r,), data={**data, "mode": "orderly"})
        push_retreat(state, u, 2, ORDERLY, followers)
        return
    state.note("11.4", f"{name} retreats in disorder (roll {r}{text} = {total}).", (r,), data={**data, "mode": "disorderly"})
    z = state.zone[u]
    if apply_loss(state, u):
        if followers:
            push_retreat(state, followers[0], 2, ORDERLY, (), as_follower=True, start=z)
        return
    why = rout_reason(state, u)
    if why:
        state.note("11.4", f"The disorderly retreat of {name} becomes a rout ({why}).")
        start_rout(state, u, reason="11.4", followers=followers)
    else:
        push_retreat(state, u, 2, DISORDERLY, followers)


decision("hit")((_hit_legal, _hit_apply))


def rout_reason(state, u: int, losses: int | None = None) -> str:
    """11.4: why brigade u's disorderly retreat becomes a rout, "" if it does not: it has lost
    half its printed strength (``losses``: its losses by then, its present ones if None), or it
    is Union on turns 1-2."""
    t = state.game.tables.retreat
    b = state.game.brigades[u]
    if 2 * (state.losses[u] if losses is None else losses) >= b.strength:
        return "it has lost half its strength"
    if b.side == UNION and state.turn <= t.union_early_last_turn:
        return "Union, first two turns"
    return ""


def _hold_fatigue_legal(state, frame):
    return [Action("fatigue", w) for w in frame[2] if state.zone[w] >= 0]


def _hold_fatigue_apply(state, frame, action):
    w = action.a
    state.fatigue[w] = min(2, state.fatigue[w] + 1)
    state.note("11.4", f"{state.game.brigades[w].name} takes a fatigue level from the enemy's stand.",
               data={"kind": "fatigue", "unit": state.game.brigades[w].id})


decision("hold_fatigue")((_hold_fatigue_legal, _hold_fatigue_apply))


# -- retreat and rout paths --------------------------------------------------------------------------
def push_retreat(state, u: int, zones: int, mode: int, followers=(), as_follower=False, start=-1) -> None:
    z = state.zone[u] if start < 0 else start
    state.stack.append(("retreat", state.game.brigades[u].side, u, zones, mode, (z,), tuple(followers),
                        1 if as_follower else 0))


def start_rout(state, u: int, reason: str = "11.4", followers=()) -> None:
    """11.4 Rout: three zones (four for mounted cavalry) toward the own map edge."""
    g = state.game
    t = g.tables.retreat
    n = t.rout_zones_mounted if (g.brigades[u].cavalry and state.mounted[u]) else t.rout_zones
    push_retreat(state, u, n, ROUT, followers)


def enemy_fronts(state, side: int) -> set:
    """Zones in the front of an enemy brigade of ``side``'s enemies."""
    out = set()
    zone, brigades = state.zone, state.game.brigades
    for v in range(len(zone)):
        if zone[v] >= 0 and brigades[v].side != side and state.line[v] == 1:
            out |= state.front(v)
    return out


def retreat_candidates(state, frame) -> list[int]:
    """11.4 Withdrawal priorities: away from the enemy, not across an enemy front, not into an
    enemy ZOC, toward the own map edge (a rout takes the most direct route to its edge)."""
    g = state.game
    board = g.board
    side, u, left, mode, path, followers = frame[1], frame[2], frame[3], frame[4], frame[5], frame[6]
    here = path[-1]
    enemy = state.barred(side)
    edge = board.edge_dist[("union", "confederate")[side]]
    if mode == ROUT and edge[here] == 0 and placement.can_stack(state, u, here, followers):
        return []                                   # at its own edge: the rout ends
    options = [n for n in board.adj[here] if n not in enemy and n not in path]
    if mode == ROUT:
        options = [n for n in options if edge[n] <= edge[here]]
    if not options:
        return []
    if left == 1:
        stackable = [n for n in options if placement.can_stack(state, u, n, followers)]
        options = stackable or options
    fronts = enemy_fronts(state, side)
    zoc = state.enemy_zoc(side)

    def near_enemy(n):
        return any(e in enemy for e in board.adj[n])

    def key(n):
        if mode == ROUT:
            return (edge[n], n in fronts, n in zoc, near_enemy(n))
        return (near_enemy(n), n in fronts, n in zoc, edge[n] >= edge[here])

    best = min(key(n) for n in options)
    return [n for n in options if key(n) == best]


def _retreat_legal(state, frame):
    u, left, mode, path, followers = frame[2], frame[3], frame[4], frame[5], frame[6]
    if state.zone[u] < 0 and not frame[7]:
        return [Action("retreat_stop", u)]
    opts = [Action("retreat_to", n, u) for n in retreat_candidates(state, frame)]
    moved = len(path) - 1
    if not opts or (mode == ORDERLY and moved >= 1 and placement.can_stack(state, u, path[-1], followers)):
        opts.append(Action("retreat_stop", u))
    return opts


def _retreat_apply(state, frame, action):
    g = state.game
    side, u, left, mode, path, followers, lone = frame[1:8]
    name = g.brigades[u].name
    if action.kind == "retreat_stop":
        at_edge = mode == ROUT and state.game.board.edge_dist[("union", "confederate")[side]][path[-1]] == 0
        if len(path) == 1 and state.zone[u] >= 0 and not lone and not at_edge:
            state.note("11.4", f"{name} has nowhere to go and loses a strength point instead.")
            if apply_loss(state, u):
                return
        elif state.zone[u] >= 0 and not placement.can_stack(state, u, state.zone[u], followers):
            state.note("11.4", f"{name} can neither stop nor go further without overstacking: it surrenders.",
                       data={"kind": "eliminated", "units": [g.brigades[v].id for v in (u,) + tuple(followers)
                                                           if state.zone[v] >= 0],
                             "at": g.board.zones[state.zone[u]].id})
            for m in carried_markers(state, state.zone[u], (u,) + tuple(followers)):
                state.marker_zone[m] = ELIMINATED           # 7.3: its guns are taken with it
            for v in (u,) + tuple(followers):
                if state.zone[v] >= 0:
                    state.losses[v] = state.game.brigades[v].strength
                    eliminate(state, v)
            return
        finish_retreat(state, u, mode, followers, lone)
        return
    n = action.a
    crossing = n in enemy_fronts(state, side) and not lone
    guns = carried_markers(state, path[-1], (u,) + tuple(followers))
    before = state.zone[u] if state.zone[u] >= 0 else path[-1]
    placement.enter_zone(state, u, n)
    for f in followers:
        if state.zone[f] >= 0:
            state.set_zone(f, n)
            state.line[f] = 2
            state.facing[f] = state.facing[u]
    for m in guns:
        state.marker_zone[m] = n                          # 7.3: the guns fall back with their brigade
    zones = g.board.zones
    state.note("11.4", f"{name} falls back to {g.zone_name(n)} ({MODE_NAMES[mode]}).",
               data={"kind": "rout" if mode == ROUT else "retreat", "unit": g.brigades[u].id, "from": zones[before].id,
                     "to": zones[n].id, "followers": [g.brigades[f].id for f in followers], "crossing": crossing})
    if crossing and apply_loss(state, u, why=" crossing an enemy front"):
        alive = [f for f in followers if state.zone[f] >= 0]
        if alive:       # the support finishes the way alone (and must end properly stacked)
            f = alive[0]
            remaining = left - 1 if (left > 1 or placement.can_stack(state, f, n)) else 1
            if remaining > 0:
                state.stack.append(("retreat", side, f, remaining, ORDERLY, path + (n,), (), 1))
                return
        finish_retreat(state, u, mode, followers, lone)
        return
    left -= 1
    path = path + (n,)
    if left <= 0 and not placement.can_stack(state, u, n, followers):
        left = 1                                    # 11.4: overstacked, one zone more
        state.note("11.4", f"{name} must go one zone further to respect stacking.")
    if left > 0:
        state.stack.append(("retreat", side, u, left, mode, path, followers, lone))
    else:
        finish_retreat(state, u, mode, followers, lone)


decision("retreat")((_retreat_legal, _retreat_apply))


def carried_markers(state, z: int, brigades) -> list:
    """7.3: the Artillerie markers in zone z supporting these brigades, which retreat and rout
    with them as a Union brigade's batteries do (docs/rules-notes)."""
    return [m for m, v in state.supported(z) if v in brigades]


def finish_retreat(state, u: int, mode: int, followers, lone: int) -> None:
    """End of a retreat: supports take a fatigue level (11.3), a rout marker goes on (11.4),
    and the brigade may face anew (11.4)."""
    g = state.game
    for f in followers:
        if state.zone[f] >= 0:
            state.fatigue[f] = min(2, state.fatigue[f] + 1)
            state.note("11.3", f"{g.brigades[f].name} falls back with the first line and tires.")
    if lone:
        state.fatigue[u] = min(2, state.fatigue[u] + 1)
        state.note("11.3", f"{g.brigades[u].name} falls back and tires.")
    if state.zone[u] < 0:
        return
    if mode == ROUT:
        state.routed[u] = True
        state.note("11.4", f"{g.brigades[u].name} is routed.", data={"kind": "routed", "unit": g.brigades[u].id})
    side = g.brigades[u].side
    hosts = [v for v in state.brigades_in(state.zone[u]) if v != u and v not in followers]
    if hosts:                          # 10.5: the last to enter chooses its line
        placement.push_line_and_facing(state, side, u)
    else:
        placement.make_first_line(state, u)
        state.stack.append(("facing", side, u, -1))


# -- advance after combat --------------------------------------------------------------------------
@process("after_combat")
def after_combat(state, frame) -> None:
    """11.4: a zone the loser vacated may be occupied by one winning first-line brigade."""
    cid, winner_side, loser_zones, winners = frame[2], frame[3], frame[4], frame[5]
    held = state.occupied_by(1 - winner_side)
    for z in reversed(loser_zones):
        if z not in held:
            state.stack.append(("advance", winner_side, cid, z, winners))


def _advance_legal(state, frame):
    cid, z, winners = frame[2], frame[3], frame[4]
    if z in state.barred(frame[1]) or z in state.occupied_by(frame[1]):
        return []
    advanced = state.combats[cid][3]
    adj = state.game.board.adj[z]
    opts = [Action("advance", w, z) for w in winners if state.zone[w] >= 0 and state.zone[w] in adj
            and w not in advanced and not state.routed[w] and state.line[w] == 1]
    return opts + [Action("no_advance", z)] if opts else []


def _advance_apply(state, frame, action):
    g = state.game
    cid, z = frame[2], frame[3]
    if action.kind == "no_advance":
        state.note("11.4", f"No one advances into {g.zone_name(z)}.")
        return
    w = action.a
    t, a, r, adv = state.combats[cid]
    state.combats[cid] = (t, a, r, adv + (w,))
    state.stack.append(("facing", g.brigades[w].side, w, -1))
    state.note("11.4", f"{g.brigades[w].name} advances into {g.zone_name(z)}.",
               data={"kind": "advance", "unit": g.brigades[w].id, "from": g.board.zones[state.zone[w]].id,
                     "to": g.board.zones[z].id})
    placement.enter_zone(state, w, z)


decision("advance")((_advance_legal, _advance_apply))

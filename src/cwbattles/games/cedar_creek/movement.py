"""Movement (10.3), facing (10.4), stacking and lines (10.5), zones of control (10.2),
division cohesion (10), HQ movement and displacement (7.2, 10.3), the artillery train (7.3)."""

from __future__ import annotations

import heapq

from ...engine.actions import Action
from .placement import can_stack, enter_zone, hq_contact, make_first_line, push_line_and_facing
from .state import CONFEDERATE, OFF_MAP, UNION, decision, in_tactical_retreat
from . import combat  # noqa: E402 (chapters call one another)
from . import retreat  # noqa: E402 (chapters call one another)

INF = 10 ** 6
HQ, TRAIN = 0, 1


def allowance(state, u: int) -> int:
    """10.3: infantry 6 MP, cavalry 8 (6 dismounted)."""
    m = state.game.tables.movement
    b = state.game.brigades[u]
    if not b.cavalry:
        return m.infantry_mp
    return m.cavalry_mp if state.mounted[u] else m.dismounted_mp


def begin_brigade(state, side: int, u: int) -> None:
    """7.1: the brigade's one action this round (rest, rout, or move and perhaps attack)."""
    state.acted[u] = state.stamp
    state.mv_unit = u
    state.mv_mp = allowance(state, u)
    state.mv_moved = state.mv_extra = state.mv_toggled = False
    state.mv_start_zoc = state.zone[u] >= 0 and state.zone[u] in state.enemy_zoc(side)
    # The zones of this move so far. No rule asks for them, so they are history like a game
    # record's, not part of the position (a position loaded mid-move knows only where the
    # brigade stands); a player planning the rest of the move may use them.
    state.mv_path = (state.zone[u],) if state.zone[u] >= 0 else ()
    state.stack.append(("move", side, u))


# -- 10 cohesion (10.5 stacking: placement) ------------------------------------------------------
def cohesion_zones(state, u: int):
    """10: zones within two zones of another brigade of u's division on the map (None when
    cohesion does not bind: independent cavalry, or no other brigade on the map)."""
    key = ("cohesion", u)
    if key in state._cache:
        return state._cache[key]
    g = state.game
    div = g.divisions[g.brigades[u].division]
    out = None
    if not div.independent:
        limit = g.tables.command.cohesion_zones
        mates = [state.zone[v] for v in div.brigades if v != u and state.zone[v] >= 0]
        if mates:
            out = frozenset().union(*(g.board.within_hops(m, limit) for m in mates))
    state._cache[key] = out
    return out


def cohesive(state, u: int, z: int) -> bool:
    """10: brigades of a division end their moves within two zones of one another
    (read as: within two zones of at least one other brigade of the division on the map)."""
    zones = cohesion_zones(state, u)
    return zones is None or z in zones


def reachable(state, u: int, mp: int | None = None, first_step_done: bool | None = None,
              start: int | None = None) -> dict:
    """Zones brigade u can still reach this move, with the MP each costs (10.2, 10.3).

    Used for cohesion checks and by front-ends to highlight where a brigade can go."""
    g = state.game
    board = g.board
    side = g.brigades[u].side
    start = state.zone[u] if start is None else start
    if start < 0:
        return {}
    mp = state.mv_mp if mp is None else mp
    moved = state.mv_moved if first_step_done is None else first_step_done
    enemy = state.barred(side)
    zoc = state.enemy_zoc(side)
    tactical = side == UNION and in_tactical_retreat(state)
    start_zoc = start in zoc
    if moved and start_zoc:
        return {start: 0}
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        d, z = heapq.heappop(heap)
        if d > best.get(z, INF):
            continue
        if z != start and z in zoc:
            continue                      # 10.3: entering an enemy ZOC ends the move
        for n in board.adj[z]:
            if n in enemy:
                continue
            nd = d + board.move_cost[z][n]
            if nd > mp:
                continue
            if n in zoc and (tactical or (z == start and start_zoc and not moved)):
                continue
            if nd < best.get(n, INF):
                best[n] = nd
                heapq.heappush(heap, (nd, n))
    return best


def owes_entry(state, d: int) -> bool:
    """12: the division has brigades off the map on or before the last turn it must enter by
    (the Confederates enter on turn 1, or on turn 2 for any remaining units)."""
    div = state.game.divisions[d]
    return bool(div.enter_by) and state.turn <= div.enter_by and any(state.zone[u] == OFF_MAP for u in div.brigades)


# -- the move frame -----------------------------------------------------------------------------------
def _move_legal(state, frame):
    side, u = frame[1], frame[2]
    g = state.game
    b = g.brigades[u]
    z = state.zone[u]
    mv = g.tables.movement
    start = not (state.mv_moved or state.mv_toggled)
    opts = []
    if start:
        opts.append(Action("pass", u))
        if state.fatigue[u] or state.routed[u]:
            opts.append(Action("rest", u))
        if z >= 0 and state.losses[u] >= 2 and not state.routed[u]:
            opts.append(Action("rout", u))
    if state.routed[u]:
        return opts                               # 11.4: a routed brigade neither moves nor attacks
    tactical = side == UNION and in_tactical_retreat(state)
    if z == OFF_MAP:
        if start:
            enemy = state.barred(side)
            entries = g.divisions[b.division].entry
            zoc = state.enemy_zoc(side)
            for e in entries:
                ez = g.board.entry_zone.get(e, -1)
                if ez < 0 or ez in enemy:
                    continue
                if tactical and ez in zoc:
                    continue                      # 6.1: entering the map is entering like any move
                if not can_stack(state, u, ez) and not can_pass_through(state, u, ez, state.mv_mp - mv.entry_mp, zoc):
                    continue                      # 10.5: could not stop there nor go on
                opts.append(Action("enter", ez))
        if any(a.kind == "enter" for a in opts) and owes_entry(state, b.division):
            opts = [a for a in opts if a.kind != "pass"]    # 12: it enters when it can
        return opts
    board = g.board
    enemy = state.barred(side)
    zoc = state.enemy_zoc(side)
    stopped = state.mv_moved and z in zoc
    mp = state.mv_mp
    if not stopped:
        for n in board.adj[z]:
            if n in enemy:
                continue
            cost = board.move_cost[z][n]
            if cost > mp:
                continue
            if n in zoc and (tactical or (state.mv_start_zoc and not state.mv_moved)):
                continue
            if not can_stack(state, u, n) and not can_pass_through(state, u, n, mp - cost, zoc):
                continue                          # 10.5: may only pass through an overstacked zone
            opts.append(Action("move", n))
        if b.cavalry and start and mp >= mv.mount_change_mp and (not state.mounted[u] or b.dismounted > state.losses[u]):
            opts.append(Action("dismount" if state.mounted[u] else "mount", u))
    if not tactical and state.line[u] in (1, 2) and can_stack(state, u, z):
        charge_ok = b.cavalry and state.mounted[u] and not state.mv_extra
        for n in combat.attack_targets(state, u):
            if mp >= mv.attack_mp:
                opts.append(Action("attack", n))
            if charge_ok and mp >= mv.charge_mp:
                opts.append(Action("charge", n))
    if not state.mv_extra and state.fatigue[u] < 2 and mp < mv.attack_mp:
        if not stopped or (not tactical and combat.attack_targets(state, u)):
            opts.append(Action("extra_mp", u))    # 10.3: +2 MP for a fatigue level
    if not start:
        if stop_allowed(state, u, z) or not opts:
            opts.append(Action("stop", u))
    return opts


def can_pass_through(state, u: int, n: int, mp_left: int, zoc) -> bool:
    """10.5: a brigade may cross a full zone only if it can go on to a zone where it may stop."""
    if n in zoc:
        return False
    board = state.game.board
    side = state.game.brigades[u].side
    enemy = state.barred(side)
    cost = board.move_cost[n]
    barred = zoc if (side == UNION and in_tactical_retreat(state)) else ()
    if any(r not in enemy and r not in barred and cost[r] <= mp_left and can_stack(state, u, r)
           for r in board.adj[n]):
        return True                               # the common case: one more step will do
    return any(r != n and can_stack(state, u, r)
               for r in reachable(state, u, mp=mp_left, first_step_done=True, start=n))


def stop_allowed(state, u: int, z: int) -> bool:
    if not can_stack(state, u, z):
        return False
    if cohesive(state, u, z):
        return True
    # 10: out of cohesion is tolerated only when no cohesive zone can still be reached
    zones = cohesion_zones(state, u)
    return not any(n in zones and can_stack(state, u, n) for n in reachable(state, u) if n != z)


def _move_apply(state, frame, action):
    side, u = frame[1], frame[2]
    g = state.game
    name = g.brigades[u].name
    kind = action.kind
    mv = g.tables.movement
    if kind == "pass":
        state.note("7.1", f"{name} stays where it is.")
        state.mv_unit = -1
    elif kind == "rest":
        if state.fatigue[u]:
            state.fatigue[u] -= 1
        state.note("7.1", f"{name} rests (fatigue now {state.fatigue[u]}).")
        state.mv_unit = -1
        if state.zone[u] >= 0 and not state.routed[u]:
            push_line_and_facing(state, side, u)          # 10.4, 10.5
    elif kind == "rout":
        state.note("7.1", f"{name} declares a voluntary rout.")
        state.mv_unit = -1
        retreat.start_rout(state, u, reason="7.1")
    elif kind in ("mount", "dismount"):
        state.mounted[u] = kind == "mount"
        state.mv_toggled = True
        state.mv_mp = mv.dismounted_mp
        state.note("10.3", f"{name} {'mounts' if kind == 'mount' else 'dismounts'} (2 MP).")
        state.stack.append(frame)
    elif kind == "extra_mp":
        state.mv_extra = True
        state.mv_mp += mv.fatigue_bonus_mp
        state.note("10.3", f"{name} pushes on: +2 MP for a fatigue level at the end of its move.")
        state.stack.append(frame)
    elif kind in ("move", "enter"):
        n = action.a
        if kind == "enter":
            cost = mv.entry_mp
        else:
            cost = g.board.move_cost[state.zone[u]][n]
        state.mv_mp -= cost
        state.mv_moved = True
        state.stack.append(frame)
        verb = "enters the map at" if kind == "enter" else "moves to"
        zones = g.board.zones
        state.note("12" if kind == "enter" else "10.3", f"{name} {verb} {g.zone_name(n)} ({cost} MP, {state.mv_mp} left).",
                   data={"kind": kind, "unit": g.brigades[u].id, "to": zones[n].id,
                         "from": zones[state.zone[u]].id if state.zone[u] >= 0 else None})
        enter_zone(state, u, n)
        state.mv_path += (n,)
    elif kind in ("attack", "charge"):
        declare(state, u, action.a, charge=kind == "charge")
        state.stack.append(("facing", side, u, action.a))     # 11.1: then it may change its facing
    elif kind == "stop":
        end_move(state, u)
        push_line_and_facing(state, side, u)


decision("move")((_move_legal, _move_apply))


def declare(state, u: int, target: int, charge: bool) -> None:
    """10.3, 11.1: an attack (2 MP) or a charge (4 MP) on zone ``target`` ends the brigade's
    move; the attacker leads its stack (10.5). Its facing is chosen next. (The combat preview
    plays this on a copy, so that it shows the combat as it will be.)"""
    mv = state.game.tables.movement
    state.mv_mp -= mv.charge_mp if charge else mv.attack_mp
    combat.declare_attack(state, u, target, charge=charge)
    end_move(state, u)
    make_first_line(state, u)


def end_move(state, u: int) -> None:
    """End of a brigade's move: the fatigue level for extra MP (10.3)."""
    if state.mv_extra:
        state.fatigue[u] = min(2, state.fatigue[u] + 1)
        state.note("10.3", f"{state.game.brigades[u].name} takes a fatigue level for its extra movement.")
    state.mv_unit = -1


# -- 7.2 headquarters and 7.3 the artillery train -------------------------------------------------------
def wharton_in(state) -> bool:
    """12: Early and Carter enter only after Wharton."""
    g = state.game
    wharton = g.divisions[g.division_index["wharton"]]
    return all(state.zone[u] != OFF_MAP for u in wharton.brigades)


def entry_zone_of_wharton(state) -> int:
    """12: where Early and the train enter: Wharton's entry zone."""
    return wharton_entry_zone(state.game)


def wharton_entry_zone(game) -> int:
    wharton = game.divisions[game.division_index["wharton"]]
    return game.board.entry_zone[wharton.entry[0]]


def piece_zone(state, side: int, piece: int) -> int:
    return state.hq_zone[state.hq_of(side)] if piece == HQ else state.train_zone


def piece_steps(state, side: int, piece: int, z: int, mp: int) -> list[int]:
    """Zones a HQ (8 MP) or the train (6 MP) can step into: never an enemy-held zone; a HQ
    never into contact with an enemy brigade (7.2)."""
    board = state.game.board
    enemy = state.barred(side)
    out = []
    for n in board.adj[z]:
        if n in enemy or board.move_cost[z][n] > mp:
            continue
        if piece == HQ and hq_contact(state, side, n):
            continue
        out.append(n)
    return out


def _hqphase_legal(state, frame):
    side = frame[1]
    g = state.game
    mv = g.tables.movement
    opts = [Action("end_hq")]
    h = state.hq_of(side)
    hz = state.hq_zone[h]
    if hz >= 0 and not state.hq_active[h]:
        opts += [Action("hq_move", n, HQ) for n in piece_steps(state, side, HQ, hz, mv.hq_mp)]
    if side == CONFEDERATE:
        if hz == OFF_MAP and wharton_in(state):
            ez = entry_zone_of_wharton(state)
            if ez not in state.occupied_by(UNION) and not hq_contact(state, side, ez):
                opts.append(Action("hq_enter", ez, HQ))
        tz = state.train_zone
        if tz == OFF_MAP and hz >= 0 and wharton_in(state) and OFF_MAP in state.marker_zone:
            ez = entry_zone_of_wharton(state)
            if ez not in state.occupied_by(UNION):
                opts.append(Action("hq_enter", ez, TRAIN))
        if tz >= 0:
            if not state.train_active and not state.train_moved:     # 7.3: one move of 6 MP a turn
                opts += [Action("hq_move", n, TRAIN) for n in piece_steps(state, side, TRAIN, tz, mv.train_mp)]
            if not state.train_active or state.train_moved:
                hops = g.board.hops[tz]
                enemy = state.barred(side)
                opts += [Action("deploy", z) for z in range(g.n_zones)
                         if hops[z] <= mv.train_deploy_zones and z not in enemy]
        opts += marker_moves(state)
    return opts


def marker_moves(state) -> list:
    """7.3: each Artillerie marker on the map may move 6 MP in a Confederate headquarters
    step, once a Game-Turn (``State.marker_has_moved``), never into a zone the enemy holds. Markers
    alike (same zone, same value) offer their moves once."""
    seen = set()
    out = []
    mp = state.game.tables.movement.marker_mp
    for m, z in enumerate(state.marker_zone):
        if z < 0 or state.marker_has_moved(m) or (z, state.marker_value[m]) in seen:
            continue
        seen.add((z, state.marker_value[m]))
        out += [Action("marker_move", n, m) for n in piece_reach(state, CONFEDERATE, z, mp) if n != z]
    return out


def piece_reach(state, side: int, start: int, mp: int) -> dict:
    """Zones a piece with ``mp`` MP can reach from ``start`` at the costs of 10.3, never
    entering a zone the enemy holds: {zone: MP}."""
    dist = state.game.board.shortest(start, blocked=state.barred(side), limit=mp)
    return {z: d for z, d in enumerate(dist) if d <= mp}


def _hqphase_apply(state, frame, action):
    g = state.game
    side = frame[1]
    mv = g.tables.movement
    kind = action.kind
    if kind == "end_hq":
        if state.train_moved:
            state.train_active = True
        state.train_moved = False
        return
    state.stack.append(frame)
    if kind in ("hq_move", "hq_enter"):
        piece = action.b
        full = mv.hq_mp if piece == HQ else mv.train_mp
        if kind == "hq_enter":
            cost = mv.entry_mp
        else:
            cost = g.board.move_cost[piece_zone(state, side, piece)][action.a]
        state.piece_mp = full - cost
        _put_piece(state, side, piece, action.a, cost)
        state.stack.append(("hqmove", side, piece))
    elif kind == "deploy":
        _deploy(state, action.a)
    elif kind == "marker_move":
        m, z = action.b, action.a
        cost = piece_reach(state, side, state.marker_zone[m], mv.marker_mp)[z]
        state.note("7.3", f"Artillerie moves from {g.zone_name(state.marker_zone[m])} to {g.zone_name(z)} ({cost} MP).")
        state.marker_zone[m] = z
        state.marker_moved[m] = state.stamp


def _put_piece(state, side: int, piece: int, z: int, cost: int) -> None:
    g = state.game
    if piece == HQ:
        h = state.hq_of(side)
        before, state.hq_zone[h] = state.hq_zone[h], z
        name, ident = g.hq_names[h], g.hq_ids[h]
        if h == g.EARLY and before < 0 and not state.early_entered_turn:
            state.early_entered_turn = state.turn          # 12: the turn Early came on (a game's key fact)
    else:
        before, state.train_zone = state.train_zone, z
        state.train_moved = True
        name, ident = f"The {g.train.name} artillery train", g.train.id
    zones = g.board.zones
    state.note("7.2" if piece == HQ else "7.3", f"{name} moves to {g.zone_name(z)} ({cost} MP).",
               data={"kind": "hq", "hq": ident, "to": zones[z].id, "from": zones[before].id if before >= 0 else None})


def _deploy(state, z: int) -> None:
    """7.3: "at the end of its movement" the train deploys Artillerie markers, each three zones
    or less from it: a deploy ends the train's movement for the turn (it may deploy more
    markers in this step, not move on and deploy elsewhere). The marker has had its move."""
    g = state.game
    m = state.marker_zone.index(OFF_MAP)
    state.marker_zone[m] = z
    state.marker_moved[m] = state.stamp
    state.train_moved = True
    supported = [g.brigades[v].name for mm, v in state.supported(z) if mm == m]
    state.note("7.3", f"Artillerie deployed in {g.zone_name(z)}"
               + (f", supporting {supported[0]}." if supported else " (no brigade to support there yet)."))
    if OFF_MAP not in state.marker_zone:
        state.train_zone = -2
        state.note("7.3", "All the train's batteries are deployed: the train leaves the map.")


def _hqmove_legal(state, frame):
    side, piece = frame[1], frame[2]
    z = piece_zone(state, side, piece)
    if z < 0:
        return []
    return [Action("hq_stop", -1, piece)] + [Action("hq_move", n, piece) for n in
                                              piece_steps(state, side, piece, z, state.piece_mp)]


def _hqmove_apply(state, frame, action):
    side, piece = frame[1], frame[2]
    g = state.game
    if action.kind == "hq_stop":
        if piece == HQ:
            state.hq_active[state.hq_of(side)] = True      # 7.2: turned to its Active side
        return
    cost = g.board.move_cost[piece_zone(state, side, piece)][action.a]
    state.piece_mp -= cost
    _put_piece(state, side, piece, action.a, cost)
    state.stack.append(frame)


decision("hqphase")((_hqphase_legal, _hqphase_apply))
decision("hqmove")((_hqmove_legal, _hqmove_apply))

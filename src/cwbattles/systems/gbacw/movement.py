"""5.0 Movement, 6.0 facing and 7.0 formations in the Movement Phase, with 10.2-10.3 (zones of
control stop a move; leaving one draws withdrawal fire), 26.4 reinforcements and 27.23 exits.

A unit moves hex by hex spending Movement Points (kept in halves). In the Movement Phase the
phasing player picks a unit (``move``) or a reinforcement (``enter``); the unit then takes atomic
steps: ``step`` into a neighbour, ``face`` a new direction, ``change_formation``, ``exit`` the map,
or ``stop``. Frames: ("movement", side) and ("moving", side, u).

- 5.1: one unit at a time; Movement Points are not saved or lent.
- 5.2 (errata, verified): routed and out-of-command units move one hex whatever it costs, may
  not change formation and may not enter an enemy zone of control; one already in a zone may
  only step to a hex adjacent to no enemy combat unit.
- 6.3: a unit in line, dismounted or unlimbered enters only its frontal hexes and keeps its
  facing; a unit in a march formation (column, mounted, limbered) and a leader enter any
  neighbour and turn to face the way they moved.
- 7.4: a formation change once a Movement Phase, for its cost, within the larger allowance.
- 8.1: a unit may pass through a full friendly hex but may not end its move there.
- 10.2: entering an enemy zone of control ends the move; leaders ignore zones of control.
- 15.2, 12.7: pinned and engaged units do not move.
"""

from __future__ import annotations

from ...engine.actions import Action
from .command import one_hex
from .formations import facing_cost, formation_change
from . import eventdata as ev
from .state import ENGAGED, EXITED, FORMED, LIMITED, MOVED, OFF_MAP, PINNED, ROUTED

END_MOVEMENT = Action("end_movement")
STOP = Action("stop")
EXIT = Action("exit")
CHANGE = Action("change_formation")


def may_move(s, u: int) -> bool:
    """5.1, 15.2, 12.7: a unit on the map that has not moved, is not pinned nor engaged."""
    return s.hex[u] >= 0 and not s.flags[u] & (MOVED | PINNED | ENGAGED) and s.may_move(u)


def step_options(s, u: int, limited: bool | None = None) -> dict:
    """{hex: half MP left after entering it} for the neighbours u may step into now
    (``limited``: one_hex(s, u), when the caller knows it)."""
    facts = s.facts
    a = s.hex[u]
    unit = s.game.units[u]
    side = unit.side
    leader = unit.type == "leader"
    formation = s._forms[u][s.form[u]]
    costs = facts.cost[formation.name][a]
    neighbours = facts.neighbours[a]
    blocked = s.occupied(1 - side)
    enemy_here = s.present(1 - side) if leader else blocked
    zoc = () if leader else s.zoc(1 - side)
    if limited is None:
        limited = one_hex(s, u)
    if limited and s.mv_hexes >= 1:
        return {}
    mp = s.mv_mp
    if leader or formation.march:
        front = None
    else:
        f = s.facing[u]
        front = ((f + 5) % 6, f, (f + 1) % 6)
    in_zoc = a in zoc
    at = s.units_by_hex
    out = {}
    for d in range(6):
        b = neighbours[d]
        cost = costs[d]
        if b is None or cost is None or b in enemy_here:
            continue                                        # 5.1: never into an enemy-occupied hex
        if front is not None and d not in front:
            continue                                        # 6.3
        if limited:
            if b in zoc or mp <= 0:
                continue                                    # 5.2
            if in_zoc and any(n in blocked for n in s.game.board.adjacent[b]):
                continue                                    # 5.2: out of a zone, only to a quiet hex
            left = 0
        elif cost > mp:
            continue
        elif b in zoc:
            if not s.may_enter_zoc(u):
                continue                                    # 5.2, 24.14
            left = 0                                        # 10.2: the move ends in an enemy zone
        else:
            left = mp - cost
        if leader or b not in at or s.stack_ok(b, side, (u,)) or left > 0 and _can_pass(s, u, b, left, formation.name):
            out[b] = left                                   # 8.1: a full hex only to pass through
    return out


def _can_pass(s, u: int, b: int, left: int, form: str) -> bool:
    facts = s.facts
    side = s.game.units[u].side
    blocked = s.occupied(1 - side)
    front = None if s.formation(u).march else {(s.facing[u] + k) % 6 for k in (-1, 0, 1)}
    for d in range(6):
        c = facts.neighbours[b][d]
        cost = facts.cost[form][b][d]
        if c is None or cost is None or cost > left or c in blocked or (front is not None and d not in front):
            continue
        if c == s.hex[u] or s.stack_ok(c, side, (u,)):
            return True
    return False


def entry_options(s, side: int) -> list:
    """26.4: reinforcements due now (or held back) that can enter at their entry hex."""
    out = []
    hexes, flags, due, turn = s.hex, s.flags, s.due, s.turn
    for u in s.game.reinforcements[side]:
        if hexes[u] != OFF_MAP or flags[u] & MOVED or due[u] > turn or due[u] <= 0:
            continue
        if s.may_enter_map(u):
            out.append(s.facts.actions["enter"][u])
    return out


def _movement_legal(s, frame):
    side = frame[1]
    move = s.facts.actions["move"]
    hexes, flags, may = s.hex, s.flags, s.may_move
    busy = MOVED | PINNED | ENGAGED
    out = [move[u] for u in s.game.oob.side_units[side] if hexes[u] >= 0 and not flags[u] & busy and may(u)]
    if s.game.reinforcements[side]:
        out += entry_options(s, side)
    out.append(END_MOVEMENT)
    return out


def _movement_apply(s, frame, action):
    side = frame[1]
    if action.kind == "end_movement":
        s.note("5.1", f"{s.SIDES[side].capitalize()} Movement Phase ends.")
        return
    u = action.a
    s.stack.append(frame)
    if action.kind != "enter" and one_hex(s, u):
        s.flags[u] |= LIMITED                               # 16.4: out of command as it begins to move
    s.flags[u] |= MOVED
    s.mv_unit, s.mv_hexes = u, 0
    if action.kind == "enter":
        s.enter_map(u)
    else:
        s.mv_mp = s.allowance(u)
    if s.hex[u] >= 0:
        s.stack.append(("moving", side, u))
    else:
        s.mv_unit = -1


def _moving_legal(s, frame):
    u = frame[2]
    facts = s.facts
    acts = facts.actions
    h = s.hex[u]
    unit = s.game.units[u]
    limited = one_hex(s, u)
    s.steps_left = steps = step_options(s, u, limited)     # the step chosen next needs no second look
    step = acts["step"]
    out = [step[b] for b in steps]
    if unit.type != "leader" and not s.flags[u] & ROUTED and s.mv_mp > 0:
        if not (limited and s.mv_hexes):
            face = acts["face"]
            for d in range(6):
                if d != s.facing[u] and 0 < facing_cost(s, u, d) <= s.mv_mp:
                    out.append(face[d])
        if not limited and formation_change(s, u, limited) is not None:
            out.append(CHANGE)
    if s.mv_mp >= 2 and s.may_exit(u, h):
        out.append(EXIT)
    if unit.type == "leader" or s.stack_ok(h, unit.side, (u,)):
        out.append(STOP)
    return out


def why_it_stays(s, u: int) -> dict | None:
    """7.3, 14.1: why a unit picked to move can go nowhere, and the change of formation that
    frees it (a battery moves limbered, unlimbered guns only turn); None for any other unit."""
    if s.form_name(u) != "unlimbered":
        return None
    if formation_change(s, u) is None:
        return {"text": "unlimbered guns only turn, and this battery may not limber now", "rule": "7.4"}
    return {"text": "unlimbered guns only turn: limber first", "rule": "7.3", "then": "change_formation"}


def _end_move(s):
    s.mv_unit, s.mv_mp, s.mv_hexes = -1, 0, 0


def _moving_apply(s, frame, action):
    u, side = frame[2], frame[1]
    unit = s.game.units[u]
    kind = action.kind
    if kind == "stop":
        _end_move(s)
        return
    if kind == "exit":                                      # 27.23
        h = s.hex[u]
        if not _withdraws(s, u, h):
            return
        s.exited_from(u, h)
        s.set_hex(u, EXITED)
        s.note("27.23", f"{unit.name} leaves the map at {s.game.board.ids[h]}.", data=ev.step(s, "exit", u, h, None))
        _end_move(s)
        return
    if kind == "face":
        cost = facing_cost(s, u, action.a)
        s.mv_mp -= cost
        s.set_facing(u, action.a)
        s.note("6.2", f"{unit.name} turns to face {s.game.board.compass[action.a]} ({_mp(s.mv_mp)} MP left).",
               data=ev.at(s, "face", u, s.hex[u], facing=action.a))
        s.stack.append(frame)
        return
    if kind == "change_formation":
        new_form, left = formation_change(s, u)
        s.set_form(u, new_form)
        s.flags[u] |= FORMED
        s.mv_mp = left
        s.note("7.4", f"{unit.name} changes to {s.form_name(u)} ({_mp(left)} MP left).",
               data=ev.at(s, "formation", u, s.hex[u], formation=s.form_name(u)))
        s.stack.append(frame)
        return
    a, b = s.hex[u], action.a
    steps = s.steps_left
    left = steps[b] if steps is not None and b in steps else step_options(s, u)[b]
    s.steps_left = None
    if unit.type != "leader" and a in s.zoc(1 - side):
        if not _withdraws(s, u, a):
            return
        left = step_options(s, u).get(b)
        if left is None:
            _end_move(s)
            return
    s.mv_mp = left
    s.mv_hexes += 1
    d = s.game.board.direction(a, b)
    if unit.type == "leader" or s.formation(u).march:
        s.set_facing(u, d)                                  # 6.3
    s.set_hex(u, b)
    ids = s.game.board.ids
    stops = unit.type != "leader" and b in s.zoc(1 - side)
    s.note("5.1", f"{unit.name} moves {ids[a]} -> {ids[b]} ({_mp(left)} MP left)"
                  + (", stops in an enemy zone of control (10.2)" if stops else "") + ".", data=ev.step(s, "move", u, a, b))
    capture_lone_leaders(s, u, b)
    s.on_entered(u, b)
    if s.hex[u] == b:
        s.stack.append(frame)
    else:
        _end_move(s)


def _withdraws(s, u: int, h: int) -> bool:
    """10.3: a combat unit leaving hex h (a step, or off the map by 27.23) in an enemy zone of
    control draws withdrawal fire first; False when that ends its move (routed, pinned,
    eliminated or moved away)."""
    if s.game.units[u].type == "leader" or h not in s.zoc(1 - s.game.units[u].side):
        return True
    from .zoc import withdrawal_fire
    withdrawal_fire(s, u, h)                                # 10.3: before it leaves the hex
    if s.hex[u] != h or s.flags[u] & (ROUTED | PINNED):
        _end_move(s)                                        # routed, pinned, eliminated: the move is over
        return False
    return True


def capture_lone_leaders(s, u: int, h: int) -> None:
    """17.6: enemy leaders alone in a hex that a combat unit enters are captured."""
    if not s.is_combat_unit(u):
        return
    side = s.game.units[u].side
    for v in s.units_at(h):
        if s.game.units[v].side != side:
            from .command import leader_casualty
            leader_casualty(s, v, "captured", "17.6")


def _mp(half: int) -> str:
    return str(half // 2) + (".5" if half % 2 else "")


def register(rules) -> None:
    rules.decision("movement")((_movement_legal, _movement_apply))
    rules.decision("moving")((_moving_legal, _moving_apply))


def reach(s, u: int) -> dict:
    """Every hex the moving unit u may still end its move in, with the most MP it can have left
    and the hex it comes from: {hex: (left, previous)} (own hex: previous -1). It follows the
    stepping rules (costs, fronts, zones, stacking) without facing or formation changes. For bots
    and the web's route finder."""
    start = s.hex[u]
    best = {start: (s.mv_mp, -1)}
    todo = [start]
    work = s.clone()
    while todo:
        todo.sort(key=lambda h: best[h][0])
        a = todo.pop()
        mp = best[a][0]
        if a != start and mp <= 0:
            continue
        work.set_hex(u, a)
        work.mv_mp, work.mv_hexes = mp, (0 if a == start else 1)
        for b, left in step_options(work, u).items():
            if b in best and best[b][0] >= left:
                continue
            best[b] = (left, a)
            todo.append(b)
    return best


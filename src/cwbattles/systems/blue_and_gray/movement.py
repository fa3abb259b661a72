"""6.0 Movement (with 5.0 reinforcements and the exclusive rules' map exits): one unit at a
time, hex by hex; terrain costs (6.2, 10.1), stacking (6.3), zones of control (7.0), strategic
movement (6.4), night (11.1).

Frames: ("movement", side) picks the next unit (``move``, ``march``, ``enter``) or ends the phase
(``end_movement``); ("moving", side, u) moves it one hex at a time (``step``), off the map
(``exit``) or ends its move (``stop``).
"""

from __future__ import annotations

from ...engine.actions import Action
from .state import EXITED, NORMAL, OFF_MAP, STRATEGIC

END_MOVEMENT = Action("end_movement")


def enemy_within(s, side: int, h: int, k: int) -> bool:
    """Whether an enemy combat unit is k hexes or less from h."""
    return h in s.near(1 - side, k)


def may_march_from(s, u: int) -> bool:
    """6.41: a unit three or more hexes from every enemy unit may move strategically."""
    return s.may_march(u) and not enemy_within(s, s.side_of(u), s.hex[u], 2)


def entry_hexes(s, u: int) -> tuple:
    """5.1, 5.4: where reinforcement u may enter: its own entry hex or, when an enemy unit
    occupies that, another entry hex of its side on the same map edge (MapFacts)."""
    own = s.game.units[u].entry_hex
    if own not in s.occupied(1 - s.facts.unit_side[u]):
        return (own,)
    return s.facts.entry_alternatives[own]


def entry_steps(s, u: int) -> dict:
    """5.1-5.4: {entry hex: MP left there} for reinforcement u. Entering is a step onto the map
    through the road at the entry hex and goes through the same tests as every step
    (``_steps_from``): never into an enemy-occupied hex (6.1), into an enemy zone only by day
    (11.1) and stopping there (7.0), and the exclusive rules' limits (``may_enter``, from
    ``OFF_MAP``: Champion Hill 17.4 keeps a restricted division out of enemy zones). 5.2: the
    k-th unit through an entry hex in a phase pays k MP; the hex must have room (6.32)."""
    g = s.game
    side = s.facts.unit_side[u]
    out = {}
    for e in entry_hexes(s, u):
        if not s.stack_ok(e, side, (u,)):
            continue
        k = s.entry_count[g.entry_hexes.index(e)] + 1
        for b, left in _steps_from(s, u, OFF_MAP, s.movement_allowance(u), sides=((-1, e, k),)):
            out[b] = left
    return out


def entry_options(s, side: int) -> list:
    """5.1-5.4: reinforcements due now (or held back) that can enter: ``enter`` u at its own
    entry hex, ``enter`` u, hex at another one (5.4)."""
    g = s.game
    enter = s.facts.actions["enter"]
    out = []
    for u in g.reinforcements[side]:
        if s.hex[u] != OFF_MAP or s.moved[u] or g.units[u].entry_turn > s.turn:
            continue
        own = g.units[u].entry_hex
        for e in sorted(entry_steps(s, u)):
            out.append(enter[u] if e == own else Action("enter", u, e))
    return out


def enter_map(s, u: int, e: int) -> None:
    """5.2: reinforcement u (the moving unit, its mode set) steps onto the map at entry hex e,
    with the Movement Points ``entry_steps`` leaves it there (5.2, 7.0: as the step it is)."""
    g = s.game
    i = g.entry_hexes.index(e)
    s.mv_mp = entry_steps(s, u)[e]
    s.entry_count[i] += 1
    s.set_hex(u, e)
    s.note("5.2", f"{g.units[u].name} enters at {g.board.ids[e]} ({s.entry_count[i]} MP)"
                  + (f" instead of {g.board.ids[g.units[u].entry_hex]}, held by the enemy (5.4)"
                     if e != g.units[u].entry_hex else "") + ".",
           data={"kind": "enter", "unit": g.units[u].id, "from": None, "to": g.board.ids[e]})
    s.on_moved(u, e)


def _movement_legal(s, frame):
    side = frame[1]
    hexes, moved = s.hex, s.moved
    enemy_zoc = s.zoc(1 - side)
    enemy_near = s.near(1 - side, 2)
    move, march = s.facts.actions["move"], s.facts.actions["march"]
    may_move, may_march = s.may_move, s.may_march
    out = []
    for u in s.game.side_units[side]:
        h = hexes[u]
        if h < 0 or moved[u] or h in enemy_zoc or not may_move(u):   # 6.1: no move out of an enemy zone
            continue
        if h not in enemy_near and may_march(u):              # 6.41
            out += move[u], march[u]
        else:
            out.append(move[u])
    out += entry_options(s, side)
    out.append(END_MOVEMENT)
    return out


def _movement_apply(s, frame, action):
    side = frame[1]
    if action.kind == "end_movement":
        s.note("6.1", f"{s.SIDES[side].capitalize()} Movement Phase ends.")
        return
    u = action.a
    s.stack.append(frame)
    s.moved[u] = True
    s.mv_unit = u
    name = s.game.units[u].name
    if action.kind == "enter":
        e = action.b if action.b >= 0 else s.game.units[u].entry_hex
        s.mv_mode = NORMAL
        enter_map(s, u, e)
    else:
        s.mv_mode = STRATEGIC if action.kind == "march" else s.move_mode(u)
        s.mv_mp = s.movement_allowance(u) + s.strategic_bonus(u) if action.kind == "march" else s.normal_allowance(u)
        if action.kind == "march":
            s.strat[u] = True
            s.note("6.4", f"{name} moves strategically ({s.mv_mp} MP).")
    s.stack.append(("moving", side, u))


def _step_ok(s, u, a, b, mp):
    """Whether u, at a with mp MP, may enter b; returns the MP left after it, or None."""
    for _, left in _steps_from(s, u, a, mp, only=b):
        return left
    return None


def may_step_strategically(s, u: int) -> bool:
    """6.44-6.45: whether u, beginning a strategic move where it stands, has a hex to step into.
    6.41 lets a unit far enough from the enemy choose the mode anywhere, but off a road (or with
    every road hex within two hexes of the enemy) its move then ends where it began."""
    mp = s.movement_allowance(u) + s.strategic_bonus(u)
    return bool(_steps_from(s, u, s.hex[u], mp, strategic=True))


def _steps_from(s, u, a, mp, only=None, sides=None, strategic=None):
    """[(b, MP left after entering b)] for the neighbours b of a (or only the neighbour
    ``only``) that u, with mp MP, may enter. ``sides``: the (i, b, cost) steps to try instead
    of a's hexsides: a reinforcement's entry onto the map (a = OFF_MAP, entry_steps).
    ``strategic``: the mode to check steps for, if not the move's own (``s.mv_mode``)."""
    facts = s.facts
    side = facts.unit_side[u]
    occupied = s.occupied(1 - side)
    zoc = s.zoc(1 - side)
    strategic = (s.mv_mode == STRATEGIC if strategic is None else strategic) and sides is None
    near = s.near(1 - side, 2) if strategic else ()
    night_bars_zoc = s.night() and not s.game.tables.night["enter_enemy_zoc"]
    may_enter = s.may_enter if s.entry_limited(u) else None
    lines = facts.on_line[a] if strategic else ()
    out = []
    if sides is None:
        sides = facts.passable[facts.unit_kind[u]][a]          # 6.2, 10.1: hexsides it may cross
    for i, b, cost in sides:
        if cost > mp or b in occupied:
            continue                                           # 6.1: never into an enemy-occupied hex
        if only is not None and b != only:
            continue
        if strategic and (not lines[i] or b in near):
            continue                                           # 6.45: only along roads; 6.44: three hexes
        if b in zoc:
            if night_bars_zoc:
                continue                                       # 11.1
            if may_enter is None or may_enter(u, a, b):
                out.append((b, 0))                             # 7.0: stop on entering an enemy zone
        elif may_enter is None or may_enter(u, a, b):
            out.append((b, mp - cost))
    return out


def step_options(s, u: int) -> dict:
    """The hexes u may step into now, each with the MP u would have left there. 6.32-6.33: a
    unit may pass through a full hex, but the program only lets it enter one if it can go on
    from there to a hex where it may stop."""
    a = s.hex[u]
    side = s.facts.unit_side[u]
    out = {}
    at, stack_ok, alone = s.units_by_hex, s.stack_ok, (u,)
    for b, left in _steps_from(s, u, a, s.mv_mp):
        if b not in at or stack_ok(b, side, alone):           # a unit alone always fits (stack_ok)
            out[b] = left
            continue
        if left <= 0:
            continue
        for c, _ in _steps_from(s, u, b, left):
            if stack_ok(c, side, alone):                       # back to a, too, only if a has room
                out[b] = left
                break
    return out


def _moving_legal(s, frame):
    u = frame[2]
    side = frame[1]
    step = s.facts.actions["step"]
    s.steps_left = steps = step_options(s, u)        # the step chosen next needs no second look
    out = [step[b] for b in steps]
    h = s.hex[u]
    if s.mv_mp >= 1 and s.may_exit(u, h) and h not in s.zoc(1 - side):
        out.append(s.facts.actions["exit"][u])                 # exclusive rules (Champion Hill 19.3)
    if s.stack_ok(h, side, (u,)):
        out.append(s.facts.actions["stop"][u])
    return out


def _moving_apply(s, frame, action):
    u, side = frame[2], frame[1]
    name = s.game.units[u].name
    if action.kind == "stop":
        s.mv_unit, s.mv_mp, s.mv_mode = -1, 0, NORMAL
        return
    if action.kind == "exit":
        h = s.hex[u]
        s.exited_from(u, h)
        s.set_hex(u, EXITED)
        s.note(s.EXIT_RULE, f"{name} leaves the map.",
               data={"kind": "exit", "unit": s.game.units[u].id, "from": s.game.board.ids[h]})
        s.mv_unit, s.mv_mp, s.mv_mode = -1, 0, NORMAL
        return
    a, b = s.hex[u], action.a
    steps = s.steps_left
    left = steps[b] if steps is not None and b in steps else _step_ok(s, u, a, b, s.mv_mp)
    s.steps_left = None
    s.mv_mp = left
    s.set_hex(u, b)
    ids = s.game.board.ids
    s.note("6.2", f"{name} moves {ids[a]} -> {ids[b]} ({left} MP left)"
                  + (", stops in an enemy zone of control (7.0)" if b in s.zoc(1 - side) else "") + ".",
           data={"kind": "move", "unit": s.game.units[u].id, "from": ids[a], "to": ids[b]})
    s.on_moved(u, b)
    if s.hex[u] == b:
        s.stack.append(frame)
    else:
        s.mv_unit, s.mv_mp, s.mv_mode = -1, 0, NORMAL


def register(rules) -> None:
    rules.decision("movement")((_movement_legal, _movement_apply))
    rules.decision("moving")((_moving_legal, _moving_apply))


def reach(s, u: int) -> dict:
    """Every hex the moving unit u (the ``moving`` frame's unit) may still enter, with the most
    MP it can have left there and the hex it comes from on that route: {hex: (left, previous)};
    its own hex is included (previous -1). It follows the stepping rules exactly (``_step_ok``:
    costs, zones of control 7.0, strategic limits 6.4, exclusive limits). A full hex may be
    crossed but not ended in (6.33): ``s.stack_ok(h, side, (u,))`` tells where the unit may end.
    For bots."""
    side = s.side_of(u)
    start = s.hex[u]
    best = {start: (s.mv_mp, -1)}
    todo = [start]
    adjacent = s.game.board.adjacent
    while todo:
        todo.sort(key=lambda h: best[h][0])
        a = todo.pop()
        mp = best[a][0]
        if mp <= 0 or (a != start and a in s.zoc(1 - side)):
            continue
        for b in adjacent[a]:
            left = _step_ok(s, u, a, b, mp)
            if left is None or (b in best and best[b][0] >= left):
                continue
            best[b] = (left, a)
            todo.append(b)
    return best

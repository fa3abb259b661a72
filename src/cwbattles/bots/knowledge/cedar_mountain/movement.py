"""Set-up (26.2-26.3), command (16.0, 25.0) and movement (5.0-7.0, 26.4) for the bots.

- Set-up: each Union unit in the least crowded hex of its area, the westmost on ties, facing west
  (the Confederates come from there), in line, unlimbered, cavalry mounted (dismounted it rates 2,
  21.1).
- Command: the army's points go to the division with most brigade commanders out of command; a
  division's own points order such brigades in; Thomas joins Hill when he can.
- Movement: reinforcements come on first, then the infantry and cavalry, then the guns, the
  leaders last (they ride to the middle of their command, so that its units start the next turn in
  command). A unit's objective is the Victory Point hex nearest to it that its side does not hold,
  or the enemy nearest to that when it holds them all; the last unit on a Victory Point hex stays. Away from the enemy it marches (column,
  limbered, mounted) toward it; within three hexes of the enemy it takes its fighting formation
  and faces the nearest enemy, closing with it when its side is strong enough around it
  (``favourable``: a melee may follow); guns stop two hexes short. Each step is scored by the
  distance it leaves to the objective, never into a hex that is nearly full, and kept within its
  brigade commander's reach of its brigade's middle (``cohesion``: out of command it would crawl).
"""

from __future__ import annotations

from ....engine.hexgrid import AXIAL_STEPS
from .facts import UNION, facts

CONTACT = 3
GUN_STANDOFF = 2


def _dot(board, a: int, b: int, d: int) -> int:
    ha, hb = board.hexes[a], board.hexes[b]
    dq, dr = hb.q - ha.q, hb.r - ha.r
    fq, fr = AXIAL_STEPS[d]
    return dq * fq + dr * fr + (dq + dr) * (fq + fr)


def facing_toward(board, a: int, b: int) -> int:
    return max(range(6), key=lambda d: _dot(board, a, b, d))


def nearest(state, h: int, hexes) -> tuple:
    board = state.game.board
    best, where = 99, -1
    for e in hexes:
        d = board.distance(h, e)
        if d < best:
            best, where = d, e
    return best, where


def objective(state, u: int) -> int:
    """The hex u heads for: the Victory Point hex worth most to it for the distance (one the
    enemy holds is worth half again: taking it also stops his scoring, 27.22), or the enemy
    nearest to it when its side holds them all; the last unit on a Victory Point hex stays."""
    F = facts(state.game)
    side = F.side[u]
    h = state.hex[u]
    board = state.game.board
    if h in F.vp_hexes and not any(v != u and F.side[v] == side and F.combat[v] for v in state.units_at(h)):
        return h
    best, target = None, h
    row = board.distances_from(h)
    for i, v in enumerate(F.vp_hexes):
        holder = state.control[i]
        mine = any(F.side[x] == side and F.combat[x] for x in state.units_at(v))
        if holder == side and mine:
            threatened = any(board.distance(v, e) <= 3 for e in state.occupied(1 - side))
            if not threatened:
                continue
            worth = 8.0                                      # reinforce a held hex the enemy nears
        else:
            worth = 15.0 if holder == 1 - side else 10.0
        score = worth - 1.0 * row[v]
        if best is None or score > best:
            best, target = score, v
    if best is None:
        d, e = nearest(state, h, state.occupied(1 - side))
        if e >= 0:
            target = e
    return target


# -- set-up -------------------------------------------------------------------------------------------
def deploy_scores(state, actions, fast: bool) -> list:
    frame = state.stack[-1]
    u = frame[2]
    F = facts(state.game)
    board = state.game.board
    kind = frame[0]
    if kind == "deploy_unit":
        # its own placement, unit by unit, rather than history's for the rest ("place_rest")
        return [-100.0 if a.kind == "place_rest" else -1.0 * state.stack_points(a.a, UNION) + 0.05 * board.hexes[a.a].row
                for a in actions]
    if kind == "deploy_facing":
        west = F.forward[UNION]
        return [3.0 - min((a.a - west) % 6, (west - a.a) % 6) for a in actions]
    if kind == "deploy_form":
        want = 1 if F.type[u] == "cavalry" else 0
        return [1.0 if a.a == want else 0.0 for a in actions]
    return [0.0 for _ in actions]


def place_scores(state, actions, fast: bool) -> list:
    """17.8: a replacement leader with the unit nearest the middle of his command."""
    board = state.game.board
    hexes = [state.hex[a.a] for a in actions]
    out = []
    for h in hexes:
        out.append(-sum(board.distance(h, x) for x in hexes))
    return out


def command_scores(state, actions, fast: bool) -> list:
    g = state.game
    out = []
    for a in actions:
        if a.kind == "give_cp":
            out_of = sum(1 for b in g.oob.divisions[a.a].brigades if not state.brig_in_command[b])
            out.append(1.0 + out_of)
        elif a.kind == "order":
            out.append(2.0)
        elif a.kind == "attach":
            out.append(3.0)
        else:
            out.append(0.0)
    return out


# -- movement -------------------------------------------------------------------------------------------
def movement_scores(state, actions, fast: bool) -> list:
    F = facts(state.game)
    out = []
    for a in actions:
        if a.kind == "end_movement":
            out.append(0.0)
        elif a.kind == "enter":
            out.append(5.0 - 0.01 * state.game.units[a.a].column_order)
        else:
            t = F.type[a.a]
            if t == "leader":                                 # brigade, then division, then army commanders
                rank = state.game.units[a.a].rank
                out.append({"brigade": 1.5, "division": 1.0}.get(rank, 0.5))
            else:
                out.append({"infantry": 3.0, "cavalry": 2.5, "artillery": 2.0}[t])
    return out


def cohesion(state, u: int, h: int) -> float:
    """How far beyond its brigade commander's reach a hex leaves u from its brigade's middle
    (16.4: regiments out of his Effectiveness Radius crawl one hex a turn)."""
    unit = state.game.units[u]
    if unit.brigade < 0:
        return 0.0
    from ....systems.gbacw.command import brigade_commander, leader_radius
    cmd = brigade_commander(state, unit.brigade)
    mates = [state.hex[v] for v in state.game.oob.brigades[unit.brigade].units if v != u and state.hex[v] >= 0]
    if cmd < 0 or not mates:
        return 0.0
    board = state.game.board
    middle = min(mates, key=lambda x: (sum(board.distance(x, y) for y in mates), x))
    return max(0, board.distance(h, middle) - (leader_radius(state, cmd) - 1))


def leader_target(state, u: int) -> int:
    """The middle of the leader's command (its units on the map)."""
    g = state.game
    unit = g.units[u]
    oob = g.oob
    from ....systems.gbacw.command import commanded_brigade, commanded_division
    b = commanded_brigade(state, u)
    d = commanded_division(state, u)
    if b >= 0:
        pool = oob.brigades[b].units
    elif d >= 0:
        pool = [v for x in oob.divisions[d].brigades for v in oob.brigades[x].units]
    elif unit.rank == "army":
        pool = oob.combat_units[unit.side]
    else:
        pool = ()
    hexes = [state.hex[v] for v in pool if state.hex[v] >= 0]
    if not hexes:
        return state.hex[u]
    board = state.game.board
    return min(hexes, key=lambda h: (sum(board.distance(h, x) for x in hexes), h))


def favourable(state, side: int, foe: int) -> bool:
    """Whether ``side`` is strong enough around the enemy hex ``foe`` to close with it: its strength
    within two hexes at least 1.2 times the enemy's within one (0.8 for a Victory Point hex; routed
    enemies count half)."""
    board = state.game.board
    F = facts(state.game)
    mine = theirs = 0.0
    for h in board.within(foe, 2):
        for v in state.units_at(h):
            if not F.combat[v]:
                continue
            if F.side[v] == side:
                mine += state.sp[v]
            elif board.distance(h, foe) <= 1:
                theirs += state.sp[v] * (0.5 if state.flags[v] & 1 else 1.0)
    need = 0.8 if foe in F.vp_hexes else 1.2               # a Victory Point hex is worth a harder fight
    return mine >= need * theirs


def moving_scores(state, actions, fast: bool) -> list:
    u = state.stack[-1][2]
    F = facts(state.game)
    board = state.game.board
    side = F.side[u]
    here = state.hex[u]
    if F.type[u] == "leader":
        target = leader_target(state, u)
        return [(-board.distance(a.a, target) if a.kind == "step" else -board.distance(here, target) + 0.1)
                for a in actions]
    enemy = state.occupied(1 - side)
    near, foe = nearest(state, here, enemy)
    target = objective(state, u)
    gun = F.type[u] == "artillery"
    contact = near <= (CONTACT + (1 if gun else 0))
    if contact and not gun and foe >= 0 and favourable(state, side, foe):
        target = foe                                          # close in: a melee at good odds (12.1)
    want_form = 0 if contact else 1
    if F.type[u] == "cavalry":
        want_form = 1                                         # 21.1: dismounted it rates 2
    want_face = facing_toward(board, here, foe if contact and foe >= 0 else target)
    out = []
    for a in actions:
        k = a.kind
        if k == "step":
            b = a.a
            d_b = board.distance(b, target)
            v = -2.0 * d_b
            if state.formation(u).march and state.facts.on_road[here][board.direction(here, b)]:
                v += 0.6                                      # 21.31: the road is faster
            if contact:
                nb, _ = nearest(state, b, enemy)
                v = -2.0 * d_b - (4.0 if gun and nb <= GUN_STANDOFF else 0.0) - (1.0 if here in state.zoc(1 - side) else 0.0)
                if b in F.vp_hexes:
                    v += 3.0
            if state.stack_points(b, side) + state.sp[u] > state.facts.stacking[b] - 2:
                v -= 1.5
            v -= 3.0 * cohesion(state, u, b)
            out.append(v)
        elif k == "stop":
            v = -2.0 * board.distance(here, target) + 0.5 - 3.0 * cohesion(state, u, here)
            if contact:
                v += 2.0
            out.append(v)
        elif k == "face":
            # 6.2: turning costs points; worth it only to face the enemy in contact (a march
            # formation turns by moving anyway)
            good = contact and a.a == want_face and state.facing[u] != want_face
            out.append(-2.0 * board.distance(here, target) + 0.5 - 3.0 * cohesion(state, u, here) + (1.0 if good else -5.0))
        elif k == "change_formation":
            out.append(-2.0 * board.distance(here, target) + (3.0 if state.form[u] != want_form else -3.0))
        else:                                                 # exit (27.23): only the Confederates score
            out.append(-2.0 * board.distance(here, target) + (1.0 if side == 1 and near > 6 else -50.0))
    return out


def entry_scores(state, actions, fast: bool) -> list:
    return [0.0 for _ in actions]


def assign_scores(state, actions, fast: bool) -> list:
    return [-0.01 * i for i, _ in enumerate(actions)]

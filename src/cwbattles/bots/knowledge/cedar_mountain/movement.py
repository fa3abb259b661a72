"""Set-up (26.2-26.3), command (16.0, 25.0) and movement (5.0-7.0, 26.4) for the bots.

- Set-up: each Union unit in the least crowded hex of its area, the westmost on ties, facing west
  (the Confederates come from there), in line, unlimbered, cavalry mounted (dismounted it rates 2,
  21.1).
- Command: the army's points go to the division with most brigade commanders out of command; a
  division's own points order such brigades in; Thomas joins Hill when he can.
- Movement: reinforcements come on first (a column's leader after its units), then the infantry
  and cavalry, the rear of a column before its head and a unit out of command last, then the guns,
  the leaders last (they ride to the middle of their command, so that its units start the next
  turn in command). A brigade's objective (all its regiments', ``objective``) is the Victory Point
  hex worth most to it for the distance from its commander: one the enemy holds worth more than
  an empty one; one other brigades of its side already cover (``cover``: enough of their strength
  by it against the enemy near it) worth less, and one no other brigade is going for worth more,
  so that the army spreads over the four hexes (27.22 scores each alike); the last
  unit on a Victory Point hex stays. Away from the enemy it marches (column, limbered, mounted)
  toward it; within three hexes of the enemy it takes its fighting formation (and keeps it until
  the enemy is DISENGAGED hexes away: no change back and forth at the edge of contact) and faces
  the nearest enemy. It presses on, toward the enemy or onto its hex, when its side is strong
  enough around it (``favourable``: a melee may follow, 12.1); otherwise it halts where it can
  fire. Guns stop two hexes short. Each step is scored by the distance it leaves to the
  objective (marching, by the map's movement costs: the road half a clear hex, ``march_rows``), a
  move not ended in a hex that is nearly full, and kept within its brigade commander's reach of
  the middle of the mates that have moved (``cohesion``: out of command it would crawl).

  Issue 30 (docs/balance/cedar-mountain.md): before, a unit in contact always preferred halting to
  a step closer (the halt's bonus outweighed the step), so whoever first stood on a victory hex
  kept it and melee was rare; the pressing rule, the cover and the unclaimed hex's worth fix that.
  Then the Confederate columns came up slowly (a head outran its commander on the entry turn and
  walked back, the brigade crept on two hexes a turn around a middle that had not moved, columns
  left the road and stopped behind their own crowded hexes): the column knowledge above fixes that.
  Then (the third pass) every game was a war of annihilation ending in a blowout one way or the
  other: a brigade near its BCE limit stood in the firing line until it broke, and a side far
  ahead kept pressing into melee. Now a brigade with a third of its limit or less left
  (``husbanded``) turns about and falls back out of rifle range (a line enters only its frontal
  hexes, 6.3), and a side that has already won more than LEAD VP beyond the enemy's (the
  engine's result so far, not the hexes' expected points: a side first on the Gate on turn 2
  would be "ahead" by them at once) no longer closes with the enemy: in contact it halts where
  it can fire.
"""

from __future__ import annotations

from ....engine.hexgrid import AXIAL_STEPS
from ....systems.gbacw.command import brigade_commander, leader_radius, one_hex
from ....systems.gbacw.state import ENGAGED, MOVED, PINNED, ROUTED
from .facts import UNION, facts, march_rows

CONTACT = 3
DISENGAGED = 6          # a unit in fighting formation keeps it until the enemy is this far (no churn)
GUN_STANDOFF = 2
COVER_RADIUS = 2        # friends within this of a Victory Point hex hold it ...
THREAT_RADIUS = 4       # ... against the enemy within this
COVERED = 1.5           # a hex is covered when its friends outnumber the enemy near it this much
MIN_COVER = 4.0         # and number at least this many strength points
COVERED_DISCOUNT = 7.0  # what a covered hex loses of its worth to the next unit (hexes)
UNCLAIMED = 6.0         # what a Victory Point hex not ours, with none of ours within ON_THE_WAY, gains
ON_THE_WAY = 6
STAYS = MOVED | PINNED | ENGAGED | ROUTED   # a mate with any of these does not move again this phase
REAR_FIRST = 0.01       # movement order: a hex further from the Victory Point hexes moves first
STRAGGLER = 1.5         # ... and a unit limited to one hex after every other combat unit
CROWDED = 1.5           # ending a move in a hex within 2 points of its stacking limit
CLOSE_ON_UNIT = 1.2     # ``favourable``: our strength near an enemy hex against his in it and by it ...
CLOSE_ON_HEX = 0.8      # ... on a Victory Point hex (worth a harder fight)
SPARE_SHARE = 3         # a brigade with a third of its BCE limit or less left is spared ...
EXPOSED = 4.0           # ... and each hex a move leaves it inside the enemy's rifle range (CONTACT) costs this
LEAD = 20.0             # a side this many VP ahead (already won: losses, BCE, leaders, hexes so far) closes no more
SPARED_PULL = 0.5       # what a hex nearer its objective is worth to a spared unit (2 to the others)
TURN_ABOUT = 1.5        # what a turn to fall back costs a spared unit beside the step it prepares


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


def cover(state, side: int, v: int, besides=()) -> tuple:
    """(friendly strength within COVER_RADIUS of hex v, enemy strength within THREAT_RADIUS of it):
    whether a Victory Point hex already has enough of the side's units by it (routed count half);
    the friends in ``besides`` (the brigade asking) are not counted."""
    F = facts(state.game)
    row = F.dist[v]
    mine = theirs = 0.0
    for u, where in enumerate(state.hex):
        if where < 0 or not F.combat[u] or u in besides:
            continue
        d = row[where]
        sp = state.sp[u] * (0.5 if state.flags[u] & ROUTED else 1.0)
        if F.side[u] == side and d <= COVER_RADIUS:
            mine += sp
        elif F.side[u] != side and d <= THREAT_RADIUS:
            theirs += sp
    return mine, theirs


def middle(board, hexes) -> int:
    """The hex of ``hexes`` nearest all the others (the least summed distance; the lowest on ties)."""
    return min(hexes, key=lambda x: (sum(board.distance(x, y) for y in hexes), x))


def brigade_of(state, u: int) -> tuple:
    """(u's brigade as the objective's unit: its combat units on the map, u among them, or u alone
    when it has no brigade; the hex its objective is reckoned from). The brigade commander's hex
    while he is on the map: he moves after his regiments (``movement_scores``), so the objective
    holds through the phase, where the regiments' middle would shift as each one moves and turn
    the later ones elsewhere."""
    F = facts(state.game)
    b = state.game.units[u].brigade
    if b < 0 or not F.combat[u]:
        return (u,), state.hex[u]
    own = tuple(v for v in state.game.oob.brigades[b].units if v == u or (state.hex[v] >= 0 and F.combat[v]))
    cmd = brigade_commander(state, b)
    return own, (state.hex[cmd] if cmd >= 0 else middle(state.game.board, [state.hex[v] for v in own]))


def objective(state, u: int) -> int:
    """The hex u heads for: its brigade's objective (the last unit on a Victory Point hex stays).
    A brigade is sent as one: the Victory Point hex worth most to it for the distance from its
    commander (``brigade_of``; one the enemy holds is worth half again: taking it also stops his
    scoring, 27.22), or the enemy nearest to u when its side holds them all. A hex other brigades
    of its side already have enough strength by (``cover``: more than COVERED times the enemy near
    it, and at least MIN_COVER points) is worth COVERED_DISCOUNT less, so that the army spreads
    over the four hexes instead of crowding the nearest (27.22 scores each hex alike, the remote
    clearing at 1323 as much as the Gate); one no other brigade of its side goes for is worth
    UNCLAIMED more.

    Issue 29: the objective was each regiment's own, so one regiment went to a hex nobody else
    went for (the clearing) while its brigade went elsewhere; held back by ``cohesion`` and alone
    never ``favourable``, it halted three hexes off. Sent as a brigade, its regiments go together
    and bring the strength to close."""
    F = facts(state.game)
    side = F.side[u]
    h = state.hex[u]
    board = state.game.board
    if h in F.vp_hexes and not any(v != u and F.side[v] == side and F.combat[v] for v in state.units_at(h)):
        return h
    own, origin = brigade_of(state, u)
    others = [x for x in range(len(F.side)) if F.side[x] == side and F.combat[x] and x not in own and state.hex[x] >= 0]
    best, target = None, h
    row = board.distances_from(origin)
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
        near_mine, near_theirs = cover(state, side, v, own)
        if row[v] > COVER_RADIUS and near_mine >= max(MIN_COVER, COVERED * near_theirs):
            worth -= COVERED_DISCOUNT                        # enough of other brigades there already
        elif holder != side and not near_mine and not any(F.dist[v][state.hex[x]] <= ON_THE_WAY for x in others):
            worth += UNCLAIMED                               # no other brigade goes there yet: send this one
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
            # a leader comes on after his column (he takes no place in it, 26.41): entering first,
            # he would find none of his command on the map and stay on the entry hex behind it
            late = 1.0 if F.type[a.a] == "leader" else 0.0
            out.append(5.0 - 0.01 * state.game.units[a.a].column_order - late)
        else:
            t = F.type[a.a]
            if t == "leader":                                 # brigade, then division, then army commanders
                rank = state.game.units[a.a].rank
                out.append({"brigade": 1.5, "division": 1.0}.get(rank, 0.5))
            else:
                # the rear of a column first: the head then finds its brigade already closed up
                # behind it and goes on (``cohesion`` measures from the mates that have moved); a
                # unit that may move one hex only (5.2, out of command) last, so that it does not
                # hold its brigade back to where it crawls
                h = state.hex[a.a]
                behind = min(F.dist[v][h] for v in F.vp_hexes)
                out.append({"infantry": 3.0, "cavalry": 2.5, "artillery": 2.0}[t] + REAR_FIRST * behind
                           - (STRAGGLER if one_hex(state, a.a) else 0.0))
    return out


def cohesion(state, u: int, h: int) -> float:
    """How far beyond its brigade commander's reach a hex leaves u from its brigade's middle
    (16.4: regiments out of his Effectiveness Radius crawl one hex a turn)."""
    unit = state.game.units[u]
    if unit.brigade < 0:
        return 0.0
    cmd = brigade_commander(state, unit.brigade)
    if cmd < 0 and state.brig_cmd[unit.brigade] >= 0 and 0 < state.due[state.brig_cmd[unit.brigade]] <= state.turn:
        cmd = state.brig_cmd[unit.brigade]                # he comes on behind his column this turn
    # where the brigade will be when its commander rides to its middle (he moves last): a mate
    # still free to move this phase follows on and is not counted (the rear moves first,
    # ``movement_scores``, and sets the pace); a mate still to come on (26.4) counts at its entry
    # hex, so that a column's head does not run out of its commander's reach on the entry turn
    mates = []
    for v in state.game.oob.brigades[unit.brigade].units:
        if v == u:
            continue
        where = state.hex[v]
        if where < 0:
            if 0 < state.due[v] <= state.turn and state.entry_at[v] >= 0:
                mates.append(state.entry_at[v])
        elif state.flags[v] & STAYS:
            mates.append(where)
    if cmd < 0 or not mates:
        return 0.0
    board = state.game.board
    return max(0, board.distance(h, middle(board, mates)) - (leader_radius(state, cmd) - 1))


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
    return middle(state.game.board, hexes)


def husbanded(state, u: int) -> bool:
    """Whether u's brigade is near its breaking point (24.0): a third of its BCE limit or less
    left before it loses effectiveness (or already lost: its units check morale worse, fire a
    column left and may not melee or retreat through a zone, 24.11-24.14). A commander of the day
    spares such a brigade: it keeps out of rifle range instead of standing in the firing line,
    where every point it loses may give the enemy its BCE Victory Points (27.21)."""
    F = facts(state.game)
    b = state.game.units[u].brigade
    if b < 0 or F.type[u] not in ("infantry", "cavalry"):
        return False
    limit = state.game.oob.brigades[b].bce_limit
    if limit <= 0:
        return False
    return state.bce_out[b] or limit - state.bce_loss[b] <= max(1, limit // SPARE_SHARE)


def exposure(state, h: int, enemy) -> float:
    """What standing at h costs a spared unit: EXPOSED for each hex inside the enemy's rifle
    range (CONTACT)."""
    near, _ = nearest(state, h, enemy)
    return EXPOSED * max(0, CONTACT + 1 - near)


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
    need = CLOSE_ON_HEX if foe in F.vp_hexes else CLOSE_ON_UNIT   # a Victory Point hex is worth a harder fight
    return mine >= need * theirs


def crowded(state, u: int, h: int, adding: int) -> bool:
    """Whether hex h, with ``adding`` more points of u's side, is within 2 points of its
    stacking limit (8.1)."""
    return state.stack_points(h, facts(state.game).side[u]) + adding > state.facts.stacking[h] - 2


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
    spare = husbanded(state, u)                              # near its BCE limit: out of the firing line
    ahead = (1 if side == UNION else -1) * state.result["margin"] > LEAD   # the day is won: hold, close no more
    pull = SPARED_PULL if spare else 2.0
    if contact and not gun and not spare and not ahead and foe >= 0 and favourable(state, side, foe):
        target = foe                                          # close in: a melee at good odds (12.1)
    # pressing on: toward a foe to melee, or onto a Victory Point hex that is empty of the enemy or
    # held by fewer than the friends around it; a unit in contact otherwise stops where it can fire
    pressing = not gun and not spare and not ahead and target != here and (target == foe or (target in F.vp_hexes and (
        not any(F.side[x] != side for x in state.units_at(target)) or favourable(state, side, target))))
    fighting = contact or (state.form[u] == 0 and near <= DISENGAGED)   # no churn at the edge of contact
    want_form = 0 if fighting else 1
    if F.type[u] == "cavalry":
        want_form = 1                                         # 21.1: dismounted it rates 2
    want_face = facing_toward(board, here, foe if contact and foe >= 0 else target)
    form = state.formation(u)
    rows = march_rows(state.game, target, form.name) if form.march and not contact and target in F.vp_hexes else None

    def far(h: int) -> float:
        """How far h is from the target: marching, by the map's costs (the road half a clear hex)."""
        return rows[h] if rows is not None else board.distance(h, target)
    passing = state.steps_left or {}                         # the MP each step leaves (the engine's step options)
    out = []
    for a in actions:
        k = a.kind
        if k == "step":
            b = a.a
            d_b = far(b)
            v = -pull * d_b
            if contact:
                nb, _ = nearest(state, b, enemy)
                v = -pull * d_b - (4.0 if gun and nb <= GUN_STANDOFF else 0.0) - (
                    0.0 if pressing else 1.0 if here in state.zoc(1 - side) else 0.0)
                if b in F.vp_hexes:
                    v += 3.0
            # a crowded hex is a poor place to end the move, not to pass through (8.1): the
            # penalty where the step must end there (no points left after it)
            if passing.get(b, 0) <= 0 and crowded(state, u, b, state.sp[u]):
                v -= CROWDED
            v -= 3.0 * cohesion(state, u, b)
            if spare:
                v -= exposure(state, b, enemy)
            out.append(v)
        elif k == "stop":
            v = -pull * far(here) + 0.5 - 3.0 * cohesion(state, u, here)
            if crowded(state, u, here, 0):
                v -= CROWDED
            if contact and not pressing and not spare:
                v += 2.0
            out.append(v - (exposure(state, here, enemy) if spare else 0.0))
        elif k == "face":
            # 6.2: turning costs points; worth it only to face the enemy in contact (a march
            # formation turns by moving anyway)
            v = -pull * far(here) + 0.5 - 3.0 * cohesion(state, u, here)
            if spare and contact:
                # a line enters only its frontal hexes (6.3): to fall back it turns first, worth
                # what the hex its new front leads to is out of the enemy's range, less than the
                # step there once it can take it (no turning back and forth)
                front = board.neighbours[here][a.a]
                open_ = front is not None and all(F.side[x] == side for x in state.units_at(front))
                out.append(v - TURN_ABOUT - exposure(state, front if open_ else here, enemy))
                continue
            good = contact and a.a == want_face and state.facing[u] != want_face
            out.append(v + (1.0 if good else -5.0) - (exposure(state, here, enemy) if spare else 0.0))
        elif k == "change_formation":
            out.append(-pull * far(here) + (3.0 if state.form[u] != want_form else -3.0)
                       - (exposure(state, here, enemy) if spare else 0.0))
        else:                                                 # exit (27.23): only the Confederates score
            out.append(-pull * far(here) + (1.0 if side == 1 and near > 6 else -50.0))
    return out


def entry_scores(state, actions, fast: bool) -> list:
    return [0.0 for _ in actions]


def assign_scores(state, actions, fast: bool) -> list:
    return [-0.01 * i for i, _ in enumerate(actions)]

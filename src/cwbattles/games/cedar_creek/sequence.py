"""The turn sequence: set-up (12), game turn (5), initiative and tactical retreat (6, 6.1),
the rounds of the movement phase (7), continuation (8) and the administrative phase (9)."""

from __future__ import annotations

import math

from ...engine.actions import Action
from .state import CONFEDERATE, OFF_MAP, UNION, decision, in_tactical_retreat, process
from . import activation  # noqa: E402 (chapters call one another)
from . import placement
from . import retreat  # noqa: E402 (chapters call one another)

NOBODY = -1


# -- 12: scenario set-up --------------------------------------------------------------------
def setup(state) -> None:
    """12: Union brigades on their lettered zones, Wright at Belle Grove, Merritt dismounted,
    the Confederates off the map; both markers in box 1."""
    g = state.game
    for b in g.brigades:
        if b.setup_zone >= 0:
            place(state, b.index, b.setup_zone)
            if b.dismounted_at_start:
                state.mounted[b.index] = False
    state.hq_zone[g.WRIGHT] = g.hq_setup_zone
    state.stack.append(("turn_start", NOBODY))
    state.note("12", "Set-up: the Union army in its camps, Wright at "
               f"{g.zone_name(g.hq_setup_zone)}; the Confederates approach off the map.")
    state.advance()


def default_facing(state, z: int) -> int:
    """The neighbour most nearly toward the enemy's side of the map (south for the Union)."""
    board = state.game.board
    cx, cy = board.zones[z].center
    side_sign = 1 if state.control[z] != CONFEDERATE else -1
    return max(board.adj[z], key=lambda b: side_sign * (board.zones[b].center[1] - cy)
               / (1e-9 + math.hypot(board.zones[b].center[0] - cx, board.zones[b].center[1] - cy)))


def place(state, u: int, z: int, facing: int = -1) -> None:
    """Put brigade u into zone z at set-up (12): first line if the zone is empty. (Every entry
    during play goes through placement.enter_zone.)"""
    others = [v for v in state.brigades_in(z) if v != u]
    state.set_zone(u, z)
    state.line[u] = 2 if any(state.line[v] == 1 for v in others) else 1
    if facing < 0:
        facing = state.facing[others[0]] if others else default_facing(state, z)
    state.facing[u] = facing


# -- 5 and 12: the start of a game turn -------------------------------------------------------
@process("turn_start")
def turn_start(state, frame) -> None:
    """5: a new turn. First the independent cavalry due (12), each with the decisions its entry
    brings; then Sheridan (12), the tactical retreat (6.1) and the initiative (6)."""
    g = state.game
    state.round = 0
    state.note("5", f"Turn {state.turn} begins.")
    state.stack.append(("sheridan", NOBODY))
    for d in reversed(g.divisions):
        u = d.brigades[0]
        b = g.brigades[u]
        if d.independent and state.zone[u] == OFF_MAP and b.arrives and state.turn >= b.arrives:
            state.stack.append(("arrive", NOBODY, u))


@process("arrive")
def arrive(state, frame) -> None:
    """12: independent cavalry enters mounted, without activation, at its entry zone, unless
    the enemy holds it or it is full (10.5): then it waits for a later turn. Entering goes
    through the rules of every entry (placement.enter_zone: control, contact facing, enemy HQs
    falling back); the brigade then takes its line and its facing like any brigade ending a
    move (10.4, 10.5)."""
    g = state.game
    u = frame[2]
    b = g.brigades[u]
    z = g.board.entry_zone[b.entry_point]
    if z in state.barred(b.side):
        state.note("12", f"{b.name} cannot enter at entry {b.entry_point}: the zone is held by the enemy.")
        return
    if not placement.can_stack(state, u, z):
        state.note("12", f"{b.name} waits: entry zone {g.zone_name(z)} is full.")
        return
    state.mounted[u] = True
    state.note("12", f"{b.name} arrives mounted at {g.zone_name(z)} (entry {b.entry_point}).",
               data={"kind": "enter", "unit": b.id, "from": None, "to": g.board.zones[z].id})
    placement.enter_zone(state, u, z)
    placement.push_line_and_facing(state, b.side, u)


@process("sheridan")
def sheridan(state, frame) -> None:
    """12: Sheridan's arrival roll before the initiative of turn 4, his arrival; then 6.1 and 6."""
    g, t = state.game, state.game.tables
    sher = t.sheridan
    fixed = state.option("sheridan_turn")
    if state.turn == sher.roll_turn and not state.sheridan_turn:
        if fixed:
            state.sheridan_turn = int(fixed)
            state.note("12", f"Sheridan will arrive on turn {state.sheridan_turn} (rule option).")
        else:
            r = state.roll()
            state.sheridan_turn = sher.roll_turn if r <= sher.arrive_max else sher.roll_turn + 1
            state.note("12", f"Sheridan's ride: he arrives on turn {state.sheridan_turn}.", (r,))
    if state.sheridan_turn and state.turn >= state.sheridan_turn and not state.sheridan_in:
        state.sheridan_in = True
        state.hq_zone[g.SHERIDAN] = state.hq_zone[g.WRIGHT]
        state.hq_active[g.SHERIDAN] = state.hq_active[g.WRIGHT]
        state.hq_zone[g.WRIGHT] = OFF_MAP
        state.note("12", f"Sheridan arrives and takes command at {g.zone_name(state.hq_zone[g.SHERIDAN])}.")
    state.stack.append(("initiative", NOBODY))
    if can_order_tactical_retreat(state):
        state.stack.append(("tactical", UNION))


RETREAT_ORDERED = "The Union orders a tactical retreat"


def can_order_tactical_retreat(state) -> bool:
    """6.1: the Union decides at the beginning of each initiative phase once Sheridan is in
    command, never on the last turn (rule options: none at all, or at most one a game)."""
    if not state.sheridan_in or state.turn >= state.game.tables.game.turns:
        return False
    if state.option("no_tactical_retreat", False):
        return False
    return not (state.option("tactical_retreat_once", False) and state.retreat_turn)


def _tactical_legal(state, frame):
    return [Action("tactical_retreat", 0), Action("tactical_retreat", 1)]


def _tactical_apply(state, frame, action):
    if action.a:
        state.retreat_turn = state.turn
        state.note("6.1", f"{RETREAT_ORDERED}: +1 to its initiative and activation rolls, "
                   "-2 to the Confederate activation rolls; activated Union brigades may neither attack "
                   "nor enter enemy zones of control this turn.")
    else:
        state.note("6.1", "The Union holds its ground (no tactical retreat this turn).")


decision("tactical")((_tactical_legal, _tactical_apply))


def tactical_retreats_ordered(state) -> int:
    """How many tactical retreats the log tells of (a simulation's key fact)."""
    return sum(1 for e in state.log if e.rule == "6.1" and e.text.startswith(RETREAT_ORDERED))


# -- 6: initiative ----------------------------------------------------------------------------
@process("initiative")
def initiative(state, frame) -> None:
    t = state.game.tables.initiative
    if state.turn == 1:
        state.first = CONFEDERATE
        state.note("6", "Turn 1: the Confederates have the initiative (surprise attack).")
    else:
        mods = [0, 0]
        if state.turn <= t.csa_bonus_last_turn:
            mods[CONFEDERATE] += t.csa_bonus
        if in_tactical_retreat(state):
            mods[UNION] += t.withdrawal_union
        rolls = []
        while True:
            u, c = state.roll(), state.roll()
            rolls += [u, c]
            if u + mods[UNION] != c + mods[CONFEDERATE]:
                break
        state.first = UNION if u + mods[UNION] > c + mods[CONFEDERATE] else CONFEDERATE
        state.note("6", f"Initiative: Union {u}{mods[UNION]:+d}, Confederate {c}{mods[CONFEDERATE]:+d}; "
                   f"the {('Union', 'Confederates')[state.first]} move first.", tuple(rolls))
    state.stack.append(("round_start", NOBODY))


# -- 7: the rounds of the movement phase ------------------------------------------------------
@process("round_start")
def round_start(state, frame) -> None:
    state.round += 1
    state.stamp += 1
    state.note("7", f"Round {state.round} of turn {state.turn}.")
    state.stack.append(("round_end", NOBODY))
    state.stack.append(("player", 1 - state.first))
    state.stack.append(("player", state.first))


@process("player")
def player_turn(state, frame) -> None:
    """7.1: the active player rolls for the number of divisions he must activate."""
    side = frame[1]
    n = activation.activation_roll(state, side)
    state.stack.append(("end_player", side))
    state.stack.append(("resolve", side))
    state.stack.append(("obligations", side))
    state.stack.append(("hqphase", side))
    state.stack.append(("divisions", side, n))


@process("end_player")
def end_player(state, frame) -> None:
    """11.1: after the attacks, the Attaque and Charge markers come off."""
    side = frame[1]
    for u in range(len(state.zone)):
        if state.attack[u] >= 0 and state.game.brigades[u].side == side:
            state.attack[u] = -1
            state.charging[u] = False
    state.combats = []


# -- 8: continuation --------------------------------------------------------------------------
@process("round_end")
def round_end(state, frame) -> None:
    t = state.game.tables.continuation
    if state.round < 3:                       # 7.1: at least three rounds
        state.stack.append(("round_start", NOBODY))
        return
    limit = {3: t.fourth_round_max, 4: t.fifth_round_max}.get(state.round, 0)
    if limit:
        r = state.roll()
        if r <= limit:
            state.note("8", f"Continuation roll {r}: a round {state.round + 1} is played.", (r,))
            state.stack.append(("round_start", NOBODY))
            return
        state.note("8", f"Continuation roll {r}: the movement phase ends.", (r,))
    state.stack.append(("admin", NOBODY))


# -- 9: administrative phase ------------------------------------------------------------------
@process("admin")
def admin(state, frame) -> None:
    """9: routed units rout again, then fatigue, markers and rally (admin_finish)."""
    state.note("9", "Administrative phase.")
    state.stack.append(("admin_finish", NOBODY))
    routed = [u for u in range(len(state.zone)) if state.zone[u] >= 0 and state.routed[u]]
    for u in reversed(routed):
        state.stack.append(("admin_rout", NOBODY, u))


@process("admin_rout")
def admin_rout(state, frame) -> None:
    u = frame[2]
    if state.zone[u] >= 0 and state.routed[u]:
        retreat.start_rout(state, u, reason="9")


@process("admin_finish")
def admin_finish(state, frame) -> None:
    g, t = state.game, state.game.tables
    for u in range(len(state.zone)):
        if state.fatigue[u]:
            state.fatigue[u] -= 1
    for h in range(len(state.hq_active)):
        state.hq_active[h] = False
    state.train_active = False
    state.train_moved = False
    for u in range(len(state.zone)):
        if state.zone[u] < 0 or not state.routed[u]:
            continue
        r = state.roll()
        mod = t.rally.sheridan_bonus if (g.brigades[u].side == UNION and state.sheridan_in) else 0
        total = r + mod
        name = g.brigades[u].name
        if total >= t.rally.recover_min:
            state.routed[u] = False
            if state.losses[u]:
                state.losses[u] -= 1
            state.note("9", f"{name} rallies and recovers a step (roll {r}{mod:+d}).", (r,))
        elif total >= t.rally.organized_min:
            state.routed[u] = False
            state.note("9", f"{name} rallies (roll {r}{mod:+d}).", (r,))
        else:
            state.note("9", f"{name} stays routed (roll {r}{mod:+d}).", (r,))
    if state.turn >= t.game.turns:
        state.over = True
        state.stack.clear()
        res = state.result
        state.note("4", f"The game ends. Union {res['union']['total']} VP, Confederates "
                   f"{res['confederate']['total']} VP: the {res['winner'].capitalize()} win.")
        return
    state.turn += 1
    state.stack.append(("turn_start", NOBODY))

"""Activation (7.1), command range and initiative tests (10), independent cavalry (12)."""

from __future__ import annotations

import heapq

from ...engine.actions import Action
from .state import CONFEDERATE, OFF_MAP, UNION, decision, in_tactical_retreat
from . import movement  # noqa: E402 (chapters call one another)

INF = 10 ** 6


# -- 7.1: how many divisions --------------------------------------------------------------------
def activation_modifiers(state, side: int) -> list[tuple]:
    t = state.game.tables.activation
    mods = []
    if side == CONFEDERATE and state.turn <= t.csa_early_last_turn:
        mods.append(("CSA turns 1-3", "7.1", t.csa_early_bonus))
    if in_tactical_retreat(state):
        mods.append(("tactical retreat", "6.1", t.withdrawal_union if side == UNION else t.withdrawal_confederate))
    if side == UNION:
        if state.sheridan_in:
            mods.append(("Sheridan in command", "7.1", t.union_with_sheridan))
        else:
            mods.append(("without Sheridan", "7.1", t.union_without_sheridan))
    return mods


def activation_roll(state, side: int) -> int:
    """7.1: 1 or less, no division; 2-4, one; 5 or more, two."""
    t = state.game.tables.activation
    r = state.roll()
    mods = activation_modifiers(state, side)
    total = r + sum(m[2] for m in mods)
    n = 0 if total <= t.zero_max else 1 if total <= t.one_max else 2
    text = "".join(f", {m[0]} {m[2]:+d}" for m in mods)
    state.note("7.1", f"{('Union', 'Confederate')[side]} activation roll {r}{text} = {total}: "
               f"{n} division{'s' if n != 1 else ''}.", (r,))
    return n


# -- 10: command range ------------------------------------------------------------------------------
def command_costs(state, side: int, hq_zone: int) -> list[int]:
    """10: MP from the HQ's zone to every zone by paths that avoid zones holding enemy brigades
    (a brigade's own zone may be reached), elevation not counted. Cached until a unit moves."""
    key = ("cmd", side, hq_zone)
    dist = state._cache.get(key)
    if dist is not None:
        return dist
    board = state.game.board
    blocked = state.occupied_by(1 - side)
    if not blocked:
        dist = board.command_dist[hq_zone]
    else:
        cost = board.command_cost
        dist = [INF] * len(board.zones)
        dist[hq_zone] = 0
        heap = [(0, hq_zone)]
        while heap:
            d, z = heapq.heappop(heap)
            if d > dist[z] or (z in blocked and z != hq_zone):
                continue                     # paths may end in, not pass through, enemy zones
            for b in board.adj[z]:
                nd = d + cost[z][b]
                if nd < dist[b]:
                    dist[b] = nd
                    heapq.heappush(heap, (nd, b))
    state._cache[key] = dist
    return dist


def in_command_range(state, d: int) -> bool:
    """10: one brigade of the division traces at most 8 MP to its HQ; the HQ must be on the map."""
    g = state.game
    div = g.divisions[d]
    hq_zone = state.hq_zone[state.hq_of(div.side)]
    if hq_zone < 0:
        return False
    limit = g.tables.command.range_mp
    dist = command_costs(state, div.side, hq_zone)
    return any(state.zone[u] >= 0 and dist[state.zone[u]] <= limit for u in div.brigades)


def entering(state, d: int) -> bool:
    """12: a division still wholly off the map enters by being activated."""
    div = state.game.divisions[d]
    return bool(div.entry) and all(state.zone[u] == OFF_MAP for u in div.brigades)


def in_contact(state, d: int) -> bool:
    board = state.game.board
    div = state.game.divisions[d]
    enemy = state.occupied_by(1 - div.side)
    return any(state.zone[u] >= 0 and any(b in enemy for b in board.adj[state.zone[u]]) for u in div.brigades)


def initiative_test_modifiers(state, d: int) -> list[tuple]:
    t = state.game.tables.initiative_test
    div = state.game.divisions[d]
    mods = []
    if div.cavalry:
        mods.append(("cavalry division", "10", t.cavalry))
    if in_contact(state, d):
        mods.append(("in contact with the enemy", "10", t.contact))
    if div.superior:
        mods.append(("superior commander", "10", t.superior))
    if div.side == UNION and state.turn == 1:
        mods.append(("Union on turn 1", "10", t.union_turn_1))
    return mods


def eligible_divisions(state, side: int) -> list[int]:
    """Divisions the active player may select this round (7.1, 10, 12)."""
    g = state.game
    t = g.tables.initiative_test
    out = []
    for d in g.divisions:
        if d.side != side or state.div_done[d.index] == state.stamp or state.turn < d.first_turn:
            continue
        able = [u for u in d.brigades if (state.zone[u] >= 0 or (state.zone[u] == OFF_MAP and not d.independent))
                and state.acted[u] != state.stamp]
        if not able:
            continue
        if entering(state, d.index) or in_command_range(state, d.index):
            out.append(d.index)
        elif not (side == UNION and state.turn <= t.union_banned_last_turn):
            out.append(d.index)      # 10: may try an initiative test
    due = [d for d in out if movement.owes_entry(state, d)]
    return due or out                # 12: divisions due to enter are selected first


def _divisions_legal(state, frame):
    side, left = frame[1], frame[2]
    if left <= 0:
        return []
    options = [Action("activate", d) for d in eligible_divisions(state, side)]
    return options


def _divisions_apply(state, frame, action):
    g = state.game
    side, left = frame[1], frame[2]
    d = action.a
    div = g.divisions[d]
    state.div_done[d] = state.stamp
    if left > 1:
        state.stack.append(("divisions", side, left - 1))
    if entering(state, d):
        state.note("12", f"{div.name} is activated to enter the map.")
    elif in_command_range(state, d):
        state.note("10", f"{div.name} is activated (within command range).")
    else:
        r = state.roll()
        mods = initiative_test_modifiers(state, d)
        total = r + sum(m[2] for m in mods)
        text = "".join(f", {m[0]} {m[2]:+d}" for m in mods)
        if total > g.tables.initiative_test.success_max:
            state.note("10", f"{div.name} fails its initiative test (roll {r}{text} = {total}) and stays put.", (r,))
            for u in div.brigades:
                state.acted[u] = state.stamp
            return
        state.note("10", f"{div.name} passes its initiative test (roll {r}{text} = {total}).", (r,))
    state.stack.append(("brigades", side, d, brigades_to_act(state, d)))


decision("divisions")((_divisions_legal, _divisions_apply))


def brigades_to_act(state, d: int) -> tuple:
    """The division's brigades, plus independent cavalry within two zones of one of them (12)."""
    g = state.game
    div = g.divisions[d]
    members = [u for u in div.brigades if state.zone[u] >= 0 or (state.zone[u] == OFF_MAP and not div.independent)]
    if not div.independent:
        reach = g.tables.command.independent_cavalry_zones
        hops = g.board.hops
        here = [state.zone[u] for u in div.brigades if state.zone[u] >= 0]
        for other in g.divisions:
            if other.independent and other.side == div.side:
                c = other.brigades[0]
                zc = state.zone[c]
                if zc >= 0 and state.acted[c] != state.stamp and any(hops[zc][z] <= reach for z in here):
                    members.append(c)
    return tuple(members)


# -- 7.1: the brigades of an activated division act one at a time ---------------------------------
def _brigades_legal(state, frame):
    side, d, members = frame[1], frame[2], frame[3]
    options = [Action("brigade", u) for u in members if state.acted[u] != state.stamp
               and (state.zone[u] >= 0 or state.zone[u] == OFF_MAP)]
    # 12: a division due to enter does not stop while one of its brigades is still off the map
    due = movement.owes_entry(state, d) and any(
        state.zone[u] == OFF_MAP and state.acted[u] != state.stamp for u in members)
    if options and not due:
        options.append(Action("end_division", d))
    return options


def _brigades_apply(state, frame, action):
    if action.kind == "end_division":
        state.note("7.1", f"{state.game.divisions[frame[2]].name}: no more brigades act.")
        return
    state.stack.append(frame)          # come back for the next brigade
    movement.begin_brigade(state, frame[1], action.a)


decision("brigades")((_brigades_legal, _brigades_apply))

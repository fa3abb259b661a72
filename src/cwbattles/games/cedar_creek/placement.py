"""Where a brigade stands: 10.5 stacking, entering a zone (whether it moves, arrives, retreats or
advances: one path), 10.4 contact and facing, 10.5 the first and second line, 10.3 headquarters
displaced by contact. Below the chapters that move brigades (movement, retreat, sequence), which
all place them through these functions.

Frames: ("contact", side, n, u) - ``face``; ("displace", side, hq) - ``hq_displace``;
("line", side, u) - ``line``; ("facing", side, u, target) - ``face``.
"""

from __future__ import annotations

from ...engine.actions import Action
from .state import ELIMINATED, UNION, decision


# -- 10.5 stacking ----------------------------------------------------------------------------------
def can_stack(state, u: int, z: int, followers=()) -> bool:
    """10.5: at most two brigades, of one division (independent cavalry stacks with anyone)."""
    here = state.brigades_in(z)
    if not here and not followers:
        return True
    g = state.game
    others = [v for v in here if v != u and v not in followers]
    total = len(others) + 1 + len(followers)
    if total > 2:
        return False
    group = others + list(followers)
    if not group:
        return True
    d = g.brigades[u].division
    o = g.brigades[group[0]].division
    return d == o or g.divisions[d].independent or g.divisions[o].independent


def enter_zone(state, u: int, n: int) -> None:
    """A brigade enters zone n (moving, entering, retreating or advancing)."""
    g = state.game
    side = g.brigades[u].side
    old = state.zone[u]
    was_first = state.line[u] == 1
    state.set_zone(u, n)
    if old >= 0 and was_first:
        for v in state.brigades_in(old):
            state.line[v] = 1                         # 10.5: the second line steps up
            break
    others = [v for v in state.brigades_in(n) if v != u]
    state.line[u] = 2 if any(state.line[v] == 1 for v in others) else 1
    if others:
        state.facing[u] = state.facing[others[0]]
    elif state.facing[u] not in g.board.front[n]:
        state.facing[u] = g.board.adj[n][0]
    state.control[n] = side                           # 4: last to pass through controls
    if side == UNION and n in state.marker_zone:
        capture_markers(state, u, n)
    contact_facing(state, u)
    displace_hqs(state, u)


def capture_markers(state, u: int, n: int) -> None:
    """7.3 (program reading): Artillerie markers left alone in a zone a Union brigade enters are
    taken: they have no strength of their own to fight with (docs/rules-notes)."""
    for m in state.markers_in(n):
        state.marker_zone[m] = ELIMINATED
        state.note("7.3", f"{state.game.brigades[u].name} takes the Artillerie left alone in {state.game.zone_name(n)}.")


def contact_facing(state, u: int) -> None:
    """10.4: each enemy stack brigade u comes into contact with must turn so that u is in its
    front, unless it already faces an enemy: a decision of its owner for each such stack."""
    g = state.game
    side = g.brigades[u].side
    z = state.zone[u]
    for n in g.board.adj[z]:
        if must_face_newcomer(state, n, side):
            state.stack.append(("contact", 1 - side, n, u))


def must_face_newcomer(state, n: int, side: int) -> bool:
    """10.4: does the stack of ``side``'s enemies in zone n have to turn toward a newcomer of
    ``side``? Not if its front holds a brigade of ``side`` already: the newcomer itself ('if
    necessary') or any other ('already facing an enemy', read as an enemy anywhere in its
    front, the rule's own measure of facing an enemy: docs/rules-notes)."""
    lead = state.first_line(n)
    if lead < 0 or state.game.brigades[lead].side == side:
        return False
    return state.front(lead).isdisjoint(state.occupied_by(side))


def _contact_legal(state, frame):
    """10.4: the contacted stack's owner faces any zone that puts the newcomer in its front
    (nothing to decide once the newcomer has gone on, as a retreat may, or is already faced)."""
    n, u = frame[2], frame[3]
    z = state.zone[u]
    board = state.game.board
    if z < 0 or z not in board.adj[n] or not must_face_newcomer(state, n, state.game.brigades[u].side):
        return []
    lead = state.first_line(n)
    fronts = board.front[n]
    return [Action("face", f, lead) for f in board.adj[n] if z in fronts[f]]


def _contact_apply(state, frame, action):
    lead = action.b
    face_stack(state, lead, action.a)
    g = state.game
    state.note("10.4", f"{g.brigades[lead].name} turns to face {g.zone_name(action.a)}, "
               f"{g.brigades[frame[3]].name} in its front.")


decision("contact")((_contact_legal, _contact_apply))


def displace_hqs(state, u: int) -> None:
    """10.3: an enemy HQ in contact (even across Cedar Creek) falls back one or two zones."""
    g = state.game
    side = g.brigades[u].side
    z = state.zone[u]
    h = state.hq_of(1 - side)
    hz = state.hq_zone[h]
    if hz >= 0 and (hz == z or hz in g.board.contact[z]):
        state.stack.append(("displace", 1 - side, h))


def hq_contact(state, side: int, z: int) -> bool:
    """Is zone z in contact with a brigade of the enemies of ``side``?"""
    contact = state.game.board.contact[z]
    return any(e == z or e in contact for e in state.occupied_by(1 - side))


def _displace_legal(state, frame):
    side, h = frame[1], frame[2]
    board = state.game.board
    hz = state.hq_zone[h]
    enemy = state.barred(side)
    dist = board.hops[hz]
    safe = [z for z in range(len(board.zones)) if z not in enemy and not hq_contact(state, side, z)]
    near = [z for z in safe if 1 <= dist[z] <= 2]
    if not near and safe:
        best = min(dist[z] for z in safe)
        near = [z for z in safe if dist[z] == best]
    return [Action("hq_displace", z, h) for z in near]


def _displace_apply(state, frame, action):
    h = action.b
    g = state.game
    before = state.hq_zone[h]
    state.hq_zone[h] = action.a
    state.hq_active[h] = True
    state.note("10.3", f"{g.hq_names[h]} falls back to {g.zone_name(action.a)}.",
               data={"kind": "displaced", "hq": g.hq_ids[h], "to": g.board.zones[action.a].id,
                     "from": g.board.zones[before].id if before >= 0 else None})


decision("displace")((_displace_legal, _displace_apply))


def push_line_and_facing(state, side: int, u: int) -> None:
    state.stack.append(("facing", side, u, -1))
    if len(state.brigades_in(state.zone[u])) > 1:
        state.stack.append(("line", side, u))


def make_first_line(state, u: int) -> None:
    for v in state.brigades_in(state.zone[u]):
        if v != u:
            state.line[v] = 2
            state.facing[v] = state.facing[u]
    state.line[u] = 1


def _line_legal(state, frame):
    u = frame[2]
    others = [v for v in state.brigades_in(state.zone[u]) if v != u]
    if not others or state.attack[others[0]] >= 0 or state.charging[others[0]]:
        return []                 # nothing to choose, or the other brigade leads its attack
    return [Action("line", 1, u), Action("line", 2, u)]


def _line_apply(state, frame, action):
    u = frame[2]
    others = [v for v in state.brigades_in(state.zone[u]) if v != u]
    if action.a == 1:
        make_first_line(state, u)
    else:
        make_first_line(state, others[0])
    state.note("10.5", f"{state.game.brigades[u].name} takes the {'first' if action.a == 1 else 'second'} line.")


decision("line")((_line_legal, _line_apply))


def facing_options(state, u: int, target: int = -1) -> list[int]:
    """10.4: any adjacent zone; with an enemy adjacent, one that puts an enemy in the front;
    after an attack declaration, one that puts the target in the front."""
    board = state.game.board
    z = state.zone[u]
    fronts = board.front[z]
    if target >= 0:
        return [f for f in board.adj[z] if target in fronts[f]]
    enemy = state.occupied_by(1 - state.game.brigades[u].side)
    near = [n for n in board.adj[z] if n in enemy]
    if near:
        return [f for f in board.adj[z] if fronts[f] & set(near)]
    return list(board.adj[z])


def _facing_legal(state, frame):
    u, target = frame[2], frame[3]
    if state.zone[u] < 0 or state.line[u] != 1:
        return []
    return [Action("face", f, u) for f in facing_options(state, u, target)]


def face_stack(state, u: int, f: int) -> None:
    """10.4, 10.5: brigade u and the brigade stacked with it face zone f."""
    for v in state.brigades_in(state.zone[u]):
        state.facing[v] = f


def _facing_apply(state, frame, action):
    u = action.b
    face_stack(state, u, action.a)
    state.note("10.4", f"{state.game.brigades[u].name} faces {state.game.zone_name(action.a)}.")



decision("facing")((_facing_legal, _facing_apply))

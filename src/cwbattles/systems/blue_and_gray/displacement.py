"""8.8 Displacement: a retreating unit with no other way out enters a full friendly hex and one
unit there retreats in its place; a chain of displacements never returns to a hex already in it.

The choice is the action ``displace`` (the unit pushed out); it is offered only when the pushed
unit can itself retreat (8.8: otherwise the retreating unit is eliminated and the other stays),
so every chain the program starts can be finished.
"""

from __future__ import annotations


def retreat_hexes(s, u: int, chain=()) -> list:
    """8.7: adjacent hexes u may retreat into: on the map, crossable, free of enemy units and
    enemy zones of control (friendly units do not cancel them), within the stacking limit.
    8.8: none of the hexes already in a displacement chain."""
    return [n for n in _open_hexes(s, u, s.hex[u], chain) if s.stack_ok(n, s.side_of(u), (u,))]


def _open_hexes(s, u: int, h: int, chain) -> list:
    """The hexes around h that u could retreat into if stacking allowed it (8.7)."""
    side = s.side_of(u)
    enemy, zoc = s.occupied(1 - side), s.zoc(1 - side)
    out = []
    for n in s.game.board.adjacent[h]:
        if n in chain or n in enemy or n in zoc:
            continue
        if s.move_cost(u, h, n) is None and s.kind(u) != "train":
            continue
        out.append(n)
    return out


def displaceable(s, u: int, chain=()) -> list:
    """8.8: the units u may push out, when it has no ordinary retreat hex: a combat unit in a
    full friendly hex next to it, whose place u can take and which can itself retreat from
    there (perhaps by displacing in turn) without returning to a hex of the chain."""
    h = s.hex[u]
    if h < 0 or retreat_hexes(s, u, chain):
        return []
    return [v for n in _open_hexes(s, u, h, chain) for v in _pushable(s, u, n, chain + (h,))]


def _pushable(s, u: int, n: int, chain) -> list:
    side = s.side_of(u)
    seen = set()
    return [v for v in s.units_at(n)
            if v != u and s.is_combat_unit(v) and s.stack_ok(n, side, (u,), (v,))
            and _can_retreat_from(s, v, n, chain + (n,), seen)]


def _can_retreat_from(s, v: int, n: int, chain, seen: set) -> bool:
    """Whether v, pushed out of n, has a retreat: an ordinary hex, or a further displacement.
    The search tries each (unit, hex) once, which keeps it linear in the size of a crowd."""
    if (v, n) in seen:
        return False
    seen.add((v, n))
    side = s.side_of(v)
    hexes = _open_hexes(s, v, n, chain)
    if any(s.stack_ok(m, side, (v,)) for m in hexes):
        return True
    return any(w != v and s.is_combat_unit(w) and s.stack_ok(m, side, (v,), (w,))
               and _can_retreat_from(s, w, m, chain + (m,), seen)
               for m in hexes for w in s.units_at(m))


def displace(s, u: int, v: int, chain=()) -> tuple:
    """8.8: u takes v's place; v must now retreat from there as if it had retreated itself.
    Returns the frame of v's retreat. Displaced artillery that has not yet attacked may not
    attack in this Combat Phase; a displaced unit still due to retreat from this result has
    retreated now."""
    ids = s.game.board.ids
    h, n = s.hex[u], s.hex[v]
    s.note("8.8", f"{s.game.units[u].name} retreats {ids[h]} -> {ids[n]}, displacing {s.game.units[v].name}.",
           data={"kind": "retreat", "unit": s.game.units[u].id, "from": ids[h], "to": ids[n],
                 "displaces": s.game.units[v].id})
    s.set_hex(u, n)
    s.retreated[u] = True
    s.on_moved(u, n)
    if s.kind(v) == "artillery" and s.side_of(v) == s.phasing and not s.attacked[v]:
        s.attacked[v] = True
        s.note("8.8", f"{s.game.units[v].name} is displaced before attacking: it may not attack this phase.")
    s.stack[:] = [f for f in s.stack if not (f[0] == "retreat_check" and f[2] == v)]
    return ("retreat", s.side_of(v), v, chain + (h, n))

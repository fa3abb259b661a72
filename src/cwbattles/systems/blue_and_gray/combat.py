"""8.0 Combat and 9.0 artillery: declaring attacks one at a time, compulsory attacks (8.1),
multi-unit and multi-hex attacks (8.2), odds (8.6; the strengths are ``strength``'s, 8.3-8.4), bombardment and combined
attacks (9.1-9.2).

Frames: ("combat", side) - ``attack`` a hex, or ``end_combat`` once every compulsory attack is
made; it opens the ("declare", ...) frame of ``declaration``. Results are applied by ``results``.
"""

from __future__ import annotations

from fractions import Fraction

from ...engine.actions import Action
from .artillery import in_range
from .strength import adjacent_role, defence_strength, unit_attack

END_COMBAT = Action("end_combat")


def targetable(s, side: int, t: int) -> bool:
    """8.2: an enemy hex may be attacked if it holds a unit not yet attacked this phase."""
    return any(not s.defended[v] for v in s.units_at(t)) and t in s.occupied(1 - side)


def can_join(s, u: int, targets: tuple) -> bool:
    """Whether u may take part in an attack on ``targets`` (8.2, 9.1, 9.2). A unit withheld
    from its stack's attack (8.2) is marked as having attacked, so it may not."""
    if s.attacked[u] or s.hex[u] < 0 or not s.may_attack(u):
        return False
    h = s.hex[u]
    board = s.game.board
    if adjacent_role(s, u):
        return all(board.are_adjacent(h, t) and s.can_attack_across(h, t) for t in targets)
    return s.may_bombard(u) and any(in_range(s, u, t) for t in targets)


def stacks_complete(s, side: int, targets: tuple, attackers: tuple) -> bool:
    """8.2: the units of a stack attack the same target together; one of them may be withheld.
    So an attack may be resolved only when, for each hex from which units attack it in an
    adjacent role, at most one unit of that hex that could join it has not. Bombarding
    artillery is free (9.1: batteries in one hex may bombard different hexes). Always true
    when the game lets stacks split (``stacks_attack_as_one``)."""
    if not s.stacks_attack_as_one():
        return True
    sides = s.facts.unit_side
    for h in {s.hex[u] for u in attackers if adjacent_role(s, u)}:
        left_out = [v for v in s.units_at(h) if sides[v] == side and v not in attackers
                    and adjacent_role(s, v) and can_join(s, v, targets)]
        if len(left_out) > 1:
            return False
    return True


def withhold(s, side: int, attackers: tuple) -> None:
    """8.2: once a stack has attacked, the unit of it that was withheld may not attack in this
    Combat Phase (and is no longer obliged to, 8.1): it is marked as having attacked."""
    if not s.stacks_attack_as_one():
        return
    sides = s.facts.unit_side
    for h in {s.hex[u] for u in attackers if adjacent_role(s, u)}:
        for v in s.units_at(h):
            if sides[v] == side and v not in attackers and not s.attacked[v] and adjacent_role(s, v) \
                    and s.may_attack(v):
                s.attacked[v] = True
                s.note("8.2", f"{s.game.units[v].name} was withheld from its stack's attack: "
                              "it does not attack this phase.")


def attack_reach(s, side: int) -> frozenset:
    """8.2, 9.1: the hexes a unit of ``side`` could join an attack on: adjacent to it, or within
    its artillery range."""
    within, reach, hexes = s.game.board.within, s.facts.attack_reach, s.hex
    return frozenset().union(*[within(hexes[u], reach[u]) for u in s.game.side_units[side] if hexes[u] >= 0])


def candidates(s, side: int, targets: tuple) -> list:
    """The units of ``side`` that may join an attack on ``targets``, in unit order. Only units
    within reach of a target (adjacent, or within their artillery range) are asked."""
    board, facts = s.game.board, s.facts
    reach, sides = facts.attack_reach, facts.unit_side
    mine, longest, distance = s.occupied(side), facts.longest_reach, board.distance
    near = frozenset().union(*[board.within(t, longest) & mine for t in targets])
    touching = frozenset().union(*[board.within(t, 1) & near for t in targets])
    out = []
    for h in near:
        for u in s.units_at(h):
            if sides[u] != side:
                continue
            if h in touching or reach[u] >= longest or any(distance(h, t) <= reach[u] for t in targets):
                if can_join(s, u, targets):
                    out.append(u)
    out.sort()
    return out


def has_adjacent_attacker(s, side: int, t: int) -> bool:
    """Whether a unit of ``side`` next to t may join an attack on t alone in an adjacent role
    (8.2, 9.4): such a unit is one of ``candidates(s, side, (t,))``, and with it the attack
    needs no odds test (9.1 limits bombardments only). Only the hexes around t are asked."""
    at, sides = s.units_by_hex, s.facts.unit_side
    for h in s.game.board.adjacent[t]:
        for u in at.get(h, ()):
            if sides[u] == side and adjacent_role(s, u) and can_join(s, u, (t,)):
                return True
    return False


def bombarders(s, side: int) -> list:
    """(unit, the hexes within its reach) of ``side``'s units that could only bombard (9.1,
    9.4): on the map, not yet attacked, and not fighting in an adjacent role. With
    ``has_adjacent_attacker`` they cover every candidate of an attack (``candidates``)."""
    hexes, attacked, within, reach = s.hex, s.attacked, s.game.board.within, s.facts.attack_reach
    return [(u, within(hexes[u], reach[u])) for u in s.game.side_units[side]
            if hexes[u] >= 0 and not attacked[u] and not adjacent_role(s, u)]


def odds(s, targets: tuple, attackers: tuple) -> dict:
    att = sum((unit_attack(s, u, targets, attackers=attackers) for u in attackers), Fraction(0))
    dfn = defence_strength(s, targets)
    col = s.game.tables.column(att, dfn)
    return {"attack": att, "defence": dfn, "column": col, "odds": s.game.tables.columns[col],
            "bombard_only": not any(adjacent_role(s, u) for u in attackers)}


def resolvable(s, targets: tuple, attackers: tuple) -> bool:
    return bool(attackers) and resolvable_at(s, targets, odds(s, targets, attackers))


def resolvable_at(s, targets: tuple, o: dict) -> bool:
    """Whether an attack with odds ``o`` (``odds``) on ``targets`` may be resolved."""
    if o["bombard_only"]:
        # 9.1: a bombardment alone attacks one hex, at odds of 1-5 or better
        if len(targets) > 1:
            return False
        return _raw_ok(s, o)
    return True


def _raw_ok(s, o) -> bool:
    a, d = o["attack"], o["defence"]
    if d <= 0:
        return True
    lowest = s.game.tables.columns[s.game.tables.bombardment_minimum]
    k = int(lowest.split("-")[1])
    return a * k >= d


# -- 8.1 compulsory attacks ----------------------------------------------------------------------
def obliged(s, u: int) -> bool:
    """8.1: a phasing unit in an enemy zone must attack (artillery outside enemy zones never)."""
    return s.is_combat_unit(u) and s.may_attack(u) and adjacent_role(s, u)


def open_obligations(s, side: int) -> list:
    """8.1: obligations that can still be met: (kind, unit). A phasing unit adjacent (across a
    hexside that obliges) to an enemy that it has not attacked, or an enemy unit adjacent to a
    phasing unit that has not attacked. An obligation the attacker made impossible by his own
    earlier declarations is waived (implementation decision; logged at the end of the phase)."""
    board = s.game.board
    enemy, mine = s.combat_occupied(1 - side), s.occupied(side)
    by_enemy, by_mine = s.near(1 - side, 1), s.near(side, 1)   # only units in contact can be obliged
    out = []
    for u in s.game.side_units[side]:
        h = s.hex[u]
        if h < 0 or h not in by_enemy or s.attacked[u] or not obliged(s, u):
            continue
        for t in board.adjacent[h]:
            if t in enemy and s.obligation_side(h, t) and targetable(s, side, t) and s.zoc_crosses(t, h):
                out.append(("attack", u))
                break
    for v in s.game.side_units[1 - side]:
        h = s.hex[v]
        if h < 0 or h not in by_mine or s.defended[v] or not s.is_combat_unit(v):
            continue
        for p in board.adjacent[h]:
            if p in mine and any(not s.attacked[u] and obliged(s, u) and s.obligation_side(p, h) and s.zoc_crosses(p, h)
                   for u in s.units_at(p) if s.side_of(u) == side):
                out.append(("defend", v))
                break
    return out


# -- frames ----------------------------------------------------------------------------------------
def _combat_legal(s, frame):
    side = frame[1]
    out = []
    in_reach = s.side_set(side, "attack_reach", attack_reach)             # others have no candidates
    ready = bombarders(s, side)
    for t in sorted(s.occupied(1 - side) & in_reach):
        if not targetable(s, side, t):
            continue
        if has_adjacent_attacker(s, side, t):
            out.append(Action("attack", t))
            continue
        if not any(t in zone and can_join(s, u, (t,)) for u, zone in ready):
            continue                                                       # no candidate at all
        cands = candidates(s, side, (t,))
        if not cands:
            continue
        if any(adjacent_role(s, u) for u in cands) or resolvable(s, (t,), tuple(cands)):
            out.append(Action("attack", t))
    if not open_obligations(s, side):
        out.append(END_COMBAT)
    return out


def _combat_apply(s, frame, action):
    side = frame[1]
    if action.kind == "end_combat":
        s.note("8.1", f"{s.SIDES[side].capitalize()} Combat Phase ends.")
        return
    s.stack.append(frame)
    s.stack.append(("declare", side, (action.a,), ()))


def register(rules) -> None:
    rules.decision("combat")((_combat_legal, _combat_apply))

"""The Combat Phase's attacks planned together (8.1, 8.2, 9.1), for a game that asks for it.

8.1 obliges every phasing unit in an enemy zone to attack, and a unit attacks once a phase.
Declared one at a time, each attack taking every unit that may join it, the first attack takes
units the next one needed, which then goes in short: a brigade left alone against a stack at
1-2 or worse (the balance study of issue 30 found 61% of the Champion Hill Union's adjacent
attacks at 1-1 or worse). Here the phase's attacks are arranged as one plan before the first is
declared: which hex each stack next to the enemy attacks (8.2: a stack attacks one target
together) and which hex each battery out of the enemy's zones bombards, if any (9.1), so that
the attacks' summed worth (the game's ``result_values`` at each attack's best column, 8.9) is
greatest; a hex left unattacked because every unit next to it attacks elsewhere is allowed
(its obligation is waived, ``combat.open_obligations``), so a stack may leave a strong hex alone
and join the mass on a weak one instead of soaking off.

The plan is found by the declaration order the heuristic used before (the most valuable full
attack first) and then improved one stack or battery at a time while the sum rises. It reads
the state as it is between two attacks (an attack being declared has marked nobody yet), so
the same plan is found at every decision of the phase until a die is rolled.
"""

from __future__ import annotations

from ....systems.blue_and_gray.artillery import in_range
from ....systems.blue_and_gray.combat import adjacent_role, can_join, obliged, odds, resolvable_at, targetable
from . import table_outcomes

PASSES = 4            # rounds of one-stack improvements (each round tries every stack's every target)


class Plan:
    """``slot[piece]``: the target hex each piece (a stack next to the enemy, or one battery that
    bombards) attacks, or None; ``value[t]``: the planned attack on t's worth."""

    def __init__(self, pieces, slot, value):
        self.pieces, self.slot, self.value = pieces, slot, value
        self.target_of = {u: slot[i] for i, units in enumerate(pieces) for u in units}

    def attackers(self, t: int) -> tuple:
        return tuple(u for i, units in enumerate(self.pieces) if self.slot[i] == t for u in units)


def _pieces(state, side: int) -> tuple:
    """(pieces, options, must): the stacks in an adjacent role (8.2, 9.4) and each bombarding
    battery (9.1), the enemy hexes each may attack, and whether it must attack (8.1)."""
    board = state.game.board
    enemy = state.occupied(1 - side)
    targets = [t for t in enemy if targetable(state, side, t)]
    by_hex: dict = {}
    guns = []
    for u in state.game.side_units[side]:
        h = state.hex[u]
        if h < 0 or state.attacked[u] or not state.may_attack(u):
            continue
        if adjacent_role(state, u):
            by_hex.setdefault(h, []).append(u)
        elif state.may_bombard(u):
            guns.append(u)
    pieces, options, must = [], [], []
    for h in sorted(by_hex):
        units = tuple(by_hex[h]) if state.stacks_attack_as_one() else None
        for group in ([units] if units else [(u,) for u in by_hex[h]]):
            opts = [t for t in sorted(targets) if board.are_adjacent(h, t)
                    and all(can_join(state, u, (t,)) for u in group)]
            if opts:
                pieces.append(group)
                options.append(opts)
                must.append(any(obliged(state, u) for u in group))
    for u in guns:
        opts = [t for t in sorted(targets) if in_range(state, u, t) and can_join(state, u, (t,))]
        if opts:
            pieces.append((u,))
            options.append(opts)
            must.append(False)
    return pieces, options, must


def attack_worth(state, t: int, attackers: tuple, result_values) -> float:
    """The attack of ``attackers`` on hex t at its best column (8.9), by the odds without a
    preview (no die modifier); a bombardment too weak to be made (9.1) is worth -1."""
    o = odds(state, (t,), attackers)
    if not resolvable_at(state, (t,), o):
        return -1.0
    values = result_values(state, (t,), attackers)
    tables = state.game.tables
    return max(sum(p * values[r] for r, p in table_outcomes(tables, c).items()) for c in range(o["column"] + 1))


def plan(state, side: int, result_values) -> Plan:
    """The phase's attacks arranged for the greatest summed worth (see the module's text)."""
    pieces, options, must = _pieces(state, side)
    memo: dict = {}

    def worth(t: int, members: frozenset) -> float:
        if not members:
            return 0.0
        key = (t, members)
        if key not in memo:
            memo[key] = attack_worth(state, t, tuple(sorted(u for i in members for u in pieces[i])), result_values)
        return memo[key]

    slot: list = [None] * len(pieces)
    # the heuristic's order: the most valuable full attack of the stacks still free, first
    free = {i for i in range(len(pieces)) if must[i]}
    while free:
        best = None
        for t in sorted({t for i in free for t in options[i]}):
            members = frozenset(i for i in free if t in options[i])
            v = worth(t, members)
            if best is None or v > best[0]:
                best = (v, t, members)
        _, t, members = best
        for i in members:
            slot[i] = t
        free -= members
    groups: dict = {}
    for i, t in enumerate(slot):
        if t is not None:
            groups.setdefault(t, set()).add(i)

    def moved_gain(i: int, t) -> float:
        """What moving piece i from its target to t adds to the plan's sum."""
        old = slot[i]
        if old == t:
            return 0.0
        gain = 0.0
        if old is not None:
            rest = groups[old] - {i}
            gain += worth(old, frozenset(rest)) - worth(old, frozenset(groups[old]))
        if t is not None:
            here = groups.get(t, set())
            gain += worth(t, frozenset(here | {i})) - worth(t, frozenset(here))
        return gain

    for _ in range(PASSES):
        improved = False
        for i in range(len(pieces)):
            choices = list(options[i]) + ([] if must[i] else [None])
            gains = [(moved_gain(i, t), -k) for k, t in enumerate(choices)]
            g, k = max(gains)
            if g > 1e-9:
                t = choices[-k]
                if slot[i] is not None:
                    groups[slot[i]].discard(i)
                if t is not None:
                    groups.setdefault(t, set()).add(i)
                slot[i] = t
                improved = True
        if not improved:
            break
    value = {t: worth(t, frozenset(m)) for t, m in groups.items() if m}
    return Plan(pieces, slot, value)


def worth(state, result_values) -> float:
    """6.1, 8.1: what the phasing side's Combat Phase is worth to it with the units already next
    to the enemy (they may not leave an enemy zone and must attack): its planned attacks' summed
    worth (``plan``), units that may still move up to join not counted. For an evaluation at the
    start of a player-turn, where a brigade left beside a division owes its attack at 1-5."""
    return sum(plan(state, state.phasing, result_values).value.values())

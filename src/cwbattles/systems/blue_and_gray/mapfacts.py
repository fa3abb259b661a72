"""What the standard rules make of a map, worked out once per game and shared by every state.

The rules ask the same questions of the same hexsides thousands of times a game: what a unit
type pays to cross (6.2, 10.1), whether a zone of control extends across (7.3), whether the
hexside carries a road or trail for strategic movement (6.45), whether one hex sees another
(9.3). The answers depend on the map and the unit's type only, so they are tabulated here by
asking the state's own rule methods (``move_cost``, ``zoc_crosses``, ``blocks_los``,
``is_combat_unit``, ``artillery_range``) once per hexside or unit. Those methods stay the one statement of each rule; a game
that overrides one must keep it a function of the map and the unit, never of the position.

Rows are aligned with ``board.adjacent[a]``: ``on_line[a][i]`` is about the hexside between ``a``
and ``board.adjacent[a][i]``; ``passable[kind][a]`` lists ``(i, b, cost)`` for the neighbours b
a unit of that type may enter from ``a``.
"""

from __future__ import annotations

from ...engine.actions import PrebuiltActions

LINES = ("road", "pike", "trail", "railroad")   # 6.45: strategic movement runs along these


class MapFacts:
    def __init__(self, s):
        g = s.game
        board = g.board
        self.board = board
        hexes = range(len(board))
        adjacent = board.adjacent
        first_of_kind = {}
        for unit in g.units:
            first_of_kind.setdefault(unit.type, unit.index)
        # 6.2, 10.1: per unit type, the steps it may take from each hex: (i, b, cost)
        self.passable = {kind: tuple(tuple((i, b, cost) for i, b in enumerate(adjacent[a])
                                           for cost in [s.move_cost(u, a, b)] if cost is not None)
                                     for a in hexes)
                         for kind, u in first_of_kind.items()}
        # 7.3: the hexes a zone of control extends into from each hex (the relation is symmetric)
        self.zoc_reach = tuple(tuple(b for b in adjacent[a] if s.zoc_crosses(a, b)) for a in hexes)
        # 6.45: hexsides along a road, pike, trail or railroad
        self.on_line = tuple(tuple(any(f in board.features(a, b) for f in LINES) for b in adjacent[a])
                             for a in hexes)
        self.blocks_los = tuple(s.blocks_los(h) for h in hexes)                  # 9.3
        self.unit_side = tuple(unit.side for unit in g.units)
        self.unit_kind = tuple(unit.type for unit in g.units)
        self.is_combat = tuple(s.is_combat_unit(u) for u in range(len(g.units)))         # 7.4
        self.combat_units = tuple(tuple(u for u in g.side_units[side] if self.is_combat[u]) for side in (0, 1))
        # 8.2, 9.1: the farthest from a target each unit may join an attack on it
        self.attack_reach = tuple(max(1, s.artillery_range(u)) for u in range(len(g.units)))
        self.longest_reach = max(self.attack_reach)
        # 5.4: for each entry hex, the entry hexes of the same side on the same map edge
        sides_at = {}
        for unit in g.units:
            if unit.entry_hex >= 0:
                sides_at.setdefault(unit.entry_hex, set()).add(unit.side)
        edges = [e for name, e in board.edges.items() if name]
        self.entry_alternatives = {e: tuple(sorted(f for f in sides_at if sides_at[f] & sides_at[e] and f != e
                                                   and any(e in edge and f in edge for edge in edges)))
                                   for e in sides_at}
        self._sight: dict = {}
        self._across: dict = {}
        self.actions = PrebuiltActions(max(len(board), len(g.units)))

    def sees(self, a: int, b: int) -> bool:
        """9.3: whether a line of sight runs from a to b (memoised; terrain never changes)."""
        key = (a, b)
        seen = self._sight.get(key)
        if seen is None:
            seen = self._sight[key] = self.board.line_of_sight(a, b, self.blocks_los.__getitem__)
        return seen


    def across(self, s, a: int, b: int):
        """8.4: ``s.across_modifier(a, b)`` (memoised; the map never changes)."""
        key = (a, b)
        found = self._across.get(key, False)
        if found is False:
            found = self._across[key] = s.across_modifier(a, b)
        return found


def map_facts(s) -> MapFacts:
    """The game's MapFacts, built on first use."""
    g = s.game
    facts = g.__dict__.get("_bg_map_facts")
    if facts is None:
        facts = g._bg_map_facts = MapFacts(s)
    return facts

"""What a state of units on a hex board keeps the same way whatever its system: ``hex`` (a unit's
board index, or a negative status), ``units_by_hex`` (hex -> the units there, kept exact by
``_relocate``, through which every change of a hex goes), a dict of derived sets per side
(``_side_sets``: a side's is replaced, never changed in place, when one of its units moves, so
clones may share them) and the moving unit's steps (``steps_left``, recomputed by a clone).
The Blue & Gray and GBACW states mix it into their ``Machine``."""

from __future__ import annotations


class HexUnits:
    __slots__ = ()      # the fields are the state's own slots

    def _clone_hex_fields(self, s):
        """Give the clone ``s`` this state's hex index and derived sets (shared where it is safe)."""
        s.facts = self.facts                                  # static tables of the map
        s.units_by_hex = self.units_by_hex.copy()            # its values are tuples: a shallow copy is a full one
        s._side_sets = self._side_sets.copy()                # a side's dict is replaced, never changed in place
        s.steps_left = None                                   # like the legal actions, recomputed by the copy
        return s

    def _relocate(self, u: int, old: int, h: int, in_unit_order: bool) -> None:
        """Move unit u from hex ``old`` to ``h`` (either may be a status), keeping ``units_by_hex``
        exact: the units of a hex in unit order, or else in the order they arrived."""
        self.hex[u] = h
        at = self.units_by_hex
        if old >= 0:
            rest = tuple(v for v in at[old] if v != u)
            if rest:
                at[old] = rest
            else:
                del at[old]
        if h >= 0:
            here = at.get(h, ())
            at[h] = tuple(sorted(here + (u,))) if in_unit_order else here + (u,)

    # -- what every hex state asks of its units ------------------------------------------------------
    def side_of(self, u: int) -> int:
        return self.game.units[u].side

    def kind(self, u: int) -> str:
        return self.game.units[u].type

    def units_at(self, h: int) -> tuple:
        return self.units_by_hex.get(h, ())

"""The state a Cedar Creek game plays: ``state.State`` with every rules chapter's frames
registered, and what front-ends ask of a position, answered by the chapters (all below this
module): the result, a brigade's reach, the command range, previews, descriptions, the position
document. Create with ``game.new_game(seed)``.
"""

from __future__ import annotations

from ...engine.actions import Action
from ...engine.resign import with_resignation
from . import sequence, activation, placement, movement, combat, retreat  # noqa: F401 (they register their frames)
from . import state


class State(state.State):
    """One position of a Cedar Creek game, with the rules of every chapter."""

    __slots__ = ()

    # -- results ------------------------------------------------------------------------------
    @property
    def result(self) -> dict:
        from .victory import result
        return with_resignation(self, result(self))

    def reach(self, unit_id: str) -> dict:
        """Zones where the brigade moving now can still end this move, with their MP cost
        ({zone id: MP}); empty for any other brigade. For front-ends that highlight moves: a
        full zone it may only cross (10.5) is not among them."""
        from .movement import reachable
        from .placement import can_stack
        u = self.game.unit_index[unit_id]
        if u != self.mv_unit or self.zone[u] < 0:
            return {}
        zones = self.game.board.zones
        return {zones[z].id: cost for z, cost in reachable(self, u).items()
                if z != self.zone[u] and can_stack(self, u, z)}

    def command_range(self) -> dict:
        """10: for the side to act, its headquarters' zone, the zones within command range of it
        (8 MP, elevation not counted, never through an enemy-held zone) and whether each of its
        divisions is in range (one brigade within it). For front-ends that show the range."""
        from .activation import command_costs, in_command_range
        g = self.game
        side = self.SIDES.index(self.to_act) if self.to_act else -1
        if side < 0:
            return {}
        hz = self.hq_zone[self.hq_of(side)]
        zones = g.board.zones
        if hz < 0:
            within = []
        else:
            dist = command_costs(self, side, hz)
            within = [zones[z].id for z in range(len(zones)) if dist[z] <= g.tables.command.range_mp]
        return {"side": self.SIDES[side], "hq": zones[hz].id if hz >= 0 else None, "zones": within,
                "divisions": {d.id: in_command_range(self, d.index) for d in g.divisions if d.side == side}}

    def preview(self, action: Action) -> dict:
        """What an action would bring about, before it is chosen: the exact odds of an attack
        (combat), or the consequences of holding or retreating after a hit and of each retreat
        path (retreat_preview)."""
        if action.kind in ("hold", "retreat"):
            from .retreat_preview import preview_hit
            return preview_hit(self, action)
        if action.kind in ("retreat_to", "retreat_stop"):
            from .retreat_preview import preview_retreat_step
            return preview_retreat_step(self, action)
        from .combat_preview import preview
        return preview(self, action)

    def has_preview(self, action: Action) -> bool:
        """Does ``preview`` show a combat for this action (attacks, charges, resolutions, and
        the facing chosen right after an attack declaration)?"""
        from .combat_preview import attack_facing_frame
        return action.kind in ("attack", "charge", "resolve") or attack_facing_frame(self, action)

    def describe(self, action: Action) -> str:
        """The action in words, with what it obliges to where the position says more than the
        action (a facing after an attack declaration, 11.1)."""
        from .combat_preview import describe
        return describe(self, action)

    def to_position(self) -> dict:
        from .position import position_of
        return position_of(self)

"""``StandardState``: the standard rules alone, with the default of every hook. A game's State
subclasses it and overrides what its exclusive rules change; the system's own tests play it on
small maps (``GBACWGame``).

Victory in the standard rules belongs to each game; the default ``result`` counts strength points
lost (one point each, captured ones twice) so that generic tools can play a standard scenario.
"""

from __future__ import annotations

from ...engine.actions import Action
from ...engine.machine import Rules
from ...engine.resign import with_resignation
from . import register
from .command import rally_points
from .fire import fire_on_hex
from .movement import why_it_stays
from .reinforcements import enter_map, may_enter_map
from .state import CAPTURED, ELIMINATED, GState, OFF_MAP

RULES = Rules()
register(RULES)


class StandardState(GState):
    RULES = RULES

    # -- 7.3 why a picked unit can go nowhere (for the page) ------------------------------------------
    def why_it_stays(self, unit_id: str) -> dict | None:
        """Why the unit picked to move can go nowhere (movement.why_it_stays), for the page."""
        return why_it_stays(self, self.game.unit_index[unit_id])

    # -- 3.0 set-up ---------------------------------------------------------------------------------
    def setup(self) -> None:
        """3.0: each unit with a set-up hex starts there in its printed formation and facing;
        leaders with a set-up hex too; reinforcements wait."""
        for u in self.game.units:
            if u.setup >= 0 and not u.entry_turn:
                self.set_hex(u.index, u.setup)
        self.note("3.0", "Units set up; reinforcements wait for their Game-Turn.")
        self.stack = [("game_turn", -1)]
        self.advance()

    # -- hooks with standard answers --------------------------------------------------------------------
    def may_move(self, u: int) -> bool:
        return True

    def may_enter_map(self, u: int) -> bool:
        return may_enter_map(self, u)

    def enter_map(self, u: int) -> None:
        enter_map(self, u)

    def detached_in_command(self, b: int) -> bool:
        """24.2: a detached brigade acts on its own (an exclusive rule takes this away at BCE)."""
        return True

    def army_reaches(self, side: int, d: int, distance: int) -> bool:
        """25.1: the army commander's points reach division commanders within three hexes."""
        from .command import ARMY_REACH
        return distance <= ARMY_REACH

    def may_attach(self, b: int, d: int) -> bool:
        return self.game.oob.brigades[b].division == d

    def rally_needs_roll(self, u: int) -> bool:
        return False

    def leader_rally_points(self, u: int) -> int:
        return rally_points(self, u)

    def on_leader_lost(self, v: int, rank: str, fate: str) -> None:
        pass

    def fire(self, side: int, t: int, firers: tuple) -> None:
        """9.4-9.6 (an exclusive rule may split the fire first: 22.0 overshoot)."""
        fire_on_hex(self, side, t, firers)

    # -- results and previews -------------------------------------------------------------------------
    @property
    def result(self) -> dict:
        g = self.game
        lost = [0, 0]
        for u in g.units:
            if u.type == "leader":
                continue
            i = u.index
            killed = u.strength - self.sp[i] - self.capt[i]
            lost[u.side] += killed + 2 * self.capt[i]
        vp = {"union": lost[1], "confederate": lost[0]}
        margin = vp["union"] - vp["confederate"]
        winner = None if margin == 0 else ("union" if margin > 0 else "confederate")
        return with_resignation(self, {"final": self.over, "vp": vp, "winner": winner, "level": "", "margin": margin,
                                       "union": {"total": vp["union"]}, "confederate": {"total": vp["confederate"]}})

    def preview(self, action: Action) -> dict:
        from .preview import preview
        return preview(self, action)

    def fire_preview(self, t: int, firers: tuple) -> dict:
        """The exact preview of a fire (an exclusive rule may split it first: 22.0)."""
        from .preview import fire_preview
        return fire_preview(self, t, firers)

    def to_position(self) -> dict:
        from .position import position_of
        return position_of(self)

    def __repr__(self) -> str:
        return f"<{self.game.name} turn {self.turn}, {self.to_act or 'nobody'} to act>"


__all__ = ["StandardState", "RULES", "OFF_MAP", "ELIMINATED", "CAPTURED"]

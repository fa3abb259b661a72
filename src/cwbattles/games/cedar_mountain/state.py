"""The mutable state of a Cedar Mountain game: the GBACW standard state
(``systems.gbacw.standard``) with the hooks by which exclusive rules 21-27 change the standard
rules. The rule logic lives in ``cavalry`` (21.1), ``terrain`` (21.2-21.4), ``overshoot`` (22),
``retreats`` (23), ``bce`` (24), ``leaders`` (25), ``setup`` (26) and ``victory`` (27)."""

from __future__ import annotations

from ...engine.machine import Rules
from ...engine.resign import with_resignation
from ...systems import gbacw
from ...systems.gbacw.standard import StandardState
from ...systems.gbacw.state import BASE_LIST_FIELDS, BASE_SCALAR_FIELDS
from . import bce, cavalry, leaders, overshoot, retreats, setup, terrain, victory

RULES = Rules()
gbacw.register(RULES)
setup.register(RULES)

_LIST = BASE_LIST_FIELDS + ("area_of", "delayed")
_SCALAR = BASE_SCALAR_FIELDS


class State(StandardState):
    """One position of a Cedar Mountain game. Create with ``game.new_game(seed)``."""

    RULES = RULES
    LIST_FIELDS = _LIST
    SCALAR_FIELDS = _SCALAR
    GAME_FRAMES = setup.FRAMES
    __slots__ = ("area_of", "delayed")

    def __init__(self, game, seed: int = 0):
        super().__init__(game, seed)
        g = game
        self.area_of = ["" if u.type == "leader" else u.area or (g.oob.brigades[u.brigade].area if u.brigade >= 0 else "")
                        for u in g.units]                  # 26.2: combat units' Deployment Areas
        if g.option("union_setup") == "free":
            setup.free_start_areas(g, self.area_of)
        self.delayed = [False] * len(g.units)          # 26.44

    def setup(self) -> None:
        """26.0: the Union sets up (26.2-26.3); the Confederates wait to enter (26.4)."""
        self.note("26.0", "Cedar Mountain, 9 August 1862: the Union sets up; the Confederates enter from "
                          "Game-Turn 1 (no Union Player-Turn on Game-Turn 1, 26.1).")
        setup.start(self)
        self.advance()

    # -- 26.2 set-up by hand ------------------------------------------------------------------------
    def historical_choice(self):
        return setup.historical_choice(self)

    def placing(self):
        """The id of the Union unit being set up now (26.2), if any."""
        frame = self.stack[-1] if self.stack else None
        if frame and frame[0] in ("deploy_unit", "deploy_facing", "deploy_form"):
            return self.game.units[frame[2]].id
        return None

    # -- 21.1 dismounted cavalry ------------------------------------------------------------------
    def morale_rating(self, u):
        return cavalry.morale_rating(self, u)

    def may_melee_target(self, u, t):
        return cavalry.may_melee_target(self, u, t)

    def must_retreat_before_melee(self, v, attackers):
        return cavalry.must_retreat_before_melee(self, v, attackers)

    # -- 21.43 cornfields, 22 overshoot -------------------------------------------------------------
    def after_fire(self, t, firers, distance):
        terrain.after_fire(self, t, firers)

    def fire(self, side, t, firers):
        overshoot.fire(self, side, t, firers)

    def fire_preview(self, t, firers):
        return overshoot.preview(self, t, firers)

    # -- 23 retreats -------------------------------------------------------------------------------
    def retreat_directions(self, u):
        return retreats.retreat_directions(self, u)

    # -- 24 BCE ------------------------------------------------------------------------------------
    def morale_modifier(self, u):
        return super().morale_modifier(u) + bce.morale_modifier(self, u)

    def may_initiate_melee(self, u):
        return bce.may_initiate_melee(self, u)

    def fire_column_shift(self, firers):
        return bce.fire_column_shift(self, firers)

    def may_enter_zoc(self, u):
        return bce.may_enter_zoc(self, u)

    def may_retreat_through_zoc(self, u):
        return bce.may_retreat_through_zoc(self, u)

    def rally_needs_roll(self, u):
        return bce.rally_needs_roll(self, u)

    def detached_in_command(self, b):
        return bce.detached_in_command(self, b)

    # -- 25 leaders ---------------------------------------------------------------------------------
    def army_reaches(self, side, d, distance):
        return leaders.army_reaches(self, side, d, distance)

    def on_leader_lost(self, v, rank, fate):
        leaders.leader_lost_vp(self, v, rank, fate)

    # -- 26 entry, 27 victory -----------------------------------------------------------------------
    def on_player_turn_start(self, side):
        if side == 1:
            setup.confederate_entries(self)

    def on_player_turn_end(self, side):
        if side == 1:
            victory.score_hexes(self)

    def on_entered(self, u, h):
        victory.entered(self, u, h)

    def may_exit(self, u, h):
        return victory.may_exit(self, u, h)

    def exited_from(self, u, h):
        victory.exited(self, u, h)

    @property
    def result(self) -> dict:
        return with_resignation(self, victory.result(self))

    def reach(self, unit_id: str) -> dict:
        """{hex: Movement Points spent} for the unit moving now (the web's route finder)."""
        from ...systems.gbacw.movement import reach
        u = self.game.unit_index[unit_id]
        if u != self.mv_unit:
            return {}
        ids = self.game.board.ids
        return {ids[h]: (self.mv_mp - left) / 2 for h, (left, _) in reach(self, u).items() if h != self.hex[u]}

    # -- positions ----------------------------------------------------------------------------------
    def position_extra(self) -> dict:
        g = self.game
        return {"areas": {g.units[u].id: a for u, a in enumerate(self.area_of) if a},
                "delayed": [g.units[u].id for u, d in enumerate(self.delayed) if d]}

    def load_extra(self, r, extra) -> None:
        setup.read_extra(self, r, extra)

    def check_position(self, r) -> None:
        setup.check_frames(self, r)

    def __repr__(self) -> str:
        return f"<cedar-mountain turn {self.turn}, {self.to_act or 'nobody'} to act>"

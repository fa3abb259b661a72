"""The mutable state of a Champion Hill game: the standard Blue & Gray state
(``systems.blue_and_gray.state``) plus the exclusive rules' records, and the hooks by which
exclusive rules 16-21 change the standard rules. The rule logic lives in ``restrictions`` (17),
``train`` (18), ``special`` (19) and ``victory`` (20, 21)."""

from __future__ import annotations

from fractions import Fraction

from ...engine.machine import Rules
from ...engine.resign import with_resignation
from ...systems import blue_and_gray
from ...systems.blue_and_gray.state import (BASE_LIST_FIELDS, BASE_SCALAR_FIELDS, CONFEDERATE, OFF_MAP,
                                            UNION, BGState)
from . import restrictions, special, train, victory

RULES = Rules()
blue_and_gray.register(RULES)
special.register(RULES)

_LIST = BASE_LIST_FIELDS + ("released", "release_due", "div_fought", "control", "exited_at")
_SCALAR = BASE_SCALAR_FIELDS + ("vp_union", "vp_conf", "train_free", "train_left", "train_bombed_turn",
                                "ohio_free", "ost2_due", "bowen_release_turn", "bowen_bonus", "bowen_adv",
                                "ammo_turn", "bombarding")


class State(BGState):
    """One position of a Champion Hill game. Create with ``game.new_game(seed)``."""

    RULES = RULES
    LIST_FIELDS = _LIST
    SCALAR_FIELDS = _SCALAR
    __slots__ = tuple(f for f in _LIST + _SCALAR if f not in BASE_LIST_FIELDS + BASE_SCALAR_FIELDS)

    def __init__(self, game, seed: int = 0):
        super().__init__(game, seed)
        g = game
        self.released = [not d.restriction for d in g.divisions]
        self.release_due = [False] * len(g.divisions)
        self.div_fought = [False] * len(g.divisions)
        self.control = list(g.control_start)
        self.exited_at = [-1] * g.n_units
        self.vp_union = self.vp_conf = 0
        self.train_free = self.train_left = False
        self.train_bombed_turn = 0
        self.ohio_free = False
        self.ost2_due = 0
        self.bowen_release_turn = 0
        self.bowen_bonus = 0
        self.bowen_adv = 0
        self.ammo_turn = 0
        self.bombarding = False

    def setup(self) -> None:
        """16.2: units on their set-up hexes; Out of Ammo counters aside; optional counters
        aside unless the players agree to use them (option ``optional_units``)."""
        optional = self.game.option("optional_units")
        for u in self.game.units:
            if u.setup >= 0 and (not u.aside or (u.optional and optional)):
                self.set_hex(u.index, u.setup)
        self.control = list(self.game.control_start)    # 21.2: the start, whatever the zones
        self.note("16.2", "Units set up; reinforcements wait on the turn track; "
                          + ("optional units in play; " if optional else "optional and ")
                          + "Out of Ammo counters aside.")
        self.stack = [("game_turn", -1)]
        self.advance()

    # -- hooks: 17 restrictions ------------------------------------------------------------------
    def may_move(self, u):
        g = self.game
        if u != g.OHIO2 and u != g.TRAIN:
            return True                                 # 17.5 and 18.4 hold back these two only
        return restrictions.may_move(self, u) and train.may_move(self, u)

    def may_enter(self, u, a, b):
        unit = self.game.units[u]
        return restrictions.may_enter(self, u, a, b) \
            and (unit.type != "artillery" or special.may_enter(self, u, a, b)) \
            and (u != self.game.TRAIN or train.may_enter(self, u, a, b))

    def entry_limited(self, u):
        """may_enter refuses nothing to a unit of a released division (17) that is neither
        artillery (19.13) nor the train (18.4)."""
        unit = self.game.units[u]
        return not self.released[unit.division] or unit.type == "artillery" or u == self.game.TRAIN

    def attack_modifiers(self, u, targets, bombarding):
        """17.3 i (half strength) and 19.53 i (tripled)."""
        half, triple = restrictions.attack_modifier(self, u, bombarding), special.attack_modifier(self, u)
        if half is None and triple is None:
            return ()
        return tuple(m for m in (half, triple) if m is not None)

    def on_movement_start(self, side):
        special.ammunition(self, side)
        restrictions.movement_start(self, side)

    def on_attack(self, targets, attackers, bombard_only, result):
        self.bombarding = bombard_only
        restrictions.on_attack(self, targets, attackers, bombard_only, result)
        train.on_attack(self, targets, attackers)

    def after_result(self, targets, attackers, result):
        self.bombarding = False
        train.check(self)

    def on_player_end(self, side):
        train.check(self)
        special.player_end(self, side)
        restrictions.player_end(self, side)

    def on_turn_end(self):
        victory.turn_end(self)
        train.turn_end(self)

    def on_hex_changed(self, u, old, new):
        if self.facts.is_combat[u]:
            victory.hex_changed(self, old, new)                                 # 21.2

    def on_moved(self, u, h):
        train.moved(self, u, h)
        train.check(self)

    def on_eliminated(self, u):
        train.eliminated(self, u)
        train.check(self)

    # -- hooks: 18 train ---------------------------------------------------------------------------
    def movement_allowance(self, u):
        return 1 if u == self.game.TRAIN else self.game.units[u].movement      # 18.4

    def may_retreat(self, u):
        return u != self.game.TRAIN                                             # 18.1

    def may_advance(self, u):
        return self.is_combat_unit(u) and restrictions.may_move(self, u)        # 17.5: the held battery

    def suffers(self, v, bombard_only):
        return not (v == self.game.TRAIN and bombard_only)                      # 18.1

    stack_ok = special.stack_ok                                                 # 19.4, 18.2

    # -- options on standard rules (8.2, 12) ---------------------------------------------------
    def attack_effectiveness(self):
        return self.game.option("morale") == "attack_effectiveness"

    def stacks_attack_as_one(self):
        return self.game.option("stack_attacks_together")

    # -- hooks: 19 ------------------------------------------------------------------------------
    normal_allowance = special.normal_allowance                                 # 19.51
    move_mode = special.move_mode                                               # 19.51
    may_exit = special.may_exit                                                 # 19.3

    def exited_from(self, u, h):
        self.exited_at[u] = h

    def artillery_range(self, u):
        return self.game.units[u].range                                         # 19.2 (data: 4 / 3)

    range_modifier = special.range_modifier                                     # 9.1, 19.2
    may_bombard = special.may_bombard                                           # 19.2
    obligation_side = special.obligation_side                                   # 19.15

    def die_modifiers(self, targets, attackers):
        return special.die_modifiers(self, attackers)                           # 19.53 ii

    def after_advance(self, u, frame):
        special.after_advance(self, u, frame)                                   # 19.53 iii

    # -- results ------------------------------------------------------------------------------------
    def train_status(self) -> str:
        h = self.hex[self.game.TRAIN]
        return {-2: "eliminated", -3: "exited", -1: "off_map"}.get(h, "on_map")

    @property
    def result(self) -> dict:
        return with_resignation(self, victory.result(self))

    def to_position(self) -> dict:
        from .position import position_of
        return position_of(self)

    def __repr__(self) -> str:
        return f"<champion-hill turn {self.turn} round {self.round}, {self.to_act or 'nobody'} to act>"


__all__ = ["State", "RULES", "UNION", "CONFEDERATE", "OFF_MAP", "Fraction"]

"""The mutable state of a Chancellorsville game: the standard Blue & Gray state plus the
exclusive rules' records, and the hooks by which 23.21-23.62, the revised leaders
(``systems.blue_and_gray.leaders``) and morale (``systems.blue_and_gray.revised_morale``)
change the standard rules. The rule logic lives in ``forced_march`` (23.21-23.23), ``command``
(23.4), ``victory`` (23.3, 23.6) and the system modules."""

from __future__ import annotations

from ...engine.actions import Action
from ...engine.machine import Rules
from ...engine.resign import with_resignation
from ...systems import blue_and_gray
from ...systems.blue_and_gray import fieldworks, leaders, revised_morale
from ...systems.blue_and_gray.strength import adjacent_role
from ...systems.blue_and_gray.state import (BASE_LIST_FIELDS, BASE_SCALAR_FIELDS, CONFEDERATE, ELIMINATED,
                                            OFF_MAP, UNION, BGState)
from . import command, forced_march, restrictions, victory

RULES = Rules()
blue_and_gray.register(RULES)
command.register(RULES)
_base_movement_legal, _base_movement_apply = RULES.decisions["movement"]


def _movement_legal(s, frame):
    """6.0 with the exclusive rules' choices at the start of a unit's move: the standard offers
    (``move``, ``march``, ``enter``), less entries of corps held by command control (23.4); a
    ``force`` for units that may forced-march (23.21-23.23, 23.51); a ``rally`` for units below
    Good morale (12.4); an ``entrench`` for infantry that may build fieldworks (10.3)."""
    out = _base_movement_legal(s, frame)
    offered, entering = [], False
    for a in out:
        if a.kind == "move":
            offered.append(a.a)                            # units that may start a move (6.1)
        elif a.kind == "enter":
            entering = True
    extra = forced_march.options(s, offered)
    if entering:
        out = [a for a in out if a.kind != "enter" or command.may_move(s, a.a)]
        extra += forced_march.entry_options(s, sorted({a.a for a in out if a.kind == "enter"}))   # 23.22
    if s.game.option("morale") == "revised":
        extra += revised_morale.rally_options(s, offered)
    extra += fieldworks.options(s, offered)
    if extra:
        out = out[:-1] + extra + out[-1:]                  # end_movement stays last
    return out


def _movement_apply(s, frame, action):
    if action.kind == "force_enter":                       # 23.22: a forced march onto the map
        u = action.a
        s.stack.append(frame)
        s.moved[u] = True
        s.mv_unit = u
        forced_march.enter(s, u, action.b)
        s.stack.append(("moving", frame[1], u))
    elif action.kind == "force":
        u = action.a
        s.stack.append(frame)
        s.moved[u] = True
        s.mv_unit = u
        forced_march.start(s, u)
        s.stack.append(("moving", frame[1], u))
    elif action.kind == "rally":
        s.stack.append(frame)
        revised_morale.rally(s, action.a)
    elif action.kind == "entrench":
        s.stack.append(frame)
        fieldworks.entrench(s, action.a)
    else:
        _base_movement_apply(s, frame, action)


RULES.decision("movement")((_movement_legal, _movement_apply))


def _place_legal(s, frame):
    """23.59: an army commander may start anywhere on the map (option ``leader_placement =
    "free"``): in any hex holding a combat unit of his side (23.59's first sentence: leaders are
    deployed with a unit of their command, and an army commander's is the army)."""
    side = frame[1]
    return [Action("place", h) for h in sorted(s.combat_occupied(side))]


def _place_apply(s, frame, action):
    u = frame[2]
    s.set_hex(u, action.a)
    s.note("23.59", f"{s.game.units[u].name} starts at {s.game.board.ids[action.a]}.",
           data={"kind": "move", "unit": s.game.units[u].id, "from": None, "to": s.game.board.ids[action.a]})


RULES.decision("place_leader")((_place_legal, _place_apply))

_LIST = BASE_LIST_FIELDS + ("morale", "killed", "forced", "corps_free", "released", "control")
_SCALAR = BASE_SCALAR_FIELDS + ("reserve_corps", "fieldworks")


class State(BGState):
    """One position of a Chancellorsville game. Create with ``game.new_game(seed)``."""

    RULES = RULES
    LIST_FIELDS = _LIST
    SCALAR_FIELDS = _SCALAR
    EXIT_RULE = "23.31"
    __slots__ = tuple(f for f in _LIST + _SCALAR if f not in BASE_LIST_FIELDS + BASE_SCALAR_FIELDS) + ("_elim_from",)

    def __init__(self, game, seed: int = 0):
        super().__init__(game, seed)
        n = game.n_units
        self.morale = [0] * n
        self.killed = [False] * n
        self.forced = [False] * n
        self.corps_free = [True] * len(game.corps)
        self.released = [False] * len(game.restrictions)                  # 23.14
        self.control = [-1] * len(game.victory_hexes)                     # 23.61
        self.reserve_corps = -1
        self.fieldworks = game.fieldworks_start                            # 10.3
        self._elim_from = -1

    def clone(self):
        s = super().clone()
        s._elim_from = -1
        return s

    def setup(self) -> None:
        """Set-up (reconstructed 16-22, data): every unit with a set-up hex in it, leaders with
        their commands (23.59), reinforcements waiting on the turn record."""
        for u in self.game.units:
            if u.setup >= 0 and not u.aside:
                self.set_hex(u.index, u.setup)
        self.note("23.59", "Units and leaders set up; reinforcements wait on the turn record.")
        self.stack = [("game_turn", -1)]
        if self.game.option("leader_placement") == "free":                  # 23.59
            for u in reversed(self.game.units):
                if u.placement_free and u.setup >= 0:
                    self.stack.append(("place_leader", u.side, u.index))
        self.advance()

    # -- 23.5 leaders: no strength, no zone, no blocking ------------------------------------------
    def is_combat_unit(self, u):
        return self.game.units[u].type != "leader"                          # 23.51, 23.54

    def suffers(self, v, bombard_only):
        """23.54, 23.56: a leader suffers no combat result himself (his fate is 23.56's roll)."""
        return self.facts.is_combat[v]

    def occupied(self, side):
        """23.54: a leader alone does not block the enemy: only combat units occupy a hex."""
        return self.combat_occupied(side)

    def strength_bonus(self, u, engaged=None):
        return leaders.strength_bonus(self, u, engaged)                     # 23.55, 23.52

    def stack_ok(self, h, side, adding=(), removing=()):
        """6.32: two combat units a hex; 23.52: leaders do not count; 23.53: one-star leaders
        only with their own command unless a higher leader is there."""
        kinds, sides = self.facts.unit_kind, self.facts.unit_side
        units = [v for v in self.units_at(h) if sides[v] == side and v not in adding and v not in removing]
        units += adding
        combat = 0
        with_leader = False
        for v in units:
            if kinds[v] == "leader":
                with_leader = True
            else:
                combat += 1
        if combat > 2:
            return False
        return not with_leader or leaders.stacking_ok(self, units)

    def disruption_save(self, u):
        return leaders.disruption_save(self, u)                             # 23.55

    def rally_leader(self, u):
        return leaders.rally_leader(self, u)                                # 23.57

    # -- movement: 23.21-23.23 forced march, 23.4 command control, 23.51, 12.3 ---------------------
    def may_move(self, u):
        """23.14 (held units) and 23.4 (command control), on the hot path of every Movement
        Phase's offers: the cheap tests first."""
        r = self.game.unit_restriction[u]
        if r >= 0 and not self.released[r] and not restrictions.may_move(self, u):
            return False
        return self.facts.unit_side[u] or command.may_move(self, u)

    def may_march(self, u):
        return self.game.units[u].type != "leader"                          # 23.51: no strategic movement

    def normal_allowance(self, u):
        return forced_march.cavalry_allowance(self, u)                      # 23.23: eight MP

    def movement_allowance(self, u):
        """The allowance a move starts from: the forced march's for the unit entering by forced
        march (23.22), else the normal one (23.23)."""
        if self.mv_mode == forced_march.FORCED and self.mv_unit == u:
            return forced_march.allowance(self, u)
        return self.normal_allowance(u)

    def entry_limited(self, u):
        return (self.mv_mode == forced_march.FORCED or self.morale[u] >= revised_morale.SHAKEN
                or self.facts.unit_kind[u] == "leader")

    def may_enter(self, u, a, b):
        if self.facts.unit_kind[u] == "leader" and self.units_at(b) \
                and self.facts.unit_side[self.units_at(b)[0]] != self.facts.unit_side[u]:
            return False                                                    # decision: never beside an enemy leader
        if self.mv_mode == forced_march.FORCED and not forced_march.may_enter(self, u, a, b):
            return False                                                    # 23.21-23.23 (the entry step too)
        if self.morale[u] and not revised_morale.may_enter_enemy_zoc(self, u) \
                and b in self.zoc(1 - self.facts.unit_side[u]):
            return False                                                    # 12.3
        return True

    def on_movement_start(self, side):
        self.forced = [False] * len(self.forced) if side == self.game.first_player else self.forced
        restrictions.movement_start(self, side)                             # 23.14
        command.start(self, side)                                           # 23.4

    # -- 23.3 exits ----------------------------------------------------------------------------------
    may_exit = victory.may_exit

    # -- combat: 12 morale, 23.23 Beckham ------------------------------------------------------------
    def may_attack(self, u):
        if not self.is_combat_unit(u):
            return False
        if not restrictions.may_attack_adjacent(self, u) and adjacent_role(self, u):
            return False                                                    # 23.14: bombardment only
        return self.game.option("morale") != "revised" or revised_morale.may_attack(self, u)

    def on_attack(self, targets, attackers, bombard_only, result):
        if not bombard_only:
            restrictions.on_attack(self, targets, attackers)                # 23.14

    def attack_modifiers(self, u, targets, bombarding):
        if self.game.option("morale") != "revised":
            return ()
        m = revised_morale.attack_modifier(self, u)
        return () if m is None else (m,)

    def defence_modifiers(self, h):
        m = fieldworks.defence_modifier(self, h)                                # 10.3
        return () if m is None else (m,)

    def may_bombard(self, u):
        return self.kind(u) == "artillery" and forced_march.may_bombard(self, u)    # 23.23

    def combat_morale(self, result, attackers, defenders):
        if self.game.option("morale") == "revised":
            revised_morale.combat_hits(self, result, attackers, defenders)          # 12.1

    # -- events: 23.54, 23.56, 23.53 -------------------------------------------------------------------
    def on_hex_changed(self, u, old, new):
        if not self.facts.is_combat[u]:
            return
        if new >= 0:
            victory.hex_changed(self, u, new)                                  # 23.61
        if old < 0:
            return
        if new == ELIMINATED:
            self._elim_from = old
        elif new >= 0 and any(f[0] == "combat" for f in self.stack) and leaders.leaders_at(self, old):
            leaders.follow(self, u, old, new)                                  # decision (23.54)

    def on_moved(self, u, h):
        if self.facts.is_combat[u] and len(self.units_at(h)) > 1:
            leaders.enemy_entered(self, u, h)                                  # 23.54

    def on_eliminated(self, u):
        if not self.facts.is_combat[u]:
            return
        old, self._elim_from = self._elim_from, -1
        if old >= 0:
            leaders.unit_destroyed(self, old, self.facts.unit_side[u])        # 23.56
        leaders.command_check(self, u)                                         # 23.53

    def on_turn_end(self):
        if self.game.option("morale") == "revised":
            revised_morale.night_recovery(self)                                # 11.3

    # -- results ------------------------------------------------------------------------------------
    @property
    def result(self) -> dict:
        return with_resignation(self, victory.result(self))

    def to_position(self) -> dict:
        from .position import position_of
        return position_of(self)

    def __repr__(self) -> str:
        return f"<chancellorsville turn {self.turn} round {self.round}, {self.to_act or 'nobody'} to act>"


__all__ = ["State", "RULES", "UNION", "CONFEDERATE", "OFF_MAP"]

"""The base State of a GBACW game: counters on a hex board with facing, formation and strength,
the standard queries (zones of control, stacking, command) and the hooks a game's exclusive rules
override.

Everything mutable is a flat list indexed by unit, brigade, division or side, or a scalar, so the
engine's Machine clones it cheaply and positions save it exactly. A unit's hex is a board index or
a status: ``OFF_MAP`` (not yet arrived), ``ELIMINATED``, ``EXITED`` (27.23), ``CAPTURED``,
``WOUNDED`` (leaders, 17.5). Its status bits (routed, pinned, engaged, what it did this phase) are
one integer in ``flags``. Counters in a hex are kept in the order they arrived: the last combat
unit to arrive is on top (13.4).
"""

from __future__ import annotations

from ...engine.hexunits import HexUnits
from ...engine.machine import Machine
from . import bce, stacking

OFF_MAP, ELIMINATED, EXITED, CAPTURED, WOUNDED = -1, -2, -3, -4, -5
STATUS = {OFF_MAP: "off_map", ELIMINATED: "eliminated", EXITED: "exited", CAPTURED: "captured", WOUNDED: "wounded"}
UNION, CONFEDERATE = 0, 1

# status bits (flags)
ROUTED = 1          # 15.3
PINNED = 2          # 15.2
PIN_NOW = 4         # pinned during its own side's Player-Turn (15.2: the pin outlasts the next one)
ENGAGED = 8         # 12.7
MOVED = 16          # moved this Movement Phase (5.1)
FIRED = 32          # fired this fire phase (9.1)
MELEE = 64          # declared to melee this Player-Turn (12.1)
DEFENDED = 128      # meleed this Melee Phase (12.1)
RETREATED = 256     # retreated or routed this Player-Turn
RBM = 512           # retreated before melee this Player-Turn (12.9)
CHARGING = 1024     # declared a cavalry charge (12.6)
ENTERED = 2048      # entered the map this Game-Turn (26.43)
FORMED = 4096       # changed formation this Movement Phase (7.4)
TRIED = 8192        # a rally was attempted this Rally Phase (15.5)
LIMITED = 16384     # began its move out of command: one hex (16.4, 5.2), whatever it reaches
PHASE_FLAGS = MOVED | FIRED | MELEE | DEFENDED | RETREATED | RBM | CHARGING | FORMED | TRIED | LIMITED
FLAG_NAMES = {ROUTED: "routed", PINNED: "pinned", PIN_NOW: "pinned_now", ENGAGED: "engaged", MOVED: "moved",
              FIRED: "fired", MELEE: "melee", DEFENDED: "defended", RETREATED: "retreated", RBM: "rbm",
              CHARGING: "charging", ENTERED: "entered", FORMED: "formed", TRIED: "rally_tried",
              LIMITED: "out_of_command_move"}

BASE_LIST_FIELDS = ("hex", "facing", "form", "sp", "capt", "flags", "rally_left",
                    "bce_loss", "bce_out", "attached", "brig_cmd", "brig_in_command",
                    "div_cmd", "div_bonus", "div_cp", "army_cp", "control", "due", "entry_at", "fate")
BASE_SCALAR_FIELDS = ("phasing", "mv_unit", "mv_mp", "mv_hexes", "melees", "cleared", "entries", "vp_hex", "vp_exit",
                      "vp_leaders")


class GState(HexUnits, Machine):
    """Standard-rules state. Games subclass it, add fields and override the hooks."""

    SIDES = ("union", "confederate")
    LIST_FIELDS = BASE_LIST_FIELDS
    SCALAR_FIELDS = BASE_SCALAR_FIELDS
    __slots__ = BASE_LIST_FIELDS + BASE_SCALAR_FIELDS + ("facts", "units_by_hex", "_side_sets", "steps_left", "_forms")
    FROM_GAME = ("facts",)

    def restore_from_game(self) -> None:
        self.facts = self.game.map_facts

    def __init__(self, game, seed: int = 0):
        super().__init__(game, seed)
        n = len(game.units)
        oob = game.oob
        self.hex = [OFF_MAP] * n
        self.facing = [u.facing for u in game.units]
        self.form = [u.formation for u in game.units]
        self.sp = [u.strength for u in game.units]
        self.capt = [0] * n                       # strength points captured (27.21)
        self.flags = [0] * n
        self.rally_left = [u.rally_points for u in game.units]
        self.fate = [0] * n                       # leaders: 17.5 (see LEADER_FATES in command)
        nb, nd = len(oob.brigades), len(oob.divisions)
        self.bce_loss = [0] * nb                  # 24.0: strength points lost by the brigade
        self.bce_out = [False] * nb               # the brigade has reached its BCE limit
        self.attached = [-1 if b.detached else b.division for b in oob.brigades]   # 24.2
        self.brig_cmd = [b.commander for b in oob.brigades]
        self.brig_in_command = [True] * nb        # 16.2, set in each Initial Command Phase
        self.div_cmd = [d.commander for d in oob.divisions]
        self.div_bonus = [0] * nd                 # 25.1-25.2: army Command Points given this Game-Turn
        self.div_cp = [0] * nd                    # 16.3: the division commander's own points left
        self.army_cp = [0, 0]
        self.control = [-1] * len(game.control_hexes)       # 27.22
        self.due = [u.entry_turn for u in game.units]       # 26.44: the Game-Turn a reinforcement is due
        self.entry_at = [u.entry_hex for u in game.units]   # 26.44: its entry hex (moved when blocked)
        self.phasing = game.first_player
        self.mv_unit = -1
        self.mv_mp = 0                            # half Movement Points left to the moving unit
        self.mv_hexes = 0                         # hexes it has entered this move (5.2 one-hex limits)
        self.melees = ()                          # 12.1: declared melees: ((target hex, attackers), ...)
        self.cleared = frozenset()                # 21.43: hexes whose obstacle is gone (a blown-down cornfield)
        self.vp_hex = (0, 0)                      # 27.22: Victory Points for hexes, per side
        self.vp_exit = (0, 0)                     # 27.23
        self.vp_leaders = (0, 0)                  # 27.21: points for enemy leaders lost, per side
        self.entries = ()                         # 26.4: (hex, units entered there this phase)
        self.facts = game.map_facts
        self.units_by_hex = {}
        self._side_sets = [{}, {}]
        self._forms = game.formations_of        # per unit: (fighting Formation, march Formation)
        self.steps_left = None                  # the moving unit's steps, computed with the legal actions

    def clone(self):
        s = self._clone_hex_fields(super().clone())
        s._forms = self._forms
        return s

    # -- unit facts (side_of, kind: engine.hexunits) ---------------------------------------------------
    def is_combat_unit(self, u: int) -> bool:
        return self.game.oob.combat[u]

    def strength(self, u: int) -> int:
        return self.sp[u]

    def form_name(self, u: int) -> str:
        """7.0: the unit's formation by name (``leader`` for a leader)."""
        return self._forms[u][self.form[u]].name

    def formation(self, u: int):
        return self._forms[u][self.form[u]]

    def routed(self, u: int) -> bool:
        return bool(self.flags[u] & ROUTED)

    def pinned(self, u: int) -> bool:
        return bool(self.flags[u] & PINNED)

    def engaged(self, u: int) -> bool:
        return bool(self.flags[u] & ENGAGED)

    def on_map(self, u: int) -> bool:
        return self.hex[u] >= 0

    def night(self) -> bool:
        return False

    # -- where counters are -------------------------------------------------------------------------
    def set_hex(self, u: int, h: int) -> None:
        """Every change of a hex goes through here: ``units_by_hex`` stays exact (a unit arriving
        goes on top) and the derived sets of the unit's side are dropped."""
        old = self.hex[u]
        if old == h:
            return
        self._relocate(u, old, h, in_unit_order=False)
        self.touch(self.game.units[u].side)

    def touch(self, side: int) -> None:
        """Drop the derived sets of ``side`` (its units moved, turned, changed formation or routed)."""
        self._side_sets[side] = {}

    def set_facing(self, u: int, d: int) -> None:
        if self.facing[u] != d:
            self.facing[u] = d
            self.touch(self.game.units[u].side)

    def set_form(self, u: int, f: int) -> None:
        if self.form[u] != f:
            self.form[u] = f
            self.touch(self.game.units[u].side)

    def set_flag(self, u: int, bit: int, on: bool = True) -> None:
        old = self.flags[u]
        new = old | bit if on else old & ~bit
        if new != old:
            self.flags[u] = new
            if bit & (ROUTED | ENGAGED):
                self.touch(self.game.units[u].side)

    def combat_at(self, h: int) -> tuple:
        """The combat units in h, bottom to top."""
        combat = self.game.oob.combat
        return tuple(v for v in self.units_by_hex.get(h, ()) if combat[v])

    def leaders_at(self, h: int) -> tuple:
        combat = self.game.oob.combat
        return tuple(v for v in self.units_by_hex.get(h, ()) if not combat[v])

    def top_unit(self, h: int) -> int:
        """13.4: the combat unit on top of the hex (the last to arrive), -1 if none."""
        combat = self.game.oob.combat
        for v in reversed(self.units_by_hex.get(h, ())):
            if combat[v]:
                return v
        return -1

    def side_set(self, side: int, name: str, build):
        sets = self._side_sets[side]
        found = sets.get(name)
        if found is None:
            found = sets[name] = build(self, side)
        return found

    def occupied(self, side: int) -> frozenset:
        """Hexes holding a combat unit of ``side``."""
        return self.side_set(side, "occ", _occupied)

    def present(self, side: int) -> frozenset:
        """Hexes holding any counter of ``side`` (leaders too)."""
        return self.side_set(side, "any", _present)

    # -- 10.0 zones of control -------------------------------------------------------------------
    def exerts_zoc(self, u: int) -> bool:
        """10.1: combat units in a formation that exerts one (line, dismounted, mounted,
        unlimbered), not routed."""
        return self.game.oob.combat[u] and not self.flags[u] & ROUTED and self.formation(u).zoc

    def zoc(self, side: int) -> frozenset:
        """10.1: the hexes in the zone of control of ``side``: the frontal hexes of its units."""
        return self.side_set(side, "zoc", _zoc)

    def zoc_sources(self, side: int, h: int) -> tuple:
        """The units of ``side`` whose zone of control covers h (10.1), in unit order."""
        facts = self.facts
        out = []
        for n in self.game.board.adjacent[h]:
            for v in self.units_by_hex.get(n, ()):
                if self.game.units[v].side == side and self.exerts_zoc(v) and h in facts.zoc_front[n][self.facing[v]]:
                    out.append(v)
        return tuple(sorted(out))

    # -- 8.0 stacking (stacking.py) -------------------------------------------------------------
    def stack_points(self, h: int, side: int, adding=(), removing=()) -> int:
        return stacking.stack_points(self, h, side, adding, removing)

    def stack_ok(self, h: int, side: int, adding=(), removing=()) -> bool:
        """8.1 (a hook: an exclusive rule may change the limits)."""
        return stacking.stack_ok(self, h, side, adding, removing)

    # -- hooks the exclusive rules override ------------------------------------------------------
    def allowance(self, u: int) -> int:
        """5.1: half Movement Points of a unit's move (exclusive rules may change it)."""
        return self._forms[u][self.form[u]].allowance

    def morale_rating(self, u: int) -> int:
        """15.1: the printed Morale Rating (exclusive rules: dismounted cavalry 2, 21.1)."""
        return self.game.units[u].morale

    def morale_modifier(self, u: int) -> int:
        """15.13: added to a morale, pin or rally roll (a leader stacked: -1; exclusive rules add)."""
        h = self.hex[u]
        if h >= 0 and self.leaders_at(h):
            return self.game.tables.morale_leader_modifier
        return 0

    def may_enter_zoc(self, u: int) -> bool:
        """10.2: may the unit enter an enemy zone of control (5.2 forbids it to routed and
        out-of-command units; exclusive rules add, 24.14)."""
        return True

    def may_retreat_through_zoc(self, u: int) -> bool:
        """23.1 and 24.14: whether a retreat may pass through an enemy zone (else: captured)."""
        return True

    def may_initiate_melee(self, u: int) -> bool:
        """12.1 (exclusive rules forbid some: BCE 24.12, dismounted cavalry 21.11)."""
        return True

    def may_melee_target(self, u: int, t: int) -> bool:
        """12.1: may u melee the units in t (21.11 limits dismounted cavalry)."""
        return True

    def fire_column_shift(self, firers: tuple) -> int:
        """9.5: shifts from the firers themselves (24.13: BCE one column left)."""
        return 0

    def must_retreat_before_melee(self, v: int, attackers: tuple) -> bool:
        """12.9: defenders that must retreat before melee (21.12)."""
        return False

    def retreat_directions(self, u: int):
        """23.0: the directions (0-5) a retreat may take, or None for the standard rule (away
        from the enemy, 12.8)."""
        return None

    def wrong_way_captures(self, u: int) -> bool:
        """23.1: whether a unit with no hex but the wrong way is captured (else eliminated)."""
        return True

    def may_exit(self, u: int, h: int) -> bool:
        """27.23: whether u may leave the map from h in its Movement Phase."""
        return False

    def exited_from(self, u: int, h: int) -> None:
        pass

    def after_fire(self, target: int, firers: tuple, distance: int) -> None:
        """After a fire into ``target`` (21.43: cornfields blown down)."""

    def on_entered(self, u: int, h: int) -> None:
        """After u entered h by moving, retreating, advancing or arriving (27.22 control)."""

    def on_player_turn_start(self, side: int) -> None:
        pass

    def on_player_turn_end(self, side: int) -> None:
        pass

    def on_turn_end(self) -> None:
        pass

    def on_game_end(self) -> None:
        pass

    def on_strength_lost(self, u: int, n: int, captured: bool) -> None:
        """After u lost n strength points: the brigade's BCE track (bce.py, 24.0)."""
        bce.strength_lost(self, u, n)

    # -- positions (``position``) --------------------------------------------------------------------
    GAME_FRAMES: dict = {}          # the frames of a game's exclusive rules and their arguments' kinds

    def position_extra(self) -> dict:
        """A game's own fields for positions."""
        return {}

    def load_extra(self, r, extra: dict) -> None:
        """Read back ``position_extra`` strictly with the Reader ``r`` (engine.positions)."""

    def check_position(self, r) -> None:
        """Once a position is read: what the game alone can check (its frames' arguments)."""


def _occupied(s, side):
    hexes, combat = s.hex, s.game.oob.combat_units[side]
    return frozenset(hexes[u] for u in combat if hexes[u] >= 0)


def _present(s, side):
    hexes = s.hex
    return frozenset(hexes[u] for u in s.game.oob.side_units[side] if hexes[u] >= 0)


def _zoc(s, side):
    front, hexes, facing = s.facts.zoc_front, s.hex, s.facing
    out = set()
    for u in s.game.oob.combat_units[side]:
        h = hexes[u]
        if h >= 0 and s.exerts_zoc(u):
            out.update(front[h][facing[u]])
    return frozenset(out)

"""The base State of a Blue & Gray game: units on a hex board, the standard queries (zones of
control, terrain costs, stacking) and the hooks a game's exclusive rules override.

Unit status is the unit's hex: an index on the board, or ``OFF_MAP`` (not yet arrived, or set
aside), ``ELIMINATED``, ``EXITED``. Everything mutable is a flat list or a scalar, so the
engine's Machine clones it cheaply and positions save it exactly.
"""

from __future__ import annotations

from fractions import Fraction

from ...engine.actions import Action
from ...engine.hexunits import HexUnits
from ...engine.machine import Machine
from .mapfacts import LINES, map_facts

OFF_MAP, ELIMINATED, EXITED = -1, -2, -3
UNION, CONFEDERATE = 0, 1
ROADS = ("road", "pike")
CROSSINGS = ("bridge", "pontoon", "ford", "ferry")   # the cheapest first (move_cost takes the first)

BASE_LIST_FIELDS = ("hex", "moved", "attacked", "defended", "retreated", "strat", "entry_count", "ineffective")
BASE_SCALAR_FIELDS = ("phasing", "mv_unit", "mv_mp", "mv_mode")

NORMAL, STRATEGIC, DOUBLE_QUICK = 0, 1, 2


class BGState(HexUnits, Machine):
    """Standard-rules state. Games subclass it, add fields and override the hooks."""

    SIDES = ("union", "confederate")
    LIST_FIELDS = BASE_LIST_FIELDS
    SCALAR_FIELDS = BASE_SCALAR_FIELDS
    EXIT_RULE = "19.3"                     # the exclusive rule that lets units leave the map
    __slots__ = BASE_LIST_FIELDS + BASE_SCALAR_FIELDS + ("facts", "units_by_hex", "_side_sets", "steps_left")
    FROM_GAME = ("facts",)

    def restore_from_game(self) -> None:
        self.facts = map_facts(self)

    def __init__(self, game, seed: int = 0):
        super().__init__(game, seed)
        n = len(game.units)
        self.hex = [OFF_MAP] * n
        self.moved = [False] * n
        self.attacked = [False] * n
        self.defended = [False] * n
        self.retreated = [False] * n
        self.strat = [False] * n
        self.ineffective = [False] * n      # 12 (Attack Effectiveness, optional)
        self.entry_count = [0] * len(game.entry_hexes)
        self.phasing = game.first_player
        self.mv_unit = -1
        self.mv_mp = 0
        self.mv_mode = NORMAL
        self.facts = map_facts(self)       # static tables of the map, shared by every state
        self.units_by_hex = {}             # hex -> the units there, in unit order (read only; set_hex)
        self._side_sets = [{}, {}]         # per side: occupied hexes, zone of control...
        self.steps_left = None             # the moving unit's steps (hex -> MP left), computed
                                           # with the legal actions and valid as long as they are

    def clone(self):
        # the side sets are shared, not copied: a side's dict is replaced (never emptied) when one
        # of its units moves, so all who share it have that side's units where they were when filled
        return self._clone_hex_fields(super().clone())

    # -- unit facts (side_of, kind: engine.hexunits) ------------------------------------------------
    def is_combat_unit(self, u: int) -> bool:
        """7.4: units without combat strength (a train) have no zone of control and never fight."""
        return self.game.units[u].type != "train"

    def strength(self, u: int, engaged=None) -> int:
        """Combat strength: printed (2.0), plus an exclusive rule's bonus (``strength_bonus``).
        ``engaged``: in an attack, the units of u's side taking part (attackers or defenders)."""
        bonus = self.strength_bonus(u, engaged)
        return self.game.units[u].strength + (bonus[2] if bonus else 0)

    def strength_bonus(self, u: int, engaged=None):
        """(label, rule, points) an exclusive rule adds to a unit's strength (Hooker and Lee
        23.55: a leader of more than one star; 23.52: in an attack, ``engaged`` being u's side's
        units in it, only its highest ranking leader), or None. None in the standard rules."""
        return None

    def night(self) -> bool:
        return self.turn in self.game.night_turns

    # -- where units are --------------------------------------------------------------------------
    # Every change of a hex goes through set_hex, which keeps ``units_by_hex`` (hex -> the units there,
    # in unit order) exact and drops the derived sets of the moving unit's side only: while one
    # side moves, the other side's occupied hexes and zone of control stay valid.
    def set_hex(self, u: int, h: int) -> None:
        old = self.hex[u]
        if old == h:
            return
        self._relocate(u, old, h, in_unit_order=True)
        self._side_sets[self.facts.unit_side[u]] = {}
        self.on_hex_changed(u, old, h)

    def by_hex(self) -> dict:
        """Hex -> the units in it (read only)."""
        return self.units_by_hex

    def occupied(self, side: int) -> frozenset:
        """Hexes holding a unit of ``side`` (a train counts: it is a unit, 18.2)."""
        sets = self._side_sets[side]
        occ = sets.get("occ")
        if occ is None:
            hexes = self.hex
            occ = sets["occ"] = frozenset(hexes[u] for u in self.game.side_units[side] if hexes[u] >= 0)
        return occ

    def combat_occupied(self, side: int) -> frozenset:
        sets = self._side_sets[side]
        occ = sets.get("cocc")
        if occ is None:
            hexes = self.hex
            occ = sets["cocc"] = frozenset(hexes[u] for u in self.facts.combat_units[side] if hexes[u] >= 0)
        return occ

    def near(self, side: int, k: int) -> frozenset:
        """The hexes k hexes or less from a combat unit of ``side`` (6.41, 6.44)."""
        sets = self._side_sets[side]
        key = ("near", k)
        found = sets.get(key)
        if found is None:
            within = self.game.board.within
            found = sets[key] = frozenset().union(*[within(h, k) for h in self.combat_occupied(side)])
        return found

    def side_set(self, side: int, name: str, build):
        """``build(state, side)``, kept until a unit of ``side`` changes hex: for sets of hexes
        that depend only on where that side's units are."""
        sets = self._side_sets[side]
        found = sets.get(name)
        if found is None:
            found = sets[name] = build(self, side)
        return found

    # -- 7.0 zones of control ------------------------------------------------------------------
    def zoc_crosses(self, a: int, b: int) -> bool:
        """7.3: a zone does not extend across a hexside whose feature blocks it (a creek, a
        river) unless a bridge or ford crosses it there."""
        feats = self.game.board.features(a, b)
        if not feats:
            return True
        hs = self.game.tables.hexsides
        if any(hs[f]["blocks_zoc"] for f in feats if f in hs):
            return any(f in feats for f in CROSSINGS)
        return True

    def zoc(self, side: int) -> frozenset:
        """7.0-7.1: the hexes in the zone of control of ``side``'s combat units."""
        sets = self._side_sets[side]
        z = sets.get("zoc")
        if z is None:
            reach = self.facts.zoc_reach
            z = sets["zoc"] = frozenset().union(*[reach[h] for h in self.combat_occupied(side)])
        return z

    def in_zoc(self, side: int, h: int) -> bool:
        """Whether h is in the zone of control of ``side`` (7.0-7.1), without building the whole
        zone when that side has just moved (a zone crosses a hexside both ways or neither, 7.3)."""
        z = self._side_sets[side].get("zoc")
        if z is not None:
            return h in z
        at, facts = self.units_by_hex, self.facts
        combat, sides = facts.is_combat, facts.unit_side
        for n in facts.zoc_reach[h]:
            for v in at.get(n, ()):
                if sides[v] == side and combat[v]:
                    return True
        return False

    def in_enemy_zoc(self, u: int) -> bool:
        h = self.hex[u]
        return h >= 0 and h in self.zoc(1 - self.facts.unit_side[u])

    # -- 6.2 / 10.1 terrain costs ------------------------------------------------------------------
    def move_cost(self, u: int, a: int, b: int):
        """6.2, 10.1: MP for unit u to enter b from a, or None if it may not. A road or trail
        hexside replaces the hex's cost; creek, stream, ford and bridge hexsides add to it or
        forbid it (terrain.toml)."""
        g = self.game
        kind = g.units[u].type
        if kind == "leader":
            kind = "cavalry"                         # decision: leaders pay what cavalry pays (23.51)
        feats = g.board.features(a, b)
        hs = g.tables.hexsides
        road = any(f in feats for f in ROADS)
        if kind == "train":                          # the train's own movement rule is the game's
            return 1 if road else None
        if road:
            cost = hs["road"]["mp"][kind]
        elif "trail" in feats:
            into = hs["trail"]["mp_into"]
            cost = into["clear"] if g.board.terrain[b] == "clear" else into["other"]
        else:
            cost = g.tables.terrain[g.board.terrain[b]]["mp"].get(kind)
            if cost is None:
                return None
        crossing = [f for f in CROSSINGS if f in feats]
        water = [f for f in feats if f in hs and hs[f]["add"] and f not in CROSSINGS]
        if crossing:
            add = hs[crossing[0]]["add"].get(kind, 0)
            if add is None:
                return None
            cost += 0 if road else add               # 10.1: a bridge or ford on a road costs as the road
        elif water:
            for f in water:
                add = hs[f]["add"].get(kind, 0)
                if add is None:
                    return None
                cost += add
        return cost

    def can_attack_across(self, a: int, b: int) -> bool:
        """8.1, 10.1: no attack across a creek or river hexside except at a bridge or ford."""
        feats = self.game.board.features(a, b)
        hs = self.game.tables.hexsides
        if any(f in hs and not hs[f]["attack_across"] for f in feats):
            return any(f in feats for f in CROSSINGS)
        return True

    def across_modifier(self, a: int, b: int):
        """8.4: (label, rule, multiplier) of a unit attacking from a into b across a hexside that
        weakens it (water: halved), or None. A fact of the map, so MapFacts keeps the answers."""
        feats = self.game.board.features(a, b)
        hs = self.game.tables.hexsides
        worst = min((f for f in feats if f in hs and hs[f]["attacker"] < 1), key=lambda f: hs[f]["attacker"],
                    default=None)
        if worst is None:
            return None
        return (f"attacks across a {worst} hexside", hs[worst]["rule"], hs[worst]["attacker"])

    def blocks_los(self, h: int) -> bool:
        """9.3: hexes whose terrain blocks a line of sight."""
        return self.game.tables.terrain[self.game.board.terrain[h]]["blocks_los"]

    # -- hooks the exclusive rules override ------------------------------------------------------
    def stack_ok(self, h: int, side: int, adding=(), removing=()) -> bool:
        """6.32: at most two friendly units in a hex (exclusive rules change it, but a unit
        alone in a hex always fits: movement does not ask about empty hexes). ``removing``:
        units that leave the hex as ``adding`` enter it (displacement, 8.8)."""
        units = [v for v in self.units_at(h) if v not in adding and v not in removing] + list(adding)
        return len(units) <= 2

    def movement_allowance(self, u: int) -> int:
        return self.game.units[u].movement

    def normal_allowance(self, u: int) -> int:
        """MP of a normal (not strategic) move; exclusive rules raise it (19.51)."""
        return self.movement_allowance(u)

    def suffers(self, v: int, bombard_only: bool) -> bool:
        """Whether a defending unit suffers the result (18.1: not the train after a bombardment)."""
        return True

    def strategic_bonus(self, u: int) -> int:
        """6.42-6.43, 6.46: +2 MP (+4 cavalry), one less at night."""
        bonus = 4 if self.kind(u) == "cavalry" else 2
        if self.night():
            bonus -= self.game.tables.night["strategic_bonus_reduction"]
        return bonus

    def may_move(self, u: int) -> bool:
        """Whether u may be selected to move at all this phase (restrictions, 6.1)."""
        return self.is_combat_unit(u)

    def may_march(self, u: int) -> bool:
        """6.4 and exclusive limits on strategic movement (a train never marches, 18.4)."""
        return self.facts.unit_kind[u] != "train"

    def may_enter(self, u: int, a: int, b: int) -> bool:
        """Exclusive-rule limits on entering b from a (restricted divisions, artillery)."""
        return True

    def entry_limited(self, u: int) -> bool:
        """Whether may_enter can refuse u anything now (False lets movement skip asking it)."""
        return False

    def move_mode(self, u: int) -> int:
        """The mode of a normal move (exclusive rules: Bowen's double-quick, 19.51)."""
        return NORMAL

    def exited_from(self, u: int, h: int) -> None:
        """Bookkeeping when u leaves the map from h (exclusive rules score it)."""

    def may_exit(self, u: int, h: int) -> bool:
        """Whether u may leave the map from h in its Movement Phase (exclusive rules)."""
        return False

    def combat_morale(self, result: str, attackers: tuple, defenders: tuple) -> None:
        """12: the morale effects of a combat result on the adjacent attackers and the defenders
        who suffer it, before anyone retreats. Standard: Attack Effectiveness (optional) makes
        repulsed attackers ineffective; the revised morale (``revised_morale``) is a game's."""
        if result == "Ar":
            from . import morale
            morale.attackers_repulsed(self, attackers)

    def may_attack(self, u: int) -> bool:
        """12: an ineffective unit (Attack Effectiveness) may not attack."""
        return self.is_combat_unit(u) and not self.ineffective[u]

    def attack_effectiveness(self) -> bool:
        """12: whether the optional Attack Effectiveness rule is in play (a game option)."""
        return False

    def stacks_attack_as_one(self) -> bool:
        """8.2: whether the units of a stack attack the same target together, one of them
        withheld at most (S75 7.22; the series' games). Games may offer the split as an option."""
        return True

    def may_bombard(self, u: int) -> bool:
        return self.kind(u) == "artillery"

    def artillery_range(self, u: int) -> int:
        """9.1: a fact of the unit, never of the position (MapFacts tabulates the longest)."""
        return self.game.units[u].range

    # Modifications of strength and of the die: each is (label, rule, value), so that the
    # program applies them and a preview can list them (8.3). A multiplier is a Fraction.
    def range_modifier(self, u: int, distance: int):
        """9.1: artillery bombarding at range 3 has two-thirds of its strength (rounded to the
        nearest whole number, at least 1, by ``artillery.bombard_strength``); None closer."""
        return ("bombards at range 3", "9.1", Fraction(2, 3)) if distance >= 3 else None

    def attack_modifiers(self, u: int, targets: tuple, bombarding: bool) -> tuple:
        """8.3 step 1: the unit's own multipliers other than range and water (exclusive rules
        add them: a restricted division halved, a counterattack tripled)."""
        return ()

    def defence_modifiers(self, h: int) -> tuple:
        """Exclusive-rule multipliers of a defending hex (none in the standard rules)."""
        return ()

    def obligation_side(self, a: int, b: int) -> bool:
        """8.1: whether adjacency across a-b creates a compulsory attack (19.15 exempts some)."""
        return self.can_attack_across(a, b)

    def die_modifiers(self, targets: tuple, attackers: tuple) -> tuple:
        """Exclusive-rule modifiers of the combat die, (label, rule, amount). Asked first when
        an attack is resolved, so a rule may decide there whether its bonus applies (19.52)."""
        return ()

    def may_retreat(self, u: int) -> bool:
        """Exclusive rules: units that are eliminated instead of retreating (a train, 18.1)."""
        return True

    def may_advance(self, u: int) -> bool:
        return self.is_combat_unit(u)

    def after_result(self, targets: tuple, attackers: tuple, result: str) -> None:
        """After a result's immediate effects (exclusive rules: train, releases)."""

    def after_advance(self, u: int, frame) -> None:
        """After a unit advanced (exclusive rules: longer advances, 19.53)."""

    # events
    def on_hex_changed(self, u: int, old: int, new: int) -> None:
        """After any change of u's hex (set-up, move, entry, exit, retreat, advance, removal):
        for rules that must see every change as it happens (Champion Hill 21.2's control).
        It runs on the hot path: keep it to a table lookup when nothing is concerned."""

    def on_moved(self, u: int, h: int) -> None:
        """After u entered h by moving, retreating or advancing (control, train checks)."""

    def on_movement_start(self, side: int) -> None:
        pass

    def on_attack(self, targets: tuple, attackers: tuple, bombard_only: bool, result: str) -> None:
        pass

    def on_player_end(self, side: int) -> None:
        pass

    def on_turn_end(self) -> None:
        pass

    def on_game_end(self) -> None:
        pass

    def on_eliminated(self, u: int) -> None:
        pass

    def obligations(self) -> dict:
        """8.1, in the phasing player's Combat Phase: the units that must still attack and the
        enemy units that must still be attacked (ids). Empty outside a Combat Phase."""
        from .combat import open_obligations
        frame = self.stack[-1] if self.stack and not self.over else None
        if frame is None or frame[0] not in ("combat", "declare"):
            return {}
        ids = [u.id for u in self.game.units]
        todo = open_obligations(self, frame[1])
        return {"side": self.SIDES[frame[1]], "attack": sorted(ids[u] for k, u in todo if k == "attack"),
                "defend": sorted(ids[v] for k, v in todo if k == "defend")}

    def preview(self, action: Action) -> dict:
        """Exact odds of an attack: for ``resolve`` the pending declaration, for ``attack`` h
        every eligible unit against h; for a retreat's or an advance's choice, where it leads."""
        from .choice_preview import CHOICE_FRAMES, preview_choice
        from .combat import candidates
        from .preview import preview
        if action not in self.legal_actions():   # only a choice on offer has odds to show
            raise ValueError(f"{self.game.describe(action)} is not a legal action now: no preview")
        self = self.clone()                      # a preview never changes the state
        frame = self.stack[-1] if self.stack else None
        if frame and frame[0] in CHOICE_FRAMES:
            return preview_choice(self, action)  # where a retreat or an advance would lead
        if action.kind in ("resolve", "resolve_at") and frame and frame[0] == "declare":
            if not frame[3]:
                return {}                        # nothing declared yet: no attack to show
            return preview(self, frame[2], frame[3], action.a if action.kind == "resolve_at" else None)
        if action.kind in ("attack", "target") and frame:
            targets = (action.a,) if action.kind == "attack" else frame[2] + (action.a,)
            side = frame[1]
            return preview(self, targets, tuple(candidates(self, side, targets)))
        if action.kind == "attacker" and frame and frame[0] == "declare":
            return preview(self, frame[2], frame[3] + (action.a,))
        return {}

    def eliminate(self, u: int, rule: str, why: str) -> None:
        at = self.hex[u]
        self.set_hex(u, ELIMINATED)
        self.note(rule, f"{self.game.units[u].name} is eliminated ({why}).",
                  data={"kind": "eliminated", "unit": self.game.units[u].id,
                        "at": self.game.board.ids[at] if at >= 0 else None})
        self.on_eliminated(u)

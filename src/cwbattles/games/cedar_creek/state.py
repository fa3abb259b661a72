"""The mutable state of a Cedar Creek game.

A handful of flat lists indexed by unit, zone or marker and a few counters, on top of the
engine's decision machine (``engine.machine``: the stack of frames, the dice, the log).
Rules live in the chapter modules above it (placement, sequence, activation, movement, combat,
retreat, victory); each registers the frames it handles with ``decision`` or ``process`` below.
``game_state.State`` is the state a game plays: this one with every chapter registered and what
front-ends ask of a position (reach, command range, previews, descriptions, the position).
"""

from __future__ import annotations

from ...engine.machine import Machine, Rules

RULES = Rules()
DECISIONS = RULES.decisions   # frame kind -> (legal(state, frame) -> list[Action], apply(state, frame, action))
PROCESSES = RULES.processes   # frame kind -> run(state, frame)
decision = RULES.decision
process = RULES.process

OFF_MAP, ELIMINATED = -1, -2
UNION, CONFEDERATE = 0, 1

_LIST_FIELDS = ("zone", "losses", "fatigue", "routed", "facing", "line", "mounted", "acted", "attack",
                "charging", "hq_zone", "hq_active", "marker_zone", "marker_value", "marker_moved", "control", "div_done",
                "combats")
_SCALAR_FIELDS = ("first", "stamp", "sheridan_turn", "sheridan_in", "retreat_turn",
                  "train_zone", "train_active", "train_moved", "mv_unit", "mv_mp", "mv_moved", "mv_extra",
                  "mv_toggled", "mv_start_zoc", "mv_path", "piece_mp", "early_entered_turn")


def in_tactical_retreat(state) -> bool:
    """6.1: the effects of a tactical retreat last the turn it is ordered."""
    return state.retreat_turn == state.turn


class State(Machine):
    """One position of a Cedar Creek game. Create with ``game.new_game(seed)``."""

    RULES = RULES
    SIDES = ("union", "confederate")
    LIST_FIELDS = _LIST_FIELDS
    SCALAR_FIELDS = _SCALAR_FIELDS
    __slots__ = _LIST_FIELDS + _SCALAR_FIELDS

    def __init__(self, game, seed: int = 0):
        super().__init__(game, seed)
        g = game
        n = g.n_units
        self.zone = [OFF_MAP] * n
        self.losses = [0] * n
        self.fatigue = [0] * n
        self.routed = [False] * n
        self.facing = [-1] * n
        self.line = [0] * n
        self.mounted = [b.cavalry for b in g.brigades]
        self.acted = [0] * n
        self.attack = [-1] * n
        self.charging = [False] * n
        self.hq_zone = [OFF_MAP] * len(g.hq_ids)
        self.hq_active = [False] * len(g.hq_ids)
        self.marker_zone = [OFF_MAP] * g.train.markers      # 7.3: in the train, a zone, or ELIMINATED
        self.marker_value = [g.train.marker_strength] * g.train.markers
        self.marker_moved = [0] * g.train.markers           # the stamp of its last move
        self.control = [z.control for z in g.board.zones]
        self.div_done = [0] * len(g.divisions)
        self.combats = []
        self.first = CONFEDERATE
        self.stamp = 0
        self.sheridan_turn = 0
        self.sheridan_in = False
        self.retreat_turn = 0
        self.train_zone = OFF_MAP
        self.train_active = False
        self.train_moved = False
        self.mv_unit = -1
        self.mv_mp = 0
        self.mv_moved = False
        self.mv_extra = False
        self.mv_toggled = False
        self.mv_start_zoc = False
        self.mv_path = ()       # the zones of the move so far (history, not position: see begin_brigade)
        self.piece_mp = 0
        self.early_entered_turn = 0

    # -- queries the rules share -----------------------------------------------------------
    def side_of(self, u: int) -> int:
        return self.game.brigades[u].side

    def on_map(self, u: int) -> bool:
        return self.zone[u] >= 0

    def set_zone(self, u: int, z: int) -> None:
        """Every change of a unit's zone goes through here: it keeps the caches that stay true
        (the other side's occupancy, this side's zones of control and command paths, both of
        which depend only on the enemy) and updates the zone index in place of rebuilding it."""
        old = self.zone[u]
        self.zone[u] = z
        if old == z:
            return
        side = self.game.brigades[u].side
        cache = self._cache
        kept = {}
        for key, value in cache.items():
            kind = key[0]
            if (kind == "occ" and key[1] != side) or (kind in ("zoc", "cmd") and key[1] == side):
                kept[key] = value
            elif kind == "cohesion" and self.game.brigades[key[1]].side != side:
                kept[key] = value
        by = cache.get("by_zone")
        if by is not None:
            by = dict(by)                      # shared with clones: copy, then change
            if old >= 0:
                rest = [v for v in by[old] if v != u]
                if rest:
                    by[old] = rest
                else:
                    del by[old]
            if z >= 0:
                by[z] = [v for v in range(len(self.zone)) if self.zone[v] == z] if z in by else [u]
            kept["by_zone"] = by
        self._cache = kept

    def _by_zone(self) -> dict:
        by = self._cache.get("by_zone")
        if by is None:
            by = {}
            for u, z in enumerate(self.zone):
                if z >= 0:
                    by.setdefault(z, []).append(u)
            self._cache["by_zone"] = by
        return by

    def brigades_in(self, z: int):
        """The brigades in zone z (a shared list: do not change it)."""
        return self._by_zone().get(z, ())

    def first_line(self, z: int) -> int:
        """The first-line brigade in zone z, or -1."""
        zone, line = self.zone, self.line
        for u in range(len(zone)):
            if zone[u] == z and line[u] == 1:
                return u
        return -1

    def occupied_by(self, side: int) -> frozenset:
        """Zones holding at least one brigade of ``side``."""
        key = ("occ", side)
        occ = self._cache.get(key)
        if occ is None:
            zone, brigades = self.zone, self.game.brigades
            occ = self._cache[key] = frozenset(zone[u] for u in range(len(zone))
                                               if zone[u] >= 0 and brigades[u].side == side)
        return occ

    def barred(self, side: int) -> frozenset:
        """Zones a brigade of ``side`` may not enter (10.5): those holding enemy brigades and,
        for the Union, the zone of the undeployed Confederate train standing alone (7.3)."""
        occ = self.occupied_by(1 - side)
        tz = self.train_zone
        if side == UNION and tz >= 0 and tz not in self.occupied_by(CONFEDERATE):
            return occ | {tz}
        return occ

    def enemy_zoc(self, side: int) -> frozenset:
        """Zones in the zone of control of the enemies of ``side`` (10.2)."""
        key = ("zoc", side)
        zoc = self._cache.get(key)
        if zoc is None:
            zoc_adj = self.game.board.zoc_adj
            out = set()
            for z in self.occupied_by(1 - side):
                out.update(zoc_adj[z])
            zoc = self._cache[key] = frozenset(out)
        return zoc

    def strength(self, u: int) -> int:
        """Current combat strength: the counter's value less its losses (11.4 Losses)."""
        b = self.game.brigades[u]
        base = b.strength if (not b.cavalry or self.mounted[u]) else b.dismounted
        return base - self.losses[u]

    def artillery(self, u: int) -> int:
        """Attached battery value (Union), or the value of the Artillerie marker supporting the
        brigade (Confederate, 7.3)."""
        b = self.game.brigades[u]
        if b.side == UNION:
            return max(0, b.artillery - self.losses[u])
        m = self.marker_of(u)
        return self.marker_value[m] if m >= 0 else 0

    def markers_in(self, z: int) -> list:
        """The Artillerie markers in zone z, the strongest first (7.3)."""
        ms = [m for m, mz in enumerate(self.marker_zone) if mz == z]
        if len(ms) > 1:
            ms.sort(key=lambda m: -self.marker_value[m])
        return ms

    def supported(self, z: int) -> list:
        """7.3: (marker, brigade) pairs in zone z. A marker supports a Confederate brigade it
        stacks with: the strongest marker the first line, the next the second line; any more
        support no one (docs/rules-notes)."""
        if z < 0 or z not in self.marker_zone:
            return []
        brigades = sorted((u for u in self.brigades_in(z) if self.game.brigades[u].side == CONFEDERATE),
                          key=lambda u: self.line[u])
        return list(zip(self.markers_in(z), brigades))

    def marker_of(self, u: int) -> int:
        """The Artillerie marker supporting brigade u, or -1."""
        for m, v in self.supported(self.zone[u]):
            if v == u:
                return m
        return -1

    def sharpshooters(self, u: int) -> int:
        """11.3: potential 2 at full strength, 1 reduced, 0 with a Loss marker."""
        if not self.game.brigades[u].sharpshooters:
            return 0
        return max(0, self.game.tables.combat.sharpshooter_full - self.losses[u])

    def front(self, u: int) -> frozenset:
        z = self.zone[u]
        fronts = self.game.board.front[z]
        return fronts.get(self.facing[u], frozenset())

    def union_hq(self) -> int:
        g = self.game
        return g.SHERIDAN if self.sheridan_in else g.WRIGHT

    def hq_of(self, side: int) -> int:
        return self.union_hq() if side == UNION else self.game.EARLY

    def option(self, name: str, default=None):
        return self.game.options.get(name, default)

    def marker_has_moved(self, m: int) -> bool:
        """7.3: whether Artillerie marker m has had its move: in this Game-Turn (a Confederate
        headquarters step of any round; the default reading, like the HQ and the train), or,
        with the option ``artillerie_moves = "step"``, in this round's headquarters step. A
        marker keeps the stamp of the round it moved or was deployed in; this turn's rounds
        have the stamps above ``stamp - round``."""
        if self.option("artillerie_moves", "turn") == "step":
            return self.marker_moved[m] == self.stamp
        return self.marker_moved[m] > self.stamp - self.round

    def __repr__(self) -> str:
        who = self.to_act or "nobody"
        return f"<cedar-creek turn {self.turn} round {self.round}, {who} to act>"

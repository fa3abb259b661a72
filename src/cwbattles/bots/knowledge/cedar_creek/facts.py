"""What the bots read: the static facts of the game, the weights, and a view of one state.

``Facts`` gathers, once per game, what never changes: the board's distances (movement MP by
``board.shortest``, hops, command MP), each defended zone's best terrain bonus (11.3), the
victory zones and the order of battle as flat lists. ``View`` reads one state once: the
strength of each brigade, who stands first in each zone (10.5), the artillery and sharpshooter
rolls each could make (11.3), and how many rounds are left, which sets how far ahead a brigade
still counts ("horizon"). Every other module works from these two.

The weights are in victory points (4), the evaluation's unit: what a hit, a fatigue level, a
routed brigade... is worth against one step lost.
"""

from __future__ import annotations

from ....games.cedar_creek.combat import terrain_bonus
from ....games.cedar_creek.movement import wharton_entry_zone
from ....games.cedar_creek.state import CONFEDERATE, ELIMINATED, OFF_MAP, UNION  # noqa: F401 (for the modules)

INF = 10 ** 6

# -- weights, in victory points ---------------------------------------------------------------
HIT = 1.1             # a hit: a step lost, or the zone given up and a risk of more
FATIGUE = 0.3         # one fatigue level on a brigade that fights
ROUTED = 0.6          # a routed brigade: out of action, may lose more
FRONT_WEIGHT = 0.3    # share of a possible attack's value counted before it is made
DANGER = 0.5          # share of the enemy's best attack on a brigade, counted where it ends its move
COHESION = 0.4        # a brigade out of its division's reach (10)
COMMAND = 0.2         # a division within its HQ's 8 MP (10)
BATTERY = 0.25        # an Artillerie marker with a brigade (7.3)
OCCUPY = 2.0          # a victory zone held by a brigade standing in it
BLOCK_ENTRY = 0.5      # a friendly brigade kept off the map by a brigade standing in its entry zone (12)
EARLY_ENTRY = 2.0     # a Union zone whose loss opens Early's entry (12, 7.2): command, train, batteries
EARLY_BARRED = 0.25   # a round that Union brigades keep Early off the map (12, 7.2, 10): see command.early_barred
CSA_EARLY = 0.25      # 7.1 / 11.3: the Confederates push on turns 1-3 (activation +2, Union surprise)
STACKED = 0.5         # a Confederate brigade standing with another from turn 4 (11.3 support): see placement


class Facts:
    """What never changes in a game, read once: the board's distances, terrain and victory
    zones, and the order of battle as flat lists (the bots' hot loops index them by number)."""

    def __init__(self, game):
        b = game.board
        self.game = game
        self.t = t = game.tables
        n = self.n = len(b.zones)
        self.adj = b.adj
        self.adjset = [frozenset(a) for a in b.adj]
        self.contact = [frozenset(c) for c in b.contact]
        self.hops = b.hops
        self.front = b.front
        self.move_cost = b.move_cost
        self.command_dist = b.command_dist
        self.mp = [b.shortest(z) for z in range(n)]       # movement MP between any two zones
        self.edge = (b.edge_dist["union"], b.edge_dist["confederate"])
        self.zone_index = b.index
        self.vp = [(z, b.zones[z].vp[0], b.zones[z].vp[1]) for z in game.vp_zones]
        self.vp_value = {z: vu + vc for z, vu, vc in self.vp}
        # 12, 7.2: Early's headquarters enters at Wharton's entry zone once Wharton is in, never
        # into contact with a Union brigade; while he is off the map, the Union brigades in that
        # zone or in contact with it keep him (and so the train and its batteries, 7.3) off
        entry = wharton_entry_zone(game)
        self.early_entry = frozenset({entry}) | frozenset(b.contact[entry])
        self.terrain = {}           # (defended zone, attacking zone) -> the defender's terrain bonus (11.3)
        for (a, d), link in b.links.items():
            if link.passable:
                self.terrain[d, a] = sum(m[2] for m in terrain_bonus(game, d, [a]))
        self.best_terrain = [max([self.terrain.get((z, a), 0) for a in b.adj[z]] or [0]) for z in range(n)]
        self.turns = t.game.turns
        br = game.brigades
        self.units = range(len(br))
        self.side = [x.side for x in br]
        self.division = [x.division for x in br]
        self.star = [x.star for x in br]
        self.printed = [x.strength for x in br]
        d = game.divisions
        self.div_units = [x.brigades for x in d]
        self.div_side = [x.side for x in d]
        self.independent = [x.independent for x in d]
        self.div_first_turn = [x.first_turn for x in d]
        self.div_entry = [tuple(b.entry_zone[e] for e in x.entry if e in b.entry_zone) for x in d]
        self.unit_entry = [self.div_entry[x.division] for x in br]


_FACTS: dict = {}


def facts(game) -> Facts:
    """The facts of ``game``, built on first use."""
    f = _FACTS.get(id(game))
    if f is None or f.game is not game:
        f = _FACTS[id(game)] = Facts(game)
    return f


class View:
    """One state read once for the bots: each brigade's strength, the brigades in each zone,
    the first and second line of each stack (10.5) and the side holding it, the support rolls
    each brigade could make (11.3), and how far ahead brigades still count (``horizon``, in
    zones: about 0.7 a round left, at most 6). ``cache`` keeps what several terms share."""

    __slots__ = ("F", "state", "strength", "by_zone", "first", "second", "zside", "on_map", "rolls",
                 "rounds_left", "horizon", "turn", "cache")

    def __init__(self, state, F: Facts):
        self.F = F
        self.state = state
        zone = state.zone
        strength = [state.strength(u) for u in F.units]
        by_zone = {}
        on_map = ([], [])
        for u in F.units:
            z = zone[u]
            if z >= 0:
                by_zone.setdefault(z, []).append(u)
                on_map[F.side[u]].append(u)
        self.strength = strength
        self.by_zone = by_zone
        self.on_map = on_map
        line = state.line
        first, second, zside = {}, {}, {}
        for z, us in by_zone.items():
            f = next((u for u in us if line[u] == 1), us[0])
            first[z] = f
            second[z] = next((u for u in us if u != f), -1)
            zside[z] = F.side[f]
        self.first, self.second, self.zside = first, second, zside
        rolls = {}                  # 11.3: the potentials of each brigade's rolls, artillery first
        for u in on_map[0] + on_map[1]:
            rolls[u] = [p for p in (state.artillery(u), state.sharpshooters(u)) if p]
        self.rolls = rolls
        self.turn = state.turn
        self.rounds_left = rounds_left(state)
        self.horizon = min(6.0, 1.0 + 0.7 * self.rounds_left)
        self.cache = {}


def rounds_left(state) -> float:
    """Rounds of movement still to come (3 to 5 a turn: about 3.9)."""
    turns = state.game.tables.game.turns
    return (turns - state.turn) * 3.9 + max(0.3, 3.9 - state.round)


def in_contact(V: View, z: int, side: int) -> bool:
    """Zone z touches a zone held by the enemies of ``side``."""
    zside = V.zside
    return any(zside.get(n) == 1 - side for n in V.F.adj[z])

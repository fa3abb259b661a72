"""Static facts for the Cedar Mountain bots: Victory Point hexes and their distance rows, each
side's way forward on the ground (the Confederates east, the Union west: 23.0 names the lines),
objectives, and the weights (in VP)."""

from __future__ import annotations

from functools import lru_cache

UNION, CONFEDERATE = 0, 1
HEX_VP = 2                 # 27.22 a Game-Turn
HOLD = 0.85                # chance an occupied Victory Point hex stays its occupier's next turn
NEAR = 4                   # hexes within which units contest an empty Victory Point hex
CLEAR_HEX = 2.0            # a clear level hex costs 1 MP (2 half points) in every formation (terrain chart)


class Facts:
    def __init__(self, game):
        b = game.board
        self.game = game
        self.board = b
        self.vp_hexes = game.control_hexes
        self.dist = {h: b.distances_from(h) for h in game.control_hexes}
        self.forward = (b.compass.index("W"), b.compass.index("E"))          # printed direction, per side
        self.side = tuple(u.side for u in game.units)
        self.type = tuple(u.type for u in game.units)
        self.combat = game.oob.combat
        self.strength = tuple(u.strength for u in game.units)
        # a unit's loss is worth (27.21): infantry and guns 1 a point, cavalry 2
        self.point_vp = tuple(2.0 if u.type == "cavalry" else 1.0 for u in game.units)
        entries = [game.board.index[h] for h in b.meta.get("places", {}).get("entry_hexes", [])]
        self.entries = tuple(entries)
        self.entry_dist = tuple(min((b.distance(h, e) for e in entries), default=0) for h in range(len(b)))
        areas = game.deployment_areas
        self.union_home = tuple(areas[a][0] for a in sorted(areas))
        self.home_dist = tuple(min((b.distance(h, e) for e in self.union_home), default=0) for h in range(len(b)))


def march_rows(game, target: int, formation: str) -> tuple:
    """Hexes' march cost to ``target`` in ``formation`` (the map's movement costs, 21.31: a road
    hex half a clear one), in clear hexes (a clear hex's cost in that formation = 1): how far a
    column really is from a Victory Point hex, the road counted as the faster way it is."""
    return _march_rows(game, target, formation)


@lru_cache(maxsize=64)
def _march_rows(game, target: int, formation: str) -> tuple:
    """Dial's buckets: the costs are whole half points, so hexes are settled bucket by bucket."""
    mf = game.map_facts
    cost, neighbours = mf.cost[formation], mf.neighbours
    entering = [[] for _ in cost]                  # hex m -> (hex n, cost of the step n -> m)
    for n, row in enumerate(neighbours):
        for k, m in enumerate(row):
            if m is not None and cost[n][k] is not None:
                entering[m].append((n, cost[n][k]))
    unreached = 10 ** 6
    best = [unreached] * len(cost)
    best[target] = 0
    buckets = {0: [target]}
    level = 0
    while buckets:
        for m in buckets.pop(level, ()):
            if best[m] != level:
                continue
            for n, c in entering[m]:
                if level + c < best[n]:
                    best[n] = level + c
                    buckets.setdefault(level + c, []).append(n)
        level += 1
    return tuple(x / CLEAR_HEX for x in best)


@lru_cache(maxsize=4)
def facts(game) -> Facts:
    return Facts(game)


def turns_left(state) -> int:
    """Scorings still to come (27.22: at the end of each Confederate Player-Turn)."""
    return max(0, state.game.turns - state.turn + (1 if state.phasing == UNION or state.turn == 1 else 0))

"""Objectives for the commander: what each formation of a side is trying to do this game-turn.

The four battles store their armies and maps differently (Cedar Creek: brigades in zones joined
by hops; the three hex games: units on hexes), so ``Battlefield`` reads, once per game, the
handful of facts an objective needs in one shape: each combat unit's side and formation (its
division; Cedar Mountain's army leaders form an "army" group), the victory places with the slot
of ``state.control`` that records their holder, and distances on the board. Nothing here is
written for one scenario: the objectives come from those data and the position.

``assign`` gives every formation of the side one objective, re-chosen every game-turn:

- **take** a victory place the side does not hold, or **hold** one it holds that the enemy is
  near (within ``THREAT`` of it): worth more the nearer the formation is, and spread out (a place
  already given to one formation is worth less to the next), so that the army does not crowd
  onto one hex;
- **strike** the nearest enemy formation that is weak where it stands (fewer units within
  ``STRIKE_RANGE`` than ours), when that is worth more than any place;
- a formation still off the map marches from its entry to the place it will be given.

``term`` turns the objectives into an evaluation term in VP from the side's view: a tenth of a
VP for every step a formation's head is nearer its objective and one VP for standing on it, so
that it steers plans that the game's evaluation scores alike without outweighing real VP.
"""

from __future__ import annotations

from dataclasses import dataclass

THREAT = 3            # hexes (or zone hops) within which an enemy unit threatens a held place
STRIKE_RANGE = 4      # how near an enemy formation must be to be a target of a strike
SPREAD = 0.5          # a place's worth to the next formation once one formation has it
DIST_CAP = 20         # distances beyond this count as this far (a formation across the map)
VP_PER_STEP = 0.1     # the evaluation term: VP for each hex (hop) nearer the objective ...
OCCUPY = 1.0          # ... and for standing on a place to take or hold


@dataclass(frozen=True)
class Objective:
    formation: str           # its name as the game's data give it
    kind: str                # "take", "hold", "strike", "march"
    place: int               # the hex (zone) aimed at
    units: tuple             # the formation's combat units
    reason: str              # one line, for the record (issue 29 point 5)


class Battlefield:
    """One game's units, formations, victory places and distances, read once."""

    def __init__(self, game):
        self.game = game
        self.zones = game.name == "cedar-creek"
        units = game.brigades if self.zones else game.units
        self.side = tuple(u.side for u in units)
        self.formation = tuple(self._formation_name(game, u) for u in units)
        self.combat = tuple(getattr(u, "type", "infantry") != "leader" for u in units)
        self.places = self._places(game)            # ((place, control slot, name), ...)
        self._rows: dict = {}

    @staticmethod
    def _formation_name(game, u) -> str:
        if getattr(game, "divisions", None) is not None and u.division >= 0:
            return game.divisions[u.division].name
        if u.division < 0:
            return "army"
        heads = [x.name for x in game.units if x.type == "leader" and x.division == u.division and x.brigade < 0]
        return f"{heads[0].split()[-1]}'s division" if heads else f"division {u.division}"

    def _places(self, game) -> tuple:
        b = game.board
        if self.zones:
            return tuple((z, z, b.zones[z].name) for z in game.vp_zones)   # control is by zone
        if game.name == "chancellorsville":
            hexes = [(h, game.victory_slot[h]) for h in game.victory_hexes]
        else:
            hexes = [(h, i) for i, h in enumerate(game.control_hexes)]
        return tuple((h, slot, b.ids[h] if hasattr(b, "ids") else str(h)) for h, slot in hexes)

    def where(self, state, u: int) -> int:
        """The unit's hex (zone), negative off the map."""
        return state.zone[u] if self.zones else state.hex[u]

    def row(self, place: int) -> list:
        """Distances from ``place`` to every hex (zone), computed once."""
        r = self._rows.get(place)
        if r is None:
            b = self.game.board
            r = self._rows[place] = list(b.hops[place]) if self.zones else list(b.distances_from(place))
        return r

    def distance(self, a: int, b: int) -> int:
        return min(DIST_CAP, self.row(a)[b])


_FIELDS: dict = {}


def battlefield(game) -> Battlefield:
    key = (game.name, id(game))
    bf = _FIELDS.get(key)
    if bf is None:
        bf = _FIELDS[key] = Battlefield(game)
    return bf


def _formations(bf: Battlefield, side_index: int) -> dict:
    out: dict = {}
    for u, s in enumerate(bf.side):
        if s == side_index and bf.combat[u]:
            out.setdefault(bf.formation[u], []).append(u)
    return out


def assign(state, side: str) -> list:
    """One ``Objective`` for each formation of ``side`` (the names of ``state.SIDES``)."""
    bf = battlefield(state.game)
    me = type(state).SIDES.index(side)
    enemy_at = [bf.where(state, u) for u, s in enumerate(bf.side) if s != me and bf.combat[u]]
    enemy_at = [h for h in enemy_at if h >= 0]
    enemy_groups = {name: [h for u in us if (h := bf.where(state, u)) >= 0]
                    for name, us in _formations(bf, 1 - me).items()}
    taken: dict = {}
    out = []
    for name, units in sorted(_formations(bf, me).items()):
        at = [h for u in units if (h := bf.where(state, u)) >= 0]
        if not at:
            out.append(_march(bf, state, name, tuple(units), me, taken))
            continue
        best = None
        for place, slot, pname in bf.places:
            d = min(bf.distance(place, h) for h in at)
            held = state.control[slot] == me
            threatened = any(bf.distance(place, h) <= THREAT for h in enemy_at)
            if held and not threatened:
                continue
            worth = (1.2 if held else 1.0) * SPREAD ** taken.get(place, 0) / (1 + d)
            if best is None or worth > best[0]:
                best = (worth, "hold" if held else "take", place, f"{'hold' if held else 'take'} {pname}"
                        f" ({d} away{', enemy near' if threatened else ''})")
        for ename, ehexes in enemy_groups.items():
            if not ehexes:
                continue
            target = min(ehexes, key=lambda h: min(bf.distance(h, x) for x in at))
            d = min(bf.distance(target, x) for x in at)
            if d > STRIKE_RANGE:
                continue
            theirs = sum(1 for h in ehexes if bf.distance(target, h) <= STRIKE_RANGE)
            ours = sum(1 for h in at if bf.distance(target, h) <= STRIKE_RANGE)
            if ours > theirs:
                worth = 0.8 * (ours - theirs) / ours / (1 + d)
                if best is None or worth > best[0]:
                    best = (worth, "strike", target, f"strike {ename} ({theirs} units against our {ours})")
        if best is None:          # every place ours and quiet: stay near the nearest
            place, _, pname = min(bf.places, key=lambda p: min(bf.distance(p[0], h) for h in at))
            best = (0.0, "hold", place, f"hold {pname} (all quiet)")
        _, kind, place, reason = best
        taken[place] = taken.get(place, 0) + 1
        out.append(Objective(name, kind, place, tuple(units), reason))
    return out


def _march(bf: Battlefield, state, name: str, units: tuple, me: int, taken: dict) -> Objective:
    """A formation not yet on the map: the place it will march to, the nearest one not ours."""
    mine = [p for p in bf.places if state.control[p[1]] != me] or list(bf.places)
    place, _, pname = min(mine, key=lambda p: taken.get(p[0], 0))
    taken[place] = taken.get(place, 0) + 1
    return Objective(name, "march", place, units, f"enter and march on {pname}")


def term(state, objectives: list) -> float:
    """The objectives as VP from their side's view: for each formation, minus VP_PER_STEP for
    every hex (hop) its nearest unit stands from its objective (the head of the formation leads
    the way: a plan gains by moving one unit on, not by shuffling the whole line), and OCCUPY
    when a unit stands on a place it is to take or hold (the evaluation counts a place as good
    as held when only friends are near, though the rules give it to the last side on it)."""
    if not objectives:
        return 0.0
    bf = battlefield(state.game)
    total = 0.0
    for ob in objectives:
        at = [h for u in ob.units if (h := bf.where(state, u)) >= 0]
        if at:
            nearest = min(bf.distance(ob.place, h) for h in at)
            total -= VP_PER_STEP * nearest
            if nearest == 0 and ob.kind in ("take", "hold"):
                total += OCCUPY
    return total


def intentions(objectives: list) -> dict:
    """{formation: one line}: what each formation is doing, for the record and spectators."""
    return {ob.formation: ob.reason for ob in objectives}

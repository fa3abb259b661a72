"""A corps' objective (issue 30): where the idle part of a corps goes, as one.

Each unit's own objective (``movement.Plan.objective``) is the victory hex worth most to it for
the distance, two VP a hex, so a corps far from the enemy stays on the nearest hex its side
holds: Jackson's corps stood on the Mine Road's F2027 from Game-Turn 3 to the end while the
Union kept H1928 and H0328 (40 VP of the margin) in every game. Here the corps weighs the march
as a whole instead:

- **who may go**: a corps' combat units (23.4's corps; the Confederates' two corps) that no enemy
  combat unit is within ``CONTACT`` of, that may move (23.14: a division held by Hooker's orders
  may not), less those **kept to hold** what the side holds: for each held victory hex, the
  friendly units within ``HOLD_RADIUS`` nearest it until their strength covers the enemy's
  within ``THREAT`` of it or on its way to it (the enemy unit's own objective), and always one (23.61 as printed: only a combat unit in the hex at
  the end scores it);
- **where**: each victory hex the side does not hold whose defence the corps' free strength
  covers at ``ODDS`` (the enemy's strength within ``NEAR`` of it or on its way to it, doubled
  by terrain or fieldworks, 8.4 and 10.3), worth twice its VP and five (the swing, as the units'
  own objectives count it) less ``TURN_COST`` VP for each Game-Turn of the march at
  ``MARCH`` hexes a Game-Turn (a Union corps under command control moves only on its roll,
  23.4, so at that share of the speed); a hex it cannot reach with a Game-Turn to spare is out;
  the best, if worth more than nothing;
- **how**: the free units march on an assembly hex ``ASSEMBLE`` from the target, out of reach of
  the enemy, on the side away from the enemy's strength around the target (the flank or rear);
  once ``GATHERED`` of their strength stands within ``NEAR`` of it they all go for the target
  together, and in contact each unit's own objective takes over.

Both sides, every corps, read from the data and the position; nothing names a hex or a corps.
"""

from __future__ import annotations

from math import ceil

from ....games.chancellorsville import command, restrictions
from ....games.chancellorsville.victory import holder
from .facts import NEAR, UNION, facts

CONTACT = 3         # hexes: an enemy combat unit this near engages a unit, which is not free
HOLD_RADIUS = 6     # hexes: the units this near a held victory hex are those that may hold it
THREAT = 10         # hexes: enemy strength this near a held victory hex threatens it (a day's march)
MARCH = 8           # hexes a Game-Turn: six MP, more on roads (6.4) and by forced march (23.22)
TURN_COST = 2.0     # VP a Game-Turn of the corps' march costs (a hex of one unit's costs two)
ODDS = 1.5          # the free strength against the defence that makes a target as good as taken
MIN_MASS = 12       # strength points: fewer free points are no corps' worth of a march
ASSEMBLE = 5        # hexes from the target where the corps gathers
GATHERED = 2 / 3    # share of the free strength within NEAR of the assembly hex before it goes in


class Strike:
    """One corps' march: its free units, the target, the assembly hex and where they go now."""

    def __init__(self, corps: str, units: tuple, target: int, assembly: int, worth: float, gathered: bool):
        self.corps, self.units, self.target, self.assembly = corps, units, target, assembly
        self.worth, self.gathered = worth, gathered

    @property
    def aim(self) -> int:
        return self.target if self.gathered else self.assembly


def _kept(state, side: int, held: list, mine: dict, enemy: dict, heading: dict) -> set:
    """The units that hold what the side holds: for each held victory hex, the nearest friends
    within HOLD_RADIUS until they cover the enemy strength within THREAT of it or on its way to
    it (``heading``: its own objective), and at least one."""
    board = state.game.board
    kept = set()
    for h in held:
        threat = sum(s for e, s in enemy.items() if board.distance(h, state.hex[e]) <= THREAT or heading[e] == h)
        near = sorted((board.distance(h, state.hex[u]), s, u) for u, s in mine.items()
                      if board.distance(h, state.hex[u]) <= HOLD_RADIUS)
        strength = 0
        for i, (_, s, u) in enumerate(near):
            if i and strength >= threat:
                break
            kept.add(u)
            strength += s
    return kept


def _defence(state, t: int, enemy: dict, heading: dict) -> float:
    """The enemy's strength within NEAR of t, doubled by terrain or fieldworks (8.4, 10.3), and
    on its way to t (its own objective; counted at t's terrain)."""
    F, board = facts(state.game), state.game.board
    total = 0.0
    for e, s in enemy.items():
        h = state.hex[e]
        if board.distance(t, h) > NEAR:
            if heading[e] != t:
                continue
            h = t
        total += s * max(F.defence[h], 2 if h in state.fieldworks else 1)
    return total


def _speed(state, side: int, corps: str) -> float:
    """Hexes a Game-Turn: MARCH, at the share of Game-Turns a Union corps may move under 23.4."""
    g = state.game
    if side == UNION and command.active(state) and corps in g.corps_ids:
        roll = g.cavalry_roll if g.corps_ids.index(corps) == g.cavalry_corps else g.corps_roll
        return MARCH * roll / 6.0
    return MARCH


def _centre(board, hexes: list) -> int:
    """The hex among ``hexes`` nearest to all the others (the corps' middle)."""
    return min(hexes, key=lambda a: sum(board.distance(a, b) for b in hexes))


def _assembly(state, t: int, centre: int, enemy: dict) -> int:
    """A hex ASSEMBLE from t, beyond CONTACT of every enemy unit, on the side away from the enemy
    strength around t (within 2 * ASSEMBLE), nearest the corps on a tie."""
    board = state.game.board
    around = [(state.hex[e], s) for e, s in enemy.items() if board.distance(t, state.hex[e]) <= 2 * ASSEMBLE]
    total = sum(s for _, s in around) or 1
    best, where = None, t
    for a in board.within(t, ASSEMBLE):
        if board.distance(t, a) != ASSEMBLE:
            continue
        if any(board.distance(a, state.hex[e]) <= CONTACT for e in enemy):
            continue
        away = sum(s * board.distance(a, h) for h, s in around) / total
        score = away - 0.25 * board.distance(centre, a)
        if best is None or score > best:
            best, where = score, a
    return where


def strikes(state, side: int, own_objective) -> list:
    """Each corps of ``side`` with free strength and a target worth its march: a ``Strike``.
    ``own_objective(u)`` is the hex u's own objective (``movement.Plan``) sends it to, for the
    units of both sides: a free unit is idle when that hex is one its side holds, on the march
    when it is the corps' target; an enemy unit threatens the hex it goes for."""
    g, F = state.game, facts(state.game)
    board = g.board
    units = [u for u in g.side_units[side] + g.side_units[1 - side]
             if not F.leader[u] and state.hex[u] >= 0]
    mine = {u: state.strength(u) for u in units if F.side[u] == side}
    enemy = {u: state.strength(u) for u in units if F.side[u] != side}
    slot = g.victory_slot
    held = [h for h, _ in F.victory if holder(state, slot[h]) == side]
    heading = {e: own_objective(e) for e in enemy}
    kept = _kept(state, side, held, mine, enemy, heading)
    turns_left = g.turns - state.turn
    corps: dict = {}
    for u in mine:
        if u in kept or not restrictions.may_move(state, u):
            continue
        if any(board.distance(state.hex[u], state.hex[e]) <= CONTACT for e in enemy):
            continue
        corps.setdefault(g.units[u].corps, []).append((u, own_objective(u)))
    out = []
    for name, free in sorted(corps.items()):
        idle = [u for u, aim in free if aim in held]
        speed = _speed(state, side, name)
        best = None
        for t, vp in F.victory:
            if t in held:
                continue
            group = idle + [u for u, aim in free if aim == t]
            mass = sum(mine[u] for u in group)
            if mass < MIN_MASS:
                continue
            centre = _centre(board, [state.hex[u] for u in group])
            turns = ceil(board.distance(centre, t) / speed)
            if turns + 1 > turns_left:
                continue
            defence = _defence(state, t, enemy, heading)
            if mass < ODDS * defence:
                continue
            worth = 2.0 * (vp + 5.0) - TURN_COST * turns
            if worth > 0 and (best is None or worth > best[0]):
                best = (worth, t, group, mass, centre, defence)
        if best is None:
            continue
        worth, t, group, mass, centre, defence = best
        assembly = _assembly(state, t, centre, enemy)
        there = sum(mine[u] for u in group if board.distance(assembly, state.hex[u]) <= NEAR)
        nearer = any(board.distance(t, state.hex[u]) < ASSEMBLE for u in group)
        gathered = defence <= 0 or there >= GATHERED * mass or nearer
        out.append(Strike(name, tuple(group), t, assembly, worth, gathered))
    return out


_AIMS: dict = {}


def aims(state, side: int, own_objective) -> dict:
    """{unit: the hex its corps' strike sends it to} for the free units of every striking corps,
    kept for the position (read at every step of every unit's move)."""
    key = (id(state.game), side, state.turn, tuple(state.hex), tuple(state.released))
    found = _AIMS.get(key)
    if found is None:
        if len(_AIMS) > 64:
            _AIMS.clear()
        found = _AIMS[key] = {u: s.aim for s in strikes(state, side, own_objective) for u in s.units}
    return found

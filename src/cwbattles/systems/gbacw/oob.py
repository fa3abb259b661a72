"""The order of battle of a GBACW game (2.0, 3.0): regiments, batteries and leaders, grouped in
brigades and divisions, as read from a game's data file. Everything here is static and shared by
every state; the mutable side (where units are, their strength) lives in the State.

One index space holds combat units and leaders alike (``units``), so that one list of hexes
places every counter. Each brigade also gets an anonymous replacement commander and each division
an anonymous division commander (17.8: the "Repl" box of the OB Roster), off the map until needed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.datafile import Checker
from ...engine.errors import DataError
from .tables import FORMS

SIDES = ("union", "confederate")
TYPES = ("infantry", "cavalry", "artillery", "leader")
RANKS = ("army", "division", "brigade")
DIRECTION_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
MARCH_NAMES = ("column", "mounted", "limbered")


@dataclass(frozen=True)
class Unit:
    index: int
    id: str
    name: str
    side: int
    type: str                 # infantry | cavalry | artillery | leader
    brigade: int = -1         # combat units: their brigade (-1 independent, 5.3); brigade leaders: theirs
    division: int = -1        # the division the unit or leader belongs to (-1 none)
    strength: int = 0         # strength points (guns for a battery)
    morale: int = 0           # Morale Rating (15.1)
    weapon: str = ""          # 9.3: weapon code (infantry, cavalry) or gun type (artillery)
    rank: str = ""            # leaders: army | division | brigade
    radius: int = 0           # leaders: Effectiveness Radius (brigade) or Divisional Integrity Radius (division)
    command_points: int = 0   # 16.3, 25.1: division and army leaders
    rally_points: int = 0     # 17.13
    setup: int = -1           # hex at start, -1 none
    facing: int = 0           # facing at start (direction index, 6.1)
    formation: int = 0        # 0 fighting formation, 1 march formation (7.0)
    entry_turn: int = 0       # reinforcements (26.4): Game-Turn and hex of entry
    entry_hex: int = -1
    area: str = ""            # 26.2: deployment area
    anonymous: bool = False   # 17.8: an anonymous replacement leader
    counter: str = ""
    melee_bonus: int = 0      # 17.4: strength a leader adds to a melee
    column_order: int = 0     # 26.41: place in the historical entry column


@dataclass(frozen=True)
class Brigade:
    index: int
    id: str
    name: str
    side: int
    division: int             # -1: independent brigade (Early, 5.3)
    commander: int            # leader unit index
    replacement: int          # anonymous replacement leader unit index (17.8)
    bce_limit: int            # 24.0: strength points lost before the brigade loses effectiveness (0 = no track)
    bce_vp: int
    detached: bool            # enters detached (Thomas, 24.2)
    units: tuple = field(default=())
    area: str = ""            # 26.2: Union deployment area


@dataclass(frozen=True)
class Division:
    index: int
    id: str
    name: str
    side: int
    commander: int
    successors: tuple         # 25.32-25.33: brigade commanders in order of promotion
    replacement: int          # anonymous division commander (17.8)
    brigades: tuple = field(default=())


def formation_index(source: str, key: str, unit_type: str, value) -> int:
    names = FORMS[unit_type]
    if value not in names:
        raise DataError(source, key, f"a {unit_type} unit's formation is {' or '.join(names)}, got {value!r}")
    return names.index(value)


class OrderOfBattle:
    """The combat units, leaders, brigades and divisions of both sides, with lookups."""

    def __init__(self, units: list, brigades: list, divisions: list, army: tuple):
        self.units = tuple(units)
        self.brigades = tuple(brigades)
        self.divisions = tuple(divisions)
        self.army = army                                  # per side: the army commander's index, or -1
        self.unit_index = {u.id: u.index for u in units}
        self.brigade_index = {b.id: b.index for b in brigades}
        self.division_index = {d.id: d.index for d in divisions}
        self.side_units = tuple(tuple(u.index for u in units if u.side == s) for s in (0, 1))
        self.combat = tuple(u.type != "leader" for u in units)
        self.combat_units = tuple(tuple(u for u in self.side_units[s] if self.combat[u]) for s in (0, 1))
        self.leaders = tuple(tuple(u for u in self.side_units[s] if not self.combat[u]) for s in (0, 1))


def build_oob(source: str, doc: dict, board) -> OrderOfBattle:
    """Read an order-of-battle file (the format of games/cedar_mountain/data/oob.toml, whose
    header defines the fields): [[leader]] (id, name, side, role army | division | brigade,
    command, command_points, integrity_radius, effectiveness_radius, rally_points, melee_bonus,
    entry_turn + entry_hex or area + setup), [[division]] (id, name, side, commander,
    replacements; a "division" whose commander is an army leader is the army's own record),
    [[brigade]] (id, name, side, division, commander, bce_limit, bce_vp, detached, area) and
    [[unit]] (id, name, side, type, brigade, strength, weapon or gun_code, morale, entry_turn +
    entry_hex + column_order or area + setup). Facing and formation at set-up: [meta]
    default_<side>_facing (a compass name of the map) and default_<side>_formation, or the unit's
    own ``facing`` and ``formation`` (an addition of the system's tests)."""
    meta = doc.get("meta", {})

    def hex_of(c: Checker, key: str) -> int:
        h = c.get(key, str, "")
        if not h:
            return -1
        if h not in board.index:
            c.fail(key, f"hex {h} is not on the map")
        return board.index[h]

    def side_of(c: Checker) -> int:
        return SIDES.index(c.choice("side", SIDES))

    def compass_index(c: Checker, key: str, value) -> int:
        if value not in board.compass:
            c.fail(key, f"a facing is one of the map's directions {', '.join(board.compass)}, got {value!r}")
        return board.compass.index(value)

    leaders_raw = _tables(source, doc, "leader")
    units_raw = _tables(source, doc, "unit")
    div_docs = _tables(source, doc, "division")
    brig_docs = _tables(source, doc, "brigade")
    if not units_raw:
        raise DataError(source, "unit", "list the combat units as [[unit]] tables")
    roles = {Checker(source, t, f"leader[{i}]").get("id", str): t.get("role") for i, t in enumerate(leaders_raw)}
    div_docs = [(i, t) for i, t in enumerate(div_docs) if roles.get(t.get("commander")) != "army"]
    div_ids = [Checker(source, t, f"division[{i}]").get("id", str) for i, t in div_docs]
    brig_ids = [Checker(source, t, f"brigade[{i}]").get("id", str) for i, t in enumerate(brig_docs)]
    brig_div = {}
    for i, t in enumerate(brig_docs):
        c = Checker(source, t, f"brigade[{i}]")
        d = c.get("division", str, "")
        if d and d not in div_ids:
            c.fail("division", f"unknown division {d!r}")
        brig_div[brig_ids[i]] = div_ids.index(d) if d else -1
    units: list = []
    ids: set = set()

    def add(key, **kw):
        if kw["id"] in ids:
            raise DataError(source, key, f"duplicate id {kw['id']!r}")
        ids.add(kw["id"])
        units.append(Unit(index=len(units), **kw))
        return units[-1].index

    army = [-1, -1]
    for i, t in enumerate(leaders_raw):
        c = Checker(source, t, f"leader[{i}]")
        role = c.choice("role", RANKS)
        side = side_of(c)
        cmd = c.get("command", str, "")
        bi = brig_ids.index(cmd) if role == "brigade" and cmd in brig_ids else -1
        if role == "brigade" and bi < 0:
            c.fail("command", f"unknown brigade {cmd!r}")
        if role == "division" and cmd not in div_ids:
            c.fail("command", f"unknown division {cmd!r}")
        di = div_ids.index(cmd) if role == "division" else (brig_div[cmd] if bi >= 0 else -1)
        radius_key = {"division": "integrity_radius", "brigade": "effectiveness_radius"}.get(role)
        u = add(f"leader[{i}].id", id=c.get("id", str), name=c.get("name", str), side=side, type="leader",
                brigade=bi, division=di, rank=role,
                radius=c.int_range(radius_key, 0, 30) if radius_key else 0,
                command_points=c.int_range("command_points", 0, 10, 0), rally_points=c.int_range("rally_points", 0, 10, 0),
                melee_bonus=c.int_range("melee_bonus", 0, 5, 1),      # 17.4 (verified: one point)
                setup=hex_of(c, "setup"), entry_turn=c.int_range("entry_turn", 0, 99, 0), entry_hex=hex_of(c, "entry_hex"),
                area=str(c.get("area", str, "")), counter=c.get("counter", str, ""))
        if role == "army":
            army[side] = u
    for i, t in enumerate(units_raw):
        c = Checker(source, t, f"unit[{i}]")
        kind = c.choice("type", ("infantry", "cavalry", "artillery"))
        side = side_of(c)
        b = c.get("brigade", str, "")
        if b and b not in brig_ids:
            c.fail("brigade", f"unknown brigade {b!r}")
        d = c.get("division", str, "")
        if d and d not in div_ids:
            c.fail("division", f"unknown division {d!r}")
        weapon = c.get("gun_code" if kind == "artillery" else "weapon", str)
        entering = c.int_range("entry_turn", 0, 99, 0)
        facing = t.get("facing", meta.get(f"default_{SIDES[side]}_facing", board.compass[0]))
        if "formation" in t:
            form = formation_index(source, f"unit[{i}].formation", kind, t["formation"])
        elif entering or kind == "cavalry":
            form = 1                                         # 26.46; cavalry waits mounted
        else:
            default = meta.get(f"default_{SIDES[side]}_formation", "line")
            form = 1 if default in MARCH_NAMES else 0
        add(f"unit[{i}].id", id=c.get("id", str), name=c.get("name", str), side=side, type=kind,
            brigade=brig_ids.index(b) if b else -1,
            division=brig_div[b] if b else (div_ids.index(d) if d else -1), strength=c.int_range("strength", 1, 60),
            morale=c.int_range("morale", 1, 9), weapon=weapon,
            setup=hex_of(c, "setup"), facing=compass_index(c, "facing", facing),
            formation=form,
            entry_turn=entering, entry_hex=hex_of(c, "entry_hex"), column_order=c.int_range("column_order", 0, 99, 0),
            area=str(c.get("area", str, "")), counter=c.get("counter", str, ""))
    unit_index = {u.id: u.index for u in units}

    def leader_ref(c: Checker, key: str) -> int:
        lid = c.get(key, str)
        if lid not in unit_index or units[unit_index[lid]].type != "leader":
            c.fail(key, f"unknown leader {lid!r}")
        return unit_index[lid]

    divisions, brigades = [], []
    for k, (i, t) in enumerate(div_docs):
        c = Checker(source, t, f"division[{i}]")
        side = side_of(c)
        cmd = leader_ref(c, "commander")
        succ = []
        for j, lid in enumerate(c.get("replacements", list, [])):
            if lid not in unit_index or units[unit_index[lid]].type != "leader":
                raise DataError(source, f"division[{i}].replacements[{j}]", f"unknown leader {lid!r}")
            succ.append(unit_index[lid])
        repl = add(f"division[{i}].id", id=f"{div_ids[k]}-repl", name=f"Replacement ({c.get('name', str)})",
                   side=side, type="leader", division=k, rank="division", anonymous=True)
        divisions.append(Division(k, div_ids[k], c.get("name", str), side, cmd, tuple(succ), repl))
    for i, t in enumerate(brig_docs):
        c = Checker(source, t, f"brigade[{i}]")
        side = side_of(c)
        cmd = leader_ref(c, "commander")
        repl = add(f"brigade[{i}].id", id=f"{brig_ids[i]}-repl", name=f"Replacement ({c.get('name', str)})",
                   side=side, type="leader", brigade=i, division=brig_div[brig_ids[i]], rank="brigade", anonymous=True)
        members = tuple(u.index for u in units if u.brigade == i and u.type != "leader")
        brigades.append(Brigade(i, brig_ids[i], c.get("name", str), side, brig_div[brig_ids[i]], cmd, repl,
                                c.int_range("bce_limit", 0, 200, 0), c.int_range("bce_vp", 0, 200, 0),
                                c.get("detached", bool, False), members, str(c.get("area", str, ""))))
    divisions = [Division(d.index, d.id, d.name, d.side, d.commander, d.successors, d.replacement,
                          tuple(b.index for b in brigades if b.division == d.index)) for d in divisions]
    return OrderOfBattle(units, brigades, divisions, tuple(army))


def _tables(source: str, doc: dict, key: str) -> list:
    value = doc.get(key, [])
    if not isinstance(value, list) or not all(isinstance(t, dict) for t in value):
        raise DataError(source, key, f"write these as [[{key}]] tables")
    return value

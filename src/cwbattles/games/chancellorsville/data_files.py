"""Reading Chancellorsville's data files into the game: the turn record (``turns.toml``), the
order of battle (``oob.toml``: armies, corps, divisions, units and leaders), the scenario
(``scenario.toml``: victory hexes, exit, forced march, restrictions, fieldworks) and the map's
region north of the Rappahannock. Every problem is a DataError naming the file and the key.
Formats: the files' own headers and docs/data-notes/chancellorsville-*.md."""

from __future__ import annotations

from ...engine.datafile import Checker, load_toml
from ...engine.errors import DataError
from .pieces import Division, Unit

SIDE_INDEX = {"union": 0, "confederate": 1}
TYPES = ("infantry", "cavalry", "artillery", "leader")


def _words(name: str) -> str:
    """A region's name compared loosely: "north_of_rappahannock" is "north of the Rappahannock"."""
    return " ".join(w for w in name.lower().replace("_", " ").split() if w != "the")


def _hex(g, c, key, value):
    if value not in g.board.index:
        c.fail(key, f"unknown hex {value!r}")
    return g.board.index[value]


def load_turns(g, path) -> None:
    """The turn record: the first player, the Game-Turns in order, night Game-Turns, labels;
    23.4's first Game-Turn of command control and 23.22's forced-march turns when given."""
    src = str(path)
    doc = load_toml(path)
    m = Checker(src, doc.get("meta", {}), "meta")
    g.first_player = SIDE_INDEX[m.choice("first_player", SIDE_INDEX)]
    turns = doc.get("turn", [])
    if not turns:
        raise DataError(src, "turn", "no [[turn]] tables")
    labels, nights = [], set()
    for i, t in enumerate(turns):
        c = Checker(src, t, f"turn[{i}]")
        if c.get("number", int) != i + 1:
            c.fail("number", f"expected {i + 1} (turns in order)")
        if c.get("night", bool, False):
            nights.add(i + 1)
        labels.append(c.get("label", str, "") or f"{c.get('date', str, '')} {c.get('start', str, '')}".strip())
    g.turns = len(turns)
    g.night_turns = frozenset(nights)
    g.turn_labels = tuple(labels)


def oob_document(path) -> dict:
    """The order of battle's tables. A calibration file (``oob-calibrated.toml``) names the
    ``base`` file it changes and lists, for each unit it changes, its ``id`` and the keys it
    replaces (strength, set-up, arrival, with their ``basis`` or ``placement``); ``absent = true``
    takes the unit out of the game. docs/data-notes/chancellorsville-oob.md, section 9."""
    doc = load_toml(path)
    if "base" not in doc:
        return doc
    src = str(path)
    merged = load_toml(path.parent / Checker(src, doc, "-").get("base", str))
    units = {t.get("id"): t for t in merged.get("unit", [])}
    for i, t in enumerate(doc.get("unit", [])):
        c = Checker(src, t, f"unit[{i}]")
        uid = c.get("id", str)
        if uid not in units:
            c.fail("id", f"no unit {uid!r} in the base file")
        units[uid].update(t)
    merged["unit"] = [t for t in merged.get("unit", []) if not t.get("absent", False)]
    return merged


def load_oob(g, path) -> None:
    """Units by the oob's tables; a unit's ``corps`` is its corps' designation (23.4), its
    division the [[division]] (23.53's command of a Confederate division commander)."""
    src = str(path)
    doc = oob_document(path)
    corps_tables = {}
    for i, t in enumerate(doc.get("corps", [])):
        c = Checker(src, t, f"corps[{i}]")
        corps_tables[c.get("id", str)] = {"designation": c.get("designation", str),
                                           "control": c.choice("command_control", ("roll", "cavalry", "assigned", "none")),
                                           "side": SIDE_INDEX[c.choice("side", SIDE_INDEX)]}
    g.corps_tables = corps_tables
    armies = {}
    for i, t in enumerate(doc.get("army", [])):
        c = Checker(src, t, f"army[{i}]")
        armies[c.get("id", str)] = (SIDE_INDEX[c.choice("side", SIDE_INDEX)], c.get("leader", str, ""))
    g.armies = armies
    divs = []
    for i, t in enumerate(doc.get("division", [])):
        c = Checker(src, t, f"division[{i}]")
        corps = c.get("corps", str, "")
        if corps and corps not in corps_tables:
            c.fail("corps", f"unknown corps {corps!r}")
        divs.append(Division(i, c.get("id", str), c.get("name", str), SIDE_INDEX[c.choice("side", SIDE_INDEX)], corps))
    g.divisions = tuple(divs) + (Division(len(divs), "", "(none)", 0, ""),)
    g.division_index = {d.id: d.index for d in divs}
    none_division = len(divs)
    raw = doc.get("unit", [])
    if not raw:
        raise DataError(src, "unit", "no [[unit]] tables")
    units, seen = [], set()
    for i, t in enumerate(raw):
        c = Checker(src, t, f"unit[{i}]")
        uid = c.get("id", str)
        if uid in seen:
            c.fail("id", f"unit {uid!r} listed twice")
        seen.add(uid)
        kind = c.choice("type", TYPES)
        div = c.get("division", str, "")
        if div and div not in g.division_index:
            c.fail("division", f"unknown division {div!r}")
        corps = c.get("corps", str, divs[g.division_index[div]].corps if div else "")
        if corps and corps not in corps_tables:
            c.fail("corps", f"unknown corps {corps!r}")
        setup = c.get("setup", str, "")
        sh = _hex(g, c, "setup", setup) if setup else -1
        eh, et = c.get("entry_hex", str, ""), c.get("entry_turn", int, 0)
        if (eh == "") != (et == 0):
            c.fail("entry_hex", "a reinforcement needs both entry_turn and entry_hex")
        if sh < 0 and not et:
            c.fail("setup", "a unit needs a set-up hex or an entry turn and hex")
        stars = c.get("stars", int, 0)
        if kind == "leader" and not 1 <= stars <= 4:
            c.fail("stars", "a leader has 1 to 4 stars (23.5)")
        command = c.get("command", str, "")
        if kind == "leader" and command not in corps_tables and command not in g.division_index \
                and command not in armies:
            c.fail("command", f"a leader commands an army, a corps or a division (23.53), not {command!r}")
        units.append(Unit(i, uid, c.get("name", str), SIDE_INDEX[c.choice("side", SIDE_INDEX)], kind,
                          c.get("size", str, ""), g.division_index[div] if div else none_division,
                          corps, c.get("strength", int, 0), c.get("movement", int), c.get("range", int, 0), sh,
                          et, _hex(g, c, "entry_hex", eh) if eh else -1, stars, command, False,
                          c.get("disruption_save", bool, True), c.get("counter", str, ""),
                          placement_free=c.get("placement_free", bool, False)))
    g.units = tuple(units)


def load_scenario(g, path) -> None:
    """Victory hexes (23.61), the exit hex and its line of communication (23.31, 23.61 i), forced
    march (23.21-23.23, 23.51), restrictions (23.14), fieldworks at the start (10.3)."""
    from dataclasses import replace
    src = str(path)
    doc = load_toml(path)
    g.victory_values = {}
    for i, t in enumerate(doc.get("victory_hex", [])):
        c = Checker(src, t, f"victory_hex[{i}]")
        g.victory_values[_hex(g, c, "hex", c.get("hex", str))] = c.get("vp", int)
    g.victory_hexes = tuple(sorted(g.victory_values))
    v = Checker(src, doc.get("victory", {}), "victory")
    g.vp_per_point = v.get("vp_per_enemy_strength_point", int)
    g.vp_per_star = v.get("vp_per_enemy_star", int)
    g.vp_per_exited = v.get("vp_per_exited_strength_point", int)
    x = Checker(src, doc.get("exit", {}), "exit")
    g.exit_hex = _hex(g, x, "hex", x.get("hex", str))
    g.loc_features = tuple(x.get("loc_crossings", list))
    region = _words(x.get("loc_target_region", str))
    found = [hexes for k, hexes in g.board.regions.items() if _words(k) == region]
    if not found:
        x.fail("loc_target_region", f"the map has no such region (it has {sorted(g.board.regions)})")
    g.north = found[0]
    fm = Checker(src, doc.get("forced_march", {}), "forced_march")
    g.forced_mp = fm.get("movement_points", int)
    g.leader_forced_mp = fm.get("leader_movement_points", int)
    conf = Checker(src, fm.get("confederate", dict, {}), "forced_march.confederate")
    g.forced_turns = (frozenset(), frozenset(conf.get("turns", list)))
    cav = Checker(src, fm.get("cavalry", dict, {}), "forced_march.cavalry")
    g.cavalry_mp = cav.get("normal_movement", int)
    horse = set()
    for j, uid in enumerate(cav.get("horse_artillery", list, [])):
        if uid not in {u.id for u in g.units}:
            cav.fail(f"horse_artillery[{j}]", f"unknown unit {uid!r}")
        horse.add(uid)
    g.units = tuple(replace(u, horse=u.id in horse) for u in g.units)
    g.fieldworks_start = frozenset(_hex(g, Checker(src, t, f"fieldworks[{i}]"), "hex", t.get("hex"))
                                   for i, t in enumerate(doc.get("fieldworks", [])))
    restrictions = []
    for i, t in enumerate(doc.get("restriction", [])):
        c = Checker(src, t, f"restriction[{i}]")
        divisions = c.get("divisions", list)
        for j, d in enumerate(divisions):
            if d not in g.division_index:
                c.fail(f"divisions[{j}]", f"unknown division {d!r}")
        restrictions.append({"name": c.get("name", str), "rule": c.get("rule", str),
                             "divisions": frozenset(g.division_index[d] for d in divisions),
                             "may_not": tuple(c.get("may_not", list)), "turn": c.get("released_on_turn", int),
                             "if": tuple(c.get("released_if", list, []))})
    for i, r in enumerate(restrictions):
        for cond in r["if"]:
            if cond.startswith("released_with:") and cond.split(":", 1)[1] not in [x["name"] for x in restrictions]:
                raise DataError(src, f"restriction[{i}].released_if", f"unknown restriction in {cond!r}")
    g.restrictions = tuple(restrictions)


def load_command_control(g, path) -> None:
    """23.4's numbers (printed): the first Game-Turn, the corps' and the cavalry's rolls."""
    src = str(path)
    doc = load_toml(path)
    cc = Checker(src, doc.get("command_control", {}), "command_control")
    g.command_first_turn = cc.get("first_turn", int)
    g.corps_roll = cc.get("corps_roll", int)
    g.cavalry_roll = cc.get("cavalry_roll", int)

"""The standard rules' tables, read from data files (never written in code): the Terrain Effects
and Stacking Restriction Charts (``terrain.toml``), Movement Allowances and formation and facing
costs (``movement.toml``), the Fire Combat Results Table with weapons and shifts (``fire.toml``),
the Melee Results Table (``melee.toml``) and the morale, rout, rally and leader numbers
(``morale.toml``). Every problem raises DataError naming the file and the key.

Movement Points are kept in halves (an integer count of half points) so that a road's half point
(21.31) stays exact; strengths and multipliers are Fractions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from ...engine.datafile import Checker, load_toml
from ...engine.errors import DataError

DATA = Path(__file__).parent / "data"
TYPES = ("infantry", "cavalry", "artillery")
#: 7.0: each type's two formations, the fighting one first (index 0) and the march one (index 1).
FORMS = {"infantry": ("line", "column"), "cavalry": ("dismounted", "mounted"),
         "artillery": ("unlimbered", "limbered")}
FORMATIONS = ("line", "column", "mounted", "dismounted", "limbered", "unlimbered", "leader")
NO = None                     # a prohibited move


@dataclass(frozen=True)
class Formation:
    name: str
    type: str
    allowance: int            # half MP
    march: bool               # 21.31: road and trail rates; 6.3: turns to face the way it moves
    fire: bool                # 9.1
    zoc: bool                 # 10.1
    melee: bool               # 12.1
    steps: bool               # may move hex to hex


@dataclass(frozen=True)
class FireResult:
    """9.6: a cell of the Fire Combat Results Table."""
    code: str
    losses: int               # strength points lost
    check: str                # "", "pin", "morale", "pin_rout"


@dataclass(frozen=True)
class MeleeResult:
    """12.4: a cell of the Melee Results Table."""
    code: str
    loser: str                # "", "attacker", "defender" ("" = engaged, E)
    losses: int
    retreat: bool


@dataclass(frozen=True)
class Tables:
    feet_per_level: int
    terrain_mp: dict          # terrain -> {formation: half MP or None}
    terrain: dict             # terrain -> {fire_shift, melee_shift, obstacle_ft, stacking}
    uphill: dict              # formation -> half MP per level (None = prohibited)
    downhill: dict
    hexsides: dict            # feature -> {road_mp, add, uphill, downhill, melee_shift, impassable}
    crest_fire_shift: int
    crest_melee_shift: int
    formations: dict          # name -> Formation
    leader_allowance: int     # half MP
    leader_out_of_command_hexes: int
    one_hex: dict
    formation_change: dict    # type -> half MP
    facing_per_vertex: int    # half MP
    facing_march: int         # half MP
    fire_columns: tuple       # lowest strength of each column (Fraction)
    fire_labels: tuple
    fire_results: dict        # die roll -> tuple of FireResult, one per column
    weapons: dict             # code -> tuple of (first, last, Fraction)
    guns: dict
    fire_shifts: dict
    pinned_factor: Fraction
    melee_columns: tuple
    melee_results: dict       # die roll -> tuple of MeleeResult
    melee_strength: dict      # case -> Fraction (leader: int)
    melee_shifts: dict
    morale_leader_modifier: int
    rout_hexes: int
    retreat_after_melee: int
    retreat_before_melee: int
    casualty_hit: int
    casualty_wounded: frozenset
    casualty_killed: frozenset
    replacement: dict

    # -- 9.3 weapons and ranges ------------------------------------------------------------------
    def bands(self, kind: str, code: str) -> tuple:
        """The range bands of a weapon (infantry, cavalry) or gun (artillery) code."""
        return (self.guns if kind == "artillery" else self.weapons)[code]

    @staticmethod
    def multiplier(bands: tuple, distance: int) -> Fraction:
        """9.3: the strength of one point at ``distance`` (0 beyond the longest range)."""
        for first, last, m in bands:
            if first <= distance <= last:
                return m
        return Fraction(0)

    # -- 9.6 the fire table ----------------------------------------------------------------------
    def fire_column(self, strength: Fraction) -> int:
        """9.6: the column of a total fire strength; -1 below the first column."""
        col = -1
        for i, lowest in enumerate(self.fire_columns):
            if strength >= lowest:
                col = i
        return col

    def fire_result(self, column: int, roll: int) -> FireResult:
        return self.fire_results[roll][column]

    # -- 12.4 the melee table --------------------------------------------------------------------
    def melee_column(self, attack: Fraction, defence: Fraction) -> int:
        """12.4: the odds column of attack : defence, rounded in the defender's favour, clamped
        to the table. A defence of 0 is read on the highest column."""
        cols = self.melee_columns
        if defence <= 0:
            return len(cols) - 1
        ratio = Fraction(attack) / Fraction(defence)
        best = 0
        for i, name in enumerate(cols):
            a, d = (int(x) for x in name.split("-"))
            if ratio >= Fraction(a, d):
                best = i
        return best


# -- reading ----------------------------------------------------------------------------------------
def _half(source: str, key: str, value, allow_no: bool = True):
    """A Movement Point value (whole or half) as half points; "no" = prohibited (None)."""
    if value == "no" and allow_no:
        return NO
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise DataError(source, key, f"expected a number of Movement Points or \"no\", got {value!r}")
    doubled = value * 2
    if doubled != int(doubled) or value < 0:
        raise DataError(source, key, f"Movement Points are whole or halves and not negative, got {value!r}")
    return int(doubled)


def _fraction(source: str, key: str, text) -> Fraction:
    try:
        value = Fraction(str(text))
    except (ValueError, ZeroDivisionError):
        raise DataError(source, key, f"expected a number or a fraction like \"1/3\", got {text!r}") from None
    if value < 0:
        raise DataError(source, key, f"must not be negative, got {text!r}")
    return value


def _by_formation(source: str, key: str, table, required=FORMATIONS) -> dict:
    if not isinstance(table, dict):
        raise DataError(source, key, "expected a table of formation = Movement Points")
    for f in table:
        if f not in FORMATIONS:
            raise DataError(source, f"{key}.{f}", f"unknown formation; expected one of {', '.join(FORMATIONS)}")
    missing = [f for f in required if f not in table]
    if missing:
        raise DataError(source, key, f"missing formations: {', '.join(missing)}")
    return {f: _half(source, f"{key}.{f}", table[f]) for f in table}


def _terrain(d: Path) -> dict:
    src = str(d / "terrain.toml")
    doc = load_toml(d / "terrain.toml")
    meta = Checker(src, doc.get("meta", {}), "meta")
    out = {"feet_per_level": meta.int_range("feet_per_level", 1, 1000)}
    terrain_mp, terrain = {}, {}
    if not isinstance(doc.get("terrain"), dict) or not doc["terrain"]:
        raise DataError(src, "terrain", "list at least one [terrain.NAME] table")
    for name, t in doc["terrain"].items():
        c = Checker(src, t, f"terrain.{name}")
        terrain_mp[name] = _by_formation(src, f"terrain.{name}.mp", c.get("mp", dict))
        terrain[name] = {"fire_shift": c.int_range("fire_shift", -5, 5), "melee_shift": c.int_range("melee_shift", -5, 5),
                         "obstacle_ft": c.int_range("obstacle_ft", 0, 1000), "stacking": c.int_range("stacking", 0, 200)}
    out["terrain_mp"], out["terrain"] = terrain_mp, terrain
    el = Checker(src, doc.get("elevation", {}), "elevation")
    out["uphill"] = _by_formation(src, "elevation.uphill", el.get("uphill", dict))
    out["downhill"] = _by_formation(src, "elevation.downhill", el.get("downhill", dict))
    sides = {}
    for name, t in doc.get("hexside", {}).items():
        c = Checker(src, t, f"hexside.{name}")
        road = t.get("road_mp")
        sides[name] = {
            "road_mp": None if road is None else _half(src, f"hexside.{name}.road_mp", road, allow_no=False),
            "add": _by_formation(src, f"hexside.{name}.add", t["add"]) if "add" in t else None,
            "uphill": _by_formation(src, f"hexside.{name}.uphill", t["uphill"]) if "uphill" in t else None,
            "downhill": _by_formation(src, f"hexside.{name}.downhill", t["downhill"]) if "downhill" in t else None,
            "melee_shift": c.int_range("melee_shift", -5, 5, 0),
            "impassable": c.get("impassable", bool, False)}
    out["hexsides"] = sides
    crest = Checker(src, doc.get("crest", {}), "crest")
    out["crest_fire_shift"] = crest.int_range("fire_shift", -5, 5)
    out["crest_melee_shift"] = crest.int_range("melee_shift", -5, 5)
    return out


def _movement(d: Path) -> dict:
    src = str(d / "movement.toml")
    doc = load_toml(d / "movement.toml")
    forms = {}
    for t, names in FORMS.items():
        for name in names:
            table = doc.get("formation", {}).get(name)
            if not isinstance(table, dict):
                raise DataError(src, f"formation.{name}", "missing")
            c = Checker(src, table, f"formation.{name}")
            if c.get("type", str) != t:
                c.fail("type", f"the {name} formation belongs to {t}")
            forms[name] = Formation(name, t, _half(src, f"formation.{name}.allowance", c.get("allowance", (int, float)), False),
                                    c.get("march", bool), c.get("fire", bool), c.get("zoc", bool), c.get("melee", bool),
                                    c.get("steps", bool))
    leader = Checker(src, doc.get("leader", {}), "leader")
    one = Checker(src, doc.get("one_hex", {}), "one_hex")
    change = Checker(src, doc.get("formation_change", {}), "formation_change")
    facing = Checker(src, doc.get("facing_change", {}), "facing_change")
    return {"formations": forms,
            "leader_allowance": _half(src, "leader.allowance", leader.get("allowance", (int, float)), False),
            "leader_out_of_command_hexes": leader.int_range("out_of_command_hexes", 0, 20),
            "one_hex": {k: one.int_range(k, 0, 20) for k in ("routed", "out_of_command")},
            "formation_change": {t: _half(src, f"formation_change.{t}", change.get(t, (int, float)), False) for t in TYPES},
            "facing_per_vertex": _half(src, "facing_change.per_vertex", facing.get("per_vertex", (int, float)), False),
            "facing_march": _half(src, "facing_change.march", facing.get("march", (int, float)), False)}


def _die_rows(src: str, rows: dict, width: int, parse) -> dict:
    """A results table: one row per die roll 1-6, ``width`` cells each, read by ``parse``."""
    extra = set(rows) - {str(r) for r in range(1, 7)}
    if extra:
        raise DataError(src, f"table.results.{sorted(extra)[0]}", "die rolls are 1 to 6")
    results = {}
    for roll in range(1, 7):
        row = rows.get(str(roll))
        if not isinstance(row, list) or len(row) != width:
            raise DataError(src, f"table.results.{roll}", f"expected {width} results, one per column")
        results[roll] = tuple(parse(src, f"table.results.{roll}[{i}]", c) for i, c in enumerate(row))
    return results


FIRE_CODES = {"-": (0, ""), "P": (0, "pin"), "*": (0, "morale"), "P/R": (0, "pin_rout")}


def _fire_result(src: str, key: str, code) -> FireResult:
    if not isinstance(code, str):
        raise DataError(src, key, f"expected a result code, got {code!r}")
    if code in FIRE_CODES:
        return FireResult(code, *FIRE_CODES[code])
    digits = code.rstrip("*")
    if digits.isdigit() and len(code) - len(digits) <= 1:
        return FireResult(code, int(digits), "morale" if code.endswith("*") else "")
    raise DataError(src, key, f"unknown result {code!r}; expected -, P, *, P/R, n or n*")


def _bands(src: str, key: str, bands) -> tuple:
    if not isinstance(bands, list) or not bands:
        raise DataError(src, key, "expected a list of [first, last, \"multiplier\"] bands")
    out, previous = [], 0
    for i, band in enumerate(bands):
        if not (isinstance(band, list) and len(band) == 3 and all(isinstance(x, int) and not isinstance(x, bool)
                                                                   for x in band[:2])):
            raise DataError(src, f"{key}[{i}]", f"expected [first, last, \"multiplier\"], got {band!r}")
        first, last = band[0], band[1]
        if first != previous + 1 or last < first:
            raise DataError(src, f"{key}[{i}]", f"bands must follow each other from range 1 without gaps, got {band!r}")
        out.append((first, last, _fraction(src, f"{key}[{i}]", band[2])))
        previous = last
    return tuple(out)


def _fire(d: Path) -> dict:
    src = str(d / "fire.toml")
    doc = load_toml(d / "fire.toml")
    table = Checker(src, doc.get("table", {}), "table")
    columns = tuple(_fraction(src, f"table.columns[{i}]", c) for i, c in enumerate(table.get("columns", list)))
    if not columns or any(b <= a for a, b in zip(columns, columns[1:])) or columns[0] <= 0:
        table.fail("columns", "expected rising, positive lowest strengths")
    labels = tuple(table.get("labels", list))
    if len(labels) != len(columns):
        table.fail("labels", f"expected {len(columns)} labels, one per column")
    results = _die_rows(src, table.get("results", dict), len(columns), _fire_result)
    weapons = {k: _bands(src, f"weapon.{k}.bands", Checker(src, t, f"weapon.{k}").get("bands", list))
               for k, t in doc.get("weapon", {}).items()}
    guns = {k: _bands(src, f"gun.{k}.bands", Checker(src, t, f"gun.{k}").get("bands", list))
            for k, t in doc.get("gun", {}).items()}
    sh = Checker(src, doc.get("shifts", {}), "shifts")
    pinned = Checker(src, doc.get("pinned", {}), "pinned")
    return {"fire_columns": columns, "fire_labels": labels, "fire_results": results, "weapons": weapons, "guns": guns,
            "fire_shifts": {k: sh.int_range(k, -5, 5) for k in ("march_target", "enfilade", "routed_target")},
            "pinned_factor": _fraction(src, "pinned.withdrawal_and_retreat_fire",
                                       pinned.get("withdrawal_and_retreat_fire", str))}


def _melee_result(src: str, key: str, code) -> MeleeResult:
    if code == "E":
        return MeleeResult(code, "", 0, False)
    if isinstance(code, str) and len(code) >= 2 and code[0] in "AD":
        body = code[1:]
        retreat = body.endswith("r")
        digits = body[:-1] if retreat else body
        if digits == "" and retreat or digits.isdigit():
            return MeleeResult(code, "attacker" if code[0] == "A" else "defender", int(digits or 0), retreat)
    raise DataError(src, key, f"unknown result {code!r}; expected E, An, Anr, Ar, Dn, Dnr or Dr")


def _melee(d: Path) -> dict:
    src = str(d / "melee.toml")
    doc = load_toml(d / "melee.toml")
    table = Checker(src, doc.get("table", {}), "table")
    columns = tuple(table.get("columns", list))
    for i, c in enumerate(columns):
        parts = c.split("-") if isinstance(c, str) else []
        if len(parts) != 2 or not all(p.isdigit() and int(p) > 0 for p in parts):
            raise DataError(src, f"table.columns[{i}]", f"expected odds like \"3-2\", got {c!r}")
    results = _die_rows(src, table.get("results", dict), len(columns), _melee_result)
    st = Checker(src, doc.get("strength", {}), "strength")
    strength = {k: _fraction(src, f"strength.{k}", st.get(k, str))
                for k in ("line", "column", "dismounted", "mounted", "charge", "unlimbered", "limbered", "routed")}
    strength["leader"] = st.int_range("leader", 0, 10)
    sh = Checker(src, doc.get("shifts", {}), "shifts")
    return {"melee_columns": columns, "melee_results": results, "melee_strength": strength,
            "melee_shifts": {k: sh.int_range(k, -5, 5) for k in ("flank", "rear", "march_defender")}}


def _morale(d: Path) -> dict:
    src = str(d / "morale.toml")
    doc = load_toml(d / "morale.toml")
    m = Checker(src, doc.get("morale", {}), "morale")
    r = Checker(src, doc.get("rout", {}), "rout")
    rt = Checker(src, doc.get("retreat", {}), "retreat")
    lc = Checker(src, doc.get("leader_casualty", {}), "leader_casualty")
    rep = Checker(src, doc.get("replacement", {}), "replacement")
    wounded, killed = lc.get("wounded", list), lc.get("killed", list)
    if sorted(wounded + killed) != list(range(1, 7)):
        lc.fail("killed", "wounded and killed together must list each die roll 1-6 once")
    return {"morale_leader_modifier": m.int_range("leader_modifier", -3, 3), "rout_hexes": r.int_range("hexes", 0, 6),
            "retreat_after_melee": rt.int_range("after_melee_hexes", 1, 6),
            "retreat_before_melee": rt.int_range("before_melee_hexes", 1, 6),
            "casualty_hit": lc.int_range("hit", 1, 7), "casualty_wounded": frozenset(wounded),
            "casualty_killed": frozenset(killed),
            "replacement": {k: rep.int_range(k, 0, 20) for k in ("division_radius", "division_command_points",
                                                                  "anonymous_brigade_radius",
                                                                  "anonymous_brigade_rally_points",
                                                                  "anonymous_division_radius")}}


@lru_cache(maxsize=4)
def load_tables(data_dir: str = str(DATA)) -> Tables:
    """Read and check the system's tables (cached per directory)."""
    d = Path(data_dir)
    parts = {}
    for read in (_terrain, _movement, _fire, _melee, _morale):
        parts.update(read(d))
    return Tables(**parts)

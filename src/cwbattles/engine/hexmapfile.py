"""Reading hex map files (TOML) into a HexBoard, checking everything a person can get wrong.

The format is documented with an example in docs/engine/hex-maps.md. In short: [meta] (name,
which columns are shifted, the size), [legend] (terrain code -> name), [hexside_features]
(feature name -> what it is), [terrain] rows of codes, an optional [elevation], [[path]] for
features crossed hex to hex (roads), [[hexside]] for features on listed hexsides (creeks,
bridges), [[label]], [[region]] (named sets of hexes); or [[section]] tables for multi-section maps.
Paths and hexside lists may carry a `name` ("Orange Turnpike", "Rappahannock River"). Every problem raises
DataError(source, key, problem) with the key written as in the file ("terrain.rows[3]").
"""

from __future__ import annotations

import re
from dataclasses import replace

from . import hexgrid
from .datafile import Checker, load_toml
from .errors import DataError
from .hexboard import HEX_ID, Hex, HexBoard, Section

TOP_LEVEL = ("meta", "legend", "hexside_features", "terrain", "elevation", "section", "path", "hexside", "label",
             "region")
SECTION_KEYS = ("prefix", "title", "columns", "rows", "first_column", "first_row", "column_offset", "row_offset",
                "shifted_columns", "terrain", "elevation")
GRID_KEYS = ("columns", "rows", "first_column", "first_row")


def hex_board_from_file(path) -> HexBoard:
    """Read and validate a hex map file (errors name the file, the key and the problem)."""
    return hex_board_from_toml(load_toml(path), str(path))


def hex_board_from_toml(doc: dict, source: str) -> HexBoard:
    """Build a HexBoard from a parsed map file, checking everything (format: docs/engine/hex-maps.md).

    Every problem raises DataError(source, key, problem), the key written as in the file:
    "terrain.rows[3]", "path[0].hexes[1]", "hexside[2].sides[0]", "label[1].hex", ...
    """
    _known_keys(source, doc, "", TOP_LEVEL, "table")
    meta = _table(source, doc, "meta")
    m = Checker(source, meta, "meta")
    name = m.get("name", str)
    shifted = m.choice("shifted_columns", ("even", "odd"))
    printed_top = m.choice("printed_top", tuple(hexgrid.COMPASS_BY_TOP), "north")
    legend = _legend(source, _table(source, doc, "legend"))
    feature_names = _feature_names(source, doc.get("hexside_features", {}))
    sections, grids = _sections(source, doc, meta)
    parity = hexgrid.shifted_parity(shifted)

    hexes, taken = [], {}
    for s_no, (section, (codes, heights)) in enumerate(zip(sections, grids)):
        for column in range(section.first_column, section.last_column + 1):
            for row in range(section.first_row, section.last_row + 1):
                hid = f"{section.prefix}{column:02d}{row:02d}"
                q, r = hexgrid.axial_from_grid(column + section.column_offset, row + section.row_offset, parity)
                if (q, r) in taken:
                    raise DataError(source, f"section[{s_no}]",
                                    f"hex {hid} lies on the same place of the map as hex {taken[q, r]}")
                taken[q, r] = hid
                code = codes[row - section.first_row][column - section.first_column]
                hexes.append(Hex(index=len(hexes), id=hid, section=section.prefix, column=column, row=row,
                                 q=q, r=r, code=code, terrain=legend[code],
                                 elevation=heights[row - section.first_row][column - section.first_column],
                                 label=""))
    index = {h.id: h.index for h in hexes}

    def adjacent(a: int, b: int) -> bool:
        return hexgrid.axial_distance(hexes[a].q, hexes[a].r, hexes[b].q, hexes[b].r) == 1

    def hex_ref(text, key: str) -> int:
        if not isinstance(text, str) or not HEX_ID.match(text.strip()):
            raise DataError(source, key, f"{text!r} is not a hex number like 0312 (or F0312 with a section)")
        text = text.strip()
        if text not in index:
            raise DataError(source, key, f"hex {text} is not on the map ({_extent(sections)})")
        return index[text]

    side_features: dict = {}
    named_paths: dict = {}
    named_hexsides: dict = {}
    for i, table in enumerate(_tables(source, doc, "path")):
        where = f"path[{i}]"
        _known_keys(source, table, where, ("name", "features", "hexes"), "key")
        names = _feature_list(source, table, where, feature_names)
        title = _optional_name(source, table, where, named_paths)
        paths = Checker(source, table, where).get("hexes", list)
        traced = []
        if not paths:
            raise DataError(source, f"{where}.hexes", "list at least one path")
        for j, path in enumerate(paths):
            key = f"{where}.hexes[{j}]"
            if not isinstance(path, str):
                raise DataError(source, key, f"a path is a string like \"0101-0201-0302\", got {path!r}")
            steps = [hex_ref(part, key) for part in path.split("-")]
            if len(steps) < 2:
                raise DataError(source, key, "a path needs at least two hexes")
            for x, y in zip(steps, steps[1:]):
                if not adjacent(x, y):
                    raise DataError(source, key, f"hexes {hexes[x].id} and {hexes[y].id} are not adjacent")
                side_features.setdefault((min(x, y), max(x, y)), set()).update(names)
            traced.append(tuple(steps))
        if title:
            named_paths[title] = tuple(traced)
    for i, table in enumerate(_tables(source, doc, "hexside")):
        where = f"hexside[{i}]"
        _known_keys(source, table, where, ("name", "features", "sides"), "key")
        names = _feature_list(source, table, where, feature_names)
        title = _optional_name(source, table, where, named_hexsides)
        sides = Checker(source, table, where).get("sides", list)
        listed = set()
        if not sides:
            raise DataError(source, f"{where}.sides", "list at least one hexside")
        for j, side in enumerate(sides):
            key = f"{where}.sides[{j}]"
            if not isinstance(side, str) or side.count("/") != 1:
                raise DataError(source, key, f"a hexside is written \"0303/0304\", got {side!r}")
            x, y = (hex_ref(part, key) for part in side.split("/"))
            if not adjacent(x, y):
                raise DataError(source, key, f"hexes {hexes[x].id} and {hexes[y].id} are not adjacent")
            side_features.setdefault((min(x, y), max(x, y)), set()).update(names)
            listed.add((min(x, y), max(x, y)))
        if title:
            named_hexsides[title] = frozenset(listed)
    labels: dict = {}
    for i, table in enumerate(_tables(source, doc, "label")):
        where = f"label[{i}]"
        _known_keys(source, table, where, ("hex", "text"), "key")
        c = Checker(source, table, where)
        at = hex_ref(c.get("hex", str), f"{where}.hex")
        if at in labels:
            c.fail("hex", f"hex {hexes[at].id} already has the label {labels[at]!r}")
        labels[at] = c.get("text", str)
        if not labels[at].strip():
            c.fail("text", "empty label")
    hexes = [replace(h, label=labels[h.index]) if h.index in labels else h for h in hexes]
    regions = _regions(source, doc, hexes, hex_ref, side_features, feature_names)
    return HexBoard(hexes, shifted=shifted, sections=sections, hexside_features=side_features,
                    legend=legend, feature_names=feature_names, name=name, meta=meta,
                    printed_top=printed_top, named_paths=named_paths, named_hexsides=named_hexsides,
                    regions=regions)


# -- parts of the loader ------------------------------------------------------------------------
def _optional_name(source: str, table: dict, where: str, taken: dict) -> str:
    """The optional `name` of a [[path]] or [[hexside]] table; names are unique per kind."""
    if "name" not in table:
        return ""
    title = Checker(source, table, where).get("name", str).strip()
    if not title:
        raise DataError(source, f"{where}.name", "empty name")
    if title in taken:
        raise DataError(source, f"{where}.name", f"{title!r} is already the name of another table of this kind")
    return title


def _regions(source: str, doc: dict, hexes: list, hex_ref, side_features: dict, feature_names: dict) -> dict:
    """[[region]] tables: a name and either `hexes` (listed) or `flood_from` + `bounded_by` (every
    hex reachable from the seeds without crossing a hexside carrying one of those features)."""
    from .hexgrid import AXIAL_STEPS
    at = {(h.q, h.r): h.index for h in hexes}
    regions: dict = {}
    for i, table in enumerate(_tables(source, doc, "region")):
        where = f"region[{i}]"
        _known_keys(source, table, where, ("name", "hexes", "flood_from", "bounded_by"), "key")
        c = Checker(source, table, where)
        title = c.get("name", str).strip()
        if not title:
            c.fail("name", "empty name")
        if title in regions:
            c.fail("name", f"duplicate region {title!r}")
        if ("hexes" in table) == ("flood_from" in table):
            raise DataError(source, where, "give either hexes = [...] or flood_from = [...] with bounded_by = [...]")
        if "hexes" in table:
            listed = c.get("hexes", list)
            if not listed:
                c.fail("hexes", "list at least one hex")
            regions[title] = frozenset(hex_ref(h, f"{where}.hexes[{j}]") for j, h in enumerate(listed))
            continue
        seeds = [hex_ref(h, f"{where}.flood_from[{j}]") for j, h in enumerate(c.get("flood_from", list))]
        if not seeds:
            c.fail("flood_from", "list at least one hex")
        walls = c.get("bounded_by", list)
        if not walls:
            c.fail("bounded_by", "list at least one hexside feature")
        for name in walls:
            if name not in feature_names:
                c.fail("bounded_by", f"unknown hexside feature {name!r}; declare it in [hexside_features]")
        blocked = {key for key, names in side_features.items() if names & set(walls)}
        found, todo = set(seeds), list(seeds)
        while todo:
            a = todo.pop()
            for dq, dr in AXIAL_STEPS:
                b = at.get((hexes[a].q + dq, hexes[a].r + dr))
                if b is not None and b not in found and (min(a, b), max(a, b)) not in blocked:
                    found.add(b)
                    todo.append(b)
        regions[title] = frozenset(found)
    return regions


def _known_keys(source: str, table: dict, where: str, allowed, what: str):
    for key in table:
        if key not in allowed:
            full = f"{where}.{key}" if where else key
            raise DataError(source, full, f"unknown {what}; expected one of {', '.join(allowed)}")


def _table(source: str, doc: dict, key: str) -> dict:
    value = doc.get(key)
    if not isinstance(value, dict):
        raise DataError(source, key, f"the map needs a [{key}] table" if value is None else "must be a table")
    return value


def _tables(source: str, doc: dict, key: str) -> list:
    value = doc.get(key, [])
    if not isinstance(value, list) or not all(isinstance(t, dict) for t in value):
        raise DataError(source, key, f"write these as [[{key}]] tables")
    return value


def _legend(source: str, table: dict) -> dict:
    if not table:
        raise DataError(source, "legend", "list at least one terrain code")
    for code, name in table.items():
        if not code or any(ch.isspace() for ch in code):
            raise DataError(source, f"legend.{code}", "a terrain code is one word (no spaces)")
        if not isinstance(name, str) or not name.strip():
            raise DataError(source, f"legend.{code}", f"expected a terrain name, got {name!r}")
    return dict(table)


def _feature_names(source: str, table) -> dict:
    if not isinstance(table, dict):
        raise DataError(source, "hexside_features", "must be a table: feature name = \"what it is\"")
    for fname, note in table.items():
        if not re.match(r"^[a-z][a-z0-9_]*$", fname):
            raise DataError(source, f"hexside_features.{fname}", "a feature name is lower-case letters, digits, _")
        if not isinstance(note, str):
            raise DataError(source, f"hexside_features.{fname}", f"expected a description string, got {note!r}")
    return dict(table)


def _feature_list(source: str, table: dict, where: str, known: dict) -> tuple:
    names = Checker(source, table, where).get("features", list)
    if not names:
        raise DataError(source, f"{where}.features", "list at least one feature")
    for fname in names:
        if fname not in known:
            raise DataError(source, f"{where}.features",
                            f"unknown hexside feature {fname!r}; declare it in [hexside_features]"
                            f" (known: {', '.join(known) or 'none'})")
    return tuple(names)


def _sections(source: str, doc: dict, meta: dict) -> tuple[list, list]:
    """The sections, and for each its (terrain codes, elevations) as [row][column] lists."""
    legend = doc["legend"]
    if "section" not in doc:
        m = Checker(source, meta, "meta")
        section = Section("", m.int_range("first_column", 0, 99, 1), m.int_range("first_row", 0, 99, 1),
                          m.int_range("columns", 1, 99), m.int_range("rows", 1, 99))
        _fits(source, "meta", section)
        terrain = _table(source, doc, "terrain")
        _known_keys(source, terrain, "terrain", ("rows",), "key")
        elevation = doc.get("elevation")
        if elevation is not None:
            if not isinstance(elevation, dict):
                raise DataError(source, "elevation", "must be a table with rows = [...]")
            _known_keys(source, elevation, "elevation", ("rows",), "key")
        return [section], [_grid(source, "terrain.rows", terrain.get("rows"), section, legend,
                                 None if elevation is None else elevation.get("rows"), "elevation.rows")]
    for key in GRID_KEYS:
        if key in meta:
            raise DataError(source, f"meta.{key}", "with [[section]] tables, each section gives its own size")
    for key in ("terrain", "elevation"):
        if key in doc:
            raise DataError(source, key, "with [[section]] tables, each section gives its own terrain rows")
    sections, grids, prefixes = [], [], set()
    for i, table in enumerate(_tables(source, doc, "section")):
        where = f"section[{i}]"
        _known_keys(source, table, where, SECTION_KEYS, "key")
        c = Checker(source, table, where)
        prefix = c.get("prefix", str)
        if not re.match(r"^[A-Z]+$", prefix):
            c.fail("prefix", f"a section prefix is capital letters, got {prefix!r}")
        if prefix in prefixes:
            c.fail("prefix", f"duplicate section {prefix!r}")
        prefixes.add(prefix)
        section = Section(prefix, c.int_range("first_column", 0, 99, 1), c.int_range("first_row", 0, 99, 1),
                          c.int_range("columns", 1, 99), c.int_range("rows", 1, 99),
                          c.int_range("column_offset", -999, 999, 0), c.int_range("row_offset", -999, 999, 0),
                          c.get("title", str, ""))
        _fits(source, where, section)
        if "shifted_columns" in table:
            # The sheet's own printed parity must agree with the shared grid: an odd column offset
            # flips it. A join that would need two parities is not one grid (see hex-maps.md).
            own = c.choice("shifted_columns", ("even", "odd"))
            grid = meta.get("shifted_columns")
            expected = grid if section.column_offset % 2 == 0 else {"even": "odd", "odd": "even"}.get(grid)
            if own != expected:
                c.fail("shifted_columns", f"the sheet shifts its {own} columns, but at column_offset"
                       f" {section.column_offset} on a grid shifting {grid} columns its {expected} columns sit lower;"
                       " use an offset of the other parity")
        sections.append(section)
        grids.append(_grid(source, f"{where}.terrain", c.get("terrain", list), section, legend,
                           table.get("elevation"), f"{where}.elevation"))
    if not sections:
        raise DataError(source, "section", "list at least one [[section]]")
    return sections, grids


def _fits(source: str, where: str, s: Section):
    if s.last_column > 99 or s.last_row > 99:
        raise DataError(source, where, "hex numbers have two digits: the last column and row must be <= 99")


def _extent(sections) -> str:
    return "; ".join(f"{'section ' + s.prefix + ': ' if s.prefix else ''}columns {s.first_column:02d}"
                     f"-{s.last_column:02d}, rows {s.first_row:02d}-{s.last_row:02d}" for s in sections)


def _grid(source: str, key: str, rows, section: Section, legend: dict, heights, height_key: str):
    """Parse terrain rows ("03 . w w t") and optional elevation rows ("03 0 1 1 0")."""
    codes = _rows(source, key, rows, section, "code")
    for k, line in enumerate(codes):
        for col, code in enumerate(line):
            if code not in legend:
                raise DataError(source, f"{key}[{k}]",
                                f"column {section.first_column + col:02d}: unknown terrain code {code!r}"
                                f" (the legend has {', '.join(repr(c) for c in legend)})")
    if heights is None:
        return codes, [[0] * section.columns for _ in range(section.rows)]
    tokens = _rows(source, height_key, heights, section, "elevation")
    levels = []
    for k, line in enumerate(tokens):
        try:
            levels.append([int(t) for t in line])
        except ValueError:
            raise DataError(source, f"{height_key}[{k}]", "elevations are whole numbers") from None
    return codes, levels


def _rows(source: str, key: str, rows, section: Section, what: str) -> list:
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise DataError(source, key, "expected a list of strings, one per row: \"01 . . w\"")
    if len(rows) != section.rows:
        raise DataError(source, key, f"expected {section.rows} rows ({section.first_row:02d}"
                                     f"-{section.last_row:02d}), got {len(rows)}")
    out = []
    for k, line in enumerate(rows):
        row = section.first_row + k
        tokens = line.split()
        if not tokens or tokens[0] != f"{row:02d}":
            raise DataError(source, f"{key}[{k}]", f"row {k + 1} must start with its number {row:02d}")
        if len(tokens) - 1 != section.columns:
            raise DataError(source, f"{key}[{k}]",
                            f"row {row:02d}: expected {section.columns} {what}s (columns {section.first_column:02d}"
                            f"-{section.last_column:02d}), got {len(tokens) - 1}")
        out.append(tokens[1:])
    return out

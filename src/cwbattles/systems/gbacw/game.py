"""The static facts of a GBACW game (map, order of battle, tables, options), shared by every
state. A game on the system subclasses ``GBACWGame``: it gives its State class, its data files
and its exclusive facts (victory hexes, entry hexes, deployment areas).

``GBACWGame(data_dir)`` alone plays the standard rules on a generic scenario (a map file and an
order-of-battle file in the format of ``oob.build_oob``): the system's tests use it on small maps.
"""

from __future__ import annotations

from pathlib import Path

from ...engine.datafile import Checker, load_toml
from ...engine.errors import DataError
from ...engine.gamebase import GameBase
from ...engine.hexmapfile import hex_board_from_file
from .mapfacts import MapFacts
from .oob import SIDES, build_oob
from .tables import FORMS, Formation, load_tables


class GBACWGame(GameBase):
    """The calls to the system's ``position`` and ``notation`` (and ``new_game``, ``turn_label``)
    are engine.gamebase's; a game on the system gives its ``state_class``."""
    name = "gbacw"
    system = "gbacw"
    title = "Great Battles of the American Civil War (standard rules)"
    version = "1"
    package = __package__
    OPTION_DEFAULTS: dict = {}

    def __init__(self, data_dir, options: dict | None = None, map_file: str = "map.toml", oob_file: str = "oob.toml"):
        self.data_dir = Path(data_dir)
        self.options = self._check_options(options or {})
        self.tables = load_tables()
        self.board = hex_board_from_file(self.data_dir / map_file)
        self.map_source = str(self.data_dir / map_file)
        self.crests = self._crests()
        self.map_facts = MapFacts(self.board, self.tables, self.crests, self.map_source)
        self._load_oob(self.data_dir / oob_file)
        self._index_entries()

    # -- options ------------------------------------------------------------------------------------
    def _check_options(self, options: dict) -> dict:
        out = {}
        for k, v in options.items():
            if k not in self.OPTION_DEFAULTS:
                raise DataError("options", k, f"unknown rule option; known: {', '.join(sorted(self.OPTION_DEFAULTS)) or 'none'}")
            default = self.OPTION_DEFAULTS[k]
            if isinstance(default, bool):
                if isinstance(v, str) and v.lower() in ("true", "yes", "1", "false", "no", "0"):
                    v = v.lower() in ("true", "yes", "1")
                if not isinstance(v, bool):
                    raise DataError("options", k, f"expected true or false, got {v!r}")
            elif v not in self.option_choices(k):
                raise DataError("options", k, f"expected one of {self.option_choices(k)}, got {v!r}")
            if v != default:
                out[k] = v
        return dict(sorted(out.items()))

    def option_choices(self, name: str) -> tuple:
        return ()

    def option(self, name: str):
        return self.options.get(name, self.OPTION_DEFAULTS[name])

    # -- data -----------------------------------------------------------------------------------------
    def _crests(self) -> frozenset:
        """21.32: hexes holding two levels: the map's [meta] crest_hexes, or else the lower hex of
        each ``crest`` or ``steep_crest`` hexside (the lower hex holds the contour)."""
        b = self.board
        listed = b.meta.get("crest_hexes")
        if listed is not None:
            for i, h in enumerate(listed):
                if h not in b.index:
                    raise DataError(self.map_source, f"meta.crest_hexes[{i}]", f"hex {h!r} is not on the map")
            return frozenset(b.index[h] for h in listed)
        out = set()
        for (x, y), feats in b.hexside_features.items():
            if "crest" in feats or "steep_crest" in feats:
                if b.elevation[x] != b.elevation[y]:
                    out.add(x if b.elevation[x] < b.elevation[y] else y)
        return frozenset(out)

    def _load_oob(self, path: Path) -> None:
        src = str(path)
        doc = load_toml(path)
        meta = Checker(src, doc.get("meta", {}), "meta")
        self.turns = meta.int_range("game_turns", 1, 99)
        self.first_player = SIDES.index(meta.choice("first_player", SIDES))
        self.skip_first_player_turns = frozenset(meta.get("no_first_player_turn_on", list, []))    # 26.1
        self.turn_labels = tuple(str(t.get("time", t.get("number", ""))) for t in doc.get("turn", []))
        self.oob = build_oob(src, doc, self.board)
        self.victory_doc = doc.get("victory", {})
        places = self.board.meta.get("places", {})
        pc = Checker(self.map_source, places, "meta.places")
        self.control_hexes = tuple(self._hex(pc, "victory_hexes", h) for h in pc.get("victory_hexes", list, []))
        exit_hex = pc.get("exit_hex", str, "")
        self.exit_hexes = (self._hex(pc, "exit_hex", exit_hex),) if exit_hex else ()
        self.deployment_areas = {}
        for name, area in self.board.meta.get("deployment_areas", {}).items():
            ac = Checker(self.map_source, area, f"meta.deployment_areas.{name}")
            self.deployment_areas[str(name)] = tuple(self._hex(ac, "hexes", h) for h in ac.get("hexes", list))

    def _hex(self, c: Checker, key: str, h) -> int:
        if h not in self.board.index:
            c.fail(key, f"hex {h!r} is not on the map")
        return self.board.index[h]

    def _index_entries(self) -> None:
        oob = self.oob
        self.units = oob.units
        self.n_units = len(oob.units)
        self.unit_index = oob.unit_index
        self.side_units = oob.side_units
        self.entry_hexes = tuple(sorted({u.entry_hex for u in oob.units if u.entry_hex >= 0}))
        self.reinforcements = tuple(tuple(u.index for u in oob.units if u.side == s and u.entry_turn)
                                    for s in (0, 1))
        forms = self.tables.formations
        leader = Formation("leader", "leader", self.tables.leader_allowance, True, False, False, False, True)
        self.formations_of = tuple((leader, leader) if u.type == "leader" else
                                   tuple(forms[name] for name in FORMS[u.type]) for u in oob.units)

    # -- states ---------------------------------------------------------------------------------------
    def state_class(self):
        from .standard import StandardState
        return StandardState

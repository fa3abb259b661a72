"""The Champion Hill game: static facts (map, order of battle, tables) shared by every state.
``cwbattles.load("champion-hill")`` returns a ``ChampionHillGame``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...engine.datafile import Checker, load_toml
from ...systems.blue_and_gray.game import BlueAndGrayGame

DATA = Path(__file__).parent / "data"
SIDE_INDEX = {"union": 0, "confederate": 1}
OPTION_DEFAULTS = {"union_range4_factor": "two_thirds", "osterhaus_release_by_bombardment": True,
                   "jackson_force": "unit", "carr_released_with_osterhaus": False, "optional_units": False,
                   "morale": "none", "stack_attacks_together": True}


@dataclass(frozen=True)
class Unit:
    index: int
    id: str
    name: str
    side: int
    type: str
    size: str
    division: int
    strength: int
    movement: int
    range: int
    setup: int            # hex index, -1 if none
    aside: bool           # set aside at start (optional or Out of Ammo counters, 16.2)
    optional: bool        # 16.2: an optional ("*") unit, in play with the option optional_units
    entry_turn: int       # 0 unless a reinforcement
    entry_hex: int        # -1 unless a reinforcement
    ooa_of: int           # 19.61: the unit this Out of Ammo counter replaces, or -1
    restriction: str
    counter: str


@dataclass(frozen=True)
class Division:
    index: int
    id: str
    name: str
    side: int
    restriction: str


class ChampionHillGame(BlueAndGrayGame):
    name = "champion-hill"
    title = "Champion Hill 1863"
    version = "1"
    package = __package__
    option_defaults = OPTION_DEFAULTS

    def __init__(self, data_dir: Path = DATA, options: dict | None = None):
        self._read_options_and_map(data_dir, options, Path(data_dir))
        self._load_oob(self.data_dir / "oob.toml")
        b = self.board
        ref = b.index
        # 21.2-21.3 victory hexes, 20.2-20.3 the ends of lines of communication (1504 scores
        # nothing, see notes); 19.3 exits
        self.crossroads = ref["1309"]
        self.union_loc = tuple(ref[h] for h in ("1902", "1911", "1920"))          # 20.2
        self.exit_hexes = tuple(ref[h] for h in ("0108", "0119", "1501", "1902", "1911", "1920"))  # 19.3
        self.conf_loc = tuple(sorted(h for h in (b.edges["east"] | b.edges["west"])   # 20.3
                                     if h in self.exit_hexes and b.ids[h] != "1501"
                                     and any("road" in f for f in b.features_around[h])))
        self.victory_hexes = tuple(sorted(ref[h] for h in ("0419", "0507", "0607", "0119", "1306", "1309", "1504",
                                                          "1902", "1911", "1920")))
        # 21.2 with 20.1: control is tracked wherever a victory condition or a line of
        # communication can end; 1902, 1911, 1920 and 1504 start Union, the rest Confederate
        # (0108, a Confederate line's end on the Edwards road, is not a victory hex: it starts
        # on the Confederate side of the field, like the victory hexes there)
        self.control_hexes = tuple(sorted(set(self.victory_hexes + self.conf_loc)))
        self.control_start = tuple(0 if b.ids[h] in ("1902", "1911", "1920", "1504") else 1
                                   for h in self.control_hexes)
        self.middle_road_east = tuple(ref[h] for h in ("1510", "1610", "1710", "1810", "1911"))  # 17.3 ii
        self.middle_road = tuple(ref[h] for h in ("1309", "1409", "1510", "1610", "1710", "1810", "1911"))
        self.art_road_only = self._art_road_only()                              # 19.13

    # -- data ---------------------------------------------------------------------------------
    def _load_oob(self, path: Path) -> None:
        src = str(path)
        doc = load_toml(path)
        meta = doc["meta"]
        self.turns = meta["game_turns"]                                          # 16.4
        self.night_turns = frozenset(meta["night_turns"])
        self.first_player = SIDE_INDEX[meta["first_player"]]                     # 16.3
        self.turn_labels = tuple(meta.get("turn_labels", ()))
        divs = []
        for i, t in enumerate(doc["division"]):
            c = Checker(src, t, f"division[{i}]")
            divs.append(Division(i, c.get("id", str), c.get("name", str), SIDE_INDEX[c.choice("side", SIDE_INDEX)],
                                 c.get("restriction", str, "")))
        self.divisions = tuple(divs)
        self.division_index = {d.id: d.index for d in divs}
        raw = doc["unit"]
        ids = [t["id"] for t in raw]
        units = []
        for i, t in enumerate(raw):
            c = Checker(src, t, f"unit[{i}]")
            setup = c.get("setup", str, "")
            aside = setup == "aside" or c.get("optional", bool, False)
            sh = -1
            if setup and setup != "aside":
                if setup not in self.board.index:
                    c.fail("setup", f"unknown hex {setup!r}")
                sh = self.board.index[setup]
            eh = c.get("entry_hex", str, "")
            if eh and eh not in self.board.index:
                c.fail("entry_hex", f"unknown hex {eh!r}")
            ooa = c.get("out_of_ammo_of", str, "")
            units.append(Unit(i, c.get("id", str), c.get("name", str), SIDE_INDEX[c.choice("side", SIDE_INDEX)],
                              c.choice("type", ("infantry", "cavalry", "artillery", "train")),
                              c.get("size", str), self.division_index[c.get("division", str)],
                              c.get("strength", int), c.get("movement", int), c.get("range", int, 0),
                              sh, aside, c.get("optional", bool, False), c.get("entry_turn", int, 0),
                              self.board.index[eh] if eh else -1, ids.index(ooa) if ooa else -1,
                              c.get("restriction", str, ""), c.get("counter", str, "")))
        self.units = tuple(units)
        self.n_units = len(units)
        self.unit_index = {u.id: u.index for u in units}
        self.side_units = tuple(tuple(u.index for u in units if u.side == s) for s in (0, 1))
        self.reinforcements = tuple(tuple(u.index for u in units if u.side == s and u.entry_turn)
                                    for s in (0, 1))
        self.entry_hexes = tuple(sorted({u.entry_hex for u in units if u.entry_hex >= 0}))
        self.div_units = tuple(tuple(u.index for u in units if u.division == d.index) for d in divs)
        U = self.unit_index
        self.TRAIN = U["us-train"]
        self.OHIO2 = U["us-12-2oh"]
        self.JACKSON = U["cs-st-jackson"]
        self.GREEN, self.COCKRELL = U["cs-bo-green"], U["cs-bo-cockrell"]
        self.OOA = {units[v].ooa_of: v for v in range(len(units)) if units[v].ooa_of >= 0}
        self.OSTERHAUS_1 = U["us-9-1"]
        D = self.division_index
        self.BOWEN, self.LORING, self.OSTERHAUS, self.CARR = D["bowen"], D["loring"], D["osterhaus"], D["carr"]

    def _art_road_only(self) -> frozenset:
        """19.13: wooded hexes east of Jackson's Creek (reached from the east edge without
        crossing the creek, rows 8 and south) within six hexes of the Middle Road."""
        b = self.board
        start = b.index["1911"]
        seen, todo = {start}, [start]
        while todo:
            h = todo.pop()
            for n in b.adjacent[h]:
                if n in seen or int(b.ids[n][2:]) < 8:
                    continue
                feats = b.features(h, n)
                if "stream" in feats or "creek" in feats:
                    continue
                seen.add(n)
                todo.append(n)
        return frozenset(h for h in seen if b.terrain[h] in ("woods", "woods_rough")
                         and min(b.distance(h, m) for m in self.middle_road) <= 6)

    def _more_key_facts(self, state, result: dict) -> dict:
        return {"train": state.train_status()}

"""The Cedar Mountain game: static facts (map, order of battle, the system's tables, the exclusive
rules' tables) shared by every state. ``cwbattles.load("cedar-mountain")`` returns a
``CedarMountainGame``."""

from __future__ import annotations

from pathlib import Path

from ...engine.datafile import Checker, load_toml
from ...engine.errors import DataError
from ...systems.gbacw.game import GBACWGame

DATA = Path(__file__).parent / "data"
SIDES = ("union", "confederate")


class CedarMountainGame(GBACWGame):
    name = "cedar-mountain"
    title = "Cedar Mountain 1862"
    version = "1"

    def __init__(self, data_dir: Path = DATA, options: dict | None = None, **files):
        self.option_specs = {t["name"]: t for t in load_toml(Path(data_dir) / "options.toml").get("option", [])}
        self.OPTION_DEFAULTS = {k: v["default"] for k, v in self.option_specs.items()}
        chosen = (options or {}).get("oob", self.OPTION_DEFAULTS["oob"])
        oob_files = self.option_specs["oob"]["files"]
        if "oob_file" not in files and chosen in oob_files:       # an unknown value is refused below
            files["oob_file"] = oob_files[chosen]
        super().__init__(data_dir, options, **files)
        self._exclusive(Path(data_dir) / "exclusive.toml")
        self._victory()

    def option_choices(self, name: str) -> tuple:
        return tuple(self.option_specs[name].get("choices", ()))

    # -- the exclusive rules' tables ----------------------------------------------------------------
    def _exclusive(self, path: Path) -> None:
        src = str(path)
        doc = load_toml(path)
        self.overshoot = []
        for i, band in enumerate(Checker(src, doc.get("overshoot", {}), "overshoot").get("bands", list)):
            c = Checker(src, band, f"overshoot.bands[{i}]")
            accurate = c.get("accurate", list)
            if not all(r in range(1, 7) for r in accurate):
                c.fail("accurate", "die rolls are 1 to 6")
            self.overshoot.append((c.int_range("first", 1, 99), c.int_range("last", 1, 999), frozenset(accurate)))
        self.overshoot_from = min(b[0] for b in self.overshoot)
        names = ("N", "NE", "SE", "S", "SW", "NW")
        sc = Checker(src, doc.get("scatter", {}), "scatter").get("directions", dict)
        if sorted(sc) != [str(r) for r in range(1, 7)] or sorted(sc.values()) != sorted(names):
            raise DataError(src, "scatter.directions", "give each die roll 1-6 one of the six printed directions")
        self.scatter = {int(r): names.index(d) for r, d in sc.items()}
        rt = Checker(src, doc.get("retreat", {}), "retreat")
        compass = self.board.compass
        self.retreat_dirs = []
        for side in SIDES:
            names_ = rt.get(side, list)
            if any(n not in compass for n in names_):
                rt.fail(side, f"directions on the ground are {', '.join(compass)}")
            self.retreat_dirs.append(frozenset(compass.index(n) for n in names_))
        cmd = Checker(src, doc.get("command", {}), "command")
        self.army_reach = (cmd.int_range("banks_reach", 0, 999), cmd.int_range("jackson_reach", 0, 999))
        corn = Checker(src, doc.get("cornfield", {}), "cornfield")
        self.blow_down = {"small_arms": corn.int_range("small_arms_range", 0, 9),
                          "artillery": corn.int_range("artillery_range", 0, 9)}
        self.cornfields = frozenset(h for h in range(len(self.board)) if self.board.terrain[h] == "cornfield")

    def _victory(self) -> None:
        """27: the schedule from the order-of-battle file's [victory] table."""
        src = str(self.data_dir / self.option_specs["oob"]["files"][self.option("oob")])
        v = Checker(src, self.victory_doc, "victory")
        levels = []
        for i, lv in enumerate(v.get("levels", list)):
            c = Checker(src, lv, f"victory.levels[{i}]")
            levels.append((c.get("name", str), c.int_range("min", 0, 999), lv.get("max")))
        self.levels = tuple(levels)
        self.hex_vp = v.int_range("hex_vp_per_turn", 0, 99)
        exit_vp = v.get("exit_vp_per_unit", dict)
        self.exit_vp = tuple(int(exit_vp.get(side, 0)) for side in SIDES)
        losses = Checker(src, v.get("losses", dict), "victory.losses")
        self.loss_vp = {k: losses.get(k, dict) for k in ("infantry_sp", "gun", "cavalry_sp", "brigade_commander",
                                                         "division_commander", "jackson", "banks")}
        self.historical = v.get("historical", str, "")

    # -- states -------------------------------------------------------------------------------------
    def state_class(self):
        from .state import State
        return State

    # -- facts for front-ends ---------------------------------------------------------------------------
    def geometry(self, size: float = 20.0) -> dict:
        from .drawing import geometry
        return geometry(self, size)

    def counters(self) -> dict:
        from .drawing import counters
        return counters(self)

    def terrain_chart(self) -> dict:
        from .drawing import terrain_chart
        return terrain_chart(self)

    def key_facts(self, state) -> dict:
        res = state.result
        facts = {"turns": state.turn, "vp_union": res["vp"]["union"], "vp_confederate": res["vp"]["confederate"],
                 "level": res["level"]}
        for side in SIDES:
            for k in ("loss_vp", "losses", "leaders", "bce", "hexes", "exits"):
                facts[f"{side}_{k}"] = res[side].get(k, 0)
        for hid, holder in res["control"].items():
            facts[f"control_{hid}"] = holder or ""
        return facts

"""The Cedar Creek game: static facts (map, order of battle, tables) shared by every state.

``Game`` is what ``cwbattles.load("cedar-creek")`` returns. It never changes during play;
states hold only what does.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

from ...engine.actions import Action
from ...engine.board import area_board_from_toml
from ...engine.datafile import Checker, load_toml
from ...engine.errors import DataError
from ...engine.gameref import PickledByReference

DATA = Path(__file__).parent / "data"
SIDE_NAMES = ("union", "confederate")
SIDE_INDEX = {"union": 0, "confederate": 1}


@dataclass(frozen=True)
class Division:
    index: int
    id: str
    name: str
    side: int
    letter: str
    superior: bool
    cavalry: bool
    entry: tuple          # entry points
    first_turn: int
    enter_by: int         # 12: the last turn by which it must have entered (0: no such turn)
    brigades: tuple       # unit indices
    independent: bool     # a lone independent cavalry brigade (12)


@dataclass(frozen=True)
class Brigade:
    index: int
    id: str
    name: str
    side: int
    division: int
    cavalry: bool
    strength: int
    dismounted: int
    artillery: int
    sharpshooters: bool
    star: bool
    setup_zone: int       # -1 when it does not start on the map
    dismounted_at_start: bool
    arrives: int          # independent cavalry: turn placed on the map
    entry_point: int
    historical: str


def _tables(path: Path) -> SimpleNamespace:
    doc = load_toml(path)
    return SimpleNamespace(**{k: SimpleNamespace(**v) for k, v in doc.items()})


def _option_specs(path: Path) -> dict:
    doc = load_toml(path)
    specs = {}
    for i, t in enumerate(doc.get("option", [])):
        c = Checker(str(path), t, f"option[{i}]")
        name = c.get("name", str)
        kind = c.choice("type", ("int", "bool", "str"))
        specs[name] = {"name": name, "rule": c.get("rule", str), "type": kind,
                       "choices": c.get("choices", list, []), "description": c.get("description", str)}
        if kind == "str":   # a choice among named readings; the default is left out of a game's options
            specs[name]["default"] = c.get("default", str)
            if specs[name]["default"] not in specs[name]["choices"]:
                c.fail("default", f"{specs[name]['default']!r} is not one of {specs[name]['choices']}")
            files = c.get("files", dict, {})
            if files and set(files) != set(specs[name]["choices"]):
                c.fail("files", f"one data file for each of {specs[name]['choices']}")
            specs[name]["files"] = files
    return specs


def check_options(specs: dict, options: dict) -> dict:
    """Validate rule options (names and values) against the scenario's declared switches.
    Values may come as text (from a command line): "5", "true"."""
    out = {}
    for name, value in options.items():
        if name not in specs:
            raise DataError("options", name, f"unknown rule option; known: {', '.join(sorted(specs))}")
        spec = specs[name]
        if spec["type"] == "bool":
            if isinstance(value, str) and value.lower() in ("true", "yes", "1", "false", "no", "0"):
                value = value.lower() in ("true", "yes", "1")
            if not isinstance(value, bool):
                raise DataError("options", name, f"expected true or false, got {value!r}")
            if value:
                out[name] = True
        elif spec["type"] == "str":
            if value not in spec["choices"]:
                raise DataError("options", name, f"expected one of {spec['choices']}, got {value!r}")
            if value != spec["default"]:
                out[name] = value
        else:
            try:
                value = int(value) if not isinstance(value, bool) else None
            except (TypeError, ValueError):
                value = None
            if value is None or (spec["choices"] and value not in spec["choices"]):
                raise DataError("options", name, f"expected one of {spec['choices']}, got {options[name]!r}")
            out[name] = value
    return dict(sorted(out.items()))


class CedarCreekGame(PickledByReference):
    """Static facts of Cedar Creek 1864 and the door to new states and positions."""

    name = "cedar-creek"
    title = "Cedar Creek 1864"
    version = "1"

    def __init__(self, data_dir: Path = DATA, options: dict | None = None):
        self.data_dir = Path(data_dir)
        self.option_specs = _option_specs(self.data_dir / "options.toml")
        self.options = check_options(self.option_specs, options or {})
        map_path = self.data_dir / "map.toml"
        self.board = area_board_from_toml(load_toml(map_path), str(map_path))
        self.tables = _tables(self.data_dir / "tables.toml")
        self._load_oob(self.data_dir / self.option_file("oob"))
        b = self.board
        self.n_zones = len(b.zones)
        self.vp_zones = tuple(z.index for z in b.zones if z.vp != (0, 0))

    def option(self, name: str):
        """An option's value in this game: the one chosen, or the declared default."""
        return self.options.get(name, self.option_specs[name].get("default"))

    def option_file(self, name: str) -> str:
        """The data file a str option's value selects (options.toml: ``files``)."""
        return self.option_specs[name]["files"][self.option(name)]

    # -- order of battle -----------------------------------------------------------------
    def _load_oob(self, path: Path) -> None:
        src = str(path)
        doc = load_toml(path)
        self.oob_meta = dict(doc.get("meta", {}))
        self.hq_ids, self.hq_names, self.hq_side = [], [], []
        self.hq_setup_zone = -1
        for i, t in enumerate(doc.get("hq", [])):
            c = Checker(src, t, f"hq[{i}]")
            self.hq_ids.append(c.get("id", str))
            self.hq_names.append(c.get("name", str))
            self.hq_side.append(SIDE_INDEX[c.choice("side", SIDE_INDEX)])
            setup = c.get("setup_zone", str, "")
            if setup:
                if setup not in self.board.index:
                    c.fail("setup_zone", f"unknown zone {setup!r}")
                self.hq_setup_zone = self.board.index[setup]
        if self.hq_setup_zone < 0:
            raise DataError(src, "hq", "Wright needs a setup_zone (12: Belle Grove)")
        for needed in ("early", "wright", "sheridan"):
            if needed not in self.hq_ids:
                raise DataError(src, "hq", f"missing headquarters {needed!r}")
        self.EARLY, self.WRIGHT, self.SHERIDAN = (self.hq_ids.index(h) for h in ("early", "wright", "sheridan"))
        trains = doc.get("train", [])
        if len(trains) != 1:
            raise DataError(src, "train", "exactly one [[train]] (Carter) is expected")
        c = Checker(src, trains[0], "train[0]")
        self.train = SimpleNamespace(id=c.get("id", str), name=c.get("name", str),
                                     strength=c.int_range("strength", 1, 20),
                                     markers=c.int_range("markers", 0, 20),
                                     marker_strength=c.int_range("marker_strength", 1, 6),
                                     marker_reduced=c.int_range("marker_reduced", 0, 6))
        div_tables = doc.get("division", [])
        div_index = {}
        raw_divs = []
        for i, t in enumerate(div_tables):
            c = Checker(src, t, f"division[{i}]")
            did = c.get("id", str)
            if did in div_index:
                c.fail("id", f"duplicate division id {did!r}")
            div_index[did] = len(raw_divs)
            raw_divs.append(dict(id=did, name=c.get("name", str), side=SIDE_INDEX[c.choice("side", SIDE_INDEX)],
                                 letter=c.get("letter", str), superior=c.get("superior", bool, False),
                                 cavalry=c.get("cavalry", bool, False), entry=tuple(c.get("entry", list, [])),
                                 first_turn=c.int_range("first_turn", 1, 9, 1),
                                 enter_by=c.int_range("enter_by", 0, 9, 0), independent=False, brigades=[]))
            d = raw_divs[-1]
            if d["enter_by"] and not d["entry"]:
                c.fail("enter_by", "a division with no entry point cannot be due to enter")
            if d["enter_by"] and d["enter_by"] < d["first_turn"]:
                c.fail("enter_by", f"turn {d['enter_by']} is before its first turn {d['first_turn']}")
        brigades = []
        ids = set()
        for i, t in enumerate(doc.get("brigade", [])):
            c = Checker(src, t, f"brigade[{i}]")
            bid = c.get("id", str)
            if bid in ids:
                c.fail("id", f"duplicate brigade id {bid!r}")
            ids.add(bid)
            side = SIDE_INDEX[c.choice("side", SIDE_INDEX)]
            dname = c.get("division", str, "")
            kind = c.choice("kind", ("infantry", "cavalry"))
            if dname:
                if dname not in div_index:
                    c.fail("division", f"unknown division {dname!r}")
                d = div_index[dname]
                if raw_divs[d]["side"] != side:
                    c.fail("side", f"brigade side differs from its division {dname!r}")
            else:  # 12: an independent cavalry brigade acts as a division of its own
                d = len(raw_divs)
                raw_divs.append(dict(id=bid, name=c.get("name", str), side=side, letter="", superior=False,
                                     cavalry=True, entry=(c.get("entry_point", int, 0),),
                                     first_turn=c.int_range("arrives", 0, 9, 1) or 1, enter_by=0,
                                     independent=True, brigades=[]))
            setup = c.get("setup", str, "")
            setup_zone = -1
            if setup:
                zones = [z.index for z in self.board.zones if setup in z.setup]
                if len(zones) != 1:
                    c.fail("setup", f"set-up letter {setup!r} must mark exactly one zone of the map, marks {len(zones)}")
                setup_zone = zones[0]
            strength = c.int_range("strength", 1, 20)
            brigades.append(Brigade(
                index=len(brigades), id=bid, name=c.get("name", str), side=side, division=d,
                cavalry=kind == "cavalry", strength=strength,
                dismounted=c.int_range("dismounted", 0, 20, 0) if kind == "cavalry" else strength,
                artillery=c.int_range("artillery", 0, 6, 0), sharpshooters=c.get("sharpshooters", bool, False),
                star=c.get("star", bool, False), setup_zone=setup_zone,
                dismounted_at_start=c.get("dismounted_at_start", bool, False),
                arrives=c.int_range("arrives", 0, 9, 0), entry_point=c.int_range("entry_point", 0, 99, 0),
                historical=c.get("historical", str, "")))
            if kind == "cavalry" and brigades[-1].dismounted < 1:
                c.fail("dismounted", "a cavalry brigade needs a dismounted strength of at least 1")
            raw_divs[d]["brigades"].append(len(brigades) - 1)
        self.divisions = tuple(Division(index=i, brigades=tuple(r.pop("brigades")), **r) for i, r in enumerate(raw_divs))
        self.brigades = tuple(brigades)
        self.n_units = len(brigades)
        for d in self.divisions:
            if not d.brigades:
                raise DataError(src, f"division {d.id}", "has no brigades")
            for e in d.entry:
                if e and e not in self.board.entry_zone:
                    raise DataError(src, f"division {d.id}.entry", f"entry point {e} is not on the map")
        self.unit_index = {b.id: b.index for b in brigades}
        self.division_index = {d.id: d.index for d in self.divisions}

    # -- states -------------------------------------------------------------------------
    def state_class(self):
        """The class of this game's states (a position is read into one, ``position``)."""
        from .game_state import State
        return State

    def new_game(self, seed: int = 0, dice=None):
        """A new game at the start of turn 1, set up as rule 12 says. ``dice`` replaces the
        seeded generator (adapters that expose every die as a chance node pass their own)."""
        from .game_state import State
        from .sequence import setup
        state = State(self, seed)
        if dice is not None:
            state.dice = dice
        setup(state)
        return state

    def all_actions(self) -> list:
        """Every action this game can ever offer, in a fixed order: the action space of the
        adapters (OpenSpiel, Gymnasium, PettingZoo), which index actions by position here."""
        from .notation import all_actions
        return all_actions(self)

    def from_position(self, doc, source: str = "position"):
        from .position import state_from_position
        return state_from_position(self, doc, source)

    # -- facts for front-ends --------------------------------------------------------------
    def geometry(self) -> dict:
        """Everything needed to draw the map: zones (polygon, centre, terrain, entry points,
        victory values), links with their features, and road and river lines."""
        b = self.board
        return {
            "kind": "areas", "width": b.meta.get("width", 1000), "height": b.meta.get("height", 1000),
            "title": b.meta.get("title", self.title), "reconstruction": bool(b.meta.get("reconstruction")),
            "zones": [{"id": z.id, "name": z.name, "center": list(z.center), "polygon": [list(p) for p in z.polygon],
                       "elevation": z.elevation, "woods": z.woods, "town": z.town, "bank": z.bank, "edge": z.edge,
                       "entry": list(z.entry), "vp": {"union": z.vp[0], "confederate": z.vp[1]},
                       "setup": list(z.setup)} for z in b.zones],
            "links": [{"a": b.zones[a].id, "b": b.zones[c].id, "road": lk.road, "crossing": lk.crossing,
                       "cedar_creek": lk.cedar_creek, "escarpment": lk.escarpment, "ravine": lk.ravine}
                      for (a, c), lk in sorted(b.links.items()) if a < c],
            "roads": [{"name": r.get("name", ""), "points": r.get("points", [])} for r in b.road_lines],
            "rivers": [{"name": r.get("name", ""), "points": r.get("points", [])} for r in b.river_lines],
        }

    def counters(self) -> dict:
        """The printed facts of every counter: brigades, divisions, HQs, the train."""
        side = ("union", "confederate")
        return {
            "brigades": [{"id": b.id, "name": b.name, "side": side[b.side], "division": self.divisions[b.division].id,
                          "division_name": self.divisions[b.division].name,
                          "letter": self.divisions[b.division].letter, "cavalry": b.cavalry,
                          "strength": b.strength, "dismounted": b.dismounted, "artillery": b.artillery,
                          "sharpshooters": b.sharpshooters, "star": b.star, "historical": b.historical}
                         for b in self.brigades],
            "divisions": [{"id": d.id, "name": d.name, "side": side[d.side], "letter": d.letter,
                           "superior": d.superior, "cavalry": d.cavalry, "independent": d.independent}
                          for d in self.divisions],
            "hqs": [{"id": h, "name": n, "side": side[s]} for h, n, s in zip(self.hq_ids, self.hq_names, self.hq_side)],
            "train": {"id": self.train.id, "name": self.train.name, "strength": self.train.strength},
        }

    def rule_summaries(self) -> dict:
        """{rule number: title, summary in our words, source} for every rule the game cites
        (engine.rulebook; data/rules.toml)."""
        from ...engine.rulebook import load_rule_summaries
        if not hasattr(self, "_rules"):
            self._rules = load_rule_summaries(self.data_dir / "rules.toml")
        return self._rules

    def key_facts(self, state) -> dict:
        """The facts a simulation records about a finished game (turn Sheridan arrived, turn
        Early entered, 0 for never, the tactical retreats: how many and the last one's turn, who
        holds each victory zone)."""
        from .sequence import tactical_retreats_ordered
        res = state.result
        facts = {"sheridan_turn": state.sheridan_turn if state.sheridan_in else 0,
                 "early_turn": state.early_entered_turn,
                 "tactical_retreat_turn": state.retreat_turn, "tactical_retreats": tactical_retreats_ordered(state),
                 "turns": state.turn}
        for zid, holder in res["zones"].items():
            facts[f"control_{zid}"] = holder or ""
        return facts

    # -- names ----------------------------------------------------------------------------
    def zone_name(self, z: int) -> str:
        return self.board.zones[z].name if z >= 0 else "off map"

    def describe(self, action: Action) -> str:
        from .notation import describe
        return describe(self, action)

    def action_to_json(self, action: Action) -> dict:
        from .notation import action_to_json
        return action_to_json(self, action)

    def action_from_json(self, doc: dict, source: str = "action") -> Action:
        from .notation import action_from_json
        return action_from_json(self, doc, source)

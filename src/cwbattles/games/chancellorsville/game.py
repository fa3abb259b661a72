"""The Chancellorsville game: static facts (two-section map, order of battle with leaders,
turn record, scenario) shared by every state. ``cwbattles.load("chancellorsville")``."""

from __future__ import annotations

from pathlib import Path

from ...engine.actions import Action
from ...engine.datafile import load_toml
from ...engine.errors import DataError
from ...engine.hexmapfile import hex_board_from_file
from ...systems.blue_and_gray import load_tables
from . import data_files
from ...engine.gameref import PickledByReference

DATA = Path(__file__).parent / "data"
OPTION_DEFAULTS = {"morale": "revised", "command_control": True, "union_forced_march": "north_of_river",
                   "sedgwick_orders": True, "leader_placement": "default", "forced_march_entry": "on_entry",
                   "attack_leader": "attack", "leader_loss": "unit", "occupation": "at_end"}


class ChancellorsvilleGame(PickledByReference):
    name = "chancellorsville"
    title = "Chancellorsville 1863"
    version = "1"

    def __init__(self, data_dir: Path = DATA, options: dict | None = None):
        self.data_dir = Path(data_dir)
        self.option_specs = {t["name"]: t for t in load_toml(DATA / "options.toml").get("option", [])}
        self.options = self._check_options(options or {})
        self.board = hex_board_from_file(self.data_dir / "map.toml")
        self.tables = load_tables()
        data_files.load_turns(self, self.data_dir / "turns.toml")
        data_files.load_oob(self, self.data_dir / "oob.toml")
        data_files.load_scenario(self, self.data_dir / "scenario.toml")
        data_files.load_command_control(self, DATA / "command_control.toml")
        self._derive()

    # -- options --------------------------------------------------------------------------------
    def _check_options(self, options: dict) -> dict:
        out = {}
        for k, v in options.items():
            if k not in self.option_specs:
                raise DataError("options", k, f"unknown rule option; known: {', '.join(sorted(self.option_specs))}")
            spec = self.option_specs[k]
            if spec["type"] == "bool":
                if isinstance(v, str) and v.lower() in ("true", "yes", "1", "false", "no", "0"):
                    v = v.lower() in ("true", "yes", "1")
                if not isinstance(v, bool):
                    raise DataError("options", k, f"expected true or false, got {v!r}")
            elif v not in spec["choices"]:
                raise DataError("options", k, f"expected one of {spec['choices']}, got {v!r}")
            if v != OPTION_DEFAULTS[k]:
                out[k] = v
        return dict(sorted(out.items()))

    def option(self, name):
        return self.options.get(name, OPTION_DEFAULTS[name])

    # -- derived facts ----------------------------------------------------------------------------
    def _derive(self) -> None:
        if not self.option("sedgwick_orders"):
            self.restrictions = ()                           # 23.14 off: nobody is held
        units = self.units
        self.n_units = len(units)
        self.unit_index = {u.id: u.index for u in units}
        self.side_units = tuple(tuple(u.index for u in units if u.side == s) for s in (0, 1))
        self.reinforcements = tuple(tuple(u.index for u in units if u.side == s and u.entry_turn)
                                    for s in (0, 1))
        self.entry_hexes = tuple(sorted({u.entry_hex for u in units if u.entry_hex >= 0}))
        self.leaders = tuple(u.index for u in units if u.type == "leader")
        slot = [-1] * len(self.board)
        for i, h in enumerate(self.victory_hexes):
            slot[h] = i
        self.victory_slot = tuple(slot)                      # hex -> its index among the victory hexes
        self.unit_restriction = tuple(next((i for i, r in enumerate(self.restrictions) if u.division in r["divisions"]),
                                           -1) for u in units)             # 23.14
        # 23.23, 23.51: leaders, cavalry and horse artillery may forced-march every Game-Turn
        self.always_forced = tuple(u.type in ("leader", "cavalry") or u.horse for u in units)
        self.div_units = tuple(tuple(u.index for u in units if u.division == d.index) for d in self.divisions)
        # 23.53: a leader's command, the combat units he commands (his army, corps or division)
        command = {}
        for v in self.leaders:
            c = units[v].command
            command[v] = frozenset(u.index for u in units if u.type != "leader" and u.side == units[v].side
                                   and (c in self.armies or c == u.corps or c == self.divisions[u.division].id))
        self.command = command
        self.commanders_of = tuple(tuple(v for v in self.leaders if u.index in command[v]) for u in units)
        # 23.55: Hooker (the Union army's commander) gives no saving roll
        union_chief = {lid for side, lid in self.armies.values() if side == 0}
        self.no_save = frozenset(v for v in self.leaders if not units[v].disruption_save or units[v].id in union_chief)
        # 23.4: the Union corps that roll (the cavalry one corps; the Reserve artillery assigned)
        tables = self.corps_tables
        rolling = [cid for cid, t in tables.items() if t["side"] == 0 and t["control"] == "roll"]
        rolling.sort(key=lambda cid: _corps_order(tables[cid]["designation"]))
        cavalry = [cid for cid, t in tables.items() if t["side"] == 0 and t["control"] == "cavalry"]
        self.corps_ids = tuple(rolling + cavalry)
        self.corps = tuple(tables[cid]["designation"] for cid in self.corps_ids)
        self.cavalry_corps = self.corps_ids.index(cavalry[0]) if cavalry else -1
        assigned = {cid for cid, t in tables.items() if t["control"] == "assigned"}
        self.reserve_artillery = tuple(u.index for u in units if u.side == 0 and u.corps in assigned)

        def corps_of(u):
            if u.side != 0:
                return -1
            if u.type == "cavalry" and self.cavalry_corps >= 0:
                return self.cavalry_corps
            cid = u.command if u.type == "leader" else u.corps
            return self.corps_ids.index(cid) if cid in self.corps_ids else -1    # Hooker: no roll
        self.unit_corps = tuple(corps_of(u) for u in units)

    def turn_label(self, turn: int) -> str:
        return self.turn_labels[turn - 1] if 0 < turn <= len(self.turn_labels) else str(turn)

    # -- states -------------------------------------------------------------------------------
    def state_class(self):
        """The class of this game's states (a position is read into one, ``position``)."""
        from .state import State
        return State

    def new_game(self, seed: int = 0, dice=None):
        from .state import State
        s = State(self, seed)
        if dice is not None:
            s.dice = dice
        s.setup()
        return s

    def from_position(self, doc, source: str = "position"):
        from .position import state_from_position
        return state_from_position(self, doc, source)

    def all_actions(self) -> list:
        from .notation import all_actions
        return all_actions(self)

    def describe(self, action: Action) -> str:
        from .notation import describe
        return describe(self, action)

    def action_to_json(self, action: Action) -> dict:
        from .notation import action_to_json
        return action_to_json(self, action)

    def action_from_json(self, doc: dict, source: str = "action") -> Action:
        from .notation import action_from_json
        return action_from_json(self, doc, source)

    # -- facts for front-ends -------------------------------------------------------------------
    def geometry(self, size: float = 20.0) -> dict:
        """The two sheets as the web view draws them (engine.hexdrawing: hexes, hexsides, the F and
        H sections with their seams), with the 23.61 occupation hexes."""
        from ...engine.hexdrawing import hex_geometry
        return {**hex_geometry(self.board, size), "victory_hexes": [self.board.ids[h] for h in self.victory_hexes]}

    def counters(self) -> dict:
        side = ("union", "confederate")
        return {"units": [{"id": u.id, "name": u.name, "side": side[u.side], "type": u.type, "size": u.size,
                           "division": self.divisions[u.division].id, "strength": u.strength,
                           "movement": u.movement, "range": u.range, "counter": u.counter, "stars": u.stars,
                           "entry_turn": u.entry_turn,
                           "entry_hex": self.board.ids[u.entry_hex] if u.entry_hex >= 0 else None,
                           "aside": u.aside}
                          for u in self.units],
                "divisions": [{"id": d.id, "name": d.name, "side": side[d.side], "restriction": ""}
                              for d in self.divisions]}

    def rule_summaries(self) -> dict:
        from ...engine.rulebook import load_rule_summaries
        from ...systems import blue_and_gray
        if not hasattr(self, "_rules"):
            system = Path(blue_and_gray.__file__).parent / "data" / "rules.toml"
            self._rules = load_rule_summaries(system, DATA / "rules.toml")
        return self._rules

    def key_facts(self, state) -> dict:
        res = state.result
        facts = {"turns": state.turn, "vp_union": res["vp"]["union"], "vp_confederate": res["vp"]["confederate"],
                 "level": res["level"], "exit_vp": res["union"].get("exits", 0),
                 "union_leaders_vp": res["union"].get("leaders", 0),
                 "confederate_leaders_vp": res["confederate"].get("leaders", 0)}
        for hid, holder in res["control"].items():
            facts[f"control_{hid}"] = holder or ""
        return facts


def _corps_order(name: str):
    roman = {"I": 1, "II": 2, "III": 3, "V": 5, "VI": 6, "IX": 9, "XI": 11, "XII": 12}
    return (roman.get(name, 99), name)

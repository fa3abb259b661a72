"""The Chancellorsville game: static facts (two-section map, order of battle with leaders,
turn record, scenario) shared by every state. ``cwbattles.load("chancellorsville")``."""

from __future__ import annotations

from pathlib import Path

from ...systems.blue_and_gray.game import BlueAndGrayGame
from . import data_files

DATA = Path(__file__).parent / "data"
OPTION_DEFAULTS = {"morale": "revised", "command_control": True, "union_forced_march": "north_of_river",
                   "sedgwick_orders": True, "leader_placement": "default", "forced_march_entry": "on_entry",
                   "attack_leader": "attack", "leader_loss": "unit", "occupation": "at_end",
                   "oob": "calibrated"}


class ChancellorsvilleGame(BlueAndGrayGame):
    name = "chancellorsville"
    title = "Chancellorsville 1863"
    version = "1"
    package = __package__
    option_defaults = OPTION_DEFAULTS

    def __init__(self, data_dir: Path = DATA, options: dict | None = None):
        self._read_options_and_map(data_dir, options, DATA)       # options and rules: always this game's
        data_files.load_turns(self, self.data_dir / "turns.toml")
        data_files.load_oob(self, self.data_dir / self.option_specs["oob"]["files"][self.option("oob")])
        data_files.load_scenario(self, self.data_dir / "scenario.toml")
        data_files.load_command_control(self, DATA / "command_control.toml")
        self._derive()

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

    # -- facts for front-ends -------------------------------------------------------------------
    def _unit_face_extras(self, unit) -> dict:
        return {"stars": unit.stars}

    def _more_key_facts(self, state, result: dict) -> dict:
        return {"exit_vp": result["union"].get("exits", 0), "union_leaders_vp": result["union"].get("leaders", 0),
                "confederate_leaders_vp": result["confederate"].get("leaders", 0)}


def _corps_order(name: str):
    roman = {"I": 1, "II": 2, "III": 3, "V": 5, "VI": 6, "IX": 9, "XI": 11, "XII": 12}
    return (roman.get(name, 99), name)

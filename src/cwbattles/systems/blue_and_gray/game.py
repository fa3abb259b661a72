"""What every Blue & Gray game's static facts share: rule options read from the game's
``options.toml`` and checked, the map drawn for the page with its victory hexes, the counters'
faces, the rule summaries (the series' standard rules, then the game's exclusive ones) and the
facts a simulation keeps of a finished game. A game (``games/champion_hill``,
``games/chancellorsville``) loads its own data and adds what its exclusive rules need."""

from __future__ import annotations

from pathlib import Path

from ...engine.datafile import load_toml
from ...engine.errors import DataError
from ...engine.gamebase import GameBase
from ...engine.hexmapfile import hex_board_from_file
from .tables import load_tables

SIDES = ("union", "confederate")


def read_option_specs(path: Path) -> dict:
    """name -> the option's table in ``options.toml`` (type, choices, default, text)."""
    return {t["name"]: t for t in load_toml(path).get("option", [])}


class BlueAndGrayGame(GameBase):
    option_defaults: dict = {}   # a game's OPTION_DEFAULTS
    option_specs: dict = {}      # read_option_specs of its options.toml
    rules_file: Path             # its exclusive rules' summaries (rules.toml)

    def _read_options_and_map(self, data_dir: Path, options: dict | None, rules_dir: Path) -> None:
        """What every game loads first: its options (``rules_dir``'s ``options.toml``, checked),
        its exclusive rules' summaries (``rules.toml`` there), its map (``data_dir``'s
        ``map.toml``) and the series' tables."""
        self.data_dir = Path(data_dir)
        self.option_specs = read_option_specs(rules_dir / "options.toml")
        self.rules_file = rules_dir / "rules.toml"
        self.options = self._check_options(options or {})
        self.board = hex_board_from_file(self.data_dir / "map.toml")
        self.tables = load_tables()

    # -- options --------------------------------------------------------------------------------
    def _check_options(self, options: dict) -> dict:
        """The options that differ from their defaults, sorted; DataError for an unknown option
        or a value it does not take (true/false may come as a word, from a form or a command)."""
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
            if v != self.option_defaults[k]:
                out[k] = v
        return dict(sorted(out.items()))

    def option(self, name):
        return self.options.get(name, self.option_defaults[name])

    # -- facts for front-ends -------------------------------------------------------------------
    def geometry(self, size: float = 20.0) -> dict:
        """The map as the web view draws it (engine.hexdrawing: hexes, hexsides, a sectioned
        map's seams), with the victory hexes."""
        from ...engine.hexdrawing import hex_geometry
        return {**hex_geometry(self.board, size), "victory_hexes": [self.board.ids[h] for h in self.victory_hexes]}

    def _unit_face_extras(self, unit) -> dict:
        """What a game's counters print beyond the series' (Chancellorsville's leaders' stars)."""
        return {}

    def counters(self) -> dict:
        def face(u):
            return {"id": u.id, "name": u.name, "side": SIDES[u.side], "type": u.type, "size": u.size,
                    "division": self.divisions[u.division].id, "strength": u.strength,
                    "movement": u.movement, "range": u.range, "counter": u.counter, **self._unit_face_extras(u),
                    "entry_turn": u.entry_turn, "entry_hex": self.board.ids[u.entry_hex] if u.entry_hex >= 0 else None,
                    "aside": u.aside}
        return {"units": [face(u) for u in self.units],
                "divisions": [{"id": d.id, "name": d.name, "side": SIDES[d.side], "restriction": d.restriction}
                              for d in self.divisions]}

    def rule_summaries(self) -> dict:
        """{rule number: title, summary in our words, source}: the Blue & Gray standard rules,
        then this game's exclusive rules (engine.rulebook)."""
        from ...engine.rulebook import load_rule_summaries
        if not hasattr(self, "_rules"):
            system = Path(__file__).parent / "data" / "rules.toml"
            self._rules = load_rule_summaries(system, self.rules_file)
        return self._rules

    def _more_key_facts(self, state, result: dict) -> dict:
        """A game's own facts of a finished game, after the series' (the train, exits...)."""
        return {}

    def key_facts(self, state) -> dict:
        res = state.result
        facts = {"turns": state.turn, "vp_union": res["vp"]["union"], "vp_confederate": res["vp"]["confederate"],
                 "level": res["level"], **self._more_key_facts(state, res)}
        for hid, holder in res["control"].items():
            facts[f"control_{hid}"] = holder or ""
        return facts

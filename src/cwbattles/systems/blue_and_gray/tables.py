"""The series' tables, read from data files (never written in code): the combat results
table (8.6, ``crt.toml``), the terrain effects chart (10.1, ``terrain.toml``) and the
sequence of play (4.0, ``sequence.toml``)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from ...engine.datafile import load_toml
from ...engine.errors import DataError

DATA = Path(__file__).parent / "data"
RESULTS = ("Ae", "Ar", "Ex", "Dr", "De")


@dataclass(frozen=True)
class Tables:
    columns: tuple            # "1-5" ... "6-1"
    results: dict             # die roll -> tuple of results, one per column
    die_min: int
    die_max: int
    bombardment_minimum: int  # column index
    terrain: dict             # name -> dict(mp={type: int|None}, defender=Fraction, blocks_los=bool)
    hexsides: dict            # feature -> dict(add={type: int|None}, mp=..., mp_into=..., attacker, rule, blocks_zoc, attack_across)
    night: dict
    sequence: dict
    names: dict               # result code -> its name ("De": "Defender eliminated")

    # -- 8.6 odds ------------------------------------------------------------------------------
    def column(self, attack, defence) -> int:
        """8.6: the odds column of attack : defence, rounded in the defender's favour, clamped
        to 1-5 .. 6-1. A defence of 0 is read on the highest column."""
        attack, defence = Fraction(attack), Fraction(defence)
        names = self.columns
        if defence <= 0:
            return len(names) - 1
        if attack <= 0:
            return 0
        if attack >= defence:
            n = int(attack // defence)                # 13 : 4 -> 3-1
            name = f"{min(n, int(names[-1].split('-')[0]))}-1"
        else:
            n = -int(-defence // attack)              # 5 : 11 -> 1-3 (ceil)
            name = f"1-{min(n, int(names[0].split('-')[1]))}"
        return names.index(name)

    def result(self, column: int, roll: int) -> str:
        """8.6: the result for a (modified) die roll, read within the table's rows."""
        roll = max(self.die_min, min(self.die_max, roll))
        return self.results[roll][column]


def _hex_mp(raw) -> dict:
    return {k: v for k, v in raw.items()}


@lru_cache(maxsize=4)
def load_tables(data_dir: str = str(DATA)) -> Tables:
    d = Path(data_dir)
    crt = load_toml(d / "crt.toml")
    src = str(d / "crt.toml")
    columns = tuple(crt["odds"]["columns"])
    results = {}
    for k, row in crt["results"].items():
        if len(row) != len(columns) or any(r not in RESULTS for r in row):
            raise DataError(src, f"results.{k}", f"expected {len(columns)} results among {RESULTS}")
        results[int(k)] = tuple(row)
    ter = load_toml(d / "terrain.toml")
    terrain = {}
    for name, t in ter["terrain"].items():
        terrain[name] = {"mp": _hex_mp(t["mp"]), "defender": Fraction(t.get("defender", 1)),
                         "blocks_los": bool(t.get("blocks_los", False))}
    hexsides = {}
    for name, t in ter["hexside"].items():
        add = {k: (None if v == "prohibited" else v) for k, v in t.get("add", {}).items()}
        hexsides[name] = {"add": add, "mp": t.get("mp"), "mp_into": t.get("mp_into"),
                          "attacker": Fraction(t.get("attacker", 1)).limit_denominator(),
                          "rule": str(t.get("rule", "8.4")),
                          "blocks_zoc": bool(t.get("blocks_zoc", False)),
                          "attack_across": bool(t.get("attack_across", True)),
                          "blocks_los": bool(t.get("blocks_los", False))}
    seq = load_toml(d / "sequence.toml")
    return Tables(columns=columns, results=results, die_min=crt["meta"]["die_min"],
                  die_max=crt["meta"]["die_max"],
                  bombardment_minimum=columns.index(crt["odds"]["bombardment_minimum"]),
                  terrain=terrain, hexsides=hexsides, night=dict(seq["night"]), sequence=seq,
                  names={k: v["name"] for k, v in crt["result"].items()})

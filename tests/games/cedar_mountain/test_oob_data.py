"""The Cedar Mountain order of battle file against the seed's OB rosters and the map.

The roster values (brigade strengths, BCE limits and VP, battery guns and codes, entries, areas,
command points, replacement orders) are printed in the seed and pinned here; the regiment-level
values are reconstructions, checked for consistency: each brigade's regiments add up to the
roster's total, every unit can be placed, every reference resolves.
"""

from __future__ import annotations

import tomllib
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from cwbattles.engine.hexmapfile import hex_board_from_file

DATA = Path(__file__).parents[3] / "src" / "cwbattles" / "games" / "cedar_mountain" / "data"

# The OB rosters of Cedar Mountain (SPI, S&T 86, 1981), their OCR cleaned by hand
# (docs/data-notes/cedar-mountain-oob.md section 1):
# brigade: (strength, BCE limit, BCE VP, entry "turn/hex" or Union deployment area)
ROSTER_BRIGADES = {
    "ronald": (10, 6, 16, "5/2934"), "garnett": (7, 4, 10, "2/2934"), "taliaferro": (13, 7, 14, "2/2934"),
    "early": (16, 8, 30, "1/2934"), "trimble": (20, 10, 16, "1/4032"), "forno": (30, 15, 24, "1/4032"),
    "thomas": (20, 14, 30, "7/2934"), "branch": (20, 10, 20, "9/2934"), "archer": (20, 10, 22, "10/2934"),
    "pender": (20, 10, 16, "10/2934"),
    "crawford": (18, 13, 17, "4"), "gordon": (19, 13, 12, "5"), "geary": (11, 7, 10, "3"),
    "prince": (14, 8, 9, "2"), "greene": (6, 3, 5, "1"), "bayard": (7, 3, 10, "6"),
}
# battery: (guns, gun code, entry "turn/hex" or area)
ROSTER_BATTERIES = {
    "cs-1mdbty": (4, "N", "1/2934"), "cs-4mdbty": (4, "TA", "1/2934"), "cs-bedford": (4, "N", "1/2934"),
    "cs-alleghany": (4, "N", "2/2934"), "cs-rockbridge": (4, "PA", "2/2934"), "cs-hampden": (4, "TB", "2/2934"),
    "cs-laguard": (4, "N", "2/4032"), "cs-courtney": (4, "TB", "2/4032"), "cs-purcell": (2, "PA", "4/2934"),
    "cs-middlesex": (2, "PA", "4/2934"),
    "us-6mebty": (6, "TB", "1"), "us-4mebty": (6, "TA", "2"), "us-f4us": (6, "N", "3"),
    "us-epa": (6, "PA", "4"), "us-l2ny": (6, "TB", "5"), "us-m1ny": (6, "PA", "6"),
}
REPLACEMENTS = {   # 25.32, 25.33
    "williams": ["crawford", "gordon"], "augur": ["geary", "prince", "greene"],
    "winder": ["taliaferro", "ronald"], "hill": ["branch", "pender", "archer", "thomas"],
    "ewell": ["trimble", "forno"],
}


OOB_FILES = ("oob.toml", "oob-east.toml")     # the option oob: calibrated (default), east
CALIBRATED = {"setup", "basis", "setup_basis"}           # what the calibration may change (data notes section 10)


def load_oob(name: str) -> dict:
    with open(DATA / name, "rb") as f:
        return tomllib.load(f)


@pytest.fixture(scope="module", params=OOB_FILES)
def oob(request):
    """Each roster test runs on both files: the calibration never touches a printed value."""
    return load_oob(request.param)


@pytest.fixture(scope="module")
def board():
    return hex_board_from_file(DATA / "map.toml")


def placement(item) -> str:
    return f"{item['entry_turn']}/{item['entry_hex']}" if "entry_turn" in item else item["area"]


def test_brigades_match_the_roster(oob):
    got = {b["id"]: (b["strength"], b["bce_limit"], b["bce_vp"], placement(b)) for b in oob["brigade"]}
    assert got == ROSTER_BRIGADES


def test_each_brigades_regiments_add_up_to_its_roster_strength(oob):
    totals = Counter()
    for u in oob["unit"]:
        if u["brigade"]:
            totals[u["brigade"]] += u["strength"]
    assert dict(totals) == {b: v[0] for b, v in ROSTER_BRIGADES.items()}


def test_batteries_match_the_roster(oob):
    got = {u["id"]: (u["strength"], u["gun_code"], placement(u)) for u in oob["unit"] if u["type"] == "artillery"}
    assert got == ROSTER_BATTERIES


def test_army_totals(oob):
    total = Counter((u["side"], u["type"]) for u in oob["unit"] for _ in range(u["strength"]))
    assert total[("confederate", "infantry")] == 176 and total[("confederate", "artillery")] == 36
    assert total[("union", "infantry")] == 68 and total[("union", "cavalry")] == 12
    assert total[("union", "artillery")] == 36
    independent_cavalry = {u["id"]: u["strength"] for u in oob["unit"] if u["type"] == "cavalry" and not u["brigade"]}
    assert independent_cavalry == {"us-1mecav": 5, "cs-white": 1}


def test_references_resolve_and_units_follow_their_brigade(oob):
    leaders = {lead["id"]: lead for lead in oob["leader"]}
    divisions = {d["id"]: d for d in oob["division"]}
    brigades = {b["id"]: b for b in oob["brigade"]}
    armies = {a["side"]: a for a in oob["army"]}
    assert sorted(armies) == ["confederate", "union"]
    for a in armies.values():
        assert leaders[a["commander"]]["role"] == "army" and leaders[a["commander"]]["command"] == a["id"]
    for d in divisions.values():
        assert leaders[d["commander"]]["role"] == "division" and leaders[d["commander"]]["command"] == d["id"]
    for b in brigades.values():
        assert leaders[b["commander"]]["role"] == "brigade" and leaders[b["commander"]]["side"] == b["side"]
        assert b["division"] == "" or divisions[b["division"]]["side"] == b["side"]
    for u in oob["unit"]:
        if u["brigade"]:
            b = brigades[u["brigade"]]
            assert (u["side"], u["division"], placement(u)) == (b["side"], b["division"], placement(b)), u["id"]
        elif u["division"]:
            assert divisions[u["division"]]["side"] == u["side"]
    assert len({u["id"] for u in oob["unit"]} | set(leaders)) == len(oob["unit"]) + len(leaders)


def test_independent_brigades_and_detachment(oob):
    brigades = {b["id"]: b for b in oob["brigade"]}
    assert brigades["early"]["division"] == "" and brigades["bayard"]["division"] == ""
    assert brigades["thomas"]["division"] == "hill" and brigades["thomas"]["detached"] is True
    assert sum(1 for b in brigades.values() if b.get("detached")) == 1


def test_leaders_command_points_and_replacements(oob):
    leaders = {lead["id"]: lead for lead in oob["leader"]}
    assert leaders["jackson"]["command_points"] == 3 and leaders["banks"]["command_points"] == 1   # 25.1, 25.2
    assert (leaders["winder"]["integrity_radius"], leaders["winder"]["command_points"]) == (4, 2)  # 20.1 sample
    for lead in leaders.values():
        need = {"army": ["command_points"], "division": ["integrity_radius", "command_points"],
                "brigade": ["effectiveness_radius"]}[lead["role"]]
        assert all(isinstance(lead[k], int) and lead[k] >= 1 for k in need + ["rally_points", "melee_bonus"]), lead["id"]
    assert {d["commander"]: d.get("replacements", []) for d in oob["division"] if d.get("replacements")} == REPLACEMENTS


def test_every_unit_and_leader_can_be_placed(oob, board):
    entries = set(board.meta["places"]["entry_hexes"])
    areas = board.meta["deployment_areas"]
    for item in oob["unit"] + oob["leader"]:
        if item["side"] == "confederate":
            assert 1 <= item["entry_turn"] <= oob["meta"]["game_turns"] and item["entry_hex"] in entries, item["id"]
        else:
            hexes = set(areas[item["area"]]["hexes"]) if item["area"] in areas else set(board.ids)
            assert item["setup"] in hexes, item["id"]
            assert board.terrain[board.ref(item["setup"])] != "lake", item["id"]


def test_union_leaders_set_up_with_their_commands(oob):
    setup = defaultdict(set)
    for u in oob["unit"]:
        if u["side"] == "union":
            setup[u["brigade"] or u["division"]].add(u["setup"])
            setup[u["division"]].add(u["setup"])
    for lead in oob["leader"]:
        if lead["side"] == "union" and lead["role"] != "army":
            assert lead["setup"] in setup[lead["command"]], lead["id"]      # 26.2


def test_entry_columns_are_numbered_one_to_n(oob):
    columns = defaultdict(list)
    for u in oob["unit"]:
        if u["side"] == "confederate":
            columns[(u["entry_turn"], u["entry_hex"])].append(u["column_order"])
    for key, orders in columns.items():
        assert sorted(orders) == list(range(1, len(orders) + 1)), key


def test_unit_values_are_in_range(oob):
    for u in oob["unit"]:
        assert u["type"] in ("infantry", "cavalry", "artillery") and u["strength"] >= 1
        assert 2 <= u["morale"] <= 6 and u["morale_basis"], u["id"]
        if u["type"] == "artillery":
            assert u["gun_code"] in ("N", "PA", "TA", "TB") and u["gun_type"]
        else:
            assert u["weapon"] in (("carbine",) if u["type"] == "cavalry" else ("rifle", "mixed", "smoothbore"))


def test_turn_record_is_thirteen_half_hours(oob):
    turns = oob["turn"]
    assert [t["number"] for t in turns] == list(range(1, 14))
    minutes = [int(t["time"][:2]) * 60 + int(t["time"][3:]) for t in turns]
    assert all(b - a == 30 for a, b in zip(minutes, minutes[1:])) and turns[0]["time"] == "14:00"
    assert {t["light"] for t in turns} <= {"day", "dusk", "dark"}


def test_victory_schedule(oob):
    v = oob["victory"]
    assert [(lv["name"], lv["min"]) for lv in v["levels"]] == [("draw", 0), ("marginal", 6), ("tactical", 11), ("strategic", 19)]
    assert v["hex_vp_per_turn"] == 2 and v["exit_vp_per_unit"] == {"confederate": 1, "union": 0}
    assert v["losses"]["cavalry_sp"] == {"eliminated": 2, "captured": 3}
    assert v["losses"]["jackson"] == {"wounded": 5, "killed": 10, "captured": 15}


def test_the_two_readings_differ_only_in_reconstructed_set_up_values():
    calibrated, east = load_oob(OOB_FILES[0]), load_oob(OOB_FILES[1])
    changed = set()
    for key in ("unit", "leader", "brigade", "division"):
        before = {item["id"]: item for item in east[key]}
        assert [item["id"] for item in calibrated[key]] == [item["id"] for item in east[key]]
        for item in calibrated[key]:
            for field in set(item) | set(before[item["id"]]):
                if item.get(field) != before[item["id"]].get(field):
                    changed.add(field)
                    assert field in CALIBRATED, (item["id"], field)
    assert "setup" in changed
    assert {k: v for k, v in calibrated.items() if k not in ("unit", "leader")} == \
        {k: v for k, v in east.items() if k not in ("unit", "leader")}

"""Consistency of Chancellorsville's order-of-battle, turn and scenario data (TOML only: no game code).

What these check is what the rules and the data notes promise: every unit placed or scheduled once,
every command it names exists, the leaders follow 23.5-23.59, the turn record agrees with 23.22 and
23.4, and the sides' strengths stay within 10% of the historical men behind them
(docs/data-notes/chancellorsville-oob.md 3)."""
import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[3] / "src" / "cwbattles" / "games" / "chancellorsville" / "data"
HEX = re.compile(r"^[FH]\d{4}$")
SIDES = ("union", "confederate")
TYPES = ("infantry", "cavalry", "artillery", "leader")


def load(name):
    with open(DATA / name, "rb") as f:
        return tomllib.load(f)


@pytest.fixture(scope="module")
def oob():
    return load("oob.toml")


@pytest.fixture(scope="module")
def turns():
    return load("turns.toml")


@pytest.fixture(scope="module")
def units(oob):
    return {u["id"]: u for u in oob["unit"]}


def combat(units):
    return [u for u in units.values() if u["type"] != "leader"]


def test_ids_are_unique_across_all_tables(oob):
    ids = [t["id"] for key in ("army", "corps", "division", "unit") for t in oob[key]]
    dup = [i for i, n in Counter(ids).items() if n > 1]
    assert dup == []
    assert sorted(a["side"] for a in oob["army"]) == ["confederate", "union"]


def test_every_unit_has_side_type_strength_and_movement(units):
    for u in units.values():
        assert u["side"] in SIDES, u["id"]
        assert u["type"] in TYPES, u["id"]
        assert isinstance(u["strength"], int), u["id"]
        if u["type"] == "leader":
            assert u["strength"] == 0 and u["movement"] == 12 and u["forced_march_movement"] == 24, u["id"]  # 23.51
        else:
            assert u["strength"] >= 1, u["id"]
        if u["type"] == "cavalry" or u["id"] == "cs-s-beckham":                # 23.23
            assert u["movement"] == 8, u["id"]
        elif u["type"] in ("infantry", "artillery"):
            assert u["movement"] == 6, u["id"]
        if u["type"] == "artillery":
            assert u["bombardment"] == u["strength"] and u["range"] == 3, u["id"]


def test_every_unit_is_set_up_or_scheduled_exactly_once(units, oob):
    last = oob["meta"]["game_turns"]
    for u in units.values():
        has_setup = "setup" in u
        has_entry = "entry_turn" in u or "entry_hex" in u
        assert has_setup != has_entry, u["id"]
        if has_entry:
            assert 1 <= u["entry_turn"] <= last, u["id"]
            assert "entry_hex" in u, u["id"]


def test_hex_ids_are_printed_F_or_H_ids(units):
    for u in units.values():
        for key in ("setup", "entry_hex"):
            if key in u:
                assert HEX.match(u[key]), (u["id"], u[key])
                col, row = int(u[key][1:3]), int(u[key][3:])
                assert 1 <= col <= 25 and 1 <= row <= 28, (u["id"], u[key])


def test_references_exist_and_agree_on_side(oob, units):
    armies = {a["id"]: a for a in oob["army"]}
    corps = {c["id"]: c for c in oob["corps"]}
    divs = {d["id"]: d for d in oob["division"]}
    for d in divs.values():
        assert corps[d["corps"]]["side"] == d["side"], d["id"]
    for c in list(corps.values()) + list(armies.values()):
        if "leader" in c:
            assert units[c["leader"]]["type"] == "leader" and units[c["leader"]]["side"] == c["side"], c["id"]
    for u in units.values():
        if "division" in u:
            assert divs[u["division"]]["side"] == u["side"], u["id"]
            assert divs[u["division"]]["corps"] == u["corps"], u["id"]
        if "corps" in u:
            assert corps[u["corps"]]["side"] == u["side"], u["id"]
        cmd = {**armies, **corps, **divs}[u["command"]]
        assert cmd["side"] == u["side"], u["id"]


def test_commands_follow_23_53(oob, units):
    """Union units belong to their corps, Confederate ones to their division, whose letter ends
    the designation (23.53: 'Posey is in Anderson's division')."""
    divs = {d["id"]: d for d in oob["division"]}
    for u in combat(units):
        if u["side"] == "union":
            assert u["command"] == u["corps"], u["id"]
        else:
            assert u["command"] == u["division"], u["id"]
            letter = divs[u["division"]].get("letter")
            if letter:
                assert u["counter"].endswith("/" + letter), u["id"]
    assert units["cs-a-posey"]["command"] == "cs-a"


def test_leaders_have_stars_by_23_5(oob, units):
    corps = {c["id"]: c for c in oob["corps"]}
    leaders = [u for u in units.values() if u["type"] == "leader"]
    assert leaders
    for ldr in leaders:
        assert ldr["stars"] >= 1, ldr["id"]
        if ldr["command"] in ("us-army", "cs-army"):
            assert ldr["stars"] > 1, ldr["id"]                       # army commanders
        elif ldr["command"] in corps and ldr["side"] == "confederate":
            assert ldr["stars"] > 1, ldr["id"]                       # Confederate corps commanders
        else:
            assert ldr["stars"] == 1, ldr["id"]                      # Union corps, Confederate divisions
    assert units["cs-ldr-jackson"]["stars"] == 3                     # 23.58: Jackson = 6 VP
    assert not any(u["command"] == "Cavalry" for u in leaders)        # 23.5: no Union cavalry leader
    assert units["us-ldr-hooker"]["disruption_save"] is False         # 23.55
    assert [u["id"] for u in units.values() if "disruption_save" in u] == ["us-ldr-hooker"]


def test_leaders_arrive_as_23_59_says(units, turns):
    day = {t["number"]: t["date"] for t in turns["turn"]}
    for ldr in (u for u in units.values() if u["type"] == "leader"):
        if ldr.get("placement_free"):
            assert ldr["id"] in ("us-ldr-hooker", "cs-ldr-lee"), ldr["id"]
            continue
        own = [u for u in combat(units) if ldr["command"] in (u["command"], u["corps"])]
        if "setup" in ldr:
            assert any(u.get("setup") == ldr["setup"] for u in own), ldr["id"]
        else:
            assert any(u.get("entry_turn") == ldr["entry_turn"] and u.get("entry_hex") == ldr["entry_hex"]
                       for u in own), ldr["id"]
    assert units["cs-ldr-jackson"]["entry_turn"] == 2
    stuart = units["cs-ldr-stuart"]
    assert day[stuart["entry_turn"]] == "1863-05-01"
    assert any(u["type"] == "cavalry" and u.get("entry_turn") == stuart["entry_turn"] for u in units.values())


def test_union_command_control_data_fits_23_4(oob, units):
    corps = {c["id"]: c for c in oob["corps"]}
    rolls = {c["designation"] for c in corps.values() if c["command_control"] == "roll"}
    assert rolls == {"I", "II", "III", "V", "VI", "XI", "XII"}
    reserve = [u for u in combat(units) if corps[u["corps"]]["command_control"] == "assigned"]
    assert [u["type"] for u in reserve] == ["artillery"]            # "the Reserve artillery unit"
    assert [c["id"] for c in corps.values() if c["command_control"] == "cavalry"] == ["Cavalry"]
    assert all(u["corps"] == "Cavalry" for u in combat(units) if u["side"] == "union" and u["type"] == "cavalry")


def test_set_up_respects_the_stacking_limit(units):
    """Standard stacking: at most two combat units in a hex; leaders do not count (23.52)."""
    per_hex = Counter(u["setup"] for u in combat(units) if "setup" in u)
    assert max(per_hex.values()) <= 2, [h for h, n in per_hex.items() if n > 2]
    sides = {}
    for u in units.values():
        if "setup" in u:
            assert sides.setdefault(u["setup"], u["side"]) == u["side"], u["setup"]


def test_turn_record_agrees_with_the_meta_and_the_rules(oob, turns):
    meta, tmeta = oob["meta"], turns["meta"]
    rec = turns["turn"]
    assert [t["number"] for t in rec] == list(range(1, meta["game_turns"] + 1))
    assert tmeta["game_turns"] == meta["game_turns"]
    assert [t["number"] for t in rec if t["night"]] == meta["night_turns"] == tmeta["night_turns"]
    assert [t["label"] for t in rec] == meta["turn_labels"]
    assert meta["first_player"] == tmeta["first_player"]
    assert rec[0]["date"] == "1863-05-01" and rec[-1]["night"] and rec[-1]["date"] == "1863-05-04"
    assert tmeta["union_command_control_from"] == 7 and tmeta["confederate_forced_march_turns"] == [2, 3]


@pytest.mark.parametrize("side", SIDES)
def test_strengths_are_within_ten_percent_of_the_men(oob, units, side):
    """Infantry: strength x 400 against the division and corps strengths Dodge gives,
    and the units' men against the same totals. Artillery points are firepower, not men."""
    per = oob["meta"]["men_per_strength_point"]
    hist = oob["meta"]["history"][f"{side}_infantry_men"]
    inf = [u for u in combat(units) if u["side"] == side and u["type"] == "infantry"]
    sp = sum(u["strength"] for u in inf)
    men = sum(u["men"] for u in inf)
    assert abs(sp * per - hist) / hist <= 0.10, (sp, hist)
    assert abs(men - hist) / hist <= 0.10, (men, hist)
    horse = [u for u in combat(units) if u["side"] == side and u["type"] == "cavalry"]
    assert abs(sum(u["strength"] for u in horse) * per - sum(u["men"] for u in horse)) <= 0.5 * sum(u["men"] for u in horse)


def test_basis_and_placement_say_where_each_value_comes_from(units):
    marks = ("verified", "reconstructed", "23.")
    for u in units.values():
        assert u["basis"].startswith(marks), u["id"]
        assert u["placement"].startswith(marks), u["id"]


@pytest.fixture(scope="module")
def scenario():
    return load("scenario.toml")


def test_victory_hexes_are_23_61s(scenario):
    got = {v["hex"]: v["vp"] for v in scenario["victory_hex"]}
    assert all(v["source"] == "printed" and v["place"].startswith("reconstructed") for v in scenario["victory_hex"])
    assert got == {"F2401": 25, "F1326": 5, "F0825": 5, "F2027": 5, "H1928": 15, "H0328": 5}
    assert scenario["exit"]["hex"] == "F2501" and not scenario["exit"]["confederate_may_exit"]
    v = scenario["victory"]
    assert (v["vp_per_enemy_strength_point"], v["vp_per_enemy_star"], v["vp_per_exited_strength_point"]) == (2, 2, 1)


def level_of(levels, ratio):
    """The 23.62 level of a Confederate:Union ratio, read from the data's bounds."""
    hits = []
    for lv in levels:
        lo, hi = lv.get("ratio_min"), lv.get("ratio_max")
        if lo is not None and not (ratio > lo or (lv.get("min_inclusive") and ratio == lo)):
            continue
        if hi is not None and not (ratio < hi or (lv.get("max_inclusive") and ratio == hi)):
            continue
        hits.append(lv["name"])
    return hits


@pytest.mark.parametrize("c,u,level", [
    (40, 20, "Confederate Decisive"), (30, 20, "Confederate Substantive"), (39, 20, "Confederate Substantive"),
    (21, 20, "Confederate Marginal"), (20, 20, "Union Marginal"), (20, 30, "Union Substantive"),
    (21, 30, "Union Marginal"), (20, 40, "Union Decisive"), (19, 30, "Union Substantive"), (1, 100, "Union Decisive"),
])
def test_levels_of_victory_cover_each_ratio_once(scenario, c, u, level):
    assert level_of(scenario["victory"]["level"], c / u) == [level]       # 23.62


def test_forced_march_data_matches_23_2(scenario, units):
    fm = scenario["forced_march"]
    assert fm["movement_points"] == 12 and fm["leader_movement_points"] == 24 and not fm["enters_enemy_zoc"]
    assert fm["confederate"]["turns"] == [2, 3]                            # 23.22
    assert fm["union"]["region"] == scenario["exit"]["loc_target_region"]  # 23.21 (reconstructed)
    assert fm["cavalry"]["normal_movement"] == 8                            # 23.23
    assert [units[i]["counter"] for i in fm["cavalry"]["horse_artillery"]] == ["1a Beckhams/S"]
    assert units["cs-s-beckham"]["movement"] == 8


def test_restrictions_name_real_union_divisions(scenario, oob, turns):
    divs = {d["id"]: d for d in oob["division"]}
    held = set()
    for r in scenario["restriction"]:
        assert 1 < r["released_on_turn"] <= turns["meta"]["game_turns"]
        for d in r["divisions"]:
            assert divs[d]["side"] == "union" and divs[d].get("restriction") == r["rule"], d
            held.add(d)
    assert held == {d for d, t in divs.items() if t.get("restriction")}


def test_restricted_wing_is_sedgwicks(scenario, units):
    """23.14 (reconstructed): the hold binds the Union units set up on the Fredericksburg sheet."""
    held = {d for r in scenario["restriction"] for d in r["divisions"]}
    on_f = {u["division"] for u in combat(units) if u["side"] == "union" and u.get("setup", "").startswith("F")}
    assert held == on_f


# ---------------------------------------------------------------- against the map (map.toml)
NORTH = "north of the Rappahannock"
NORTH_BANK_UNION = {"us-ii-2", "us-vi-2", "us-vi-3", "us-vi-l", "us-vi-art"}   # Falmouth, Franklin's Crossing


@pytest.fixture(scope="module")
def board():
    from cwbattles.engine.hexmapfile import hex_board_from_file
    return hex_board_from_file(DATA / "map.toml")


def test_every_set_up_and_entry_hex_is_on_the_map(board, units):
    for u in units.values():
        for key in ("setup", "entry_hex"):
            if key in u:
                assert u[key] in board.index, (u["id"], key, u[key])


def test_reinforcements_enter_on_a_map_edge(board, units):
    for u in units.values():
        if "entry_hex" in u:
            assert board.edges_of(board.index[u["entry_hex"]]), (u["id"], u["entry_hex"])


def test_reinforcements_enter_on_a_road_or_the_railroad(board, units):
    """Columns arrive along the routes they marched: US Ford road, Ely's Ford road, the Furnace
    road, the Telegraph Road, the railroad at Hamilton's Crossing."""
    for u in units.values():
        if "entry_hex" in u:
            feats = set().union(*board.features_around[board.index[u["entry_hex"]]])
            assert feats & {"road", "railroad"}, (u["id"], u["entry_hex"])


def test_units_start_on_their_historical_bank(board, units):
    """No Confederate unit north of the Rappahannock; the Union's only there at Falmouth and
    Franklin's Crossing (VI Corps' waiting divisions, Gibbon); the arrivals by United States Ford
    enter at its north end."""
    north = board.regions[NORTH]
    for u in combat(units):
        if "setup" in u:
            is_north = board.index[u["setup"]] in north
            assert is_north == (u["id"] in NORTH_BANK_UNION), u["id"]
    ford = {u["entry_hex"] for u in combat(units) if u["side"] == "union" and u.get("entry_turn") in (1, 15)
            and u["corps"] != "Cavalry"}
    assert ford == {"H0112"} and board.index["H0112"] in north


def test_no_unit_starts_next_to_an_enemy(board, units):
    at = {}
    for u in combat(units):
        if "setup" in u:
            at.setdefault(board.index[u["setup"]], set()).add(u["side"])
    for h, sides in at.items():
        for n in board.adjacent[h]:
            assert not (at.get(n, set()) - sides), (board.ids[h], board.ids[n])


def test_rule_hexes_exist_where_the_map_puts_them(board, scenario):
    for v in scenario["victory_hex"]:
        assert v["hex"] in board.index
    assert board.edges_of(board.index[scenario["exit"]["hex"]])
    for f in scenario["fieldworks"]:
        assert f["hex"] in board.index
    assert NORTH in board.regions and scenario["exit"]["loc_target_region"] == NORTH
    assert set(scenario["exit"]["loc_crossings"]) <= set(board.feature_names)
    assert set(scenario["crossings"]["named"]) <= set(board.named_hexsides)


def test_fieldworks_are_confederate_works_under_confederate_units(scenario, units):
    held = {u["setup"] for u in combat(units) if u["side"] == "confederate" and "setup" in u}
    for f in scenario["fieldworks"]:
        assert HEX.match(f["hex"]) and f["side"] == "confederate" and f["hex"] in held, f["hex"]
        assert f["status"].startswith("reconstructed"), f["hex"]

"""Positions round-trip exactly and bad input changes nothing: a malformed position names its key
(DataError), an illegal action raises IllegalAction and leaves the state as it was, a record that
does not replay says where."""

import json

import pytest

import cwbattles
from cwbattles.engine.actions import Action
from cwbattles import replay
from cwbattles.engine.records import Recorder
from tests.games.cedar_mountain.helpers import game, position

G = game(union_setup="choose")            # set up by hand (the default is the historical set-up)


def test_a_position_round_trips_mid_set_up_and_mid_battle():
    s = G.new_game(3)
    doc = json.loads(json.dumps(s.to_position()))
    assert G.from_position(doc).to_position() == s.to_position()
    s = position(G, {"us-5ct": ("1606", "W", "line"), "cs-21va": ("1607", "E", "line")}, phase="offensive_fire",
                 flags={"cs-21va": ["pinned"]}, cleared=["2816"], broken=("garnett",))
    doc = json.loads(json.dumps(s.to_position()))
    again = G.from_position(doc)
    assert again.to_position() == s.to_position() and again.legal_actions() == s.legal_actions()


U = G.unit_index["us-5ct"]                  # units are listed in the order of battle's order


@pytest.mark.parametrize("path, value, key", [
    (("units", U, "hex"), "9999", f"units[{U}].hex"),
    (("units", U, "facing"), "UP", f"units[{U}].facing"),
    (("units", U, "formation"), "square", f"units[{U}].formation"),
    (("units", U, "strength"), 99, f"units[{U}].strength"),
    (("units", U, "flags"), ["dizzy"], f"units[{U}].flags"),
    (("brigades", "crawford", "attached"), "nowhere", "brigades.crawford.attached"),
    (("control", "2319"), "french", "control.2319"),
    (("scalars", "mv_mp"), "lots", "scalars.mv_mp"),
    (("stack",), [["no_such_frame", 0]], "stack[0]"),
])
def test_a_malformed_position_names_its_key(path, value, key):
    doc = json.loads(json.dumps(position(G, {"us-5ct": ("1606", "W", "line")}).to_position()))
    d = doc
    for p in path[:-1]:
        d = d[p]
    d[path[-1]] = value
    with pytest.raises(cwbattles.DataError) as e:
        G.from_position(doc, source="pos.json")
    assert e.value.key.startswith(key) and e.value.source == "pos.json"


J, B = G.unit_index["jackson"], G.unit_index["banks"]        # a Confederate reinforcement; the Union's commander
N = 11                                                          # the frames of the Union Movement Phase


def both_sides_in_1606(d):
    d["units"][G.unit_index["cs-21va"]].update(hex="1606", status="on_map")
    d["stacks"]["1606"].append("cs-21va")


def full_and_captured(d):
    d["units"][U]["captured_sp"] = 1                           # us-5ct is at full strength


# issue 26 point 8: each refused with a DataError naming the key (never a TypeError or a crash later)
@pytest.mark.parametrize("change, key, words", [
    (lambda d: d["units"][U].update(status={}), f"units[{U}].status", "expected str"),
    (lambda d: d["units"][J].update(due=[]), f"units[{J}].due", "expected int"),
    (lambda d: d["units"][J].update(rally_points=None), f"units[{J}].rally_points", "expected int"),
    (lambda d: d["units"][U].update(strength=True), f"units[{U}].strength", "expected int"),
    (lambda d: d.update(turn=True), "turn", "expected int"),
    (lambda d: d["units"][J].update(hex="1606"), f"units[{J}].hex", "on no hex"),
    (lambda d: d["units"][U].update(flags=["routed", "routed"]), f"units[{U}].flags[1]", "twice"),
    (full_and_captured, f"units[{U}].captured_sp", "between 0 and 0"),
    (both_sides_in_1606, "stacks.1606", "both sides"),
    (lambda d: d["brigades"].pop("crawford"), "brigades", "missing"),
    (lambda d: d["brigades"]["crawford"].update(commander="us-5ct"), "brigades.crawford.commander", "not a leader"),
    (lambda d: d["leader_fates"].update({"us-5ct": 2}), "leader_fates.us-5ct", "not a leader"),
    (lambda d: d["vp"].update(hexes=[4]), "vp.hexes", "one number a side"),
    (lambda d: d["extra"].update(delayed=["us-5ct"]), "extra.delayed[0]", "Confederate reinforcement"),
    (lambda d: d["extra"].update(areas={"us-5ct": 4}), "extra.areas.us-5ct", "expected str"),
    (lambda d: d["stack"].append(["no_such_frame", 0]), f"stack[{N}]", "unknown frame"),
    (lambda d: d["stack"].append(["deploy_unit", 0, "us-5ct"]), f"stack[{N}][2]", "not a unit"),
    (lambda d: d["stack"].append(["entry_choice", 0, 5]), f"stack[{N}][1]", "not a confederate"),
    (lambda d: d["stack"].append(["assign_area", 0, "brigade", 0]), f"stack[{N}][3]", "given an area"),
    (lambda d: d["stack"].append(["deploy_unit", 0, U]), f"stack[{N}]", "deploy frame"),
    (lambda d: d["stack"].append(["place_leader", 0, U, []]), f"stack[{N}][2]", "not a leader"),
    (lambda d: d["stack"].append(["moving", 0, B]), "scalars.mv_unit", "moving frame"),
])
def test_a_wrong_value_is_refused_naming_its_key(change, key, words):
    doc = json.loads(json.dumps(position(G, {"us-5ct": ("1606", "W", "line"), "banks": "1606"}).to_position()))
    change(doc)
    with pytest.raises(cwbattles.DataError) as e:
        G.from_position(doc, source="pos.json")
    assert e.value.key == key and words in e.value.problem


def test_every_frame_the_rules_push_has_a_declared_shape():
    from cwbattles.games.cedar_mountain.state import State
    from cwbattles.systems.gbacw.position import FRAMES
    assert set(State.RULES.decisions) | set(State.RULES.processes) == set(FRAMES) | set(State.GAME_FRAMES)


def test_an_illegal_action_changes_nothing():
    s = G.new_game(1)
    before = s.to_position()
    with pytest.raises(cwbattles.IllegalAction):
        s.apply(Action("step", 5))
    with pytest.raises(cwbattles.IllegalAction):
        s.apply("place 2009")
    assert s.to_position() == before


def test_a_record_replays_and_a_forged_one_is_caught():
    rec = Recorder(G, 4)
    for _ in range(40):
        rec.apply([a for a in rec.state.legal_actions() if a.kind != "place_rest"][-1])   # unit by unit
    doc = json.loads(json.dumps(rec.to_json()))
    assert replay(doc).to_position() == rec.state.to_position()
    doc["actions"][10]["checksum"] = "0" * 16
    with pytest.raises(cwbattles.ReplayMismatch, match="action 11"):
        replay(doc)

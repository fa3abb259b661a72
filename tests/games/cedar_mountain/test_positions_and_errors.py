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

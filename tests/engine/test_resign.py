"""Resignation (engine.resign): the game ends, the other side wins whatever the points, and a
record that ends with it replays and verifies like any other."""

import json

import pytest

import cwbattles
from cwbattles.engine.errors import DataError, IllegalAction, ReplayMismatch
from cwbattles import replay
from cwbattles.engine.records import Recorder, position_checksum
from cwbattles.engine.resign import apply_doc, resign_doc


@pytest.mark.parametrize("name", ["cedar-creek", "champion-hill", "cedar-mountain", "chancellorsville"])
def test_a_resigned_game_is_won_by_the_other_side_and_its_record_verifies(name):
    rec = Recorder(cwbattles.load(name), 5)
    for _ in range(3):
        rec.apply(rec.state.legal_actions()[0])
    leader = rec.state.result["winner"]
    loser = leader or "union"                  # the side ahead resigns: the points do not decide
    apply_doc(rec.state, resign_doc(loser))
    assert rec.state.is_over and rec.state.legal_actions() == []
    assert rec.state.result["winner"] != loser and rec.state.result["resigned"] == loser
    doc = rec.to_json()
    doc["actions"].append({"action": resign_doc(loser), "checksum": position_checksum(rec.state)})
    doc["result"] = rec.state.result
    doc = json.loads(json.dumps(doc))
    final = replay(doc, verify=True)
    assert final.result == doc["result"] and final.resigned == loser
    # Nothing may follow a resignation, and a resignation names a side.
    with pytest.raises(IllegalAction):
        apply_doc(final, resign_doc("union"))
    extra = json.loads(json.dumps(doc))
    extra["actions"].append(extra["actions"][0])
    with pytest.raises(ReplayMismatch):
        replay(extra, verify=True)
    with pytest.raises(DataError):
        apply_doc(cwbattles.load(name).new_game(seed=1), {"kind": "resign", "side": "france"})

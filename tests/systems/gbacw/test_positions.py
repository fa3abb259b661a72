"""Positions of the GBACW system read strictly (issue 26, point 8): every frame the rules push has
a declared shape, a valid position round-trips, a frame that does not fit is refused naming its
argument, and a position the rules cannot go on from is refused naming the stack."""

import json

import pytest

from cwbattles import DataError
from cwbattles.systems.gbacw.game import GBACWGame
from cwbattles.systems.gbacw.position import FRAMES
from cwbattles.systems.gbacw.standard import StandardState
from tests.systems.gbacw.helpers import DATA, game, position

G = game()
FACING = {"u-1a": ("0604", "S", "line"), "u-b1": "0604", "c-1a": ("0605", "N", "line")}


def test_every_frame_the_rules_push_has_a_declared_shape():
    assert set(StandardState.RULES.decisions) | set(StandardState.RULES.processes) == set(FRAMES)


def test_a_position_round_trips_with_a_retreat_pending():
    s = position(G, FACING, phase="melee", frames=[["retreat_check", 1, G.unit_index["c-1a"], 2, "melee", 0]])
    doc = json.loads(json.dumps(s.to_position()))
    assert doc["stack"][-1][0] == "retreat"                # the check found a hex: the owner chooses it
    again = G.from_position(doc)
    assert again.to_position() == s.to_position() and again.legal_actions() == s.legal_actions()


def fire_phase() -> dict:
    return json.loads(json.dumps(position(G, FACING, phase="offensive_fire").to_position()))


C1A, UB1, U1A = G.unit_index["c-1a"], G.unit_index["u-b1"], G.unit_index["u-1a"]
N = len(fire_phase()["stack"])                     # the frame added goes on top


@pytest.mark.parametrize("frame, key, words", [
    (["retreat", 1, C1A, 1, "panic", 0], f"stack[{N}][4]", "one of"),        # a retreat is melee, rout or rbm
    (["fire", 0, 2], f"stack[{N}][2]", "not a mode"),
    (["fire", True, 1], f"stack[{N}][1]", "not a side"),                      # a bool is no side
    (["moving", 1, U1A], f"stack[{N}][2]", "not a confederate unit"),
    (["fire_decl", 0, 1, G.board.index["0605"], [UB1]], f"stack[{N}][4]", "not a combat unit"),
    (["rbm", 1], f"stack[{N}]", "arguments"),
    (["charge", 0], f"stack[{N}]", "unknown frame"),
])
def test_a_frame_that_does_not_fit_is_refused_naming_its_argument(frame, key, words):
    doc = fire_phase()
    doc["stack"].append(frame)
    with pytest.raises(DataError) as e:
        G.from_position(doc, source="pos.json")
    assert e.value.key == key and words in e.value.problem and e.value.source == "pos.json"


class Broken(StandardState):
    """The standard rules with a hook that fails, as a rule would on a position it never meets."""

    def on_player_turn_start(self, side):
        raise ValueError("no such Player-Turn")


class BrokenGame(GBACWGame):
    def state_class(self):
        return Broken


def test_a_position_the_rules_cannot_go_on_from_is_refused_naming_the_stack():
    g = BrokenGame(DATA)
    doc = json.loads(json.dumps(position(G, FACING).to_position()))
    doc["stack"] = [["turn_end", -1], ["player_turn", 1]]
    doc.pop("to_act", None)                  # follows from the stack
    with pytest.raises(DataError) as e:
        g.from_position(doc)
    assert e.value.key == "stack" and "no such Player-Turn" in e.value.problem

"""19.0-20.0 The game: Cedar Mountain loads by name, 13 Game-Turns of 30 minutes, the order of
battle's counters; the system's standard frames and the exclusive rules' set-up frames run from the
first Union set-up decision to the end."""

import cwbattles
from tests.games.cedar_mountain.helpers import game


def test_19_0_the_game_by_name():
    g = cwbattles.load("cedar-mountain")
    assert g.name == "cedar-mountain" and g.title == "Cedar Mountain 1862" and g.turns == 13
    assert g.turn_label(1) == "14:00" and g.turn_label(13) == "20:00"
    assert "cedar-mountain" in cwbattles.games()


def test_20_2_the_counters():
    g = game()
    combat = [u for u in g.units if u.type != "leader"]
    assert len(combat) == 87
    assert sum(u.strength for u in combat if u.side == 1 and u.type == "infantry") == 176
    assert sum(u.strength for u in combat if u.type == "artillery") == 36 + 36
    assert g.oob.army == (g.unit_index["banks"], g.unit_index["jackson"])


def test_unknown_options_and_values_are_refused():
    import pytest
    with pytest.raises(cwbattles.DataError, match="union_setup"):
        cwbattles.load("cedar-mountain", {"union_setup": "anywhere"})
    with pytest.raises(cwbattles.DataError, match="no_such"):
        cwbattles.load("cedar-mountain", {"no_such": 1})

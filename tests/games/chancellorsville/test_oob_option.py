"""The order-of-battle option (issue 30's calibration, docs/data-notes/chancellorsville-oob.md 9):
``oob = "calibrated"`` (the default) reads data/oob-calibrated.toml, the changes over oob.toml;
``oob = "reconstructed"`` reads oob.toml, the values before the calibration. Both set up legally."""

import pytest

import cwbattles
from cwbattles.engine.errors import DataError
from cwbattles.games.chancellorsville import data_files

RECONSTRUCTED = {"oob": "reconstructed"}


@pytest.fixture(scope="module")
def games():
    return {"calibrated": cwbattles.load("chancellorsville"), "reconstructed": cwbattles.load("chancellorsville", RECONSTRUCTED)}


def test_the_default_is_the_calibrated_order_of_battle(games):
    calibrated = games["calibrated"]
    assert calibrated.option("oob") == "calibrated"
    ids = {u.id for u in calibrated.units}
    assert "cs-s-whflee" not in ids                       # 9 a: W. H. F. Lee's brigade away (SHSP 7 p. 581)
    assert len(calibrated.units) == 90


def test_the_reconstructed_option_keeps_the_values_before_the_calibration(games):
    reconstructed = games["reconstructed"]
    whflee = next(u for u in reconstructed.units if u.id == "cs-s-whflee")
    assert (whflee.strength, whflee.entry_turn, reconstructed.board.ids[whflee.entry_hex]) == (3, 9, "H2520")
    assert len(reconstructed.units) == 91


def test_the_two_readings_differ_only_in_the_calibrated_units(games):
    def values(g):
        return {u.id: (u.strength, u.setup, u.entry_turn, u.entry_hex) for u in g.units}
    calibrated, reconstructed = values(games["calibrated"]), values(games["reconstructed"])
    assert set(reconstructed) - set(calibrated) == {"cs-s-whflee"}
    assert {k for k in calibrated if calibrated[k] != reconstructed[k]} == set()


@pytest.mark.parametrize("reading", ["calibrated", "reconstructed"])
def test_each_reading_sets_up_legally(games, reading):
    g = games[reading]
    s = g.new_game(seed=0)
    b = g.board
    on_map = [u for u in g.units if u.type != "leader" and 0 <= s.hex[u.index] < len(b)]
    assert len(on_map) == sum(1 for u in g.units if u.type != "leader" and u.setup >= 0)
    per_hex = {}
    for u in on_map:
        per_hex.setdefault(s.hex[u.index], []).append(u)
    assert max(len(us) for us in per_hex.values()) <= 2                     # 6.32: two combat units a hex
    for h, us in per_hex.items():                                           # nobody starts in contact
        for n in b.adjacent[h]:
            assert all(v.side == us[0].side for v in per_hex.get(n, [])), (b.ids[h], b.ids[n])
    assert s.legal_actions()                                                # the first player can act


def test_a_calibration_naming_a_unit_the_base_file_lacks_is_refused(tmp_path):
    (tmp_path / "oob.toml").write_text('[[unit]]\nid = "a"\nstrength = 1\n')
    (tmp_path / "oob-calibrated.toml").write_text('base = "oob.toml"\n[[unit]]\nid = "b"\nstrength = 2\n')
    with pytest.raises(DataError, match="no unit 'b'"):
        data_files.oob_document(tmp_path / "oob-calibrated.toml")
    (tmp_path / "oob-calibrated.toml").write_text('base = "oob.toml"\n[[unit]]\nid = "a"\nstrength = 2\n')
    assert data_files.oob_document(tmp_path / "oob-calibrated.toml")["unit"] == [{"id": "a", "strength": 2}]

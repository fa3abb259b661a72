"""Rule 2: the counters, in the two readings of the reconstructed order of battle (rule option
``oob``: the calibrated oob.toml by default, the returns reading oob-returns.toml on request).
Both keep every value the Example of Play fixes (docs/data-notes/cedar-creek-oob.md, 2)."""

import shutil

import pytest

import cwbattles
from cwbattles.engine.errors import DataError

READINGS = ({}, {"oob": "returns"})


def counters(options):
    g = cwbattles.load("cedar-creek", options=options or None)
    return g, {b.id: b for b in g.brigades}


def test_2_default_reading_is_the_calibrated_file():
    g, _ = counters({})
    assert g.options == {} and g.option("oob") == "calibrated"
    assert g.oob_meta["title"] == "Cedar Creek 1864 order of battle (reconstruction, calibrated reading)"
    r, _ = counters({"oob": "returns"})
    assert r.options == {"oob": "returns"}
    assert r.oob_meta["title"] == "Cedar Creek 1864 order of battle (reconstruction, returns reading)"
    assert cwbattles.load("cedar-creek", options={"oob": "calibrated"}).options == {}


def test_2_the_readings_differ_where_the_notes_say():
    """Calibrated: VIII Corps in line at dawn, cavalry about 840 a brigade, batteries only where
    documented, Confederate brigades at Cook's men per point; returns: the first reading."""
    _, cal = counters({})
    _, ret = counters({"oob": "returns"})
    assert (ret["duval"].strength, cal["duval"].strength) == (6, 5)
    assert (ret["kidd"].strength, ret["kidd"].dismounted, ret["kidd"].artillery) == (6, 4, 1)
    assert (cal["kidd"].strength, cal["kidd"].dismounted, cal["kidd"].artillery) == (5, 3, 0)
    assert (ret["grant"].artillery, cal["grant"].artillery) == (1, 0)
    assert (ret["conner"].strength, cal["conner"].strength) == (6, 8)
    assert {b for b in cal if cal[b].artillery} == {"wells", "harris", "macauley", "kitching"}


@pytest.mark.parametrize("options", READINGS)
def test_2_example_of_play_values_in_both_readings(options):
    """The Example of Play: Cook 3 + Payne 4 mounted = 7 against Kitching 4 (artillery, no star);
    Grimes + Battle = 8 against Coates 6 (no artillery, no star), one star among each pair,
    Cox and Duval able to support (2 or more), Duval without artillery, no sharpshooters."""
    _, b = counters(options)
    assert b["cook"].strength + b["payne"].strength == 7 and b["kitching"].strength == 4
    assert b["grimes"].strength + b["battle"].strength == 8 and b["coates"].strength == 6
    assert b["cook"].star or b["payne"].star
    assert b["grimes"].star or b["battle"].star
    assert not (b["kitching"].star or b["coates"].star)
    assert b["kitching"].artillery >= 1 and b["coates"].artillery == 0 and b["duval"].artillery == 0
    assert b["cox"].strength >= 2 and b["duval"].strength >= 2
    assert not any(b[x].sharpshooters for x in ("cook", "cox", "payne", "grimes", "battle"))


def test_2_unknown_reading_is_refused():
    with pytest.raises(DataError, match="oob"):
        cwbattles.load("cedar-creek", options={"oob": "printed"})


def test_2_reading_without_its_file_is_named(tmp_path):
    """options.toml must name one data file for each reading."""
    base = cwbattles.load("cedar-creek").data_dir
    for f in base.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    opts = tmp_path / "options.toml"
    opts.write_text(opts.read_text().replace(', returns = "oob-returns.toml"', ""))
    from cwbattles.games.cedar_creek.game import CedarCreekGame
    with pytest.raises(DataError, match="options.toml.*files"):
        CedarCreekGame(tmp_path)

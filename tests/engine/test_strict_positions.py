"""Strict positions for every game (issue 26, point 8): a value the reader would ignore, coerce
or replace is refused with a DataError naming its key (``engine.positions.reads_back``), a
valid position reads back exactly, and the shorthands a game documents (its position module's
``SHORTHANDS``) are read as they say."""

import json
import random

import pytest

import cwbattles
from cwbattles import DataError
from cwbattles.engine.positions import shorthands_of

NAMES = ("cedar-creek", "cedar-mountain", "champion-hill", "chancellorsville")
GAMES = {name: cwbattles.load(name) for name in NAMES}
# Values the Cedar Mountain reader keeps as written, so they read back, but no rule can use: its
# reader checks their types on branch i26-gbacw (strict: these fail once it has merged, drop the mark).


def played(name, n=40, seed=1) -> dict:
    """The position after n seeded random actions, as JSON."""
    s, rng = GAMES[name].new_game(seed), random.Random(seed)
    for _ in range(n):
        s.apply(rng.choice(s.legal_actions()))
    return json.loads(json.dumps(s.to_position()))


def unit_where(doc, test) -> int:
    return next(i for i, u in enumerate(doc["units"]) if test(u))


def refused(name, doc) -> DataError:
    with pytest.raises(DataError) as e:
        GAMES[name].from_position(doc, source="test")
    assert str(e.value).startswith("test: ")
    return e.value


def edited(name, path, value, n=40):
    """A played position with the value at ``path`` (keys, or a function of the document
    giving them) replaced, and that path as a DataError names it."""
    doc = played(name, n)
    path = path(doc) if callable(path) else path
    node = doc
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return doc, "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path).lstrip(".")


def off_map(doc) -> int:
    return unit_where(doc, lambda u: u["status"] != "on_map")


# Every game: what the issue found accepted, and values a reader ignored.
COMMON = [
    (("stack",), None), (("version",), []), (("version",), 1), (("options",), None), (("zzz",), 1),
    (lambda d: ("units", 3, "zzz"), 0), (lambda d: ("units", off_map(d), "hex" if "hex" in d["units"][0] else "zone"),
                                         "nowhere"),
]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("path, value", COMMON)
def test_what_no_game_may_accept_is_refused_naming_the_key(name, path, value):
    doc, key = edited(name, path, value)
    assert refused(name, doc).key == key


@pytest.mark.parametrize("name", NAMES)
def test_a_valid_position_reads_back_exactly(name):
    for n in (0, 40, 150):
        doc = played(name, n)
        assert GAMES[name].from_position(doc).to_position() == doc


# -- Cedar Creek ---------------------------------------------------------------------------------
def cavalry(doc) -> int:
    g = GAMES["cedar-creek"]
    return unit_where(doc, lambda u: g.brigades[g.unit_index[u["id"]]].cavalry and u["status"] == "on_map")


def infantry(doc) -> int:
    g = GAMES["cedar-creek"]
    return unit_where(doc, lambda u: not g.brigades[g.unit_index[u["id"]]].cavalry and u["status"] == "on_map")


@pytest.mark.parametrize("path, value", [
    (lambda d: ("units", cavalry(d), "mounted"), "x"), (lambda d: ("units", cavalry(d), "mounted"), [1]),
    (lambda d: ("units", cavalry(d), "mounted"), 1), (lambda d: ("units", infantry(d), "mounted"), True),
    (lambda d: ("units", infantry(d), "facing"), ""), (lambda d: ("units", off_map(d), "facing"), "belle-grove"),
    (("markers",), []), (("hqs",), [{"id": "early", "zone": None}]), (("format",), 2), (("to_act",), "nobody"),
])
def test_cedar_creek_refuses_coerced_and_ignored_values(path, value):
    doc, key = edited("cedar-creek", path, value)
    assert refused("cedar-creek", doc).key == key


def test_cedar_creek_shorthands_a_null_facing_and_a_marker_with_its_brigade():
    """A null facing is the zone's first neighbour; a marker "with_brigade" stands in that
    brigade's zone (positions before 7.3's moving markers)."""
    g = GAMES["cedar-creek"]
    assert shorthands_of(g) == {"dice.script": ([],), "units[].facing": (None,), "markers[].status": ("with_brigade",)}
    doc = played("cedar-creek")
    i = infantry(doc)
    doc["units"][i]["facing"] = None
    s = g.from_position(doc)
    zone = g.board.index[doc["units"][i]["zone"]]
    assert s.facing[g.unit_index[doc["units"][i]["id"]]] == g.board.adj[zone][0]
    doc = played("cedar-creek", 0)
    payne = doc["units"][unit_where(doc, lambda u: u["id"] == "payne")]
    doc["markers"][0] = {"status": "with_brigade", "brigade": "payne", "value": doc["markers"][0]["value"]}
    s = g.from_position(doc)
    assert s.to_position()["markers"][0]["zone"] == payne["zone"]


# -- Champion Hill and Chancellorsville ----------------------------------------------------------
@pytest.mark.parametrize("name", ["champion-hill", "chancellorsville"])
@pytest.mark.parametrize("path, value", [
    (lambda d: ("control", next(iter(d["control"]))), 0), (lambda d: ("control", next(iter(d["control"]))), "x"),
    (lambda d: ("units", 0, "moved"), 1), (lambda d: ("units", 0, "moved"), "x"), (("over",), 0),
    (("scalars", "phasing"), True), (("stack",), {}), (("to_act",), "nobody"),
])
def test_blue_and_gray_games_refuse_wrong_types(name, path, value):
    doc, key = edited(name, path, value)
    assert refused(name, doc).key == key


@pytest.mark.parametrize("name", ["champion-hill", "chancellorsville"])
def test_a_null_control_is_neither_side_and_reads_back(name):
    """21.2 (Champion Hill: a hex in both sides' zones of control) and 23.61 (Chancellorsville:
    an empty hex scores for nobody): null is a control value of the game, read as written."""
    for value in ("union", None, "confederate"):
        doc = played(name)
        hid = sorted(doc["control"])[0]
        doc["control"][hid] = value
        assert GAMES[name].from_position(doc).to_position()["control"][hid] == value


def test_champion_hill_an_exited_unit_keeps_its_exit_hex():
    doc = played("champion-hill")
    i = off_map(doc)
    doc["units"][i].update(status="exited", exited_at=None)
    assert refused("champion-hill", doc).key == f"units[{i}].exited_at"


# -- Cedar Mountain ------------------------------------------------------------------------------
def leader(doc) -> int:
    return unit_where(doc, lambda u: "rally_points" in u)


@pytest.mark.parametrize("path, value", [
    (lambda d: ("brigades", next(iter(d["brigades"])), "in_command"), [1]), (("over",), 0),
    (("scalars", "mv_mp"), 1.5),
    pytest.param(lambda d: ("units", unit_where(d, lambda u: "due" in u), "due"), []),
    pytest.param(lambda d: ("units", leader(d), "rally_points"), None),
    pytest.param(("units", 0, "status"), {}),
])
def test_cedar_mountain_refuses_wrong_types(path, value):
    doc, key = edited("cedar-mountain", path, value)
    assert refused("cedar-mountain", doc).key == key

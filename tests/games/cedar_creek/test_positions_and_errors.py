"""Positions round-trip exactly; clones are independent; bad input is refused with a clear
message and changes nothing."""

import json
import random
import shutil

import pytest
from hypothesis import given, settings, strategies as st

import cwbattles
from cwbattles import Action, DataError, IllegalAction
from cwbattles import replay
from cwbattles.engine.records import Recorder, load_record, ReplayMismatch


def play_random(state, n, rng):
    for _ in range(n):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 600))
def test_position_round_trip_and_continuation(game, seed, steps):
    rng = random.Random(seed)
    s = game.new_game(seed=seed)
    play_random(s, steps, rng)
    doc = s.to_position()
    loaded = game.from_position(json.loads(json.dumps(doc)))
    assert loaded.to_position() == doc
    assert loaded.legal_actions() == s.legal_actions()
    # the same actions from both give the same game, dice included
    r1, r2 = random.Random(seed + 1), random.Random(seed + 1)
    play_random(s, 150, r1)
    play_random(loaded, 150, r2)
    assert loaded.to_position() == s.to_position()


def test_clone_is_independent(game):
    s = game.new_game(seed=11)
    play_random(s, 40, random.Random(0))
    c = s.clone()
    before = s.to_position()
    play_random(c, 200, random.Random(1))
    assert s.to_position() == before
    assert c.to_position() != before


def test_illegal_action_is_refused_and_changes_nothing(game):
    s = game.new_game(seed=2)
    before = s.to_position()
    with pytest.raises(IllegalAction):
        s.apply(Action("move", 0))
    with pytest.raises(IllegalAction):
        s.apply("activate ramseur")
    assert s.to_position() == before


def test_same_seed_same_game(game):
    a, b = game.new_game(seed=5), game.new_game(seed=5)
    play_random(a, 300, random.Random(9))
    play_random(b, 300, random.Random(9))
    assert a.to_position() == b.to_position()
    assert [str(e) for e in a.log] == [str(e) for e in b.log]


def test_log_events_carry_rule_and_dice(game):
    s = game.new_game(seed=1)
    s.apply(s.legal_actions()[0])          # Payne's facing (12), the decision before the first die
    rolls = [e for e in s.log if e.dice]
    assert rolls and all(e.rule for e in s.log)
    assert rolls[0].rule == "7.1" and 1 <= rolls[0].dice[0] <= 6


@pytest.mark.parametrize("mutate, key", [
    (lambda d: d.update(turn=12), "turn"),
    (lambda d: d["units"][0].update(fatigue=3), "units[0].fatigue"),
    (lambda d: d["units"][0].update(zone="atlantis"), "units[0].zone"),
    (lambda d: d["units"][1].update(id="nobody"), "units[1].id"),
    (lambda d: d.update(game="chess"), "game"),
    (lambda d: d["dice"].pop("state"), "dice.state"),
    (lambda d: d.update(stack=[["teleport", 0]]), "stack[0]"),
    (lambda d: d["markers"][0].update(status="on_map", zone="atlantis"), "markers[0].zone"),
    (lambda d: d["markers"][0].update(status="limbered"), "markers[0].status"),
    (lambda d: d["markers"][0].update(value=5), "markers[0].value"),
])
def test_malformed_position_names_the_key(game, mutate, key):
    doc = game.new_game(seed=1).to_position()
    mutate(doc)
    with pytest.raises(DataError) as err:
        game.from_position(doc, source="bad.json")
    assert err.value.source == "bad.json" and err.value.key == key


def test_malformed_position_json_text(game):
    with pytest.raises(DataError, match="not valid JSON"):
        game.from_position("{not json", source="broken.json")


def test_record_replays_and_detects_divergence(game, tmp_path):
    rec = Recorder(game, 3)
    play = random.Random(3)
    for _ in range(200):
        rec.apply(play.choice(rec.state.legal_actions()))
    path = tmp_path / "g.json"
    rec.save(path)
    doc = load_record(path)
    assert replay(doc, verify=True).to_position() == rec.state.to_position()
    doc["actions"][57]["checksum"] = "0" * 16
    with pytest.raises(ReplayMismatch, match="divergence at action 58"):
        replay(doc, verify=True)
    doc = load_record(path)
    doc["actions"][10]["action"] = {"kind": "move", "zone": "nowhere"}
    with pytest.raises(DataError, match="unknown zone 'nowhere'"):
        replay(doc, source="g.json")
    (tmp_path / "bad.json").write_text('{"format": 1, "game": "cedar-creek"}')
    with pytest.raises(DataError, match="seed"):
        load_record(tmp_path / "bad.json")


def _data_copy(tmp_path):
    src = cwbattles.load("cedar-creek").data_dir
    dst = tmp_path / "data"
    shutil.copytree(src, dst)
    return dst


@pytest.mark.parametrize("file, old, new, key", [
    ("map.toml", 'b = "cupps-ford"', 'b = "nowhere"', ".b"),
    ("map.toml", "elevation = 1", "elevation = \"high\"", ".elevation"),
    ("oob.toml", 'division = "ramseur"', 'division = "lee"', ".division"),
    ("oob.toml", 'kind = "infantry"', 'kind = "artillery"', ".kind"),
    ("oob.toml", "enter_by = 2", "enter_by = 12", ".enter_by"),
    ("oob.toml", 'first_turn = 2\n', 'first_turn = 2\nenter_by = 3\n', ".enter_by"),   # Wheaton: no entry point
])
def test_malformed_scenario_file_names_file_and_key(tmp_path, file, old, new, key):
    from cwbattles.games.cedar_creek.game import CedarCreekGame
    data = _data_copy(tmp_path)
    text = (data / file).read_text()
    assert old in text
    (data / file).write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as err:
        CedarCreekGame(data_dir=data)
    assert err.value.source.endswith(file) and key in err.value.key


def test_unknown_game():
    with pytest.raises(cwbattles.CwbattlesError, match="unknown game"):
        cwbattles.load("gettysburg")

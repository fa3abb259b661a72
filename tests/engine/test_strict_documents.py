"""Strict positions, records and actions for both games (issue 19, points 10-12): every invalid
document is refused with a DataError naming the key and what is wrong, a record verifies only
with all its checksums and its true result, and apply() refuses anything not on offer without
changing the state."""

import copy
import json

import pytest
from click.testing import CliRunner

import cwbattles
from cwbattles import Action, DataError, IllegalAction, ReplayMismatch
from cwbattles.cli import main
from cwbattles import replay
from cwbattles.engine.records import Recorder, check_record

CC, CH = cwbattles.load("cedar-creek"), cwbattles.load("champion-hill")


def played(game, seed, n):
    """A position after n seeded random actions (the same every run)."""
    import random
    s, rng = game.new_game(seed=seed), random.Random(seed)
    for _ in range(n):
        s.apply(rng.choice(s.legal_actions()))
    return s


def first_of(doc, side, status="on_map"):
    return next(i for i, u in enumerate(doc["units"]) if u.get("side", side) == side and u["status"] == status)


def stack_cc_union(d):
    """Every Union brigade on the map into one zone."""
    zone = d["units"][first_of(d, "union")]["zone"]
    for u in d["units"]:
        if u["side"] == "union" and u["status"] == "on_map":
            u.update(zone=zone, facing=None)


def both_sides_cc(d):
    c = next(u for u in d["units"] if u["side"] == "confederate" and u["status"] == "on_map")
    c.update(zone=d["units"][first_of(d, "union")]["zone"], facing=None)


# -- 10. positions -------------------------------------------------------------------------------------
CEDAR_CREEK_CASES = [
    (both_sides_cc, "units", "both sides"),
    (lambda d: d["units"].pop(3), "units", "missing"),
    (lambda d: d["units"].append(copy.deepcopy(d["units"][0])), f"units[{CC.n_units}].id", "twice"),
    (lambda d: d["units"][0].update(attack=999), "units[0].attack", "declared combat"),
    (lambda d: d.update(markers=[5]), "markers[0]", "object"),
    (lambda d: d.update(sheridan={"turn": "soon"}), "sheridan.turn", "int"),
    (lambda d: d.update(options=5), "options", "dict"),
    (lambda d: d["units"].__setitem__(0, 5), "units[0]", "object"),
    (lambda d: d["dice"].update(script=["1"]), "dice.script[0]", "1-6"),
    (lambda d: d["dice"].update(state=-3), "dice.state", "between"),
    (lambda d: d.update(stack=[["move", 0]]), "stack[0]", "arguments"),
    (lambda d: d.update(stack=[["move", 0, 999]]), "stack[0][2]", "unit"),
    (lambda d: d.update(stack=[["move", 7, 0]]), "stack[0][1]", "side"),
    (lambda d: d.update(train={"status": "flying"}), "train.status", "one of"),
    (lambda d: d.update(divisions_activated=[["x"]]), "divisions_activated[0]", "unknown division"),
    (lambda d: d.update(movement={"mp": "lots"}), "movement.mp", "int"),
    (lambda d: d.update(combats=[{"targets": [], "attackers": []}]), "combats[0].targets", "target"),
]




def stack_ch_union(d):
    """25 Union units in one hex."""
    for u in d["units"]:
        if u["id"].startswith("us-"):
            u.update(hex="1404", status="on_map")


CHAMPION_HILL_CASES = [
    (stack_ch_union, "units", "stacking"),
    (lambda d: d["scalars"].update(phasing=7), "scalars.phasing", "between"),
    (lambda d: d["scalars"].update(mv_unit="x"), "scalars.mv_unit", "int"),
    (lambda d: d["scalars"].update(train_free=3), "scalars.train_free", "bool"),
    (lambda d: d["divisions"].update(nobody={"released": True}), "divisions.nobody", "unknown division"),
    (lambda d: d["control"].update({"9999": "union"}), "control.9999", "victory hex"),
    (lambda d: d["units"][0].update(hex="9999"), "units[0].hex", "unknown hex"),
    (lambda d: d["units"][0].update(exited_at="9999"), "units[0].exited_at", "unknown hex"),
    (lambda d: d["units"].pop(), "units", "missing"),
    (lambda d: d.update(stack=[["declare", 0, [1]]]), "stack[0]", "arguments"),
    (lambda d: d.update(stack=[["declare", 0, "x", []]]), "stack[0][2]", "list"),
    (lambda d: d.update(turn=99), "turn", "between"),
    (lambda d: d.update(options=[]), "options", "dict"),
]


@pytest.mark.parametrize("game, mutate, key, words", [(CC, *c) for c in CEDAR_CREEK_CASES]
                         + [(CH, *c) for c in CHAMPION_HILL_CASES])
def test_invalid_positions_are_refused_naming_the_key(game, mutate, key, words):
    doc = json.loads(json.dumps(played(game, 2, 40).to_position()))
    mutate(doc)
    with pytest.raises(DataError) as err:
        game.from_position(doc, source="bad.json")
    assert err.value.key == key and words in err.value.problem, (err.value.key, err.value.problem)


def test_both_sides_in_one_hex_and_a_unit_in_two_lists_are_refused():
    doc = json.loads(json.dumps(played(CH, 2, 40).to_position()))
    us = next(u for u in doc["units"] if u["id"].startswith("us-") and u["status"] == "on_map")
    cs = next(u for u in doc["units"] if u["id"].startswith("cs-") and u["status"] == "on_map")
    cs["hex"] = us["hex"]
    with pytest.raises(DataError, match="both sides"):
        CH.from_position(doc)


def test_frames_declared_are_every_frame_the_rules_know():
    from cwbattles.games.cedar_creek.position import FRAMES as CC_FRAMES
    from cwbattles.games.cedar_creek.game_state import State as CCState
    from cwbattles.games.champion_hill.position import FRAMES as CH_FRAMES
    from cwbattles.games.champion_hill.state import RULES as CH_RULES
    for frames, rules in ((CC_FRAMES, CCState.RULES), (CH_FRAMES, CH_RULES)):
        assert set(frames) == set(rules.decisions) | set(rules.processes)


# -- 11. records ----------------------------------------------------------------------------------------
def record(game, seed=4, n=30, to_the_end=False):
    import random
    rec, rng = Recorder(game, seed), random.Random(seed)
    while not rec.state.is_over and (to_the_end or len(rec.actions) < n):
        rec.apply(rng.choice(rec.state.legal_actions()))
    return json.loads(json.dumps(rec.to_json()))


def test_verification_needs_every_checksum_and_the_true_result():
    doc = record(CC, to_the_end=True)
    assert replay(doc, verify=True).is_over
    stripped = copy.deepcopy(doc)
    del stripped["initial"]
    for a in stripped["actions"]:
        del a["checksum"]
    with pytest.raises(DataError, match="initial"):
        replay(stripped, verify=True)
    no_checksum = copy.deepcopy(doc)
    del no_checksum["actions"][5]["checksum"]
    with pytest.raises(DataError) as err:
        replay(no_checksum, verify=True)
    assert err.value.key == "actions[5].checksum"
    forged = copy.deepcopy(doc)
    forged["result"]["winner"] = "confederate" if doc["result"]["winner"] == "union" else "union"
    with pytest.raises(ReplayMismatch, match="result"):
        replay(forged, verify=True)
    truncated = copy.deepcopy(doc)
    del truncated["actions"][-40:]
    with pytest.raises(ReplayMismatch, match="still going"):
        replay(truncated, verify=True)
    no_result = copy.deepcopy(doc)
    del no_result["result"]
    with pytest.raises(ReplayMismatch, match="no result"):
        replay(no_result, verify=True)


@pytest.mark.parametrize("mutate, key", [
    (lambda d: d.update(format=2), "format"),
    (lambda d: d.update(format="1"), "format"),
    (lambda d: d.pop("format"), "format"),
    (lambda d: d.update(options=5), "options"),
    (lambda d: d["actions"][0].update(action={"kind": ["move"]}), "kind"),
    (lambda d: d["actions"][0].update(action=[1]), "actions[0]"),
    (lambda d: d.update(seed=10 ** 40), "seed"),
    (lambda d: d.update(result=3), "result"),
])
def test_bad_records_get_a_clear_error(mutate, key):
    doc = record(CH)
    mutate(doc)
    with pytest.raises(DataError) as err:
        replay(check_record(doc, "r.json"), source="r.json", verify=True)
    assert key in err.value.key


@pytest.mark.parametrize("text", ["[" * 100_000, '{"format": 1, "seed": ' + "9" * 5000 + "}", "{", "[]"])
def test_replay_command_says_what_is_wrong_without_a_traceback(tmp_path, text):
    path = tmp_path / "r.json"
    path.write_text(text)
    result = CliRunner().invoke(main, ["replay", str(path), "--verify"])
    assert result.exit_code == 1 and result.output.startswith("error: ") and "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_replay_command_verifies_a_whole_record_and_refuses_a_stripped_one(tmp_path):
    doc = record(CC, n=60)
    good, stripped = tmp_path / "good.json", tmp_path / "stripped.json"
    good.write_text(json.dumps(doc))
    del doc["initial"]
    stripped.write_text(json.dumps(doc))
    ok = CliRunner().invoke(main, ["replay", str(good), "--verify"])
    assert ok.exit_code == 0 and "verified" in ok.output
    refused = CliRunner().invoke(main, ["replay", str(stripped), "--verify"])
    assert refused.exit_code == 1 and "initial: missing" in refused.output and "replayed and verified" not in refused.output


# -- 12. actions --------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", [CC, CH], ids=["cedar-creek", "champion-hill"])
def test_apply_refuses_anything_not_on_offer_and_changes_nothing(game):
    s = played(game, 3, 25)
    before = json.dumps(s.to_position())
    legal = s.legal_actions()
    kind = legal[0].kind
    for action in (Action(kind, 10 ** 6), Action(kind, -1), Action(kind, -7, -7), Action(kind, float(legal[0].a)),
                   Action(kind, True), Action(["x"], 0), Action(kind, 10 ** 50), (kind, legal[0].a, legal[0].b), None):
        with pytest.raises(IllegalAction):
            s.apply(action)
        assert json.dumps(s.to_position()) == before
    s.apply(legal[0])                                        # the state still plays


def test_an_illegal_action_is_described_by_its_numbers_not_by_the_wrong_unit():
    s = played(CC, 3, 25)
    with pytest.raises(IllegalAction) as err:
        s.apply(Action("brigade", -1))
    assert CC.brigades[-1].name not in str(err.value) and "#-1" in str(err.value)

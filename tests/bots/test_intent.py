"""What a bot says it intends, kept in records (issue 29 point 5): only what changed, with the
action chosen with it; an annotation that verification never reads; cut to size from a file."""

import json

from click.testing import CliRunner

import cwbattles
from cwbattles.bots import make_bot
from cwbattles.bots.intent import MAX_LINE, Journal, clean, declared
from cwbattles.cli import main
from cwbattles.engine.records import Recorder


def commander_run(actions=60):
    """Champion Hill, seed 5, both sides the commander with 4 plan evaluations a decision (no
    clock read: the same game every time), recorded with their intents."""
    game = cwbattles.load("champion-hill")
    rec, journal = Recorder(game, 5), Journal()
    bots = {side: make_bot("commander:4p", seed=i) for i, side in enumerate(("union", "confederate"))}
    while len(rec.actions) < actions:
        side = rec.state.to_act
        action = bots[side].choose(rec.state)
        rec.apply(action, journal.note(side, bots[side]))
    return rec, bots


def test_the_record_keeps_each_change_of_intent_with_its_action_and_still_verifies(tmp_path):
    rec, bots = commander_run()
    doc = rec.to_json()
    carried = [(i, a["intent"]) for i, a in enumerate(doc["actions"]) if "intent" in a]
    assert carried[0][0] == 0 and set(carried[0][1]) == {"plan", "formations"}
    assert len(carried[0][1]["formations"]) == 8 and len(carried) < len(doc["actions"]) / 4
    # the Union's objectives, set at its first decision of the game-turn, are what its bot holds
    assert carried[0][1]["formations"] == bots["union"].intentions
    cwbattles.replay(doc, verify=True)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    out = CliRunner().invoke(main, ["replay", "--verify", "--intents", str(path)])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert "action 1, turn 1, union:" in lines
    assert f"  plan: {carried[0][1]['plan']}" in lines
    assert "  3rd Division (Logan), XVII Corps: " + carried[0][1]["formations"]["3rd Division (Logan), XVII Corps"] in lines


def test_an_intent_from_a_file_is_cut_to_size_and_a_malformed_one_dropped():
    assert clean({"plan": "x" * 500, "formations": {"A": "take  1\n(2 away)", "B": 3}}) == \
        {"plan": "x" * MAX_LINE, "formations": {"A": "take 1 (2 away)"}}
    assert clean({"plan": "", "formations": {}}) is None and clean(["plan"]) is None and clean(None) is None
    assert declared(make_bot("heuristic")) == {}


def test_the_journal_notes_only_what_changed():
    class Talker:
        intentions, plan_reason = {"A": "take 1"}, "first"

    bot, journal = Talker(), Journal()
    assert journal.note("union", bot) == {"plan": "first", "formations": {"A": "take 1"}}
    assert journal.note("union", bot) is None
    bot.plan_reason = "second"
    assert journal.note("union", bot) == {"plan": "second"}
    assert journal.note("confederate", bot) == {"plan": "second", "formations": {"A": "take 1"}}


def test_cwbattles_play_records_the_bot_intents(tmp_path):
    """The commander plays the Union's first run, the person at the keyboard stops at once (end of
    input): the record saved has the commander's intent with its first action, and verifies."""
    path = tmp_path / "game.json"
    out = CliRunner().invoke(main, ["play", "champion-hill", "--union", "commander:4p", "--confederate", "human",
                                    "--seed", "5", "--record", str(path)], input="")
    assert out.exit_code == 0 and "Stopped." in out.output, out.output
    doc = json.loads(path.read_text())
    first = doc["actions"][0]["intent"]
    assert first["plan"] and len(first["formations"]) == 8
    assert all("intent" not in a or set(a["intent"]) <= {"plan", "formations"} for a in doc["actions"])
    cwbattles.replay(doc, verify=True)

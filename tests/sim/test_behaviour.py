"""`cwbattles behaviour`'s counts (sim/behaviour.py) on scripted positions and short games: each
counter exact."""

from __future__ import annotations

from rich.console import Console

import cwbattles
from cwbattles.sim.behaviour import (Nearness, Watch, back_and_forth, count, in_flank, load_facts, observe_one,
                                     victory_places)
from cwbattles.sim.behaviour_report import render, render_markdown, summarise
from cwbattles.sim.runner import tasks
from tests.games.champion_hill.helpers import act, game, hexof, position

REL = ("osterhaus", "carr", "bowen", "loring")


def counted(s, steps):
    """Play ``steps`` (kind, a, b) on s, snapshot at the start and the end, and count."""
    g = s.game
    places = victory_places(g, s)
    watch = Watch(places)
    watch.snap(s)
    for step in steps:
        act(s, *step)
    watch.snap(s)
    return count(g, load_facts(g.name), s.log, watch.snaps, places)


def test_a_scripted_combat_counts_one_combat_at_its_odds():
    s = position(game(), {"us-12-2oh": "1602", "cs-st-pettus": "1603"}, phase="combat", released=REL, dice=(1,))
    c = counted(s, [("resolve",), ("retreat_to", "1604", "cs-st-pettus")])   # roll 1 -> Dr
    odds = next(e.data["odds"] for e in s.log if e.data and e.data["kind"] == "combat")
    assert c["union"]["combats"] == 1 and c["confederate"]["combats"] == 0
    assert c["union"]["types"] == {"attack": 1} and c["union"]["odds"] == {f"attack {odds}": 1}
    assert c["union"]["surrounded"] == c["confederate"]["surrounded"] == 0


def test_a_train_left_alone_in_an_enemy_zone_is_lost_surrounded_after_a_bombardment():
    units = {"us-train": "1603", "us-cav-3il": "1603", "cs-st-lee": "1704", "cs-st-johnston": "1605"}
    s = position(game(), units, side="confederate", phase="combat", released=REL, dice=(1,))
    c = counted(s, [("attacker", "cs-st-johnston"), ("resolve",), ("retreat_to", "1602", "us-cav-3il")])
    assert hexof(s, "us-train") == "elim"
    assert c["union"]["surrounded"] == 1                  # 18.3, the train; the cavalry retreated
    assert c["confederate"]["types"] == {"bombardment": 1} and c["confederate"]["odds"] == {"bombardment 1-1": 1}


def test_a_unit_that_retreats_has_not_idled_and_the_crossroads_changes_hands():
    s = position(game(), {"us-12-2oh": "1602", "cs-st-pettus": "1603"}, phase="combat", released=REL, dice=(1,))
    c = counted(s, [("resolve",), ("retreat_to", "1604", "cs-st-pettus")])
    assert c["union"]["idle"] == c["confederate"]["idle"] == 0
    assert c["union"]["back_and_forth"] == c["confederate"]["back_and_forth"] == 0


def test_reinforcements_and_early_are_read_with_their_game_turns():
    """A random Cedar Creek game: every combat unit entering from off the map is counted once, at
    the game-turn of its event, beside its division's scheduled turn; Early at his HQ's entry."""
    g = cwbattles.load("cedar-creek")
    row = observe_one(tasks("cedar-creek", g.options, "random", "random", 3, 1)[0])
    assert not row["error"]
    entered = {u: (t, due) for side in ("union", "confederate") for u, t, due in row[side]["entered"]}
    assert entered["payne"][1] == 1                      # oob: Payne's division enters on turn 1
    assert "moore" not in entered or entered["moore"][1] == 3              # Moore arrives on turn 3
    s = g.new_game(seed=row["seed"])
    from cwbattles.bots import make_bot
    bots = {"union": make_bot("random", seed=row["seed"] * 2 + 1), "confederate": make_bot("random", seed=row["seed"] * 2 + 2)}
    while not s.is_over:
        s.apply(bots[s.to_act].choose(s))
    arrivals = {e.data["unit"]: e.turn for e in s.log if e.data and e.data["kind"] == "enter" and e.data["from"] is None}
    assert {u: t for u, (t, _) in entered.items()} == arrivals
    early = [e.turn for e in s.log if e.data and e.data.get("hq") == "early" and e.data["from"] is None]
    assert row["hq_entered"] == (early[0] if early else 0)
    combats = [e for e in s.log if e.data and e.data["kind"] == "combat"]
    assert row["union"]["combats"] + row["confederate"]["combats"] == len(combats)
    summary = summarise("cedar-creek", [row])
    early_check = next(c for c in summary["checks"] if "early" in c["check"])
    assert early_check["pass"] == bool(early)
    summary.update(union_bot="random", confederate_bot="random", seed=3)
    assert "| early enters in every game | " + ("pass" if early else "FAIL") in render_markdown(summary)
    console = Console(record=True, width=200)
    render(summary, console)
    assert "Targets (issue 29)" in console.export_text()


def test_back_and_forth_is_a_return_to_a_hex_left_two_game_turns_before():
    ends = {1: {"u": "A"}, 2: {"u": "B"}, 3: {"u": "A"}}
    assert not back_and_forth("u", ends)                  # away one game-turn: a step out and back
    ends = {1: {"u": "A"}, 2: {"u": "B"}, 3: {"u": "C"}, 4: {"u": "A"}}
    assert back_and_forth("u", ends)
    ends = {1: {"u": "A"}, 2: {"u": "A"}, 3: {"u": "A"}}
    assert not back_and_forth("u", ends)


def test_a_march_back_and_forth_is_three_game_turns_of_marching_and_no_combat_result():
    ends = {1: {"u": "A"}, 2: {"u": "B"}, 3: {"u": "C"}, 4: {"u": "A"}}
    assert back_and_forth("u", ends, driven=set())        # marched on turns 2, 3 and 4
    assert not back_and_forth("u", ends, driven={2})      # a retreat out of A on turn 2
    assert not back_and_forth("u", ends, driven={4})      # an advance after combat into A
    assert back_and_forth("u", ends, driven={1})          # driven before it left A: its own march
    ends = {1: {"u": "A"}, 2: {"u": "B"}, 3: {"u": "B"}, 4: {"u": "B"}, 5: {"u": "A"}}
    assert back_and_forth("u", ends)                      # a return (the measure before)
    assert not back_and_forth("u", ends, driven=set())    # stepped aside, stood, stepped back


def test_nearness_on_hexes_within_a_section_and_on_zones():
    near = Nearness(cwbattles.load("chancellorsville").geometry())
    assert near.within("H1616", "H1618", 2) and near.within("H1616", "H1717", 2)
    assert not near.within("H1616", "H1619", 2) and not near.within("H1616", "F1616", 2)
    zones = Nearness(cwbattles.load("cedar-creek").geometry())
    assert zones.within("cupps-ford", "middle-road", 1) and not zones.within("cupps-ford", "winchester-road", 1)


def test_the_union_right_and_rear_at_chancellorsville():
    flank = load_facts("chancellorsville")["flank"]
    assert in_flank("H1722", flank) and in_flank("H1928", flank) and in_flank("H0512", flank)
    assert not in_flank("H1616", flank) and not in_flank("F2401", flank)


def test_a_victory_hex_nobody_holds_is_contested_once_both_sides_come_near():
    from cwbattles.engine.log import Event
    g = cwbattles.load("cedar-mountain")
    places = ["2319", "1921", "1323", "3415"]
    snaps = [(0, {p: None for p in places}, {})]

    def move(unit, a, b, turn):
        return Event("5.1", "", (), turn, 1, {"kind": "move", "unit": unit, "from": a, "to": b})

    union_only = [move("us-10me", "2322", "2321", 1)]                   # two hexes from 2319
    c = count(g, load_facts(g.name), union_only, snaps, places)
    assert not c["contested"]["2319"]
    both = union_only + [move("cs-21nc", "2316", "2317", 2)]             # two hexes on the other side
    c = count(g, load_facts(g.name), both, snaps, places)
    assert c["contested"]["2319"] and not c["contested"]["3415"]


def test_worker_processes_give_the_same_table():
    from cwbattles.sim.behaviour_report import run
    one = run("cedar-creek", "random", "random", games=2, seed=3, workers=1)
    two = run("cedar-creek", "random", "random", games=2, seed=3, workers=2)
    assert one == two and one["played"] == 2

"""Log events carry structured data a front-end can draw (engine.log): moves with their places,
combats with both dice, totals and the result, retreats; the words and the records are the same
as without it."""

import random

import cwbattles
from cwbattles.engine.log import Event


def test_event_json_has_data_only_when_there_is_some():
    assert "data" not in Event("4", "text").to_json()
    assert Event("4", "t", (), 1, 1, {"kind": "move"}).to_json()["data"] == {"kind": "move"}


def _events(name, seeds=range(3)):
    g = cwbattles.load(name)
    for seed in seeds:
        rng = random.Random(seed)
        s = g.new_game(seed=seed)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        yield g, s.log


def test_cedar_creek_events_say_who_went_where_and_what_the_dice_did():
    kinds = set()
    for g, log in _events("cedar-creek"):
        zones = set(g.board.index)
        for e in log:
            d = e.data
            if not d:
                continue
            kinds.add(d["kind"])
            if d["kind"] in ("move", "retreat", "rout", "advance"):
                assert d["unit"] in g.unit_index and d["to"] in zones and d["from"] in zones
                assert g.board.zones[g.board.index[d["to"]]].name in e.text
            if d["kind"] == "combat":
                ra, rd = d["rolls"]["attacker"], d["rolls"]["defender"]
                assert e.dice[-2:] == (ra, rd)
                for who, roll in (("attacker", ra), ("defender", rd)):
                    expected = max(1, roll + sum(m[2] for m in d["modifiers"][who]))
                    assert d["totals"][who] == expected
                    assert f"total {expected}" in e.text
                assert set(d["targets"]) <= zones and set(d["origins"]) <= zones
    assert {"move", "enter", "attack", "combat", "retreat"} <= kinds


def test_champion_hill_events_say_who_went_where_and_what_the_die_did():
    kinds = set()
    for g, log in _events("champion-hill", range(2)):
        for e in log:
            d = e.data
            if not d:
                continue
            kinds.add(d["kind"])
            if d["kind"] == "move":
                assert f"{d['from']} -> {d['to']}" in e.text
            if d["kind"] == "combat":
                assert e.dice == (d["roll"],) and d["die"] == d["roll"] + d["modifier"]
                assert f": {d['result']}" in e.text and d["odds"] in e.text
    assert {"move", "combat", "eliminated"} <= kinds

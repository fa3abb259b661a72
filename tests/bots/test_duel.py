"""Duels: JSON structure, sides swapped every game, seeds from S and the game's number,
identical results whatever the number of workers; the CLI command."""

import json

from click.testing import CliRunner

from cwbattles.cli import main
from cwbattles.duel import duel, game_seed, wilson


def test_duel_structure_and_side_swapping():
    out = duel("cedar-creek", "random", "heuristic", games=4, seed=3)
    assert out["games"] == 4 and out["seed"] == 3
    for who, spec in (("a", "random"), ("b", "heuristic")):
        r = out[who]
        assert r["bot"] == spec
        assert r["games_as_union"] == 2 and r["games_as_confederate"] == 2
        assert r["wins"] == r["wins_as_union"] + r["wins_as_confederate"]
        assert 0 <= r["win_rate"] <= 1 and r["win_rate_ci95"][0] <= r["win_rate"] <= r["win_rate_ci95"][1]
        assert isinstance(r["mean_vp_margin"], float) and r["mean_seconds_per_decision"] >= 0
    assert out["a"]["wins"] + out["b"]["wins"] == 4
    assert out["a"]["mean_vp_margin"] == -out["b"]["mean_vp_margin"]
    rows = out["results"]
    assert [r["union"] for r in rows] == ["random", "heuristic", "random", "heuristic"]
    assert [r["confederate"] for r in rows] == ["heuristic", "random", "heuristic", "random"]
    assert rows[0]["seed"] == rows[1]["seed"] == game_seed(3, 0) and rows[2]["seed"] == game_seed(3, 1)
    assert rows[0]["seed"] != rows[2]["seed"]


def test_duel_results_do_not_depend_on_the_workers():
    one = duel("cedar-creek", "random", "random", games=6, seed=8, workers=1)
    two = duel("cedar-creek", "random", "random", games=6, seed=8, workers=2)
    assert one["results"] == two["results"]
    for who in ("a", "b"):
        for k in ("wins", "wins_as_union", "wins_as_confederate", "mean_vp_margin", "decisions"):
            assert one[who][k] == two[who][k]


def test_wilson_interval():
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    lo, hi = wilson(5, 10)
    assert abs((0.5 - lo) - (hi - 0.5)) < 1e-3 and 0.2 < lo < 0.3
    lo, hi = wilson(95, 100)
    assert 0.88 < lo < 0.9 and 0.97 < hi < 0.99


def test_duel_command_prints_one_json_object():
    r = CliRunner().invoke(main, ["duel", "cedar-creek", "--a", "random", "--b", "random", "--games", "2",
                                  "--seed", "1", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["games"] == 2 and out["a"]["bot"] == "random" and len(out["results"]) == 2


def test_duel_command_refuses_an_unknown_bot():
    r = CliRunner().invoke(main, ["duel", "cedar-creek", "--a", "nobody", "--b", "random", "--games", "2"])
    assert r.exit_code != 0


def test_duel_plays_a_game_whose_result_counts_no_losses():
    out = duel("champion-hill", "random", "random", games=2, seed=5)
    assert [r["union"] for r in out["results"]] == ["random", "random"]
    assert out["a"]["wins"] + out["b"]["wins"] + sum(r["winner"] is None for r in out["results"]) == 2
    for r in out["results"]:
        assert r["winner"] == ("union" if r["margin"] > 0 else "confederate" if r["margin"] < 0 else None)

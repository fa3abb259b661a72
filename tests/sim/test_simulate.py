"""Batch simulation: identical rows whatever the workers or backend, crashes kept as rows,
rule options, and a report whose figures match its file."""

import re

import pytest
from click.testing import CliRunner

from cwbattles.cli import main
from cwbattles.sim import runner
from cwbattles.sim.report import (LEVEL_ORDER, margin_bins, mean_interval, median_interval, summarise, wilson,
                                   write_report)
from cwbattles.sim.results import read, write


def strip(rows):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]   # timing is not a result


def test_same_rows_whatever_the_number_of_workers():
    one = runner.simulate("cedar-creek", 12, seed=5, workers=1)
    two = runner.simulate("cedar-creek", 12, seed=5, workers=2)
    assert strip(one) == strip(two)
    assert [r["index"] for r in one] == list(range(12))
    assert len({r["seed"] for r in one}) == 12 and all(not r["error"] for r in one)
    assert runner.simulate("cedar-creek", 3, seed=6, workers=1)[0]["seed"] != one[0]["seed"]


def test_same_rows_on_a_local_ray_instance():
    pytest.importorskip("ray")
    local = runner.simulate("cedar-creek", 10, seed=8, workers=2)
    ray = runner.simulate("cedar-creek", 10, seed=8, workers=2, backend="ray")
    assert strip(local) == strip(ray)


def test_a_crash_is_a_row_with_its_seed_and_the_others_survive():
    tasks = runner.tasks("cedar-creek", {}, "random", "random", 9, 6)
    tasks[3] = ("cedar-creek", {}, "no-such-bot", "random", 9, 3)
    rows = runner.run_local(tasks, 2, lambda r: r)
    assert [r["index"] for r in rows] == list(range(6))
    assert "no-such-bot" in rows[3]["error"] and rows[3]["seed"] == runner.game_seed(9, 3)
    assert all(not r["error"] and r["winner"] in ("union", "confederate") for i, r in enumerate(rows) if i != 3)


def test_rule_options_reach_the_games():
    rows = runner.simulate("cedar-creek", 4, seed=2, workers=1, options={"sheridan_turn": "5", "no_surprise": "true"})
    assert all(r["options"] == "no_surprise=True,sheridan_turn=5" for r in rows)
    assert all(r["sheridan_turn"] == 5 for r in rows)


def test_results_files_round_trip(tmp_path):
    rows = runner.simulate("cedar-creek", 5, seed=1, workers=1)
    for name in ("r.parquet", "r.csv", "r.jsonl"):
        write(rows, tmp_path / name)
        again = read(tmp_path / name)
        assert strip(again) == strip(rows)


def test_report_figures_match_the_file(tmp_path):
    rows = runner.simulate("cedar-creek", 8, seed=3, workers=1)
    rows += runner.simulate("cedar-creek", 6, seed=3, workers=1, options={"sheridan_turn": 4})
    rows[2] = dict(rows[2], error="RuntimeError: boom", winner=None)
    write(rows, tmp_path / "r.parquet")
    page = write_report(read(tmp_path / "r.parquet"), tmp_path / "report", source="r.parquet")
    text = page.read_text()
    for png in ("win_rate.png", "margin.png", "losses.png", "zones.png"):
        assert (tmp_path / "report" / png).stat().st_size > 1000 and png in text
    s = summarise(rows)
    assert set(s) == {"standard", "sheridan_turn=4"}
    assert s["standard"]["games"] == 8 and s["standard"]["played"] == 7 and len(s["standard"]["errors"]) == 1
    union = sum(1 for r in rows[:8] if r.get("winner") == "union")
    assert s["standard"]["wins"]["union"] == union
    p, lo, hi = wilson(union, 7)
    assert f"{p:.1%} ({lo:.1%}-{hi:.1%})" in text
    assert "7 victory points to 3" in text and "boom" in text


def test_wilson_interval():
    p, lo, hi = wilson(50, 100)
    assert p == 0.5 and lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)


def test_simulate_and_report_commands(tmp_path):
    out = tmp_path / "res.parquet"
    r = CliRunner().invoke(main, ["simulate", "cedar-creek", "--games", "6", "--workers", "2", "--seed", "4",
                                  "--out", str(out), "--option", "no_tactical_retreat=true"])
    assert r.exit_code == 0, r.output
    assert re.search(r"6 games in .* s: Union \d+, Confederates \d+, 0 crashed", r.output)
    assert len(read(out)) == 6
    r = CliRunner().invoke(main, ["report", str(out), "--out", str(tmp_path / "rep")])
    assert r.exit_code == 0 and (tmp_path / "rep" / "index.html").exists()
    # two files, one of them a bench script's journal, are one sample: 6 + 6 games
    write(read(out), tmp_path / "res.jsonl")
    r = CliRunner().invoke(main, ["report", str(out), str(tmp_path / "res.jsonl"), "--out", str(tmp_path / "two")])
    assert r.exit_code == 0, r.output
    assert "12 games" in (tmp_path / "two" / "index.html").read_text()
    r = CliRunner().invoke(main, ["simulate", "cedar-creek", "--games", "1", "--option", "fog=1"])
    assert r.exit_code != 0 and "unknown rule option" in r.output


def test_play_one_can_watch_the_game_and_play_a_given_game():
    """A study (bench/cedar_creek_balance.py) sees the state after every action and may play a
    game object of its own (another data folder); the row is the row simulate writes."""
    import cwbattles
    task = ("cedar-creek", {}, "random", "random", 5, 0)
    plain = runner.play_one(task)
    seen = []
    watched = runner.play_one(task, watch=lambda s: seen.append(s.turn))
    assert strip([watched]) == strip([plain]) and len(seen) == plain["decisions"] and seen[-1] == 9
    returns = cwbattles.load("cedar-creek", options={"oob": "returns"})
    given = runner.play_one(task, game=returns)
    same = runner.play_one(("cedar-creek", {"oob": "returns"}, "random", "random", 5, 0))
    assert strip([given])[0] | {"options": ""} == strip([same])[0] | {"options": ""}


def test_margin_intervals():
    m, lo, hi = mean_interval([1, 2, 3])
    assert m == 2 and lo == pytest.approx(2 - 1.96 / 3 ** 0.5) and hi == pytest.approx(2 + 1.96 / 3 ** 0.5)
    # 100 margins 1..100: the median 50.5 between the 41st and the 60th (order statistics 50 -+ 9.8)
    assert median_interval(list(range(100, 0, -1))) == (50.5, 41, 60)
    assert mean_interval([]) == median_interval([]) == (0.0, 0.0, 0.0)


def test_margin_bins_are_round_and_few():
    edges = margin_bins([-131, 25])           # 157 VP wide: 5 would give 32 bins, so 10
    widths = {round(b - a, 9) for a, b in zip(edges, edges[1:])}
    assert widths == {10} and edges[0] == -140.5 and edges[-1] >= 25.5 and len(edges) - 1 <= 30
    assert margin_bins([3, 3]) == [2.5, 3.5]  # a single value: one whole-VP bin


def test_report_draws_history_and_levels(tmp_path):
    """Cedar Mountain's report: the levels of victory as bands and a bar chart, history's margin and level."""
    rows = [{"game": "cedar-mountain", "seed": i, "index": i, "options": "", "union_bot": "heuristic",
             "confederate_bot": "heuristic", "winner": w, "level": lv, "margin": m, "union_vp": max(m, 0),
             "confederate_vp": max(-m, 0), "union_losses": 3, "confederate_losses": 4}
            for i, (w, lv, m) in enumerate([("confederate", "tactical", -14), ("confederate", "strategic", -40),
                                            ("union", "marginal", 7), ("union", "draw", 2)])]
    page = write_report(rows, tmp_path / "report", source="made")
    text = page.read_text()
    assert (tmp_path / "report" / "levels.png").stat().st_size > 1000 and "levels.png" in text
    assert "History's margin: -18 to -11 (confederate, tactical" in text
    assert "-14 (-40 to +7)" not in text and "median margin" in text
    s = summarise(rows)["standard"]
    assert s["margin_median"] == (-6.0, -40, 7) and LEVEL_ORDER.index("strategic") < LEVEL_ORDER.index("draw")

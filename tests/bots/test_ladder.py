"""The ladder's rating fits (bench/ladder.py)."""

import importlib.util
import json
from pathlib import Path

spec = importlib.util.spec_from_file_location("ladder", Path(__file__).parents[2] / "bench" / "ladder.py")
ladder = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ladder)


def test_elo_of_three_wins_in_four_is_400_log10_3():
    elo = ladder.fit_elo(["a", "b"], {("a", "b"): (3, 1)}, prior_games=0, anchor="b")
    assert abs(elo["a"] - 400 * 0.47712125472) < 1e-6 and elo["b"] == 0


def test_clean_sweeps_stay_finite_and_order_the_bots():
    elo = ladder.fit_elo(["random", "h", "m"], {("random", "h"): (0, 20), ("random", "m"): (0, 6), ("h", "m"): (3, 3)},
                         anchor="random")
    assert elo["random"] == 0 and 0 < elo["m"] <= elo["h"] < 1000


def test_vp_ratings_fit_the_pairwise_margins():
    r = ladder.fit_margins(["a", "b", "c"], {("a", "b"): (-10.0, 4), ("b", "c"): (2.0, 4), ("a", "c"): (-8.0, 4)},
                           anchor="a")
    assert r == {"a": 0.0, "b": 10.0, "c": 8.0} or all(abs(r[k] - v) < 1e-6 for k, v in {"a": 0, "b": 10, "c": 8}.items())


def test_komi_scores_count_a_draw_half(tmp_path):
    k = {"a": {"wins_as_union": 3, "wins_as_confederate": 1, "draws_as_union": 1, "draws_as_confederate": 0},
         "b": {"wins_as_union": 2, "wins_as_confederate": 0, "draws_as_union": 0, "draws_as_confederate": 1}}
    assert ladder.komi_score(k) == (4.5, 2.5)


def test_a_ladder_with_journals_sums_up_again_with_a_komi(tmp_path, capsys):
    args = ["--bots", "random,heuristic", "--cheap-games", "2", "--seed", "2", "--workers", "1",
            "--json", "--journal-dir", str(tmp_path)]
    ladder.main(args)
    first = json.loads(capsys.readouterr().out)
    assert (tmp_path / "random-v-heuristic.jsonl").exists()
    ladder.main(args + ["--komi", "-100"])        # every game a Union win against komi -100
    again = json.loads(capsys.readouterr().out)
    assert again["komi"] == -100 and again["duels"][0]["komi_score"] == [1.0, 1.0]
    assert first["duels"][0]["mean_vp_margin_a"] == again["duels"][0]["mean_vp_margin_a"]

"""The ladder's rating fits (bench/ladder.py)."""

import importlib.util
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

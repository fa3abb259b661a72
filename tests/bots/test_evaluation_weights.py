"""The Cedar Creek evaluation as weighted terms (weights.toml) and the fit of those weights
(bench/fit_evaluation.py)."""

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from cwbattles.bots import make_bot
from cwbattles.bots.knowledge import cedar_creek as K
from cwbattles.bots.knowledge.cedar_creek import evaluation
from cwbattles.engine.errors import DataError

spec = importlib.util.spec_from_file_location("fit_evaluation", Path(__file__).parents[2] / "bench" / "fit_evaluation.py")
fit_evaluation = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fit_evaluation)


def mid_game(game, decisions=300):
    s = game.new_game(seed=8)
    bots = {"union": make_bot("heuristic", 1), "confederate": make_bot("heuristic", 2)}
    for _ in range(decisions):
        s.apply(bots[s.to_act].choose(s))
    return s


def test_the_evaluation_is_each_term_times_its_weight(game):
    s = mid_game(game)
    t = K.terms(s)
    assert set(t) == set(K.TERMS)
    assert abs(K.evaluate(s) - sum(K.WEIGHTS[k] * v for k, v in t.items())) < 1e-9
    doubled = dict(K.WEIGHTS, union_threats=2 * K.WEIGHTS["union_threats"])
    assert abs(K.evaluate(s, doubled) - K.evaluate(s) - K.WEIGHTS["union_threats"] * t["union_threats"]) < 1e-9
    # the sides' threats have the signs of the Union's view
    assert t["union_threats"] >= 0 >= t["confederate_threats"]
    assert t["union_threats"] > 0 or t["confederate_threats"] < 0      # in contact by mid-game


def test_the_weights_file_gives_a_weight_to_every_term_and_nothing_else(tmp_path):
    good = "\n".join(f"{t} = 1.5" for t in K.TERMS)
    path = tmp_path / "w.toml"
    path.write_text("[weights]\n" + good + "\n")
    assert evaluation.load_weights(path) == {t: 1.5 for t in K.TERMS}
    for body, key, problem in (("\n".join(good.splitlines()[1:]), "weights.losses", "missing"),
                               (good + "\nmorale = 1", "weights.morale", "not a term"),
                               (good.replace("zones = 1.5", "zones = 'high'"), "weights.zones", "expected")):
        path.write_text("[weights]\n" + body + "\n")
        with pytest.raises(DataError) as e:
            evaluation.load_weights(path)
        assert str(path) in str(e.value) and key in str(e.value) and problem in str(e.value)
    path.write_text("losses = 1\n")
    with pytest.raises(DataError, match=r"weights: missing table \[weights\]"):
        evaluation.load_weights(path)


def test_the_fit_finds_the_weights_that_made_the_margins():
    """Margins made as a constant per turn + 2 * a - 0.5 * b + noise: the fit gives back 2 and
    -0.5, whatever the turn constants, and beats the weights 1 and 1 on the games held out."""
    rng = np.random.default_rng(3)
    rows = []
    for game_id in range(200):
        for turn in (1, 2, 3):
            a, b = rng.normal(size=2)
            margin = 10 * turn + 2 * a - 0.5 * b + rng.normal(scale=0.1)
            rows.append((turn, {"a": a, "b": b}, margin, game_id))
    out = fit_evaluation.fit(rows, ["a", "b"], {"a": 1.0, "b": 1.0}, bootstrap=20)
    assert abs(out["weights"]["a"] - 2) < 0.05 and abs(out["weights"]["b"] + 0.5) < 0.05
    assert 0 < out["se"]["a"] < 0.05
    assert out["held_out_rmse_fitted"] < 0.2 < out["held_out_rmse_now"]
    assert out["games"] == 200 and out["positions"] == 600

"""bench/fit_evaluation_all.py's ``sensible``: which fitted weights a planner may follow."""

import importlib.util
from pathlib import Path

from cwbattles.bots import fitted

spec = importlib.util.spec_from_file_location("fit_evaluation_all", Path(__file__).parents[2] / "bench" / "fit_evaluation_all.py")
fit_all = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fit_all)


def weights(**given) -> dict:
    w = {n: 0.0 for n in fitted.FEATURES}
    w.update(given)
    return w


def test_a_place_held_and_threatened_may_not_be_worth_less_than_none():
    # Cedar Mountain's refit of 2026-11-29: places 2.62 * (1 - left), threatened -4.41 * left;
    # early (left 1) a threatened place held is worth -4.41, less than not holding it
    assert not fit_all.sensible(weights(places=2.62, places_x_left=-2.62, threatened_x_left=-4.41))
    # the fit in use (places 2.97 + 4.50 * left, threatened 0) and one where the threat costs
    # less than the place is worth pass
    assert fit_all.sensible(weights(places=2.97, places_x_left=4.50))
    assert fit_all.sensible(weights(places=3.96, places_x_left=4.00, threatened_x_left=-3.20))


def test_each_feature_alone_keeps_its_sign():
    assert not fit_all.sensible(weights(vp=-0.5))
    assert not fit_all.sensible(weights(threatened=0.5))
    assert not fit_all.sensible(weights(on_map=-1.0))
    assert fit_all.sensible(weights(evaluation=0.6, evaluation_x_left=-0.6, vp_x_left=2.6))

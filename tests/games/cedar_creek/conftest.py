"""Fixtures of the Cedar Creek tests.

The rule tests here set up positions with named brigades and check exact figures (strength
ratios, steps, VP), so ``game`` pins them to one reading of the counters: the returns reading
(oob-returns.toml, rule option oob=returns), which stays put when the default reading is
calibrated again (issue 18). Tests of the default data itself (its random-game fingerprints, the
random games) use ``default_game``; the Example of Play runs on both readings (``reading_game``),
since both keep every value it fixes."""

import pytest

import cwbattles


@pytest.fixture(scope="session")
def game():
    return cwbattles.load("cedar-creek", options={"oob": "returns"})


@pytest.fixture(scope="session")
def default_game():
    return cwbattles.load("cedar-creek")


@pytest.fixture(scope="session", params=["calibrated", "returns"])
def reading_game(request):
    return cwbattles.load("cedar-creek", options={"oob": request.param})

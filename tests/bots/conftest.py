import pytest

import cwbattles


@pytest.fixture(scope="session")
def game():
    return cwbattles.load("cedar-creek")

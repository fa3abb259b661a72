"""Fuzzing every game's positions (issue 26, point 8): mutated documents (``mutate``, drawn by
hypothesis so that a failure shrinks to a small example) judged as bench/position_fuzz.py
judges them (its ``trial``): each is refused with a DataError naming a key of the document, or
read exactly as written (no value ignored, coerced or replaced), then saved, read again and
played on without a crash. Bounded and derandomized: a few seconds a game, every run the same."""

import importlib.util
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cwbattles
from cwbattles.games import GAMES as REGISTERED

from .mutate import fuzz, mutate

spec = importlib.util.spec_from_file_location("position_fuzz", Path(__file__).parents[2] / "bench" / "position_fuzz.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

NAMES = sorted(REGISTERED)
GAMES = {name: cwbattles.load(name) for name in NAMES}
BASES = {name: bench.positions(g, 3, (0, 20, 90)) for name, g in GAMES.items()}
EXAMPLES = 100


def strings(doc, most=40) -> list:
    """The strings of a position (ids of units, hexes or zones, statuses, sides): mutations
    worth trying, since a reader must check each against what it names."""
    out = []

    def walk(node):
        if isinstance(node, dict):
            out.extend(k for k in node if isinstance(k, str))
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
        elif isinstance(node, str):
            out.append(node)
    walk(doc)
    return sorted(set(out))[:most]


NAMES_IN = {name: strings(bases[-1]) for name, bases in BASES.items()}


def verdict(name, data) -> str:
    base = data.draw(st.sampled_from(BASES[name]), label="position")
    doc = mutate(data, base, NAMES_IN[name], focus=("units", "stack", "scalars"))
    return bench.trial(GAMES[name], base, doc, random.Random(data.draw(st.integers(0, 99), label="seed")))


@pytest.mark.parametrize("name", NAMES)
@fuzz(EXAMPLES)
@given(data=st.data())
def test_mutated_positions_are_never_accepted_wrongly(name, data):
    result = verdict(name, data)
    assert result in ("refused", "accepted"), result

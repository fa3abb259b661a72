"""Fuzzing positions and records (issue 19, points 10-11): thousands of mutated documents of both
games. Each is refused with a DataError (or, for a record that verifies, a ReplayMismatch), or
accepted, and then it plays on without a crash; never any other exception. Bounded: a fixed
number of examples, derandomized, so the run takes the same few seconds every time."""

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cwbattles
from cwbattles import CwbattlesError, DataError
from cwbattles import replay
from cwbattles.engine.records import Recorder, check_record

from .mutate import fuzz, mutate

GAMES = {name: cwbattles.load(name) for name in ("cedar-creek", "champion-hill", "chancellorsville")}


def _positions(game):
    """Positions met in play: the start, mid-move, mid-combat, late."""
    out, rng = [], random.Random(5)
    s = game.new_game(seed=5)
    for n in range(400):
        if n in (0, 37, 120, 260, 399) or (s.stack and s.stack[-1][0] in ("retreat", "hit", "declare", "advance")
                                            and len(out) < 9):
            out.append(json.loads(json.dumps(s.to_position())))
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    return out


def _names(game):
    board = game.board
    ids = list(getattr(board, "ids", None) or [z.id for z in board.zones])
    units = [u.id for u in getattr(game, "brigades", None) or game.units]
    frames = sorted(type(game.new_game(0)).RULES.decisions)
    return ids[:20] + units[:20] + frames + ["on_map", "off_map", "eliminated", "exited", "union", "confederate"]


POSITIONS = {name: _positions(g) for name, g in GAMES.items()}
NAMES = {name: _names(g) for name, g in GAMES.items()}


def play_on(state, seed, n=40):
    rng = random.Random(seed)
    for _ in range(n):
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", sorted(GAMES))
@fuzz(700)
@given(data=st.data())
def test_mutated_positions_are_refused_or_play_on(name, data):
    game = GAMES[name]
    base = data.draw(st.sampled_from(POSITIONS[name]), label="position")
    doc = mutate(data, base, NAMES[name], focus=("units", "stack", "combats", "scalars"))
    try:
        state = game.from_position(doc, source="fuzz")
    except DataError as e:
        assert e.key and e.problem and str(e).startswith("fuzz: ")
        return
    again = game.from_position(json.loads(json.dumps(state.to_position())))     # what it saves loads again
    assert again.to_position() == state.to_position()
    play_on(state, data.draw(st.integers(0, 99), label="seed"))


def _record(game, n):
    rec, rng = Recorder(game, 11), random.Random(11)
    while len(rec.actions) < n and not rec.state.is_over:
        rec.apply(rng.choice(rec.state.legal_actions()))
    return json.loads(json.dumps(rec.to_json()))


RECORDS = {name: _record(g, 25) for name, g in GAMES.items()}


@pytest.mark.parametrize("name", sorted(GAMES))
@fuzz(350)
@given(data=st.data())
def test_mutated_records_are_refused_with_a_clear_error(name, data):
    doc = mutate(data, RECORDS[name], NAMES[name], focus=("actions",))
    try:
        replay(check_record(doc, "fuzz.json"), source="fuzz.json", verify=data.draw(st.booleans(), label="verify"))
    except CwbattlesError as e:
        assert str(e)

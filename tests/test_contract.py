"""The game contract (``cwbattles.engine.contract``), checked for every registered game: a fifth
battle gets this whole suite by being added to ``cwbattles.games.GAMES``. Short seeded random
games (a few hundred actions) keep it fast."""

from __future__ import annotations

import copy
import json
import random
from fractions import Fraction
from functools import lru_cache

import pytest

import cwbattles
from cwbattles import Action, IllegalAction, ReplayMismatch
from cwbattles.engine import contract
from cwbattles.engine.records import Recorder

GAMES = cwbattles.games()
STEPS = 250          # actions of a contract walk
SEED = 3


@lru_cache(maxsize=None)
def game(name):
    return cwbattles.load(name)


def walk(name, seed=SEED, steps=STEPS):
    """A seeded random game of ``steps`` actions: (the final state, the actions played)."""
    s = game(name).new_game(seed=seed)
    rng = random.Random(seed)
    played = []
    while not s.is_over and len(played) < steps:
        a = rng.choice(s.legal_actions())
        s.apply(a)
        played.append(a)
    return s, played


@lru_cache(maxsize=None)
def sampled_positions(name):
    """Position documents every 25 actions of a walk (JSON text, so no test can change them)."""
    s = game(name).new_game(seed=SEED)
    rng = random.Random(SEED)
    out = [json.dumps(s.to_position())]
    for i in range(STEPS):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
        if i % 25 == 24:
            out.append(json.dumps(s.to_position()))
    return tuple(out)


def states(name):
    return [game(name).from_position(json.loads(doc)) for doc in sampled_positions(name)]


@pytest.mark.parametrize("name", GAMES)
def test_the_game_and_its_states_have_the_contracts_shape(name):
    g = game(name)
    assert isinstance(g, contract.Game) and isinstance(g.new_game(0), contract.State)
    assert g.name == name and g.state_class() is type(g.new_game(0))


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_and_actions_give_the_same_game(name):
    a, played = walk(name)
    b = game(name).new_game(seed=SEED)
    for action in played:
        b.apply(action)
    assert a.to_position() == b.to_position()
    assert [tuple(e) for e in a.log] == [tuple(e) for e in b.log]


@pytest.mark.parametrize("name", GAMES)
def test_positions_round_trip_exactly(name):
    g = game(name)
    for doc in sampled_positions(name):
        s = g.from_position(json.loads(doc))
        assert json.dumps(s.to_position()) == doc
        again = g.from_position(s.to_position())
        assert again.legal_actions() == s.legal_actions() and again.to_act == s.to_act


@pytest.mark.parametrize("name", GAMES)
def test_a_record_replays_and_a_tampered_one_is_refused(name):
    g = game(name)
    rec, rng = Recorder(g, SEED), random.Random(SEED)
    while not rec.state.is_over and len(rec.actions) < 80:
        rec.apply(rng.choice(rec.state.legal_actions()))
    doc = json.loads(json.dumps(rec.to_json()))
    assert cwbattles.replay(doc).to_position() == rec.state.to_position()
    forged = copy.deepcopy(doc)
    forged["actions"][40]["checksum"] = "0" * 16
    with pytest.raises(ReplayMismatch, match="action 41"):
        cwbattles.replay(forged)
    swapped = copy.deepcopy(doc)
    swapped["actions"][10], swapped["actions"][11] = swapped["actions"][11], swapped["actions"][10]
    with pytest.raises(ReplayMismatch):
        cwbattles.replay(swapped)


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_action_raises_and_changes_nothing(name):
    g = game(name)
    for s in states(name)[1:4]:
        before, log, dice = s.to_position(), len(s.log), s.dice.to_json()
        legal = s.legal_actions()
        illegal = [a for a in g.all_actions() if a not in legal][:3] + [Action("no_such_kind", 1, 2)]
        for action in illegal:
            with pytest.raises(IllegalAction):
                s.apply(action)
        assert s.to_position() == before and len(s.log) == log and s.dice.to_json() == dice
        assert s.legal_actions() == legal


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_describes_itself_and_round_trips_through_json(name):
    g = game(name)
    space = set(g.all_actions())
    for s in states(name):
        for action in s.legal_actions():
            assert isinstance(s.describe(action), str) and s.describe(action)
            doc = json.loads(json.dumps(g.action_to_json(action)))
            assert doc["kind"] == action.kind and g.action_from_json(doc) == action
            assert action in space


def exact_distributions(doc):
    """Every ``exact`` mapping of outcome -> "n/d" in a preview, however deep."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            if k == "exact" and isinstance(v, dict):
                yield v
            else:
                yield from exact_distributions(v)
    elif isinstance(doc, list):
        for v in doc:
            yield from exact_distributions(v)


def keen(rng, legal):
    """A random choice that moves and attacks rather than ends phases (nine times in ten), so a
    short game comes to blows."""
    doing = [a for a in legal if not a.kind.startswith(("end", "no_", "stop", "pass"))]
    return rng.choice(doing if doing and rng.random() < 0.9 else legal)


def previews(name, seed, steps):
    """(state, action, preview) for the previews offered along a seeded random game (asked
    every fifth action)."""
    s = game(name).new_game(seed=seed)
    rng = random.Random(seed)
    for i in range(steps):
        if s.is_over:
            return
        legal = s.legal_actions()
        for action in legal if i % 5 == 0 else ():
            try:
                p = s.preview(action)
            except ValueError:
                continue
            if p:
                yield s, action, p
        s.apply(keen(rng, legal))


@pytest.mark.parametrize("name", GAMES)
def test_every_previews_probabilities_sum_to_one_and_leave_the_state_alone(name):
    found = 0
    for s, action, p in previews(name, 1, 700):
        before = json.dumps(s.to_position())
        for dist in exact_distributions(p):
            assert sum(Fraction(x) for x in dist.values()) == 1, (action, dist)
            found += 1
        assert json.dumps(s.to_position()) == before
        if found >= 20:
            break
    if not found:
        pytest.skip(f"a 700-action random game of {name} comes to no attack (the game's own preview "
                    "tests set one up)")


@pytest.mark.parametrize("name", GAMES)
def test_the_logs_events_carry_structured_data(name):
    s, _ = walk(name, steps=600)
    data = [e.data for e in s.log if e.data]
    assert data and all(isinstance(d.get("kind"), str) for d in data)
    moves = [d for d in data if d["kind"] in ("move", "enter")]
    assert moves and all("unit" in d and "to" in d for d in moves)
    json.dumps(data)                                   # what the page draws is plain JSON


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_is_independent(name):
    s = states(name)[2]
    before, log = s.to_position(), len(s.log)
    c = s.clone()
    rng = random.Random(1)
    for _ in range(40):
        if c.is_over:
            break
        c.apply(rng.choice(c.legal_actions()))
    assert s.to_position() == before and len(s.log) == log
    assert c.to_position() != before

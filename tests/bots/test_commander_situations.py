"""The commander's sense in set positions of the hex battles (issue 29): with a victory hex one
hex from a brigade and no enemy near, the plan takes it; and the objectives read every battle's
victory places with their present holders as the position gives them."""

import copy

import pytest

import cwbattles
from cwbattles.bots import make_bot, objectives
from cwbattles.games.cedar_creek.victory import SIDES as CC_SIDES


def until_side(state, side, seed=1):
    """Play the heuristic for both sides until ``side`` has a real choice."""
    h = make_bot("heuristic", seed)
    while state.to_act != side or len(state.legal_actions()) == 1:
        state.apply(h.choose(state))
    return state


def beside(game, unit: str, place: str):
    """A new game with ``unit`` moved onto the first hex next to ``place`` the position allows."""
    b = game.board
    row = b.distances_from(b.ids.index(place))
    base = game.new_game(seed=3).to_position()
    for h in range(len(row)):
        if row[h] != 1:
            continue
        doc = copy.deepcopy(base)
        next(u for u in doc["units"] if u["id"] == unit)["hex"] = b.ids[h]
        try:
            return game.from_position(doc)
        except cwbattles.DataError:
            continue
    raise AssertionError(f"no hex beside {place} takes {unit}")


@pytest.mark.parametrize("game_name, side, unit, place", [
    # Hovey's McGinnis beside 0507 (25 VP to its holder at the end, 21.2), the nearest
    # Confederate five hexes off; the heuristic alone had him pick a strategic move with no road
    # to take (6.45) and stay put
    ("champion-hill", "union", "us-12-1", "0507"),
    # Griffin's division beside H0328 (23.61), which nobody holds and no Confederate is near
    ("chancellorsville", "union", "us-v-1", "H0328"),
])
def test_the_plan_takes_an_undefended_victory_hex(game_name, side, unit, place):
    game = cwbattles.load(game_name)
    s = until_side(beside(game, unit, place), side)
    bf = objectives.battlefield(game)
    target = game.board.ids.index(place)
    slot = next(sl for p, sl, _ in bf.places if p == target)
    me = type(s).SIDES.index(side)
    assert s.control[slot] != me
    u = game.unit_index[unit]
    mine = next(ob for ob in objectives.assign(s, side) if u in ob.units)
    assert (mine.kind, mine.place) == ("take", target)
    bot = make_bot("commander:20p", 1)
    while s.to_act == side:
        s.apply(bot.choose(s))
    assert s.control[slot] == me


@pytest.mark.parametrize("game_name", ["cedar-creek", "champion-hill", "cedar-mountain", "chancellorsville"])
def test_objectives_read_each_victory_place_with_its_holder(game_name):
    # the holder the objectives see is the one the saved position names, in every battle
    # (Cedar Creek keeps control by zone, the hex games by a victory slot)
    game = cwbattles.load(game_name)
    s = until_side(game.new_game(seed=2), type(game.new_game(seed=2)).SIDES[0])
    doc = s.to_position()
    sides = CC_SIDES if game_name == "cedar-creek" else type(s).SIDES
    bf = objectives.battlefield(game)
    assert bf.places
    for place, slot, name in bf.places:
        key = game.board.zones[place].id if game_name == "cedar-creek" else name
        held = doc["control"][key]
        assert (sides[s.control[slot]] if s.control[slot] >= 0 else None) == held, name

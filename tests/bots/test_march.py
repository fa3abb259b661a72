"""Strategic movement (6.4) in the Blue & Gray bots: the heuristic chooses the mode only where the
unit has a road to step along (6.45); off every road the move would end where it began."""

from cwbattles.bots.knowledge import for_game
from tests.games.champion_hill.helpers import game, position

G = game()
REL = ("osterhaus", "carr", "bowen", "loring")


def scores(s, unit: str) -> dict:
    u = G.unit_index[unit]
    actions = [a for a in s.legal_actions() if a.kind in ("move", "march") and a.a == u]
    values = for_game(G).score_actions(s, actions)
    return {a.kind: v for a, v in zip(actions, values)}


def test_a_unit_off_every_road_moves_normally():
    # McGinnis at 0406, no road hexside there and the Confederates far off: a strategic move
    # would have no step, so the plain move scores higher
    s = position(G, {"us-12-1": "0406", "cs-st-lee": "1920"}, released=REL)
    got = scores(s, "us-12-1")
    assert got["move"] > got["march"]


def test_a_unit_on_the_road_far_from_its_objective_marches():
    # John E. Smith on the Jackson Road at 1603, his objective far off: the road pays (Champion
    # Hill 1306, four hexes off, is the Union's, so he goes to take back 0607, ten hexes off)
    s = position(G, {"us-3-1": "1603", "cs-st-lee": "0912"}, released=REL, control={"1306": "union"})
    got = scores(s, "us-3-1")
    assert got["march"] > got["move"]

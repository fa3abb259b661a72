"""The Chancellorsville heuristic's objectives read the victory hexes as the game scores them at
the end (23.61, option ``occupation``): issue 30's fourth pass."""

from cwbattles.bots.knowledge.chancellorsville.movement import Plan

from tests.games.chancellorsville.helpers import game, position

CONFEDERATE = 1


def emptied_hex_plan(**options):
    """Kershaw (6) at F0503; F0601 (25 VP) last occupied by the Confederates and empty; a
    Union division far off at H0606."""
    g = game(**options)
    s = position(g, {"cs-kershaw-m": "F0503", "us-1-ii": "H0606"}, side="confederate", turn=5,
                 control={"F0601": "confederate", "F0404": None, "H0303": None})
    return g, Plan(s, CONFEDERATE), g.unit_index["cs-kershaw-m"], s.hex[g.unit_index["cs-kershaw-m"]]


def test_an_emptied_victory_hex_is_an_objective_to_take_again_when_only_a_unit_in_it_scores():
    # 23.61 at_end (the default): the Confederates passed through F0601 but nobody is in it, so
    # it scores for nobody: worth (25 + 5) x 2 to take, and Kershaw goes back for it
    g, plan, u, here = emptied_hex_plan()
    assert plan.held == set()
    assert dict(plan.objectives)[g.board.index["F0601"]] == 60.0
    assert plan.objective(u, here) == (g.board.index["F0601"], 60.0)


def test_an_emptied_victory_hex_stays_held_when_the_last_occupier_scores():
    # occupation = last_occupier: F0601 is the Confederates' until a Union unit enters it, a
    # lesser need (30, less 60% when choosing), so Kershaw goes for H0303 (15 VP, nobody's)
    g, plan, u, here = emptied_hex_plan(occupation="last_occupier")
    assert plan.held == {g.board.index["F0601"]}
    assert dict(plan.objectives)[g.board.index["F0601"]] == 30.0
    assert plan.objective(u, here) == (g.board.index["H0303"], 40.0)

"""The Chancellorsville heuristic's attacks: what an exchange (8.6) costs a lone attacker."""

from cwbattles.bots.heuristic import HeuristicBot
from cwbattles.bots.knowledge import chancellorsville as knowledge
from cwbattles.bots.knowledge.chancellorsville.attacks import exchange_loss

from tests.games.chancellorsville.helpers import game, position


def test_exchange_is_paid_with_the_smallest_units_that_cover_it():
    assert exchange_loss([18], 5) == 18
    assert exchange_loss([4, 18], 5) == 18
    assert exchange_loss([6, 18], 5) == 6
    assert exchange_loss([3, 3, 18], 5) == 18       # the smallest unit that covers it alone


def test_a_lone_brigade_obliged_to_attack_declares_2_1_rather_than_risk_its_whole_strength_at_3_1():
    # Kershaw (6) next to the Union reserve artillery (2), clear ground: 3-1 has an Ex on a 6
    # (8.6: Kershaw gone for 2 points), 2-1 (8.9, declared lower) only Dr and Ar
    g = game()
    s = position(g, {"cs-kershaw-m": "F0404", "us-reserve": "F0403", "us-hooker": "F0303"},
                 side="confederate", phase="combat", turn=5)
    actions = s.legal_actions()
    scores = dict(zip((g.action_to_json(a).get("column", a.kind) for a in actions),
                      knowledge.score_actions(s, actions)))
    assert scores["2-1"] > scores["1-1"] > scores["resolve"]
    assert g.action_to_json(HeuristicBot(seed=1).choose(s)) == {"kind": "resolve_at", "column": "2-1"}


def advance_choice(g, union_units):
    """Kershaw (6) won at F0404 and may advance into F0403 (8.7); ``union_units`` around it."""
    units = dict({"cs-kershaw-m": "F0404"}, **union_units)
    s = position(g, units, side="confederate", phase="combat", turn=5,
                 frames=[("advance", 1, [g.board.index["F0403"]], [g.unit_index["cs-kershaw-m"]])])
    return g.action_to_json(HeuristicBot(seed=1).choose(s))["kind"]


def test_a_winner_advances_into_a_clear_hex_but_not_into_a_zone_where_it_must_attack_at_1_2():
    g = game()
    assert advance_choice(g, {"us-hooker": "F0201"}) == "advance"
    # 8.1, 6.1: in the zone of 10 points at F0402 Kershaw could not leave and would attack at
    # 1-2 (an Ae on a 6 costs all of him)
    assert advance_choice(g, {"us-1-ii": "F0402", "us-2-ii": "F0402"}) == "no_advance"

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

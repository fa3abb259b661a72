"""The Chancellorsville heuristic keeps the entry hexes clear for reinforcements still to come
(5.2, 6.32: a unit enters only where the stack has room)."""

import cwbattles
from cwbattles.bots.knowledge.chancellorsville.movement import ENTRY_BLOCK, Plan

from tests.games.chancellorsville.helpers import position

CONFEDERATE = 1


def test_a_unit_on_the_entry_hex_of_reinforcements_still_to_come_is_worth_less_there():
    # Hill's division enters at F1728 on Game-Turn 3; Rodes's brigade standing there on
    # Game-Turn 2 would keep it off the map
    g = cwbattles.load("chancellorsville")
    s = position(g, {"cs-r-rodes": "F1728"}, side="confederate", turn=2)
    u = g.unit_index["cs-r-rodes"]
    plan = Plan(s, CONFEDERATE)
    entry, beside, target = (g.board.index[h] for h in ("F1728", "F1727", "H1928"))
    assert entry in plan.waiting_entries
    assert plan.value(u, entry, target) == super(Plan, plan).value(u, entry, target) - ENTRY_BLOCK
    assert plan.value(u, beside, target) == super(Plan, plan).value(u, beside, target)


def test_once_every_reinforcement_has_entered_the_entry_hex_is_worth_what_it_was():
    g = cwbattles.load("chancellorsville")
    s = position(g, {"cs-r-rodes": "F1728"}, side="confederate", turn=12)
    hill = [u for u in g.reinforcements[CONFEDERATE] if g.units[u].entry_hex == g.board.index["F1728"]]
    assert hill and all(g.units[u].entry_turn <= 12 for u in hill)
    # off the map still (the position places only Rodes): due, so the hex stays blocked ...
    assert g.board.index["F1728"] in Plan(s, CONFEDERATE).waiting_entries
    # ... and with all of them on the map it is free
    placed = {g.units[u].id: "F1627" for u in hill[:2]}
    placed.update({g.units[u].id: "F1626" for u in hill[2:4]})
    placed.update({g.units[u].id: "F1625" for u in hill[4:6]})
    placed.update({g.units[u].id: "F1624" for u in hill[6:8]})
    placed.update({g.units[u].id: "F1623" for u in hill[8:10]})
    placed.update({g.units[u].id: "F1622" for u in hill[10:12]})
    placed.update({g.units[u].id: "F1621" for u in hill[12:]})
    s = position(g, dict(placed, **{"cs-r-rodes": "F1728"}), side="confederate", turn=12)
    assert g.board.index["F1728"] not in Plan(s, CONFEDERATE).waiting_entries


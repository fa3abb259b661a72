"""The Cedar Mountain knowledge marches a Confederate column up as a brigade (issue 30): its
commander comes on behind it, the head does not run out of his reach on the entry turn, and on
the next turn the rear moves first so that the head goes on instead of waiting (or walking back)
for a middle that has not moved yet. Scripted positions on the real map, scores read from the
knowledge the heuristic and the commander both use."""

from cwbattles.bots.knowledge import cedar_mountain as kn
from cwbattles.bots.knowledge.cedar_mountain import movement

from tests.games.cedar_mountain.helpers import game as cm_game
from tests.games.cedar_mountain.helpers import position

G = cm_game()
B = G.board
ENTRY, GATE = B.index["2934"], B.index["2319"]
EARLY = ("cs-13va", "cs-25va", "cs-31va", "cs-12ga", "cs-52va", "cs-58va")   # the column's order (26.41)


def best(state):
    acts = state.legal_actions()
    scores = kn.score_actions(state, acts)
    return acts[max(range(len(acts)), key=lambda i: scores[i])]


def finish_move(state, u):
    """Play the unit's move to its end with the knowledge's best choices."""
    while state.stack[-1][0] == "moving" and state.stack[-1][2] == u:
        state.apply(best(state))


def test_a_brigade_commander_enters_after_his_column():
    # turn 1, nothing on the map: Early's regiments are scored to come on before Early himself,
    # who would otherwise enter first, find none of his brigade on the map and stay on 2934
    s = position(G, {}, turn=1, side="confederate")
    acts = [a for a in s.legal_actions() if a.kind == "enter"]
    scores = dict(zip((a.a for a in acts), kn.score_actions(s, acts)))
    leader = G.unit_index["early"]
    assert leader in scores
    assert all(scores[leader] < scores[G.unit_index[r]] for r in EARLY)


def test_the_head_of_a_column_waits_for_its_brigade_on_the_entry_turn():
    # the 13th Virginia comes on first; its five mates are still to come on at 2934 this turn, so
    # its brigade's middle is there and it stops within its commander's reach of it (it used to
    # march eight hexes up the road, out of reach, and walk back on turn 2)
    s = position(G, {}, turn=1, side="confederate")
    u = G.unit_index["cs-13va"]
    s.apply(next(a for a in s.legal_actions() if a.kind == "enter" and a.a == u))
    far = B.index["2627"]                                    # six hexes up the road
    assert movement.cohesion(s, u, far) > 0
    finish_move(s, u)
    assert B.distance(s.hex[u], ENTRY) <= 3


def test_the_rear_of_a_column_moves_first_and_the_head_goes_on():
    # turn 2, Early's brigade closed up on the road with Early: the rearmost regiment is scored to
    # move first; the head, moving while its mates have not, is not held to their middle and
    # marches on toward the Gate (it used to advance two hexes a turn, inchworm fashion)
    units = {"early": "2729", "cs-13va": ("2728", "E", "column"), "cs-25va": ("2728", "E", "column"),
             "cs-31va": ("2729", "E", "column"), "cs-12ga": ("2729", "E", "column"),
             "cs-52va": ("2730", "E", "column"), "cs-58va": ("2730", "E", "column")}
    s = position(G, units, turn=2, side="confederate")
    acts = [a for a in s.legal_actions() if a.kind == "move" and G.units[a.a].type == "infantry"]
    scores = dict(zip((a.a for a in acts), kn.score_actions(s, acts)))
    rear, head = G.unit_index["cs-58va"], G.unit_index["cs-13va"]
    assert scores[rear] > scores[head]
    start = B.distance(s.hex[head], GATE)
    s.apply(next(a for a in s.legal_actions() if a.kind == "move" and a.a == head))
    finish_move(s, head)
    assert start - B.distance(s.hex[head], GATE) >= 5


def test_a_marching_unit_goes_the_cheaper_way_through_the_woods():
    # White's company, mounted in the woods at 1722, bound for the Gate: 1621 and 1622 are both
    # seven hexes from it, but from 1622 the way costs 18 clear hexes' points (the ground beyond
    # it), from 1621 14; the hex distance alone could not tell them apart and took 1622
    s = position(G, {"cs-white": ("1722", "E", "mounted")}, turn=3, side="confederate")
    u = G.unit_index["cs-white"]
    s.apply(next(a for a in s.legal_actions() if a.kind == "move" and a.a == u))
    a = best(s)
    assert a.kind == "step" and B.ids[a.a] == "1621"
    assert movement.march_rows(G, GATE, "mounted")[B.index["1621"]] < movement.march_rows(G, GATE, "mounted")[B.index["1622"]]

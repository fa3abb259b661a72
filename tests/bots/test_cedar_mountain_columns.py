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
    # White's company, mounted in the woods at 1722, bound for the clearing at 1323 (Garnett's
    # woods, two hexes off, held by the Irish battalion): 1621 and 1622 are both three hexes from
    # it, but from 1622 the way costs 6 clear hexes' points, from 1621 5; the hex distance alone
    # could not tell them apart
    s = position(G, {"cs-white": ("1722", "E", "mounted"), "cs-1vabn": ("1921", "E", "line"), "garnett": "1921"},
                 turn=3, side="confederate")
    s.control[G.control_hexes.index(B.index["1921"])] = 1
    u = G.unit_index["cs-white"]
    assert B.ids[movement.objective(s, u)] == "1323"
    s.apply(next(a for a in s.legal_actions() if a.kind == "move" and a.a == u))
    a = best(s)
    assert a.kind == "step" and B.ids[a.a] == "1621"
    clearing = movement.march_rows(G, B.index["1323"], "mounted")
    assert B.distance(B.index["1621"], B.index["1323"]) == B.distance(B.index["1622"], B.index["1323"])
    assert clearing[B.index["1621"]] < clearing[B.index["1622"]]


MAJORS = B.index["3415"]


def test_a_column_passes_through_a_crowded_hex_on_the_mountain_trail():
    # the 15th Alabama behind two of Trimble's regiments (11 SP) on 3726, a wooded trail hex that
    # holds 12: crowded is a poor place to end a move, not to pass through (8.1), so it marches
    # on through toward Majors' house instead of stopping behind them (it used to stop there)
    units = {"trimble": "3726", "cs-21ga": ("3726", "E", "column"), "cs-21nc": ("3726", "E", "column"),
             "cs-15al": ("3727", "E", "column"), "cs-1ncbn": ("3725", "E", "column")}
    s = position(G, units, turn=3, side="confederate")
    u = G.unit_index["cs-15al"]
    s.apply(next(a for a in s.legal_actions() if a.kind == "move" and a.a == u))
    acts = s.legal_actions()
    scores = {(a.kind, a.a): x for a, x in zip(acts, kn.score_actions(s, acts))}
    assert scores[("step", B.index["3726"])] > scores[("stop", -1)]
    rows = movement.march_rows(G, MAJORS, "column")
    start = rows[s.hex[u]]
    finish_move(s, u)
    assert s.hex[u] != B.index["3726"] and rows[s.hex[u]] < start - 1


def test_a_regiment_out_of_command_moves_after_its_brigade():
    # the 21st North Carolina five hexes behind Trimble (radius 3): out of command, one hex only
    # (5.2). It is scored to move after the regiments in command, so that they are not held back
    # to where it crawls (as the rear it used to move first and anchor them)
    units = {"trimble": "3726", "cs-21ga": ("3726", "E", "column"), "cs-15al": ("3725", "E", "column"),
             "cs-1ncbn": ("3725", "E", "column"), "cs-21nc": ("3931", "E", "column")}
    s = position(G, units, turn=3, side="confederate")
    acts = [a for a in s.legal_actions() if a.kind == "move" and G.units[a.a].type == "infantry"]
    scores = dict(zip((a.a for a in acts), kn.score_actions(s, acts)))
    straggler = G.unit_index["cs-21nc"]
    assert B.distance(B.index["3931"], B.index["3726"]) > 3
    assert all(scores[straggler] < scores[G.unit_index[r]] for r in ("cs-21ga", "cs-15al"))

"""The Cedar Mountain knowledge contests the victory hexes and closes to melee (issues 29 and 30):
scripted positions where the heuristic's scores (which the commander's plans start from) must press
onto a weakly held victory hex instead of halting at fire range, keep a fighting formation at the
edge of contact instead of changing it back and forth, and send a unit to a hex nobody of its side
goes for once its nearer hexes are covered."""

from cwbattles.bots.knowledge import cedar_mountain as kn
from cwbattles.bots.knowledge.cedar_mountain import movement

from tests.games.cedar_mountain.helpers import game as cm_game
from tests.games.cedar_mountain.helpers import position

G = cm_game()
B = G.board


def best(state):
    acts = state.legal_actions()
    scores = kn.score_actions(state, acts)
    return acts[max(range(len(acts)), key=lambda i: scores[i])]


def start_moving(state, uid):
    u = G.unit_index[uid]
    state.apply(next(a for a in state.legal_actions() if a.kind == "move" and a.a == u))
    assert state.stack[-1][0] == "moving"
    return u


CRAWFORD_BY_THE_GATE = {"crawford": "2317", "us-5ct": ("2317", "W", "line"), "us-10me": ("2316", "W", "line"),
                        "us-46pa": ("2217", "W", "line"), "us-28ny": ("2417", "W", "line")}


def test_a_strong_brigade_presses_onto_a_weakly_held_victory_hex():
    # the Irish battalion (1 SP) alone on the Gate, Crawford's 18 SP two hexes off: the 5th
    # Connecticut steps toward the Gate (a melee at good odds may follow, 12.1) rather than stop
    # at fire range, as the knowledge did before (the stop was worth more in contact)
    units = dict(CRAWFORD_BY_THE_GATE, **{"cs-1vabn": ("2319", "E", "line"), "garnett": "2319"})
    s = position(G, units, turn=5)
    u = start_moving(s, "us-5ct")
    a = best(s)
    gate = B.index["2319"]
    assert a.kind == "step" and B.distance(a.a, gate) < B.distance(s.hex[u], gate)


def test_against_a_strong_holder_the_brigade_stops_at_fire_range():
    # the same brigade against Early's and Trimble's (19 SP) on and by the Gate: no favourable
    # odds, so the regiment halts where it can fire (9.0) rather than walk into a melee
    units = dict(CRAWFORD_BY_THE_GATE, **{"cs-12ga": ("2319", "E", "line"), "cs-13va": ("2319", "E", "line"),
                                          "early": "2319", "cs-15al": ("2218", "E", "line"),
                                          "cs-21ga": ("2320", "E", "line"), "trimble": "2218"})
    s = position(G, units, turn=5)
    start_moving(s, "us-5ct")
    assert best(s).kind == "stop"


def test_a_unit_in_line_near_the_enemy_keeps_its_formation():
    # the enemy five hexes off: out of contact (3), but a unit already in line stays in line
    # (DISENGAGED) rather than change to column and back again next turn
    units = {"crawford": "2311", "us-5ct": ("2311", "W", "line"), "cs-1vabn": ("2316", "E", "line"), "garnett": "2316"}
    s = position(G, units, turn=5)
    start_moving(s, "us-5ct")
    acts = s.legal_actions()
    scores = kn.score_actions(s, acts)
    change = [sc for a, sc in zip(acts, scores) if a.kind == "change_formation"]
    assert change and max(change) < max(scores)


def test_a_covered_hex_sends_the_next_unit_to_the_one_nobody_goes_for():
    # a regiment of Early's brigade three hexes from Garnett's woods (1921) and three from the
    # clearing at 1323, nobody else near either: the woods come first (27.22 scores both alike,
    # the first hex wins a tie); with Garnett's brigade on and by the woods (covered) it is sent
    # to the clearing instead
    early = {"early": "1622", "cs-13va": ("1622", "E", "line")}
    u = G.unit_index["cs-13va"]
    alone = position(G, early, turn=5, side="confederate")
    assert B.ids[movement.objective(alone, u)] == "1921"
    garnett = {"garnett": "1921", "cs-21va": ("1921", "E", "line"), "cs-42va": ("1920", "E", "line"),
               "cs-48va": ("2021", "E", "line")}
    covered = position(G, dict(early, **garnett), turn=5, side="confederate")
    assert B.ids[movement.objective(covered, u)] == "1323"

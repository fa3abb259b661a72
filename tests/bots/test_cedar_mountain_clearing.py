"""The Cedar Mountain knowledge sends a brigade, not a regiment, to a victory hex (issue 29 point 7:
the clearing at 1323 was contested in a third of the games). Each regiment had its own objective:
one went to the hex nobody else went for while its mates went elsewhere, and alone it never had
the odds to close. Now a brigade's regiments share one objective, reckoned from their commander,
and the cover that turns a unit elsewhere is other brigades' strength, not its own mates'.
Scripted positions on the real map; each fails on the knowledge before the change."""

from cwbattles.bots.knowledge.cedar_mountain import movement

from tests.bots.test_cedar_mountain_contest import best
from tests.games.cedar_mountain.helpers import game as cm_game
from tests.games.cedar_mountain.helpers import position

G = cm_game()
B = G.board
CLEARING = B.index["1323"]
# Early's brigade between Garnett's woods (1921) and the clearing, its commander three hexes from each
EARLY = {"early": "1622", "cs-13va": ("1622", "W", "column"), "cs-25va": ("1722", "W", "column"),
         "cs-31va": ("1623", "W", "column"), "cs-12ga": ("1722", "W", "column"),
         "cs-52va": ("1721", "W", "column"), "cs-58va": ("1723", "W", "column")}
REGIMENTS = [k for k in EARLY if k.startswith("cs-")]
GARNETT_ON_THE_WOODS = {"garnett": "1921", "cs-21va": ("1921", "E", "line"), "cs-42va": ("1920", "E", "line"),
                        "cs-48va": ("2021", "E", "line")}


def objectives(state) -> dict:
    return {k: B.ids[movement.objective(state, G.unit_index[k])] for k in REGIMENTS}


def test_a_brigade_has_one_objective():
    # alone, the woods and the clearing are three hexes from Early (the brigade's objective is
    # reckoned from him: from the regiments' middle, 1722, the woods are nearer): the whole
    # brigade goes for the woods (the first hex on a tie); before, the regiments nearer the clearing went for it and
    # the others for the woods
    alone = position(G, EARLY, turn=5, side="confederate")
    assert set(objectives(alone).values()) == {"1921"}
    # with Garnett's brigade on and by the woods (covered), the whole brigade goes for the
    # clearing; before, the 12th Georgia and the 52nd Virginia still went for the woods
    covered = position(G, dict(EARLY, **GARNETT_ON_THE_WOODS), turn=5, side="confederate")
    assert set(objectives(covered).values()) == {"1323"}


def test_the_brigade_closes_on_the_clearing_together():
    # the 28th New York holds the clearing; the Confederates move (Garnett on the woods): all six
    # of Early's regiments end beside it. Before, the first three to come near "covered" it and
    # the other three turned back toward the woods, five hexes off
    union = {"us-28ny": ("1323", "W", "line")}
    s = position(G, dict(EARLY, **GARNETT_ON_THE_WOODS, **union), turn=5, side="confederate")
    s.control[G.control_hexes.index(CLEARING)] = 0
    while s.stack[-1][0] in ("movement", "moving"):
        s.apply(best(s))
    assert [B.distance(s.hex[G.unit_index[k]], CLEARING) for k in REGIMENTS] == [1, 1, 1, 1, 1, 1]


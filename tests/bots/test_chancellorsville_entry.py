"""The Chancellorsville heuristic: its victory hexes read as the game's option ``occupation``
reads 23.61, and its forced-march entries (23.22)."""

import cwbattles
from cwbattles.bots import make_bot
from cwbattles.bots.knowledge.chancellorsville.evaluation import control_odds
from cwbattles.bots.knowledge.chancellorsville.movement import Plan, movement_scores
from cwbattles.games.chancellorsville import forced_march


def test_an_empty_victory_hex_is_nobodys_by_default_and_its_last_occupiers_with_the_older_reading():
    for options, odds in ((None, (0.0, 0.0)), ({"occupation": "last_occupier"}, (1.0, 0.0))):
        g = cwbattles.load("chancellorsville", options=options)
        s = g.new_game(0)
        h = g.board.index["H0328"]                          # Ely's Ford: nobody near it at the start
        s.control[g.victory_slot[h]] = 0                    # the Union occupied it last
        assert control_odds(s, h, []) == odds


def test_a_forced_entry_is_preferred_when_the_objective_is_far_from_the_entry_hex():
    g = cwbattles.load("chancellorsville")
    s = g.new_game(seed=4)
    bot = make_bot("random", seed=1)
    while not any(a.kind == "force_enter" for a in s.legal_actions()):
        s.apply(bot.choose(s))
    actions = s.legal_actions()
    scores = dict(zip(actions, movement_scores(s, actions, False)))
    plan = Plan(s, 1)
    forced = [a for a in actions if a.kind == "force_enter"]
    assert forced
    for a in forced:
        target, _ = plan.objective(a.a, a.b)
        far = g.board.distance(a.b, target) > 6 and (not forced_march.north_only(s, a.a) or target in g.north)
        normal = next(b for b in actions if b.kind == "enter" and b.a == a.a)
        assert (scores[a] > scores[normal]) == far

"""Grouped (macro) actions: at the start of a brigade's action the search chooses a whole
action (go to a zone, attack from here, rest...), carried out through legal single actions."""

from cwbattles.bots import knowledge, make_bot
from cwbattles.engine.actions import Action
from tests.games.cedar_creek.helpers import setup_position, unit

kn = knowledge.for_game("cedar-creek")


def fresh_move(game, units, mover, mp=6):
    """Turn 5, the Union's player turn: ``mover`` (of Birge's division) starts its action."""
    return setup_position(game, units, turn=5, active="union",
                          frames=[["brigades", 0, "d:birge", ["u:" + mover]], ["move", 0, "u:" + mover]],
                          movement={"unit": mover, "mp": mp, "moved": False, "extra": False,
                                    "toggled": False, "start_zoc": False, "piece_mp": 0})


def quiet(game):
    """Birge's brigade alone at Belle Grove, the enemy far away (Forsberg at Hupp's Hill)."""
    return fresh_move(game, [unit("birge-brigade", "belle-grove", facing="xix-corps-works"),
                             unit("forsberg", "hupps-hill", facing="xix-corps-works")], "birge-brigade")


def test_the_start_of_a_brigade_move_is_a_macro_point(game):
    s = quiet(game)
    legal = s.legal_actions()
    assert kn.macro_point(s, legal)
    options = dict(kn.macros(s, legal))
    assert ("do", Action("pass", s.mv_unit)) in options
    goto = [m for m in options if m[0] == "goto"]
    assert 1 <= len(goto) <= 6
    reach = s.reach("birge-brigade")
    assert all(game.board.zones[z].id in reach for _, z in goto)


def test_a_goto_macro_brings_the_brigade_there_by_legal_steps_at_the_cheapest_cost(game):
    s = quiet(game)
    u = s.mv_unit
    reach = s.reach("birge-brigade")
    for _, z in [m for m, _ in kn.macros(s, s.legal_actions()) if m[0] == "goto"]:
        t = s.clone()
        applied = []

        def choose(state, actions):
            return actions[0]
        side = t.to_act
        while True:
            actions = t.legal_actions()
            if applied and not kn.inside_macro(t, actions, u):
                break
            a = kn.macro_step(t, ("goto", z), actions, choose)
            assert a in actions
            if a.kind == "move":
                applied.append(a)
            t.apply(a)
            assert t.to_act == side
        assert t.zone[u] == z
        spent = sum(game.board.move_cost[p][a.a] for p, a in zip([s.zone[u]] + [m.a for m in applied], applied))
        assert spent == reach[game.board.zones[z].id]


def test_run_macro_stops_at_the_end_of_the_brigade_action(game):
    s = quiet(game)
    u = s.mv_unit
    z = next(m[1] for m, _ in kn.macros(s, s.legal_actions()) if m[0] == "goto")
    n = kn.run_macro(s, ("goto", z), lambda state, actions: actions[0])
    assert n >= 2 and s.zone[u] == z
    assert s.mv_unit != u and not kn.inside_macro(s, s.legal_actions(), u)


def test_an_attack_from_where_the_brigade_stands_is_a_macro(game):
    """Birge's brigade next to a worn-out Forsberg: attacking from here is one of the choices,
    and a search that picks it declares the attack as its first action."""
    s = fresh_move(game, [unit("birge-brigade", "cooley-south", facing="creek-mouth"),
                          unit("forsberg", "creek-mouth", facing="bowmans-ford", fatigue=2)], "birge-brigade")
    legal = s.legal_actions()
    target = game.board.index["creek-mouth"]
    assert kn.macro_point(s, legal)
    assert ("do", Action("attack", target)) in dict(kn.macros(s, legal, fast=False))
    bot = make_bot("mcts:40", seed=3)
    a = bot.choose(s)
    assert a in legal
    assert bot.plan is not None and bot.plan[0] == s.mv_unit


def test_the_search_follows_its_plan_to_the_end_of_the_action(game):
    """Once the search has chosen a macro, the following decisions of the same brigade are
    the macro's steps (no new search), and the brigade ends where the plan said."""
    s = quiet(game)
    u = s.mv_unit
    bot = make_bot("mcts:30", seed=5)
    first = bot.choose(s)
    plan = bot.plan
    assert plan is not None and plan[0] == u
    s.apply(first)
    while kn.inside_macro(s, s.legal_actions(), u):
        a = bot.choose(s)
        assert a in s.legal_actions()
        assert bot.last["simulations"] <= 30
        s.apply(a)
    if plan[1][0] == "goto":
        assert s.zone[u] == plan[1][1]


def test_without_macros_the_search_chooses_single_actions(game):
    from cwbattles.bots.mcts import MctsBot
    s = quiet(game)
    bot = MctsBot(seed=5, simulations=20, macros=False)
    a = bot.choose(s)
    assert a in s.legal_actions() and bot.plan is None
    assert all(isinstance(k, Action) for k in bot.last["visits"])


def test_a_bot_without_a_plan_searches_the_single_actions_of_a_move_begun(game):
    """Handed a brigade in the middle of its move (no plan of its own: a new bot, a position
    taken back), the search weighs the single actions open now."""
    s = quiet(game)
    s.apply(next(a for a in s.legal_actions() if a.kind == "move"))
    legal = s.legal_actions()
    assert kn.inside_macro(s, legal) and not kn.macro_point(s, legal)
    bot = make_bot("mcts:30", seed=2)
    a = bot.choose(s)
    assert a in legal and bot.plan is None
    if bot.last["simulations"]:
        assert sum(bot.last["visits"].values()) == bot.last["simulations"] <= 30


def test_a_plan_is_not_carried_into_another_player_turn(game):
    s = quiet(game)
    u = s.mv_unit
    bot = make_bot("mcts:20", seed=5)
    bot.choose(s)
    assert bot.plan is not None
    other = fresh_move(game, [unit("birge-brigade", "belle-grove", facing="xix-corps-works"),
                              unit("forsberg", "hupps-hill", facing="xix-corps-works")], "birge-brigade")
    other.apply(next(a for a in other.legal_actions() if a.kind == "move"))
    other.turn = 6                              # the same brigade moving, another turn
    assert other.mv_unit == u
    a = bot.choose(other)
    assert a in other.legal_actions()
    assert bot.plan is None or bot.plan[2] == (6, other.round, other.to_act)

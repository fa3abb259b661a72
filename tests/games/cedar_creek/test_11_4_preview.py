"""The preview of a hit (11.4): what holding costs, the retreat roll's distribution with its
modifiers, and every retreat path with the points lost crossing enemy fronts; checked against
what the rules then do with each die."""

import random

from cwbattles.engine.actions import Action
from cwbattles.games.cedar_creek.retreat import _hit_apply, _retreat_apply, _retreat_legal

from .helpers import act, setup_position, unit
from .test_11_4_results import EAST, HOUSE, hit_duval, idx


def choice(s, kind):
    return next(a for a in s.legal_actions() if a.kind == kind)


def test_hold_costs_a_point_and_tires_a_winner(game):
    """11.4 Hold: Duval (6) loses one point, stays, and Battle (the only winner) tires."""
    s = hit_duval(game)
    p = s.preview(choice(s, "hold"))
    assert p["kind"] == "hit" and p["unit"] == "duval"
    assert p["hold"] == {"loss": 1, "strength_after": 5, "eliminated": False, "losses_after": 1,
                         "enemy_tires": [{"unit": "battle", "fatigue": 1}], "later_retreat_penalty": False}


def test_retreat_roll_distribution_on_turn_2_is_a_rout_above_4(game):
    """11.4: Union on turn 2 (+1): 1-3 orderly (1 or 2 zones, no loss here), 4-6 a disorderly
    retreat that becomes a rout (a point lost, three zones toward the north edge, which it
    reaches after two)."""
    s = hit_duval(game, turn=2)
    r = s.preview(choice(s, "retreat"))["retreat"]
    assert r["modifiers"] == [["Union, turns 1-2", "11.4", 1]]
    assert [x["mode"] for x in r["rolls"]] == ["orderly"] * 3 + ["rout"] * 3
    orderly, rout = r["modes"]
    assert (orderly["mode"], orderly["exact"], orderly["rolls"]) == ("orderly", "1/2", [1, 2, 3])
    assert [p["zones"] for p in orderly["paths"]] == [["buckton-road"], ["buckton-road", "northeast-fields"]]
    assert (rout["mode"], rout["least_loss"], rout["most_loss"]) == ("rout", 1, 1)
    assert rout["paths"][0]["routed"] and rout["paths"][0]["to"] == "northeast-fields"


def test_retreat_paths_count_the_points_lost_crossing_enemy_fronts(game):
    """11.4: with Cook on the Buckton road facing Kitching's camp, both ways out cross an enemy
    front: every orderly path costs Duval at least one point."""
    s = hit_duval(game, extra=[unit("cook", "buckton-road", facing="kitching-camp")])
    orderly = s.preview(choice(s, "retreat"))["retreat"]["modes"][0]
    assert orderly["mode"] == "orderly" and orderly["least_loss"] >= 1
    assert all(p["crossings"] == p["losses"] for p in orderly["paths"])
    first = {p["zones"][0] for p in orderly["paths"]}
    assert first == {"kitching-camp", "cooley-fields"}


def test_a_last_point_is_lost_by_holding_or_by_a_disorderly_retreat(game):
    """11.4: Duval with one point left: holding eliminates him, and so does the point a
    disorderly retreat costs (rolls 5-6, +1 for two or more losses: 4-6)."""
    s = hit_duval(game, duval=unit("duval", EAST, facing=HOUSE, losses=5), dice=[6, 1])
    p = s.preview(choice(s, "retreat"))
    assert p["hold"]["eliminated"] and p["hold"]["strength_after"] == 0
    modes = {m["mode"]: m for m in p["retreat"]["modes"]}
    assert set(modes) == {"orderly", "eliminated"}
    assert modes["eliminated"]["rolls"] == [4, 5, 6] and modes["eliminated"]["paths"][0]["eliminated"]


def test_the_preview_changes_nothing(game):
    s = hit_duval(game, turn=2)
    before = s.to_position()
    s.preview(choice(s, "retreat"))
    s.preview(choice(s, "hold"))
    assert s.to_position() == before


def test_preview_agrees_with_the_rules_in_random_games(game):
    """In random games, at each hit: every die's mode and the outcome of the first path the
    rules offer appear in the preview (zones and points lost)."""
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        s = game.new_game(seed=seed)
        while not s.is_over and checked < 12:
            legal = s.legal_actions()
            if s.stack[-1][0] == "hit":
                p = s.preview(next(a for a in legal if a.kind == "retreat"))
                u = s.stack[-1][2]
                for x in p["retreat"]["rolls"]:
                    mode = next(m for m in p["retreat"]["modes"] if m["mode"] == x["mode"])
                    t = s.clone()
                    t.dice.set_script([x["roll"]])
                    before = t.losses[u]
                    stack_depth = len(t.stack) - 1
                    t.stack.pop()
                    _hit_apply(t, s.stack[-1], Action("retreat", u))
                    zones = []
                    while len(t.stack) > stack_depth and t.stack[-1][0] == "retreat" and t.stack[-1][2] == u:
                        f = t.stack.pop()
                        a = _retreat_legal(t, f)[0]
                        if a.kind == "retreat_to":
                            zones.append(game.board.zones[a.a].id)
                        _retreat_apply(t, f, a)
                    lost = (t.losses[u] - before) if t.zone[u] >= 0 else s.strength(u)
                    assert any(pp["zones"][:len(zones)] == zones and pp["losses"] == lost for pp in mode["paths"]), \
                        (seed, x, zones, lost, mode["paths"])
                checked += 1
            s.apply(rng.choice(legal))
        if checked >= 12:
            break
    assert checked >= 6


def test_a_retreat_step_lists_each_way_with_its_cost(game):
    """At the retreat decision itself, each zone offered with the least and most it costs."""
    s = hit_duval(game, extra=[unit("cook", "buckton-road", facing="kitching-camp")])
    s.dice.set_script([2])
    act(s, "retreat", "duval")
    step = next(a for a in s.legal_actions() if a.kind == "retreat_to")
    p = s.preview(step)
    assert p["kind"] == "retreat_step" and p["orderly"]
    by_zone = {o["action"]["zone"]: o for o in p["options"]}
    assert set(by_zone) == {"kitching-camp", "cooley-fields"}
    assert by_zone["kitching-camp"]["least_loss"] == 1


def test_preview_refuses_a_choice_that_is_not_pending(game):
    s = setup_position(game, [unit("duval", EAST, facing=HOUSE)], turn=3, active="union")
    try:
        s.preview(Action("hold", idx(game, "duval")))
    except ValueError as e:
        assert "not the pending" in str(e)
    else:
        raise AssertionError("a hold preview with no hit pending")

"""What picking a Cedar Mountain unit answers (play_aids.options_for, the /options route): a
battery that cannot move unlimbered says why and offers to limber (7.3, 14.1; issue 27, point 5)."""

from cwbattles.web.play_aids import options_for
from tests.games.cedar_mountain.helpers import game, position

G = game()


def test_an_unlimbered_battery_says_limber_first_and_offers_it():
    s = position(G, {"us-epa": ("2008", "W", "unlimbered"), "crawford": "2008", "williams": "2008", "banks": "2008",
                     "us-5ct": ("2009", "W", "line")}, side="union", phase="movement")
    picked = options_for(s, "us-epa")
    assert picked["selectable"] and picked["reach"] == {}
    assert picked["stays"]["text"].endswith("limber first") and picked["stays"]["rule"] == "7.3"
    assert picked["stays"]["then"] == {"kind": "change_formation"}
    assert picked["stays"]["then_text"] == "change formation"
    infantry = options_for(s, "us-5ct")
    assert infantry["reach"] and "stays" not in infantry



def test_a_facing_while_moving_has_a_default_without_an_area_combat_preview():
    """Seed 5, the first legal action 93 times (74 before 16.4 was read as the rules have it,
    command judged as a regiment begins to move): White's Comanches have entered and may step on
    or face, and its facings preview no combat ({}). The default is the first facing; it was a
    KeyError (a 500 on the human's view) looking for an area combat's odds."""
    from cwbattles.web.play_aids import default_choice
    s = G.new_game(seed=5)
    for _ in range(93):
        s.apply(s.legal_actions()[0])
    kinds = [G.action_to_json(a)["kind"] for a in s.legal_actions()]
    assert kinds == ["step"] * 4 + ["face"] * 5 + ["change_formation"] and s.preview(s.legal_actions()[4]) == {}
    assert default_choice(s, [e.to_json() for e in s.log]) == {"index": 4, "why": "the first facing offered"}

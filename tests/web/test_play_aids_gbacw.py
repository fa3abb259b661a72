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

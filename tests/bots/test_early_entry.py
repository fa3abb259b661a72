"""Cedar Creek's bots and Early's entry (12, 7.2): his headquarters comes on at Wharton's entry
zone, Hupp's Hill, once Wharton is in, never into contact with a Union brigade; the
Confederates count driving off the Union brigades that bar it as a gain of their attacks."""

from cwbattles.bots.knowledge.cedar_creek.attacks import zone_gain
from cwbattles.bots.knowledge.cedar_creek.facts import EARLY_ENTRY, View, facts
from tests.games.cedar_creek.helpers import setup_position, unit

WHARTON = [unit("forsberg", "hupps-hill", facing="xix-corps-works"),
           unit("patton", "hupps-hill", facing="xix-corps-works"), unit("smith", "cupps-ford", facing="middle-road")]


def gains(game, hqs):
    s = setup_position(game, WHARTON + [unit("wells", "thoburn-ridge", facing="bowmans-mill-road"),
                                 unit("birge-brigade", "cooley-south", facing="creek-mouth")],
                       turn=3, hqs=hqs)
    F = facts(game)
    V = View(s, F)
    z = game.board.index
    return (zone_gain(V, z["thoburn-ridge"]), zone_gain(V, z["cooley-south"]),
            F.vp_value.get(z["thoburn-ridge"], 0.0), F.vp_value.get(z["cooley-south"], 0.0))


def test_a_union_brigade_barring_earlys_entry_is_worth_driving_off(game):
    ridge, cooley, ridge_vp, cooley_vp = gains(game, hqs=None)
    assert ridge == ridge_vp + EARLY_ENTRY          # Thoburn's ridge is in contact with Hupp's Hill
    assert cooley == cooley_vp                      # the lower Cooley fields are not


def test_once_early_is_on_the_map_the_zone_is_worth_its_points_alone(game):
    ridge, _, ridge_vp, _ = gains(game, hqs=[{"id": "early", "zone": "hupps-hill"}])
    assert ridge == ridge_vp

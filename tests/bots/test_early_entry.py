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


def barred(game, union_zone, hqs=None, turn=3, facing="bowmans-mill-road"):
    from cwbattles.bots.knowledge.cedar_creek.command import early_barred
    from cwbattles.bots.knowledge.cedar_creek.facts import rounds_left
    s = setup_position(game, WHARTON + [unit("wells", union_zone, facing=facing)], turn=turn, hqs=hqs)
    return early_barred(View(s, facts(game))), rounds_left(s)


def test_each_round_early_is_barred_costs_the_confederates(game):
    """12, 7.2, 10: Wells on Thoburn's ridge, in contact with Hupp's Hill across the creek, keeps
    Early off the map: the term is EARLY_BARRED for every round still to play (Union's view),
    fewer the later it is."""
    from cwbattles.bots.knowledge.cedar_creek.facts import EARLY_BARRED
    v3, left3 = barred(game, "thoburn-ridge", turn=3)
    v7, left7 = barred(game, "thoburn-ridge", turn=7)
    # turn 3, round 1 of a 9-turn game: 6 turns of 3.9 rounds after this one, 2.9 left in it
    assert abs(left3 - (6 * 3.9 + 2.9)) < 1e-9
    assert abs(v3 - 0.25 * 26.3) < 1e-9 and EARLY_BARRED == 0.25
    assert v3 > v7 == EARLY_BARRED * left7 > 0


def test_early_not_barred_once_on_or_with_the_ridge_clear(game):
    """Once Early is on the map, or with no Union brigade in or touching Hupp's Hill (Wells in
    the lower Cooley fields), the term is nothing."""
    assert barred(game, "thoburn-ridge", hqs=[{"id": "early", "zone": "hupps-hill"}])[0] == 0.0
    assert barred(game, "cooley-south", facing="creek-mouth")[0] == 0.0

"""Rule 10.2-10.5: zones of control, movement, facing and stacking.

Each test builds a small position with only the brigades it needs, starts one brigade's
action the way the game does (its division activated, the brigade chosen), and checks the
exact legal actions, movement points and results. Zones: src/cwbattles/games/cedar_creek/data/
map.toml (see docs/data-notes/cedar-creek-map.md). Turn 3 unless said otherwise: no surprise,
every division may act.
"""

from cwbattles.engine.actions import Action

from .helpers import act, legal_kinds, setup_position, unit

# Confederates: Ramseur's Cook, Cox, Battle (infantry 3, 3, 4); Pegram's Godwin; Payne (independent
# cavalry 4 mounted / 2 dismounted). Union: Hayes' Kitching (4), Coates, Duval (6); Birge's Macauley;
# Merritt's Kidd (cavalry 6 / 4); Moore (independent cavalry).


def begin(game, units, uid, turn=3, **kw):
    """The brigade's division has been activated and the brigade chosen: its move starts."""
    b = game.brigades[game.unit_index[uid]]
    div = game.divisions[b.division].id
    s = setup_position(game, units, turn=turn, active=("union", "confederate")[b.side],
                       frames=[["brigades", b.side, f"d:{div}", [f"u:{uid}"]]], **kw)
    act(s, "brigade", uid)
    return s


def zid(game, z):
    return game.board.zones[z].id


def moves(game, s):
    return {zid(game, a.a) for a in s.legal_actions() if a.kind == "move"}


def targets(game, s, kind="attack"):
    return {zid(game, a.a) for a in s.legal_actions() if a.kind == kind}


def where(game, s, uid):
    return zid(game, s.zone[game.unit_index[uid]])


def facing(game, s, uid):
    return zid(game, s.facing[game.unit_index[uid]])


KITCHING = unit("kitching", "kitching-camp", facing="middletown-north")


# -- 10.2 zones of control ---------------------------------------------------------------------
def test_10_2_zoc_covers_every_adjacent_zone(game):
    """10.2: a brigade's ZOC is every zone around it (Kitching's camp touches seven zones)."""
    s = begin(game, [KITCHING, unit("cook", "cooley-house", facing="east-fields")], "cook")
    zoc = {zid(game, z) for z in s.enemy_zoc(1)}
    assert zoc == {"middletown-south", "middletown-north", "buckton-road", "east-fields", "cooley-fields",
                   "hayes-camp", "pike-east-fields"}
    # Cook enters one of them (2 MP) and must stop: he may still attack or end his move. (First
    # Kitching, who faced away, turns toward him: the Union's choice, 10.4.)
    act(s, "move", "east-fields")
    act(s, "face", "east-fields", "kitching")
    assert s.mv_mp == 4
    assert moves(game, s) == set()
    assert legal_kinds(s) == {"attack", "stop"}


def test_10_2_no_zoc_across_cedar_creek_even_at_a_bridge(game):
    """10.2: no ZOC across Cedar Creek, even at a bridge: the XIX Corps works touch Hupp's Hill
    only across the Pike bridge, so Macauley moves in (road 1 MP + 1 up to the works) and goes on."""
    s = begin(game, [unit("cook", "hupps-hill", facing="stickley-hill"),
                     unit("macauley", "belle-grove", facing="middletown-south")], "macauley")
    act(s, "move", "xix-corps-works")
    assert s.mv_mp == 4
    assert {"thoburn-ridge", "pike-east-woods", "xix-corps-centre", "xix-corps-right"} <= moves(game, s)
    assert targets(game, s) == {"hupps-hill"}      # it could still attack across the bridge
    act(s, "move", "thoburn-ridge")
    assert where(game, s, "macauley") == "thoburn-ridge" and s.mv_mp == 2


def test_10_2_no_zoc_across_cedar_creek_at_a_ford_but_across_the_shenandoah(game):
    """10.2: Keifer's camp faces the Middle Road only across a Cedar Creek ford: no ZOC there.
    Bowman's Ford landing faces Three Top across a Shenandoah ford: that is not Cedar Creek,
    the ZOC holds and the brigade stops."""
    s = begin(game, [unit("cook", "middle-road", facing="cupps-ford"),
                     unit("macauley", "red-hill", facing="keifer-camp")], "macauley")
    act(s, "move", "keifer-camp")
    assert moves(game, s) == {"wheaton-camp", "red-hill", "xix-corps-right", "xix-corps-centre"}
    s = begin(game, [unit("cook", "three-top-north", facing="three-top-path"),
                     unit("kitching", "cooley-fields", facing="bowmans-ford")], "kitching")
    act(s, "move", "bowmans-ford")
    assert moves(game, s) == set() and legal_kinds(s) == {"attack", "stop"}


def test_10_2_friendly_brigade_does_not_negate_enemy_zoc(game):
    """10.2: Cox already stands in the fields east of Kitching's camp; Cook joining him is
    still in Kitching's ZOC and must stop there."""
    s = begin(game, [KITCHING, unit("cook", "cooley-house", facing="east-fields"),
                     unit("cox", "east-fields", facing="kitching-camp")], "cook")
    act(s, "move", "east-fields")
    act(s, "face", "east-fields", "kitching")             # 10.4: Kitching turns toward them
    assert moves(game, s) == set()
    assert legal_kinds(s) == {"attack", "stop"}


def test_10_2_front_is_faced_zone_and_its_two_neighbours(game):
    """10.2: the Cooley farm has six neighbours; facing the fields east of Kitching's camp,
    the front is those fields and the two zones beside them around the farm (Kitching's camp,
    the Cooley house); the three others are the flank. A zone with three neighbours is all front."""
    s = setup_position(game, [unit("cook", "cooley-fields", facing="east-fields"),
                              unit("cox", "cooley-house", facing="bowmans-ford")], turn=3)
    cook, cox = game.unit_index["cook"], game.unit_index["cox"]
    assert {zid(game, z) for z in s.front(cook)} == {"kitching-camp", "east-fields", "cooley-house"}
    flank = set(game.board.adj[s.zone[cook]]) - s.front(cook)
    assert {zid(game, z) for z in flank} == {"bowmans-ford", "cooley-south", "hayes-camp"}
    assert {zid(game, z) for z in s.front(cox)} == {"cooley-fields", "east-fields", "bowmans-ford"}


# -- 10.3 movement ------------------------------------------------------------------------------
def test_10_3_allowances_infantry_6_cavalry_8_dismounted_6(game):
    """10.3: infantry 6 MP, cavalry 8 MP (a dismounted cavalry brigade has 6)."""
    s = begin(game, [unit("cook", "cooley-house", facing="east-fields")], "cook")
    assert s.mv_mp == 6
    s = begin(game, [unit("payne", "cooley-house", facing="east-fields", mounted=True)], "payne")
    assert s.mv_mp == 8
    s = begin(game, [unit("payne", "cooley-house", facing="east-fields", mounted=False)], "payne")
    assert s.mv_mp == 6


def test_10_3_the_zones_of_a_move_are_kept_as_history_not_as_position(game):
    """The path of the move so far (``mv_path``) is there for a player planning the rest of
    the move; no rule reads it, so a position does not hold it and loads it as the zone alone."""
    s = begin(game, [unit("cook", "belle-grove", facing="pike-east-fields")], "cook")
    start = s.zone[s.mv_unit]
    assert s.mv_path == (start,)
    act(s, "move", "middletown-south")
    act(s, "move", "belle-grove")
    assert [zid(game, z) for z in s.mv_path] == ["belle-grove", "middletown-south", "belle-grove"]
    assert s.clone().mv_path == s.mv_path
    doc = s.to_position()
    assert "path" not in doc["movement"]
    loaded = game.from_position(doc)
    assert loaded.to_position() == doc and loaded.mv_path == (start,)


def test_10_3_zone_costs_2_and_a_road_link_1(game):
    """10.3: Belle Grove -> Middletown (south) along the Pike costs 1; then to the fields east
    of the Pike (no road link) 2."""
    s = begin(game, [unit("cook", "belle-grove", facing="pike-east-fields")], "cook")
    act(s, "move", "middletown-south")
    assert s.mv_mp == 5
    act(s, "move", "pike-east-fields")
    assert s.mv_mp == 3


def test_10_3_bridge_or_ford_costs_one_more(game):
    """10.3: the Shenandoah ford at Bowman's landing costs 2 + 1; Hupp's Hill -> XIX Corps works
    by the Pike bridge costs road 1 + bridge 1 (both zones are at the same height)."""
    s = begin(game, [unit("cook", "bowmans-ford", facing="cooley-house")], "cook")
    act(s, "move", "three-top-north")
    assert s.mv_mp == 3
    s = begin(game, [unit("cook", "hupps-hill", facing="stickley-hill")], "cook")
    act(s, "move", "xix-corps-works")
    assert s.mv_mp == 4


def test_10_3_higher_elevation_costs_one_more(game):
    """10.3: Cooley farm (level 0) -> Hayes' camp plateau (level 1) costs 3; coming back down
    costs 2."""
    s = begin(game, [unit("cook", "cooley-fields", facing="east-fields")], "cook")
    act(s, "move", "hayes-camp")
    assert s.mv_mp == 3
    act(s, "move", "cooley-south")
    assert s.mv_mp == 1


def test_10_3_escarpment_costs_one_more_even_downhill(game):
    """10.3: Thoburn's ridge -> Mouth of Cedar Creek crosses an escarpment downhill: 3 MP.
    Going up the same escarpment is also 3 (one +1 for higher ground or escarpment, rules notes)."""
    s = begin(game, [unit("cook", "thoburn-ridge", facing="creek-mouth")], "cook")
    act(s, "move", "creek-mouth")
    assert s.mv_mp == 3
    act(s, "move", "thoburn-ridge")
    assert s.mv_mp == 0


def test_10_3_may_leave_a_zoc_at_the_start_but_not_directly_into_another(game):
    """10.3: Cook starts beside Kitching. The Buckton road and the Cooley farm are also in
    Kitching's ZOC, so his only first step is to the Cooley house; from there he may come
    back into the ZOC (not directly) and stops."""
    s = begin(game, [KITCHING, unit("cook", "east-fields", facing="kitching-camp")], "cook")
    assert moves(game, s) == {"cooley-house"}
    assert targets(game, s) == {"kitching-camp"}           # or attack without moving
    act(s, "move", "cooley-house")
    assert moves(game, s) == {"cooley-fields", "east-fields", "bowmans-ford"}
    act(s, "move", "cooley-fields")
    assert s.mv_mp == 2 and moves(game, s) == set()


def test_10_3_attack_costs_2_mp(game):
    """10.3: with 2 MP left Cook may attack; it uses both. With 1 MP and Fatigue 2 (no bonus
    possible) he cannot."""
    units = [KITCHING, unit("cook", "east-fields", facing="kitching-camp")]
    s = setup_position(game, units, turn=3, frames=[["move", 1, "u:cook"]],
                       movement={"unit": "cook", "mp": 2, "moved": True})
    act(s, "attack", "kitching-camp")
    assert s.mv_mp == 0
    assert s.attack[game.unit_index["cook"]] == 0
    units[1] = unit("cook", "east-fields", facing="kitching-camp", fatigue=2)
    s = setup_position(game, units, turn=3, frames=[["move", 1, "u:cook"]],
                       movement={"unit": "cook", "mp": 1, "moved": True})
    # "stop" was his only action and was played at once: no attack, only his facing is left.
    assert s.attack[game.unit_index["cook"]] == -1 and s.mv_unit == -1
    assert legal_kinds(s) == {"face"}


def test_10_3_charge_costs_4_mp_and_needs_a_mounted_cavalry_brigade(game):
    """10.3: Payne mounted with 4 MP may charge (4 MP) or attack; with 3 MP only attack;
    dismounted, never charge; infantry never charges."""
    def at(mp, mounted=True, uid="payne"):
        kw = {"mounted": mounted} if uid == "payne" else {}
        return setup_position(game, [KITCHING, unit(uid, "east-fields", facing="kitching-camp", **kw)], turn=3,
                              frames=[["move", 1, f"u:{uid}"]], movement={"unit": uid, "mp": mp, "moved": True})
    s = at(4)
    assert targets(game, s, "charge") == {"kitching-camp"} and targets(game, s) == {"kitching-camp"}
    act(s, "charge", "kitching-camp")
    payne = game.unit_index["payne"]
    assert s.mv_mp == 0 and s.charging[payne]
    assert targets(game, at(3), "charge") == set() and targets(game, at(3)) == {"kitching-camp"}
    assert targets(game, at(6, mounted=False), "charge") == set()
    assert targets(game, at(6, uid="cook"), "charge") == set()


def test_10_3_charge_cannot_use_the_fatigue_bonus(game):
    """10.3: the charge "does not increase its movement capability": Payne with 1 MP pushes on
    to 3 MP and may attack but not charge; even a move that took the bonus and still had 4 MP
    (a constructed position) may not charge."""
    s = setup_position(game, [KITCHING, unit("payne", "east-fields", facing="kitching-camp", mounted=True)],
                       turn=3, frames=[["move", 1, "u:payne"]], movement={"unit": "payne", "mp": 1, "moved": True})
    act(s, "extra_mp", "payne")
    assert s.mv_mp == 3 and targets(game, s) == {"kitching-camp"} and targets(game, s, "charge") == set()
    s = setup_position(game, [KITCHING, unit("payne", "east-fields", facing="kitching-camp", mounted=True)],
                       turn=3, frames=[["move", 1, "u:payne"]],
                       movement={"unit": "payne", "mp": 4, "moved": True, "extra": True})
    assert targets(game, s) == {"kitching-camp"} and targets(game, s, "charge") == set()


def test_10_3_fatigue_bonus_two_mp_once_and_a_fatigue_level_at_the_end(game):
    """10.3: after spending its 6 MP Cook may take +2 MP for one fatigue level, placed when his
    move ends; only once per move. (Road links of 1 MP north of Middletown.)"""
    s = begin(game, [unit("cook", "cooley-house", facing="east-fields")], "cook")
    cook = game.unit_index["cook"]
    assert Action("extra_mp", cook) not in s.legal_actions()      # not while MP remain
    for z in ("east-fields", "buckton-road", "middletown-north", "millers-mill-road"):
        act(s, "move", z)
    assert s.mv_mp == 0 and Action("extra_mp", cook) in s.legal_actions()
    act(s, "extra_mp", "cook")
    assert s.mv_mp == 2 and s.fatigue[cook] == 0                  # not yet
    act(s, "move", "pike-to-newtown")
    assert s.mv_mp == 1 and legal_kinds(s) == {"move", "stop"}    # no second bonus
    act(s, "stop", "cook")
    assert s.fatigue[cook] == 1


def test_10_3_no_fatigue_bonus_beyond_fatigue_2(game):
    """10.3: no more than two fatigue levels: with 1 MP left in Middletown a Fatigue 2 brigade
    cannot push on; a Fatigue 1 brigade can, and ends its move at Fatigue 2."""
    path = ("east-fields", "buckton-road", "middletown-north")
    s = begin(game, [unit("cook", "cooley-house", facing="east-fields", fatigue=2)], "cook")
    for z in path:
        act(s, "move", z)
    assert s.mv_mp == 1 and legal_kinds(s) == {"move", "stop"}
    s = begin(game, [unit("cook", "cooley-house", facing="east-fields", fatigue=1)], "cook")
    for z in path:
        act(s, "move", z)
    act(s, "extra_mp", "cook")
    assert s.mv_mp == 3
    act(s, "stop", "cook")
    assert s.fatigue[game.unit_index["cook"]] == 2


def test_10_3_mount_or_dismount_costs_2_at_the_start_leaving_6(game):
    """10.3: changing status costs 2 MP at the start of the move; the brigade then has 6 MP
    (and the strength of its new side); not after it has moved."""
    s = begin(game, [unit("payne", "cooley-house", facing="east-fields", mounted=True)], "payne")
    payne = game.unit_index["payne"]
    act(s, "dismount", "payne")
    assert s.mv_mp == 6 and not s.mounted[payne] and s.strength(payne) == 2
    assert "mount" not in legal_kinds(s) and "pass" not in legal_kinds(s)
    s = begin(game, [unit("kidd", "merritt-camp", facing="old-forge-road", mounted=False)], "kidd")
    kidd = game.unit_index["kidd"]
    act(s, "mount", "kidd")
    assert s.mv_mp == 6 and s.mounted[kidd] and s.strength(kidd) == game.brigades[kidd].strength
    s = begin(game, [unit("payne", "cooley-house", facing="east-fields", mounted=True)], "payne")
    act(s, "move", "east-fields")
    assert "dismount" not in legal_kinds(s)


def test_10_3_contact_with_the_enemy_hq_makes_it_fall_back_and_turn_active(game):
    """10.3: Macauley enters the XIX Corps centre, in contact with Early at the Middle Road
    across Cedar Creek (a creek link, not even a ford). Early falls back one or two zones to a
    zone out of contact (owner's choice) and turns to his Active side."""
    s = begin(game, [unit("macauley", "xix-corps-works", facing="thoburn-ridge")], "macauley",
              hqs=[{"id": "early", "zone": "middle-road"}, {"id": "wright", "zone": None},
                   {"id": "sheridan", "zone": None}])
    act(s, "move", "xix-corps-centre")
    assert s.to_act == "confederate"
    options = {zid(game, a.a) for a in s.legal_actions()}
    assert {a.kind for a in s.legal_actions()} == {"hq_displace"}
    # Keifer's camp and Stickley Hill touch Macauley's zone; these do not:
    assert options == {"cupps-ford", "back-road", "hupps-hill", "wheaton-camp", "red-hill"}
    act(s, "hq_displace", "hupps-hill")
    assert zid(game, s.hq_zone[game.EARLY]) == "hupps-hill" and s.hq_active[game.EARLY]
    assert s.to_act == "union" and s.mv_mp == 4                 # Macauley's move goes on


# -- 10.4 facing --------------------------------------------------------------------------------
def test_10_4_end_of_move_faces_any_zone_or_one_with_the_enemy_in_front(game):
    """10.4: at the end of its move a brigade faces a zone of its choice; next to an enemy it
    must keep the enemy in its front (east fields: every facing but the Cooley house does)."""
    s = begin(game, [unit("cook", "bowmans-ford", facing="cooley-house")], "cook")
    act(s, "move", "cooley-house")
    act(s, "stop", "cook")
    assert {zid(game, a.a) for a in s.legal_actions() if a.kind == "face"} == \
        {"cooley-fields", "east-fields", "bowmans-ford"}
    act(s, "face", "bowmans-ford", "cook")
    assert facing(game, s, "cook") == "bowmans-ford"
    s = begin(game, [KITCHING, unit("cook", "cooley-house", facing="bowmans-ford")], "cook")
    act(s, "move", "east-fields")
    act(s, "face", "buckton-road", "kitching")            # 10.4: the Union turns Kitching first
    act(s, "stop", "cook")
    assert {zid(game, a.a) for a in s.legal_actions() if a.kind == "face"} == \
        {"buckton-road", "cooley-fields", "kitching-camp"}


def test_10_4_contact_turns_the_enemy_to_face_the_newcomer(game):
    """10.4: Kitching faces the fields east of the Pike (front: those fields, Hayes' camp,
    Middletown south); Cook comes to the Buckton road, in Kitching's flank: Kitching must turn
    so that Cook is in his front. The Union chooses, at once and before Cook goes on, among
    the three facings that put the Buckton road in Kitching's front."""
    s = begin(game, [unit("kitching", "kitching-camp", facing="pike-east-fields"),
                     unit("cook", "northeast-fields", facing="buckton-road")], "cook")
    act(s, "move", "buckton-road")
    assert s.to_act == "union"
    assert {zid(game, a.a) for a in s.legal_actions()} == {"middletown-north", "buckton-road", "east-fields"}
    act(s, "face", "middletown-north", "kitching")
    assert facing(game, s, "kitching") == "middletown-north"
    assert s.zone[game.unit_index["cook"]] in s.front(game.unit_index["kitching"])
    assert s.to_act == "confederate" and s.mv_unit == game.unit_index["cook"]
    assert "Kitching turns to face Middletown (north), Cook in its front." in [e.text for e in s.log]


def test_10_4_contact_turns_a_stack_together(game):
    """10.4, 10.5: Coates and Duval (second line) at Hayes' camp face the Pike fields; Cook
    comes to the Cooley farm: the Union turns the stack, both brigades take the new facing."""
    s = begin(game, [unit("coates", "hayes-camp", facing="pike-east-fields"),
                     unit("duval", "hayes-camp", facing="pike-east-fields", line=2),
                     unit("cook", "cooley-house", facing="cooley-fields")], "cook")
    act(s, "move", "cooley-fields")
    assert {zid(game, a.a) for a in s.legal_actions()} == {"kitching-camp", "cooley-fields", "cooley-south"}
    act(s, "face", "cooley-south", "coates")
    assert facing(game, s, "coates") == facing(game, s, "duval") == "cooley-south"


def test_10_4_front_already_holding_the_newcomer_does_not_turn(game):
    """10.4: 'obligated to change facing (if necessary)': Kitching faces the Buckton road, so the
    fields east of his camp are already in his front; Cook arriving there turns nobody."""
    s = begin(game, [unit("kitching", "kitching-camp", facing="buckton-road"),
                     unit("cook", "cooley-house", facing="east-fields")], "cook")
    act(s, "move", "east-fields")
    assert s.to_act == "confederate"
    assert facing(game, s, "kitching") == "buckton-road"


def test_10_4_enemy_already_facing_an_enemy_does_not_turn(game):
    """10.4: Kitching already faces Cox on the Hayes' camp plateau; Cook's arrival on the
    Buckton road (Kitching's flank) does not turn him."""
    s = begin(game, [unit("kitching", "kitching-camp", facing="hayes-camp"),
                     unit("cox", "hayes-camp", facing="kitching-camp"),
                     unit("cook", "northeast-fields", facing="buckton-road")], "cook")
    act(s, "move", "buckton-road")
    assert facing(game, s, "kitching") == "hayes-camp"


def test_10_4_an_enemy_anywhere_in_the_front_counts_as_facing_an_enemy(game):
    """10.4, program reading of 'already facing an enemy': an enemy anywhere in the front, not
    only in the faced zone. Kitching faces Middletown south; Cox in the Pike fields, at the edge
    of his front, is enough: Cook coming to the fields east of the camp finds him on the flank
    and Kitching keeps his facing (the flank of 11.3)."""
    s = begin(game, [unit("kitching", "kitching-camp", facing="middletown-south"),
                     unit("cox", "pike-east-fields", facing="kitching-camp"),
                     unit("cook", "cooley-house", facing="east-fields")], "cook")
    act(s, "move", "east-fields")
    assert s.to_act == "confederate"
    assert facing(game, s, "kitching") == "middletown-south"


def test_10_4_resting_brigade_may_change_facing(game):
    """10.4 / 7.1: a brigade that rests (one fatigue level less) may change its facing."""
    s = begin(game, [unit("cook", "cooley-house", facing="east-fields", fatigue=1)], "cook")
    act(s, "rest", "cook")
    assert s.fatigue[game.unit_index["cook"]] == 0
    act(s, "face", "bowmans-ford", "cook")
    assert facing(game, s, "cook") == "bowmans-ford"


# -- 10.5 stacking ------------------------------------------------------------------------------
def test_10_5_two_brigades_of_one_division_may_stack_not_of_two(game):
    """10.5: Cook may end his move with Cox (both Ramseur's) but not with Godwin (Pegram's)."""
    s = begin(game, [unit("cook", "bowmans-ford", facing="cooley-house"),
                     unit("cox", "cooley-house", facing="east-fields")], "cook")
    act(s, "move", "cooley-house")
    assert "stop" in legal_kinds(s)
    s = begin(game, [unit("cook", "bowmans-ford", facing="cooley-house"),
                     unit("godwin", "cooley-house", facing="east-fields")], "cook")
    act(s, "move", "cooley-house")
    assert "stop" not in legal_kinds(s)
    assert moves(game, s) == {"cooley-fields", "east-fields", "bowmans-ford"}   # only passing through


def test_10_5_passing_through_may_exceed_the_limit(game):
    """10.5: Cook crosses the Cooley house, already holding Cox and Battle, and ends beyond."""
    s = begin(game, [unit("cook", "bowmans-ford", facing="cooley-house"),
                     unit("cox", "cooley-house", facing="east-fields"),
                     unit("battle", "cooley-house", facing="east-fields", line=2)], "cook")
    act(s, "move", "cooley-house")
    assert len(s.brigades_in(s.zone[game.unit_index["cook"]])) == 3
    assert "stop" not in legal_kinds(s)
    act(s, "move", "east-fields")
    act(s, "stop", "cook")
    assert where(game, s, "cook") == "east-fields"


def test_10_5_independent_cavalry_stacks_with_anyone(game):
    """10.5 / 12: Payne (independent) may end his move with Godwin of Pegram's division;
    Moore likewise with Kitching."""
    s = begin(game, [unit("payne", "bowmans-ford", facing="cooley-house", mounted=True),
                     unit("godwin", "cooley-house", facing="east-fields")], "payne")
    act(s, "move", "cooley-house")
    assert "stop" in legal_kinds(s)
    s = begin(game, [unit("moore", "east-fields", facing="cooley-house", mounted=True), KITCHING], "moore")
    act(s, "move", "kitching-camp")
    assert "stop" in legal_kinds(s)
    s = begin(game, [unit("coates", "east-fields", facing="cooley-house"), KITCHING], "coates")
    act(s, "move", "kitching-camp")                  # Coates is Hayes' too: allowed
    assert "stop" in legal_kinds(s)
    s = begin(game, [unit("macauley", "east-fields", facing="cooley-house"), KITCHING], "macauley")
    act(s, "move", "kitching-camp")                  # Macauley is Birge's: only passing through
    assert "stop" not in legal_kinds(s)


def test_10_5_last_in_chooses_line_and_both_share_the_first_lines_facing(game):
    """10.5: Cook joins Cox and takes the first line: Cox becomes the second line and both face
    where Cook faces. Choosing the second line instead, Cook takes Cox's facing."""
    units = [unit("cook", "bowmans-ford", facing="cooley-house"),
             unit("cox", "cooley-house", facing="east-fields")]
    s = begin(game, units, "cook")
    cook, cox = game.unit_index["cook"], game.unit_index["cox"]
    act(s, "move", "cooley-house")
    act(s, "stop", "cook")
    assert legal_kinds(s) == {"line"}
    act(s, "line", 1, "cook")
    assert s.line[cook] == 1 and s.line[cox] == 2
    act(s, "face", "cooley-fields", "cook")
    assert facing(game, s, "cook") == facing(game, s, "cox") == "cooley-fields"
    s = begin(game, units, "cook")
    act(s, "move", "cooley-house")
    act(s, "stop", "cook")
    act(s, "line", 2, "cook")
    assert s.line[cook] == 2 and s.line[cox] == 1
    assert facing(game, s, "cook") == facing(game, s, "cox") == "east-fields"
    assert "face" not in legal_kinds(s)


def test_10_5_no_entering_an_enemy_zone(game):
    """10.5: a brigade never enters a zone held by the enemy, even with MP to spare."""
    s = begin(game, [KITCHING, unit("cook", "cooley-fields", facing="east-fields")], "cook")
    kc = game.board.index["kitching-camp"]
    assert Action("move", kc) not in s.legal_actions()
    assert "kitching-camp" not in moves(game, s)


def test_10_5_charging_cavalry_is_always_the_first_line(game):
    """10.5: Payne, second line under Cook, charges: he becomes the first line."""
    s = setup_position(game, [KITCHING, unit("cook", "east-fields", facing="kitching-camp"),
                              unit("payne", "east-fields", facing="kitching-camp", line=2, mounted=True)],
                       turn=3, frames=[["move", 1, "u:payne"]], movement={"unit": "payne", "mp": 8})
    act(s, "charge", "kitching-camp")
    assert s.line[game.unit_index["payne"]] == 1 and s.line[game.unit_index["cook"]] == 2

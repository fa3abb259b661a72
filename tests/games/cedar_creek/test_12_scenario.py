"""Rule 12: the scenario - set-up, Confederate entry, reinforcements, Sheridan's ride.

Entry points (map.toml): 2 Hupp's Hill, 3 Mouth of Cedar Creek, 4 Bowman's Mill road, 5 Three
Top south, 6 Three Top path, 7 Three Top north, 8 Bowman's Ford landing, 13 Winchester road."""

import tomllib
from collections import Counter

import pytest

import cwbattles

from .helpers import act, setup_position
from .rule_helpers import at_turn_start, off_map, options, texts, unit, zone_of

OOB = tomllib.loads((cwbattles.load("cedar-creek").data_dir / "oob.toml").read_text())
SETUP_LETTER = {b["id"]: b["setup"] for b in OOB["brigade"] if b.get("setup")}


@pytest.fixture(scope="module")
def start(game):
    return game.new_game(seed=7)


# -- set-up ----------------------------------------------------------------------------------------
def test_12_union_brigades_on_their_lettered_zones(game, start):
    """12: every Union brigade but the reinforcements (Custer, Moore) starts on the zone bearing
    its letter, and every lettered zone holds at least one brigade."""
    b = game.board
    union = [x for x in game.brigades if x.side == 0]
    assert {x.id for x in union if x.id not in SETUP_LETTER} == {"pennington", "wells-custer", "moore"}
    for x in union:
        z = start.zone[x.index]
        if x.id in SETUP_LETTER:
            assert SETUP_LETTER[x.id] in b.zones[z].setup, x.id
        else:
            assert z == -1, x.id
    lettered = {z.index for z in b.zones if z.setup}
    occupied = {start.zone[x.index] for x in union if start.zone[x.index] >= 0}
    assert lettered == occupied


def test_12_more_than_two_brigades_only_at_set_up(game, start):
    """12: Getty's three brigades share their camp at set-up (one first line); later a third
    brigade may not end its move there (10.5)."""
    camp = start.brigades_in(game.board.index["getty-camp"])
    assert {game.brigades[u].id for u in camp} == {"warner", "grant", "bidwell"}
    assert Counter(start.line[u] for u in camp) == {1: 1, 2: 2}
    s = setup_position(game, [unit("grant", "getty-camp"), unit("bidwell", "getty-camp", line=2),
                              unit("warner", "hite-road")], turn=4, active="union",
                       frames=[["brigades", 0, "d:getty", ["u:warner"]]])
    act(s, "brigade", "warner")
    act(s, "move", "getty-camp")                     # 1 MP by the road: passing through is allowed
    assert "stop" not in {a.kind for a in s.legal_actions()}


def test_12_wright_at_belle_grove_confederates_off_the_map(game, start):
    """12: Wright at Belle Grove; Sheridan, Early and the train off the map; every Confederate
    brigade off the map except Payne, placed at entry 8 on turn 1."""
    assert start.hq_zone[game.WRIGHT] == game.board.index["belle-grove"]
    assert start.hq_zone[game.SHERIDAN] == -1 and start.hq_zone[game.EARLY] == -1
    assert start.train_zone == -1
    on = [x.id for x in game.brigades if x.side == 1 and start.zone[x.index] != -1]
    assert on == ["payne"]


def test_12_merritt_begins_dismounted(game, start):
    """12: Merritt's brigades begin dismounted (strength 4, not 6)."""
    for uid in ("kidd", "devin", "lowell"):
        u = game.unit_index[uid]
        assert not start.mounted[u] and start.strength(u) == 4


def test_12_markers_in_box_1_confederates_first(game, start):
    """12 / 6: the game starts on turn 1; once Payne has arrived and faced (the only decision
    before the first die), round 1 begins with the Confederates choosing divisions."""
    assert (start.turn, start.round, start.to_act) == (1, 0, "confederate")
    assert start.dice.calls == 0
    s = start.clone()
    act(s, "face", "cooley-house", "payne")
    assert (s.turn, s.round, s.to_act) == (1, 1, "confederate")
    assert s.legal_actions()[0].kind == "activate"


def test_12_payne_arrives_on_turn_1(game, start):
    """12: Payne enters on turn 1, mounted, without activation, at entry 8 (Bowman's Ford); like
    any brigade entering a zone (10.4) his player then faces him where he likes (no enemy next
    to him: any neighbour)."""
    p = game.unit_index["payne"]
    assert zone_of(start, "payne") == "bowmans-ford" and start.mounted[p]
    assert "Payne arrives mounted at Bowman's (Hite's) Ford landing (entry 8)." in texts(start, "12")
    assert start.control[game.board.index["bowmans-ford"]] == 1
    assert options(start, "face") == {"three-top-north", "creek-mouth", "cooley-south", "cooley-fields",
                                      "cooley-house"}


def test_12_payne_waits_while_its_entry_is_enemy_held(game):
    """12 (program reading): Payne cannot arrive in a zone held by the Union."""
    s = at_turn_start(game, [unit("kitching", "bowmans-ford"), off_map("payne")], 1, dice=[1])
    assert zone_of(s, "payne") == -1
    assert "Payne cannot enter at entry 8: the zone is held by the enemy." in texts(s, "12")


@pytest.mark.parametrize("turn,arrived", [(2, False), (3, True)])
def test_12_moore_arrives_on_turn_3_at_zone_3(game, turn, arrived):
    """12: Moore enters on turn 3, mounted, without activation, at entry 3 (Mouth of Cedar
    Creek); the Union then faces him (10.4) before the initiative is rolled."""
    s = at_turn_start(game, [off_map("moore")], turn, dice=[5, 2, 1, 1])
    m = game.unit_index["moore"]
    assert zone_of(s, "moore") == ("creek-mouth" if arrived else -1)
    assert s.mounted[m]
    if arrived:
        assert s.to_act == "union" and s.dice.calls == 0 and len(options(s, "face")) == 5


def test_12_moore_waits_while_zone_3_is_enemy_held(game):
    """12 (program reading): Moore does not arrive into a Confederate-held zone 3."""
    s = at_turn_start(game, [unit("conner", "creek-mouth"), off_map("moore")], 3, dice=[5, 2, 1, 1])
    assert zone_of(s, "moore") == -1
    assert "Moore cannot enter at entry 3: the zone is held by the enemy." in texts(s, "12")


def test_12_10_moore_arrives_through_the_entry_rules(game):
    """12 with 10.3 and 10.4: Moore's arrival at the Mouth of Cedar Creek is an entry like any
    other. He faces so that Cook (Bowman's Ford, next to him) is in his front; Early, in contact
    across the creek at the Bowman's Mill road, falls back (10.3) and turns Active; Cook, facing
    the Cooley house (Moore on his flank), turns so that Moore is in his front (10.4), to a
    facing of the Confederate player's choice."""
    units = [off_map("moore"), unit("cook", "bowmans-ford", facing="cooley-house")]
    s = at_turn_start(game, units, 3, dice=[5, 2, 1, 1],
                      hqs=[{"id": "early", "zone": "bowmans-mill-road"}, {"id": "wright", "zone": "belle-grove"},
                           {"id": "sheridan", "zone": None}])
    assert zone_of(s, "moore") == "creek-mouth" and s.control[game.board.index["creek-mouth"]] == 0
    assert s.to_act == "union"
    assert options(s, "face") == {"cooley-south", "bowmans-ford", "three-top-south"}
    act(s, "face", "bowmans-ford", "moore")
    assert s.to_act == "confederate" and options(s, "hq_displace")
    act(s, "hq_displace", "hupps-hill", "early")
    assert s.hq_zone[game.EARLY] == game.board.index["hupps-hill"] and s.hq_active[game.EARLY]
    assert options(s, "face") == {"cooley-south", "three-top-north", "creek-mouth"}
    act(s, "face", "three-top-north", "cook")
    cook = game.unit_index["cook"]
    assert s.zone[game.unit_index["moore"]] in s.front(cook)
    assert texts(s, "6")[0].startswith("Initiative: Union 5")         # then the turn goes on


# -- entering the map ------------------------------------------------------------------------------
@pytest.mark.parametrize("division,brigade,entries", [
    ("ramseur", "cook", {"bowmans-ford"}), ("pegram", "godwin", {"three-top-north"}),
    ("evans", "york", {"three-top-south", "three-top-path"}),
    ("kershaw", "conner", {"creek-mouth", "bowmans-mill-road"}), ("wharton", "smith", {"hupps-hill"}),
])
def test_12_confederate_entry_zones_cost_1_mp(game, division, brigade, entries):
    """12: Ramseur at 8, Pegram 7, Evans 5 or 6, Kershaw 3 or 4, Wharton 2; a division off the
    map is activated by selection (no command range, no test, Early being off the map), and
    entering costs 1 MP (even at zone 8): the brigade goes on with 5 MP this round."""
    s = setup_position(game, [], turn=1, frames=[["divisions", 1, 1]])
    act(s, "activate", division)
    assert texts(s, "12")[-1].endswith("is activated to enter the map.") and s.dice.calls == 0
    act(s, "brigade", brigade)
    if len(entries) > 1:
        assert options(s, "enter") == entries
        act(s, "enter", sorted(entries)[0])
    # with one entry zone the brigade enters at once: it must enter when it can (12)
    assert zone_of(s, brigade) in entries
    assert s.mv_mp == 5 and "move" in {a.kind for a in s.legal_actions()}


def test_12_entry_zone_held_by_the_enemy_is_closed(game):
    """12 / 10.5: Kitching at the Mouth of Cedar Creek leaves Kershaw only entry 4."""
    s = setup_position(game, [unit("kitching", "creek-mouth")], turn=1, frames=[["divisions", 1, 1]])
    act(s, "activate", "kershaw")
    act(s, "brigade", "conner")
    assert zone_of(s, "conner") == "bowmans-mill-road"      # the one entry left, taken at once


def test_10_12_entered_division_obeys_command_rules_afterwards(game):
    """10: 'A unit that enters the map ... is considered activated for that round. It must comply
    with command rules during subsequent rounds': with Cook on the map (Early still off it)
    Ramseur now needs an initiative test (roll 4 -1 superior = 3), after which the brigades
    still off the map may enter."""
    s = setup_position(game, [unit("cook", "bowmans-ford")], turn=1, frames=[["divisions", 1, 1]])
    s.dice.set_script([4])
    act(s, "activate", "ramseur")
    assert texts(s, "10") == ["Ramseur passes its initiative test (roll 4, superior commander -1 = 3)."]
    act(s, "brigade", "cox")
    assert zone_of(s, "cox") == "bowmans-ford"


def test_12_remaining_divisions_enter_on_turn_2(game):
    """12: a division not entered on turn 1 enters on turn 2 the same way."""
    s = setup_position(game, [], turn=2, frames=[["divisions", 1, 1]])
    act(s, "activate", "wharton")
    act(s, "brigade", "forsberg")
    assert zone_of(s, "forsberg") == "hupps-hill"


# -- 12: the Confederates enter on turn 1, or on turn 2 for any remaining units --------------------
def test_12_an_activated_confederate_brigade_off_the_map_enters(game):
    """12: on turns 1-2 an activated Confederate brigade still off the map may not stay there
    (no pass) while an entry zone is open to it; Evans has two, so the choice is which."""
    s = setup_position(game, [], turn=1, frames=[["divisions", 1, 1]])
    act(s, "activate", "evans")
    assert "end_division" not in {a.kind for a in s.legal_actions()}
    act(s, "brigade", "york")
    assert {a.kind for a in s.legal_actions()} == {"enter"}
    assert options(s, "enter") == {"three-top-south", "three-top-path"}


def test_12_a_division_due_to_enter_acts_until_its_brigades_are_in(game):
    """12: while one of its brigades is still off the map and has not acted, a division due to
    enter does not end its activation early; once they are all in, it may."""
    members = ["u:forsberg", "u:patton", "u:smith"]
    frames = [["brigades", 1, "d:wharton", members]]
    s = setup_position(game, [unit("forsberg", "hupps-hill"), unit("patton", "hupps-hill", line=2)],
                       turn=2, frames=frames)
    assert "end_division" not in {a.kind for a in s.legal_actions()}
    assert options(s, "brigade") == {"forsberg", "patton", "smith"}
    s = setup_position(game, [unit("forsberg", "hupps-hill"), unit("patton", "hupps-hill", line=2),
                              unit("smith", "cupps-ford")], turn=2, frames=frames)
    assert "end_division" in {a.kind for a in s.legal_actions()}


@pytest.mark.parametrize("turn,due", [(1, True), (2, True), (3, False)])
def test_12_divisions_off_the_map_are_selected_first_until_turn_2(game, turn, due):
    """12: on turns 1 and 2, while a Confederate division still off the map can be selected,
    the Confederates select it before any division on the map; from turn 3 they choose freely.
    Ramseur (on the map, within Early's range) waits behind the four still to enter."""
    s = setup_position(game, [unit(uid, "bowmans-ford") for uid in ("cook", "cox")]
                       + [unit(uid, "cooley-house") for uid in ("battle", "grimes")],
                       turn=turn, frames=[["divisions", 1, 1]],
                       hqs=[{"id": "early", "zone": "cooley-house"}, {"id": "wright", "zone": "belle-grove"},
                            {"id": "sheridan", "zone": None}])
    chosen = options(s, "activate")
    assert ("ramseur" not in chosen) == due
    assert {"pegram", "evans", "kershaw", "wharton"} <= chosen


def test_12_from_turn_3_a_brigade_may_stay_off_the_map(game):
    """12: the obligation ends with turn 2: on turn 3 an activated brigade still off the map
    may pass, and its division may stop early."""
    s = setup_position(game, [], turn=3, frames=[["divisions", 1, 1]])
    act(s, "activate", "evans")
    assert "end_division" in {a.kind for a in s.legal_actions()}
    act(s, "brigade", "york")
    assert {a.kind for a in s.legal_actions()} == {"pass", "enter"}


def test_12_a_brigade_with_no_open_entry_stays_off_the_map(game):
    """12 / 10.5: with Wharton's only entry zone held by the enemy, his brigade cannot enter
    and stays off the map (the remaining units enter later)."""
    s = setup_position(game, [unit("kitching", "hupps-hill")], turn=1, frames=[["divisions", 1, 1]])
    act(s, "activate", "wharton")
    act(s, "brigade", "smith")
    assert zone_of(s, "smith") == -1 and s.acted[game.unit_index["smith"]] == s.stamp


@pytest.mark.parametrize("turn,allowed", [(5, False), (6, True)])
def test_12_custer_from_turn_6_at_zone_13(game, turn, allowed):
    """12: Custer's division arrives on turn 6 at entry 13 (Winchester road), mounted, 1 MP."""
    s = setup_position(game, [unit("kitching", "kitching-camp")], turn=turn, active="union",
                       sheridan={"turn": 4, "in_command": True}, frames=[["divisions", 0, 1]])
    assert ("custer" in options(s, "activate")) == allowed
    if allowed:
        act(s, "activate", "custer")
        act(s, "brigade", "pennington")
        assert options(s, "enter") == {"winchester-road"}
        act(s, "enter", "winchester-road")
        assert s.mv_mp == 7 and s.mounted[game.unit_index["pennington"]]


@pytest.mark.parametrize("retreat", [False, True])
def test_6_1_12_no_entering_the_map_into_an_enemy_zoc_during_a_tactical_retreat(game, retreat):
    """6.1 with 12: Cook at Merritt's camp puts the Winchester road (entry 13) in his ZOC. On turn
    6 Custer's Pennington may enter there normally; during a tactical retreat an activated Union
    brigade may not enter an enemy ZOC, so it has no entry left and can only stay off the map."""
    s = setup_position(game, [unit("cook", "merritt-camp")], turn=6, active="union",
                       sheridan={"turn": 4, "in_command": True}, retreat_turn=6 if retreat else 0,
                       frames=[["brigades", 0, "d:custer", ["u:pennington", "u:wells-custer"]]])
    act(s, "brigade", "pennington")
    if retreat:
        assert texts(s, "7.1")[-1] == "Pennington stays where it is."
        assert zone_of(s, "pennington") == -1
    else:
        assert options(s, "enter") == {"winchester-road"}
        act(s, "enter", "winchester-road")
        assert zone_of(s, "pennington") == "winchester-road"
        assert options(s, "move") == set()                    # 10.3: it stops in the ZOC


# -- Sheridan --------------------------------------------------------------------------------------
@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_12_sheridan_roll_before_turn_4_initiative(game, roll):
    """12: before the initiative of turn 4 the Union rolls: 1-3 Sheridan arrives now (exchanged
    for Wright, here at Middletown north), 4-6 on turn 5. The initiative comes after the roll."""
    s = at_turn_start(game, [], 4, dice=[roll, 5, 2, 1, 1],
                      hqs=[{"id": "wright", "zone": "middletown-north", "active": True}])
    assert next(e for e in s.log if e.rule == "12" and e.dice).dice == (roll,)
    if roll <= 3:
        assert s.sheridan_in and s.hq_zone[game.WRIGHT] == -1
        assert s.hq_zone[game.SHERIDAN] == game.board.index["middletown-north"] and s.hq_active[game.SHERIDAN]
        assert s.stack[-1][0] == "tactical"                      # 6.1 is asked before the initiative
        act(s, "tactical_retreat", 0)
    else:
        assert not s.sheridan_in and s.sheridan_turn == 5
        assert s.hq_zone[game.WRIGHT] == game.board.index["middletown-north"]
    t = texts(s)
    ride = t.index(f"Sheridan's ride: he arrives on turn {4 if roll <= 3 else 5}.")
    assert ride < t.index("Initiative: Union 5+0, Confederate 2+0; the Union move first.")


def test_12_sheridan_arrives_on_turn_5_without_a_roll(game):
    """12: rolled 4-6 on turn 4: he takes over from Wright at the start of turn 5, no die."""
    s = at_turn_start(game, [], 5, hqs=[{"id": "wright", "zone": "red-hill"}],
                      sheridan={"turn": 5, "in_command": False})
    assert s.sheridan_in and s.dice.calls == 0
    assert s.hq_zone[game.SHERIDAN] == game.board.index["red-hill"] and s.hq_zone[game.WRIGHT] == -1
    assert texts(s, "12")[-1] == "Sheridan arrives and takes command at Red Hill."


@pytest.mark.parametrize("fixed", [4, 5])
def test_12_rule_option_sheridan_turn(fixed):
    """12, rule option ``sheridan_turn``: no roll; Sheridan arrives on the turn given."""
    g = cwbattles.load("cedar-creek", {"sheridan_turn": fixed})
    s = at_turn_start(g, [], 4, dice=[5, 2, 1, 1], hqs=[{"id": "wright", "zone": "belle-grove"}])
    assert f"Sheridan will arrive on turn {fixed} (rule option)." in texts(s, "12")
    assert s.sheridan_in == (fixed == 4)
    if fixed == 4:
        assert s.dice.calls == 0 and s.stack[-1][0] == "tactical"
    else:
        assert texts(s, "6")[0] == "Initiative: Union 5+0, Confederate 2+0; the Union move first."

"""Rule 7: activation (7.1), headquarters movement (7.2), the Confederate artillery train (7.3).

``BLOCK`` (a pending tactical-retreat decision) at the bottom of a stack stops the machine once
the frames above it are done, so a test sees the exact state they leave."""

import pytest

import cwbattles

from .helpers import act, legal_kinds, setup_position
from .rule_helpers import BLOCK, at_stack, options, player_frames, texts, unit, zone_of

SHERIDAN_IN = {"turn": 4, "in_command": True}


# -- 7.1: the activation table and its modifiers --------------------------------------------------
@pytest.mark.parametrize("side,turn,sheridan,roll,text", [
    ("confederate", 4, False, 1, "Confederate activation roll 1 = 1: 0 divisions."),
    ("confederate", 4, False, 2, "Confederate activation roll 2 = 2: 1 division."),
    ("confederate", 4, False, 4, "Confederate activation roll 4 = 4: 1 division."),
    ("confederate", 4, False, 5, "Confederate activation roll 5 = 5: 2 divisions."),
    ("confederate", 3, False, 3, "Confederate activation roll 3, CSA turns 1-3 +2 = 5: 2 divisions."),
    ("confederate", 1, False, 1, "Confederate activation roll 1, CSA turns 1-3 +2 = 3: 1 division."),
    ("union", 3, False, 2, "Union activation roll 2, without Sheridan -1 = 1: 0 divisions."),
    ("union", 3, False, 5, "Union activation roll 5, without Sheridan -1 = 4: 1 division."),
    ("union", 3, False, 6, "Union activation roll 6, without Sheridan -1 = 5: 2 divisions."),
    ("union", 5, True, 1, "Union activation roll 1, Sheridan in command +1 = 2: 1 division."),
    ("union", 5, True, 4, "Union activation roll 4, Sheridan in command +1 = 5: 2 divisions."),
])
def test_7_1_activation_table_and_modifiers(game, side, turn, sheridan, roll, text):
    """7.1: 1 or less no division, 2-4 one, 5 and above two; CSA +2 on turns 1-3; Union -1
    without Sheridan, +1 with him (the tactical retreat's +1/-2: test_05_06)."""
    s = setup_position(game, [], turn=turn, active=side, at_start=True, dice=[roll, 1, 1],
                       sheridan=SHERIDAN_IN if sheridan else {"turn": 5, "in_command": False})
    assert texts(s, "7.1")[0] == text


def ramseur_turn(game, roll, extra=()):
    """Turn 4, Confederate player 1 with Cook and Cox of Ramseur's division on the map and Early
    off it (so Ramseur activates by an initiative test, rolled 1: passes). Battle and Grimes are
    gone (otherwise, off the map, they could enter)."""
    units = [unit("cook", "cooley-fields"), unit("cox", "cooley-south"),
             unit("battle", None, status="eliminated"), unit("grimes", None, status="eliminated")]
    return setup_position(game, units, turn=4, active="confederate", at_start=True,
                          sheridan={"turn": 5, "in_command": False}, dice=[roll, 1] + list(extra))


def test_7_1_the_divisions_rolled_must_be_activated(game):
    """7.1: 'the number of divisions that must be activated' - the player cannot decline."""
    s = ramseur_turn(game, 3)
    assert legal_kinds(s) == {"activate"}


def test_7_1_two_divisions_are_selected_one_after_the_other(game):
    """7.1: a roll of 5 means two divisions; the second is chosen when the first is done."""
    s = ramseur_turn(game, 5)
    act(s, "activate", "ramseur")
    act(s, "end_division", "ramseur")
    assert "activate" in legal_kinds(s)
    assert "ramseur" not in options(s, "activate")


def test_7_1_one_division_only(game):
    """7.1: a roll of 3 means one division: after Ramseur the Union player's turn follows."""
    s = ramseur_turn(game, 3, extra=[1, 3])       # Union 1 -1 = 0 divisions; round 2: CSA 3
    act(s, "activate", "ramseur")
    act(s, "end_division", "ramseur")
    rolls = [t for t in texts(s, "7.1") if "activation roll" in t]
    assert rolls == ["Confederate activation roll 3 = 3: 1 division.",
                     "Union activation roll 1, without Sheridan -1 = 0: 0 divisions.",
                     "Confederate activation roll 3 = 3: 1 division."]
    assert s.round == 2 and s.to_act == "confederate"


def test_7_1_a_brigade_finishes_before_the_next_and_acts_once_a_round(game):
    """7.1: one brigade at a time, each once a round; a new round it may act again. Cook moves
    (only Cook's actions are offered meanwhile); then only Cox may act; in round 2 Cook again."""
    s = ramseur_turn(game, 3, extra=[1, 3, 1])   # Union 0 divisions; round 2: CSA 3 (1), test 1
    act(s, "activate", "ramseur")
    assert options(s, "brigade") == {"cook", "cox"}
    act(s, "brigade", "cook")
    act(s, "move", "east-fields")
    assert "brigade" not in legal_kinds(s)
    act(s, "stop", "cook")
    act(s, "face", "cooley-fields", "cook")
    assert options(s, "brigade") == {"cox"}
    act(s, "end_division", "ramseur")
    act(s, "activate", "ramseur")
    assert s.round == 2
    assert options(s, "brigade") == {"cook", "cox"}


def brigade_actions(game, **kw):
    """Battle (strength 4) of Ramseur's division, alone at Cooley farm, about to act."""
    s = setup_position(game, [unit("battle", "cooley-fields", **kw)], turn=4,
                       frames=[["brigades", 1, "d:ramseur", ["u:battle"]]])
    act(s, "brigade", "battle")
    return s


@pytest.mark.parametrize("fatigue", [0, 1, 2])
def test_7_1_rest_reduces_fatigue_by_one(game, fatigue):
    """7.1: 'Reduce one level of Fatigue' - offered to a tired brigade only; it stays put and may
    change its facing (10.4)."""
    s = brigade_actions(game, fatigue=fatigue)
    assert ("rest" in legal_kinds(s)) == (fatigue > 0)
    if fatigue:
        act(s, "rest", "battle")
        assert s.fatigue[game.unit_index["battle"]] == fatigue - 1
        assert zone_of(s, "battle") == "cooley-fields"
        assert s.stack[-1][0] == "facing"


@pytest.mark.parametrize("losses", [0, 1, 2, 3])
def test_7_1_voluntary_rout_needs_two_losses(game, losses):
    """7.1: 'Declare a voluntary rout if it has taken at least two step losses'."""
    s = brigade_actions(game, losses=losses)
    assert ("rout" in legal_kinds(s)) == (losses >= 2)


def test_7_1_voluntary_rout_toward_the_south_edge(game):
    """7.1 / 11.4: Battle (2 losses) at Cooley farm routs toward the Confederate (south) edge:
    the first step (Lower Cooley fields or Bowman's Ford landing, both one zone from the edge) is
    the player's; from Lower Cooley fields the Mouth of Cedar Creek is the only step to the edge,
    where the rout ends after two zones."""
    s = brigade_actions(game, losses=2)
    act(s, "rout", "battle")
    assert options(s, "retreat_to") == {"cooley-south", "bowmans-ford"}
    act(s, "retreat_to", "cooley-south", "battle")
    battle = game.unit_index["battle"]
    assert zone_of(s, "battle") == "creek-mouth" and s.routed[battle] and s.losses[battle] == 2


def test_7_1_routed_brigade_may_only_rest_or_pass(game):
    """7.1 / 11.4: a routed brigade may neither move nor attack, nor rout again."""
    s = brigade_actions(game, losses=2, fatigue=1, routed=True)
    assert legal_kinds(s) == {"pass", "rest"}


# -- 7.2: headquarters -----------------------------------------------------------------------------
def wright_phase(game, units=(), active=False, stack_extra=()):
    return at_stack(game, list(units), [BLOCK] + list(stack_extra) + [["hqphase", 0]], turn=5, active="union",
                    hqs=[{"id": "wright", "zone": "belle-grove", "active": active}])


def test_7_2_hq_moves_8_mp(game):
    """7.2: Wright has 8 MP: along the Pike and the roads (1 MP a link) 4 MP to the Pike to
    Newtown, 2 to the Winchester road, 1 to Merritt's camp; with 1 MP left only road links (to
    the Back Road or back) remain; the last step ends the move on the Active side."""
    s = wright_phase(game)
    for z in ("middletown-south", "middletown-north", "millers-mill-road", "pike-to-newtown",
              "winchester-road", "merritt-camp"):
        act(s, "hq_move", z)
        assert legal_kinds(s) <= {"hq_move", "hq_stop"}          # no fatigue bonus for HQs
    assert s.piece_mp == 1
    assert options(s, "hq_move") == {"back-road", "winchester-road"}
    act(s, "hq_move", "back-road")
    w = game.hq_ids.index("wright")
    assert s.hq_zone[w] == game.board.index["back-road"] and s.hq_active[w]


def test_7_2_hq_never_into_contact_with_an_enemy_brigade(game):
    """7.2: Cook at Kitching's camp: Wright may not enter the zones next to it (the Pike fields,
    Middletown south), only the others around Belle Grove."""
    s = wright_phase(game, [unit("cook", "kitching-camp")])
    assert options(s, "hq_move") == {"pike-east-woods", "xix-corps-works", "xix-corps-right", "red-hill"}


def test_7_2_hq_cannot_move_again_in_the_turn(game):
    """7.2: once moved Wright shows his Active side; in a later player turn of the same game turn
    the headquarters step offers him nothing."""
    s = wright_phase(game, stack_extra=[["hqphase", 0]])
    act(s, "hq_move", "middletown-south")
    act(s, "hq_stop")
    assert s.stack[-1] == ("tactical", 0)                      # both HQ steps passed by themselves
    assert s.hq_active[game.hq_ids.index("wright")]
    assert texts(s, "7.2") == ["Wright moves to Middletown (south) (1 MP)."]


def test_7_2_hq_moves_after_divisions_before_attacks(game):
    """7.2: 'After divisional movement, but before attacks are resolved': Kitching has declared
    an attack on Cook; Wright's move comes first, the fight after the HQ step ends."""
    units = [unit("kitching", "kitching-camp", facing="cooley-fields", attack=0), unit("cook", "cooley-fields")]
    s = at_stack(game, units, [BLOCK] + player_frames(0), turn=5, active="union",
                 combats=[{"targets": ["cooley-fields"], "attackers": ["kitching"]}],
                 hqs=[{"id": "wright", "zone": "belle-grove"}], dice=[6, 3, 3])
    assert s.stack[-1][0] == "hqphase" and texts(s, "11.2") == []
    act(s, "hq_move", "red-hill")
    act(s, "hq_stop")
    assert texts(s, "7.2") == ["Wright moves to Red Hill (3 MP)."]   # uphill: 2 + 1
    assert len(texts(s, "11.2")) == 1                  # resolved once the HQ step is over


def test_7_2_active_hq_still_falls_back_when_contacted(game):
    """7.2 'except to retreat' / 10.3: Cook entering the Pike fields contacts the Active Wright at
    Belle Grove, who falls back one or two zones out of contact."""
    s = at_stack(game, [unit("cook", "hayes-camp")], [BLOCK] + player_frames(1) +
                 [["brigades", 1, "d:ramseur", ["u:cook"]]], turn=5,
                 hqs=[{"id": "wright", "zone": "belle-grove", "active": True}])
    act(s, "brigade", "cook")
    act(s, "move", "pike-east-fields")
    assert s.stack[-1][0] == "displace"
    hops = game.board.hops[game.board.index["belle-grove"]]
    zones = options(s, "hq_displace")
    assert "red-hill" in zones and all(hops[game.board.index[z]] in (1, 2) for z in zones)
    assert not zones & {"belle-grove", "pike-east-woods", "middletown-south", "kitching-camp", "hayes-camp"}
    act(s, "hq_displace", "red-hill")
    assert s.hq_zone[game.hq_ids.index("wright")] == game.board.index["red-hill"]


# -- 7.3: the artillery train ----------------------------------------------------------------------
WHARTON = [unit("forsberg", "hupps-hill"), unit("patton", "hupps-hill"), unit("smith", "stickley-hill")]


def csa_hq_phase(game, units, train=None, markers=None, hqs=None):
    return at_stack(game, units, [BLOCK, ["hqphase", 1]], turn=2, train=train, markers=markers,
                    hqs=hqs or [{"id": "early", "zone": None}])


def test_7_3_no_early_nor_train_before_wharton(game):
    """12 / 7.3: Early and Carter enter only after Wharton (Smith still off the map)."""
    s = csa_hq_phase(game, WHARTON[:2])
    assert s.stack[-1] == ("tactical", 0)       # the HQ step had nothing to offer
    assert s.hq_zone[game.EARLY] < 0 and s.train_zone == -1


def test_7_3_train_enters_after_wharton_and_early(game):
    """7.3: with Wharton on the map Early enters at Wharton's entry (Hupp's Hill, entry 2); then
    the train enters there, 1 MP, leaving 5 of its 6 MP."""
    s = csa_hq_phase(game, WHARTON)
    assert options(s, "hq_enter") == {"hupps-hill"} and len(s.legal_actions()) == 2   # HQ only
    assert s.early_entered_turn == 0
    act(s, "hq_enter", "hupps-hill")
    assert s.early_entered_turn == 2                # the turn Early came on, a simulation's key fact
    act(s, "hq_stop")
    act(s, "hq_enter", "hupps-hill")
    assert s.train_zone == game.board.index["hupps-hill"] and s.piece_mp == 5


def test_7_3_train_moves_6_mp_then_turns_active(game):
    """7.3: 6 MP: Hupp's Hill - Stickley Hill - Middle Road - Cupp's Ford, 2 MP each; then the
    train is Active and does not move again this turn."""
    s = at_stack(game, WHARTON, [BLOCK, ["hqphase", 1], ["hqphase", 1]], turn=2,
                 hqs=[{"id": "early", "zone": "middle-road", "active": True}],
                 train={"zone": "hupps-hill", "status": "on_map"})
    for z in ("stickley-hill", "middle-road", "cupps-ford"):
        act(s, "hq_move", z)
    act(s, "end_hq")                                # the train moved: it turns to its Active side
    assert s.train_zone == game.board.index["cupps-ford"] and s.train_active
    assert s.stack[-1] == ("tactical", 0)           # the second HQ step offered nothing


def test_7_3_train_stopped_early_does_not_move_again(game):
    """7.3: the train moves once a turn. Stopped after one zone, with 4 MP left, it is offered no
    second move in the same headquarters step (it may still deploy, or end the step)."""
    s = at_stack(game, WHARTON, [BLOCK, ["hqphase", 1]], turn=2,
                 hqs=[{"id": "early", "zone": "middle-road", "active": True}],
                 train={"zone": "hupps-hill", "status": "on_map"})
    act(s, "hq_move", "stickley-hill")
    act(s, "hq_stop")
    assert s.stack[-1][0] == "hqphase"
    assert not any(a.kind == "hq_move" for a in s.legal_actions())
    act(s, "end_hq")
    assert s.train_active and s.train_zone == game.board.index["stickley-hill"]


def test_7_3_deploys_within_three_zones(game):
    """7.3: Artillerie markers are placed three zones or less from the train (Hupp's Hill):
    Cupp's Ford (3 zones, Godwin there) may take one, Wheaton's camp (4 zones) may not. The
    marker supports Godwin, whom it stacks with: his artillery is 2."""
    units = [unit("godwin", "cupps-ford"), unit("hoffman", "wheaton-camp")]
    s = csa_hq_phase(game, WHARTON + units, train={"zone": "hupps-hill", "status": "on_map"},
                     hqs=[{"id": "early", "zone": "middle-road", "active": True}])
    assert "cupps-ford" in options(s, "deploy") and "wheaton-camp" not in options(s, "deploy")
    act(s, "deploy", "cupps-ford")
    assert s.artillery(game.unit_index["godwin"]) == 2
    assert s.to_position()["markers"][0] == {"zone": "cupps-ford", "status": "on_map", "value": 2, "moved": True,
                                             "brigade": "godwin"}


def test_7_3_deploying_ends_the_trains_movement(game):
    """7.3: "At the end of its movement" the train turns Active or deploys: a deploy ends its
    movement. Train at Hupp's Hill, turn 3: after a marker goes to Bowman's Mill road the train
    may deploy more markers but not move on (to Stickley Hill, Middle Road) and deploy from
    there (Back Road, 4 zones from Hupp's Hill); at the end of the step it is Active."""
    s = at_stack(game, WHARTON, [BLOCK, ["hqphase", 1]], turn=3,
                 hqs=[{"id": "early", "zone": "middle-road", "active": True}],
                 train={"zone": "hupps-hill", "status": "on_map"})
    assert "stickley-hill" in options(s, "hq_move") and "back-road" not in options(s, "deploy")
    act(s, "deploy", "bowmans-mill-road")
    assert "hq_move" not in legal_kinds(s) and "bowmans-mill-road" in options(s, "deploy")
    act(s, "end_hq")
    assert s.train_active and s.train_zone == game.board.index["hupps-hill"]


def test_7_3_marker_moves_once_a_game_turn(game):
    """7.3: a marker's 6 MP are once a Game-Turn, like the train's and the HQ's (the reading in
    docs/rules-notes/cedar-creek.md): the marker at the Cooley house that moved in round 1's
    headquarters step is offered no move in round 2's; with the option artillerie_moves=step
    (the reading before issue 25) it moves again."""
    units = [unit("kitching", "kitching-camp"), unit("cook", "east-fields", facing="cooley-fields")]
    for options, again in ((game.options, False), (dict(game.options, artillerie_moves="step"), True)):
        g = cwbattles.load("cedar-creek", options=options)
        s = marker_step(g, units, [{"status": "on_map", "zone": "cooley-house"}], round_=2)
        s.marker_moved[0] = s.stamp - 1                        # it moved in round 1 of this turn
        s = s.clone()                                          # (a clone asks the rules afresh)
        assert ("marker_move" in legal_kinds(s)) is again
        assert s.to_position()["markers"][0]["moved"] is not again
        s.marker_moved[0] = s.stamp - 2                        # in the last round of turn 4
        assert "marker_move" in legal_kinds(s.clone())


def test_7_3_train_leaves_when_all_five_are_deployed(game):
    """7.3: 'Remove the artillery train marker from the map after all of its artillery has
    deployed' - the fifth marker goes to Smith's Stickley Hill; the train is gone."""
    with_ = [{"status": "on_map", "zone": z, "moved": True}
             for z in ("hupps-hill", "hupps-hill", "middle-road", "middle-road")]
    units = [unit("godwin", "middle-road"), unit("hoffman", "middle-road", line=2)]
    s = csa_hq_phase(game, WHARTON + units, train={"zone": "hupps-hill", "status": "on_map"}, markers=with_,
                     hqs=[{"id": "early", "zone": "middle-road", "active": True}])
    act(s, "deploy", "stickley-hill")
    assert s.train_zone == -2 and s.to_position()["train"]["status"] == "gone"
    assert texts(s, "7.3")[-1] == "All the train's batteries are deployed: the train leaves the map."
    assert s.artillery(game.unit_index["smith"]) == 2


@pytest.mark.parametrize("value,after", [(2, 1), (1, None)])
def test_7_3_marker_flips_then_goes_with_its_brigade_losses(game, value, after):
    """7.3: the marker is turned over when its supported brigade suffers a loss and removed at
    the next. Kitching (4) attacks Godwin (4) with the marker; dice: Kitching's artillery 6,
    the marker 6, Union 6 +1 (1/1) = 7, CSA 1: a hit; Godwin holds and loses a point."""
    units = [unit("kitching", "kitching-camp", facing="cooley-fields", attack=0),
             unit("godwin", "cooley-fields", facing="kitching-camp", losses=2 - value)]
    s = at_stack(game, units, [BLOCK] + player_frames(0), turn=5, active="union",
                 combats=[{"targets": ["cooley-fields"], "attackers": ["kitching"]}],
                 markers=[{"status": "on_map", "zone": "cooley-fields", "value": value}], dice=[6, 6, 6, 1])
    act(s, "hold", "godwin")
    godwin = game.unit_index["godwin"]
    assert s.losses[godwin] == 3 - value
    marker = s.to_position()["markers"][0]
    if after:
        assert marker == {"zone": "cooley-fields", "status": "on_map", "value": 1, "moved": False, "brigade": "godwin"}
        assert s.artillery(godwin) == 1
    else:
        assert marker["status"] == "gone" and s.artillery(godwin) == 0
    assert s.result["confederate"]["losses"] == 3 - value           # markers never count (4)


def marker_step(game, units, markers, **kw):
    """The Confederate headquarters step of turn 5 with these markers on the map (Early on the
    map and Active, the train gone: only the markers can move)."""
    return at_stack(game, units, [BLOCK] + player_frames(1), turn=5, markers=markers,
                    hqs=[{"id": "early", "zone": "middle-road", "active": True}], train={"status": "gone"}, **kw)


def test_7_3_marker_moves_6_mp_in_the_headquarters_step(game):
    """7.3: 'Artillery markers ... have 6 MPs': in the Confederate headquarters step (7.2) the
    marker at the Cooley house may go to any zone within 6 MP (10.3 costs) that the enemy does
    not hold (Kitching's camp, 5 MP, is Union-held; Belle Grove, 7 MP, is too far); it moves
    once a step, then supports Cook where it stops."""
    units = [unit("kitching", "kitching-camp"), unit("cook", "east-fields", facing="cooley-fields")]
    s = marker_step(game, units, [{"status": "on_map", "zone": "cooley-house"}])
    assert options(s, "marker_move") == {"bowmans-ford", "buckton-road", "cooley-fields", "cooley-south",
                                         "creek-mouth", "east-fields", "hayes-camp", "hayes-hollow",
                                         "middletown-north", "middletown-south", "millers-mill-road",
                                         "northeast-fields", "three-top-north"}
    cook = game.unit_index["cook"]
    assert s.artillery(cook) == 0
    act(s, "marker_move", "east-fields")
    assert texts(s, "7.3")[-1] == "Artillerie moves from Cooley house to Fields east of Kitching's camp (2 MP)."
    assert s.artillery(cook) == 2 and s.stack[-1][0] == "tactical"        # nothing more to move


def test_7_3_marker_supports_the_brigades_it_stacks_with(game):
    """7.3: a marker supports whichever Confederate brigade it stacks with, not the one it was
    deployed with: the stronger marker the first line, the other the second line. Cook leaves;
    Cox, who stays, is then supported; Cook, elsewhere, is not."""
    units = [unit("cook", "cooley-house", facing="east-fields"), unit("cox", "cooley-house", line=2)]
    markers = [{"status": "on_map", "zone": "cooley-house", "value": 1, "moved": True},
               {"status": "on_map", "zone": "cooley-house", "value": 2, "moved": True}]
    s = marker_step(game, units, markers)
    cook, cox = game.unit_index["cook"], game.unit_index["cox"]
    assert (s.artillery(cook), s.artillery(cox)) == (2, 1)
    s.set_zone(cook, game.board.index["bowmans-ford"])
    s.line[cox] = 1
    assert (s.artillery(cook), s.artillery(cox)) == (0, 2)


def test_7_3_marker_joins_an_attack_declared_this_round(game):
    """7.3 with 7.2 and 11.3: the headquarters step comes after the divisions' moves and before
    the attacks: a marker brought into the zone of Cook, who has declared an attack on Kitching,
    rolls for him. Dice: the marker 2 (a +1), Kitching's artillery 6, CSA 4, Union 4."""
    units = [unit("kitching", "kitching-camp", facing="cooley-fields"),
             unit("cook", "cooley-fields", facing="kitching-camp", attack=0)]
    s = marker_step(game, units, [{"status": "on_map", "zone": "bowmans-ford"}],
                    combats=[{"targets": ["kitching-camp"], "attackers": ["cook"]}], dice=[2, 6, 4, 4])
    act(s, "marker_move", "cooley-fields")            # the step then ends by itself, the fight follows
    fought = next(e for e in s.log if e.rule == "11.2")
    assert fought.dice == (2, 6, 4, 4)                     # the marker's die first (11.2 order)
    assert fought.text == ("Cook attacks Kitching. Attacker: command bonus +1, Cook artillery +1; rolls 4, total 6. "
                           "Defender: strength 4 to 3 +1, higher elevation +2; rolls 4, total 7.")


def test_7_3_marker_retreats_with_its_brigade(game):
    """7.3: a marker serves like a Union battery: when its brigade falls back after a hit, it goes
    with it (here Godwin retreats in order to Bowman's Ford, the marker too)."""
    units = [unit("kitching", "kitching-camp", facing="cooley-fields", attack=0),
             unit("godwin", "cooley-fields", facing="kitching-camp")]
    s = at_stack(game, units, [BLOCK] + player_frames(0), turn=5, active="union",
                 combats=[{"targets": ["cooley-fields"], "attackers": ["kitching"]}],
                 markers=[{"status": "on_map", "zone": "cooley-fields"}], dice=[6, 6, 6, 1, 1])
    act(s, "retreat", "godwin")
    act(s, "retreat_to", "bowmans-ford", "godwin")
    assert zone_of(s, "godwin") == "bowmans-ford"
    assert s.to_position()["markers"][0]["zone"] == "bowmans-ford"
    assert s.artillery(game.unit_index["godwin"]) == 2


def test_7_3_lone_marker_taken_by_a_union_brigade(game):
    """7.3 (program reading): a marker left alone has nothing to fight with: Kitching, moving
    into the Cooley farm where it stands alone, takes it."""
    units = [unit("kitching", "kitching-camp", facing="cooley-fields")]
    s = at_stack(game, units, [BLOCK] + player_frames(0) + [["brigades", 0, "d:hayes", ["u:kitching"]]],
                 turn=5, active="union", markers=[{"status": "on_map", "zone": "cooley-fields"}])
    act(s, "brigade", "kitching")
    act(s, "move", "cooley-fields")
    assert s.to_position()["markers"][0]["status"] == "gone"
    assert texts(s, "7.3") == ["Kitching takes the Artillerie left alone in Cooley farm."]


def attack_the_train(game, dice):
    s = at_stack(game, [unit("kitching", "kitching-camp", facing="cooley-fields")],
                 [BLOCK] + player_frames(0) + [["brigades", 0, "d:hayes", ["u:kitching"]]], turn=5,
                 active="union", train={"zone": "cooley-fields", "status": "on_map"},
                 markers=[{"status": "on_map", "zone": "middle-road"}], dice=dice)
    act(s, "brigade", "kitching")
    act(s, "attack", "cooley-fields")
    act(s, "face", "cooley-fields", "kitching")
    return s


def test_7_3_lone_train_attacked_and_destroyed_by_a_hit(game):
    """7.3: the undeployed train alone in Cooley farm has strength 3: Kitching 4 to 3 (+1), no
    terrain (Cooley farm is lower). Artillery 6 (no bonus); Union 3 +1 = 4, train 2: a hit
    destroys the train and the four markers still in it (the one at the Middle Road stays)."""
    s = attack_the_train(game, [6, 3, 2])
    assert "Attacker: strength 4 to 3 +1; rolls 3, total 4. Defender: none; rolls 2, total 2." in texts(s, "11.2")[0]
    assert s.train_zone == -2
    assert [m["status"] for m in s.to_position()["markers"]] == ["on_map"] + ["gone"] * 4


@pytest.mark.parametrize("dice,kitching_fatigue", [([6, 1, 2], 1), ([6, 2, 2], 0)])
def test_7_3_train_survives_without_a_hit_and_never_tires(game, dice, kitching_fatigue):
    """7.3: without a hit the train stays (2 to 2: the attacker tires; 3 to 2: the 'defender
    tires', which the train ignores)."""
    s = attack_the_train(game, dice)
    assert s.train_zone == game.board.index["cooley-fields"]
    assert s.fatigue[game.unit_index["kitching"]] == kitching_fatigue


def test_7_3_lone_train_zone_is_enemy_occupied(game):
    """7.3 / 10.5: the train is a Confederate counter that can be attacked; its zone is
    enemy-occupied, so Kitching may attack it but not walk into it (regression: the engine let
    Union brigades enter and stop in the train's zone until ce8557f)."""
    s = setup_position(game, [unit("kitching", "kitching-camp", facing="cooley-fields")], turn=5, active="union",
                       train={"zone": "cooley-fields", "status": "on_map"},
                       frames=[["brigades", 0, "d:hayes", ["u:kitching"]]])
    act(s, "brigade", "kitching")
    assert "cooley-fields" in options(s, "attack")
    assert "cooley-fields" not in options(s, "move")

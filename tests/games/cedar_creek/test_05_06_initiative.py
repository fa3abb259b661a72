"""Rules 5 (game turn), 6 (initiative) and 6.1 (tactical retreat).

Positions start at the top of a game turn (``at_turn_start``) with scripted dice. Brigades not
listed are off the map; the independent cavalry (Payne, Moore) arrives by itself (12). A
division that must be chosen stops the machine, which is where most tests look at the log.
"""

import pytest

import cwbattles

from .helpers import act, legal_kinds, setup_position
from .rule_helpers import at_turn_start, options, texts, unit, zone_of

SHERIDAN_IN = {"turn": 4, "in_command": True}


def initiative_text(s):
    return next(t for t in texts(s, "6"))


# -- 5: the game turn ------------------------------------------------------------------------------
def test_5_phases_in_order(game):
    """5: initiative, then rounds in which player 1 then player 2 move (three here), the
    continuation phase, the administrative phase, and the next turn. Turn 4, Sheridan due on
    turn 5; every activation roll gives no division, so the turn plays itself."""
    dice = [5, 2,                 # initiative: Union 5, CSA 2 -> the Union is player 1
            1, 1, 1, 1, 1, 1,     # activation rolls, Union then CSA, rounds 1-3 (0 divisions each)
            6]                    # continuation: no round 4
    s = at_turn_start(game, [], 4, dice=dice, sheridan={"turn": 5, "in_command": False})
    seq = [(e.rule, e.text.split(" ")[0]) for e in s.log if e.rule in ("5", "6", "7", "7.1", "8", "9")]
    assert seq == [("5", "Turn"), ("6", "Initiative:"),
                   ("7", "Round"), ("7.1", "Union"), ("7.1", "Confederate"),
                   ("7", "Round"), ("7.1", "Union"), ("7.1", "Confederate"),
                   ("7", "Round"), ("7.1", "Union"), ("7.1", "Confederate"),
                   ("8", "Continuation"), ("9", "Administrative"), ("5", "Turn")]
    assert s.turn == 5 and s.round == 0
    assert s.stack[-1][0] == "tactical"          # turn 5: Sheridan in command, 6.1 is asked first


# -- 6: initiative ---------------------------------------------------------------------------------
def test_6_turn_1_confederates_move_first_without_a_roll(game):
    """6: 'For the first turn, the Confederate has the initiative' - the only die rolled is
    the Confederate activation roll."""
    s = at_turn_start(game, [], 1, dice=[1])
    assert s.first == 1
    assert texts(s, "6") == ["Turn 1: the Confederates have the initiative (surprise attack)."]
    assert s.dice.calls == 1
    assert texts(s, "7.1") == ["Confederate activation roll 1, CSA turns 1-3 +2 = 3: 1 division."]
    assert s.to_act == "confederate"


@pytest.mark.parametrize("rolls,first", [((5, 2), "union"), ((2, 5), "confederate")])
def test_6_higher_roll_takes_the_initiative(game, rolls, first):
    """6: both roll; the higher becomes player 1 and moves first in each round (turn 3)."""
    s = at_turn_start(game, [], 3, dice=list(rolls) + [1, 1])
    assert s.first == ("union", "confederate").index(first)
    assert s.log[[e.rule for e in s.log].index("6")].dice == rolls
    first_roll = next(e for e in s.log if e.rule == "7.1")
    assert first_roll.text.lower().startswith(first)


def test_6_ties_are_rerolled(game):
    """6: 'In case of a tie, reroll the die' - 3/3, then 2/5: the Confederates."""
    s = at_turn_start(game, [], 3, dice=[3, 3, 2, 5, 1])
    ev = next(e for e in s.log if e.rule == "6")
    assert ev.dice == (3, 3, 2, 5)
    assert ev.text == "Initiative: Union 2+0, Confederate 5+0; the Confederates move first."
    assert s.first == 1


@pytest.mark.parametrize("turn,first", [(2, "confederate"), (3, "union")])
def test_6_confederate_bonus_on_turn_2_only(game, turn, first):
    """6 and the reminders: CSA +2 to initiative on turns 1-2 (the +2 of turns 1-3 is for
    activation only, docs/rules-notes). Union 4, CSA 3: +2 wins it on turn 2, not on turn 3."""
    s = at_turn_start(game, [], turn, dice=[4, 3, 1, 1])
    assert s.first == ("union", "confederate").index(first)
    bonus = "+2" if turn == 2 else "+0"
    assert initiative_text(s).startswith(f"Initiative: Union 4+0, Confederate 3{bonus};")


@pytest.mark.parametrize("order,first", [(1, "union"), (0, "confederate")])
def test_6_1_tactical_retreat_gives_union_plus_1_initiative(game, order, first):
    """6 / 6.1: Union 4 +1 beats CSA 4 with a tactical retreat; without it 4/4 is rerolled
    (then 2/5)."""
    s = at_turn_start(game, [], 5, dice=[4, 4, 2, 5, 1, 1], sheridan=SHERIDAN_IN)
    act(s, "tactical_retreat", order)
    assert s.first == ("union", "confederate").index(first)
    if order:
        assert initiative_text(s) == "Initiative: Union 4+1, Confederate 4+0; the Union move first."
    else:
        assert next(e for e in s.log if e.rule == "6").dice == (4, 4, 2, 5)


# -- 6.1: when a tactical retreat may be ordered ----------------------------------------------------
def test_6_1_not_offered_before_sheridan_arrives(game):
    """6.1: 'Once Sheridan arrives' - on turn 4 with Sheridan due on turn 5 there is no choice:
    the initiative is rolled at once."""
    s = at_turn_start(game, [], 4, dice=[5, 2, 1, 1], sheridan={"turn": 5, "in_command": False})
    assert "tactical_retreat" not in legal_kinds(s)
    assert texts(s, "6.1") == []
    assert initiative_text(s).startswith("Initiative: Union 5")


@pytest.mark.parametrize("turn", [5, 6, 7, 8])
def test_6_1_offered_at_the_start_of_each_initiative_phase(game, turn):
    """6.1: with Sheridan in command the Union decides at the beginning of each initiative
    phase, before any initiative die is rolled."""
    s = at_turn_start(game, [], turn, dice=[1], sheridan=SHERIDAN_IN)
    assert s.to_act == "union"
    assert options(s, "tactical_retreat") == {0, 1}
    assert s.dice.calls == 0 and texts(s, "6") == []


def test_6_1_not_on_the_final_turn(game):
    """6.1: the Union may not initiate a tactical retreat in the final game turn (9)."""
    s = at_turn_start(game, [], 9, dice=[5, 2, 1, 1], sheridan=SHERIDAN_IN)
    assert "tactical_retreat" not in legal_kinds(s)
    assert texts(s, "6.1") == []


def nobody_on_the_map(game):
    """Every brigade out of play (eliminated) but one of Wharton's, off the map (so Early
    waits to enter, 12): with activation rolls too low for a division, turns play themselves
    on the scripted dice."""
    wharton = game.divisions[game.division_index["wharton"]].brigades[0]
    return [{"id": b.id, "zone": None, "status": "off_map" if b.index == wharton else "eliminated"}
            for b in game.brigades]


def test_6_1_offered_every_turn_after_sheridan(game):
    """6.1: 'at the beginning of each Initiative Phase': a retreat ordered on turn 5 lasts that
    turn (Union activation 1 +1 retreat +1 Sheridan, Confederate 1 -2 retreat); turn 6 asks
    again, and a second retreat gives the same modifiers on turn 6."""
    turn = [4, 2,                  # initiative: Union 4+1 against 2
            1, 1, 1, 1, 1, 1,      # activation rolls, Union then Confederates, rounds 1-3
            6]                     # continuation: no round 4
    s = at_turn_start(game, nobody_on_the_map(game), 5, dice=turn + turn, sheridan=SHERIDAN_IN)
    act(s, "tactical_retreat", 1)
    assert s.turn == 6 and s.to_act == "union"
    assert options(s, "tactical_retreat") == {0, 1}
    act(s, "tactical_retreat", 1)
    assert s.turn == 7 and options(s, "tactical_retreat") == {0, 1}
    rolls = texts(s, "7.1")
    assert rolls.count("Union activation roll 1, tactical retreat +1, Sheridan in command +1 = 3: 1 division.") == 6
    assert rolls.count("Confederate activation roll 1, tactical retreat -2 = -1: 0 divisions.") == 6
    assert s.retreat_turn == 6
    assert game.key_facts(s)["tactical_retreats"] == 2


def test_6_1_effects_last_only_the_turn_it_is_ordered(game):
    """6.1: the modifiers are for 'the entire turn' of the order: retreat on turn 5, none
    ordered on turn 6, so turn 6's rolls are plain (Union 1 +1 Sheridan, Confederates 1)."""
    turn = [4, 2, 1, 1, 1, 1, 1, 1, 6]
    s = at_turn_start(game, nobody_on_the_map(game), 5, dice=turn + turn, sheridan=SHERIDAN_IN)
    act(s, "tactical_retreat", 1)
    act(s, "tactical_retreat", 0)
    rolls = texts(s, "7.1")
    assert rolls[6:] == ["Union activation roll 1, Sheridan in command +1 = 2: 1 division.",
                         "Confederate activation roll 1 = 1: 0 divisions."] * 3
    assert s.retreat_turn == 5


def test_6_1_rule_option_tactical_retreat_once(game):
    """6.1, rule option ``tactical_retreat_once`` (the earlier reading: one retreat a game):
    after one on turn 5, turn 6 asks nothing and the initiative is rolled at once."""
    once = cwbattles.load("cedar-creek", options={"tactical_retreat_once": True})
    s = at_turn_start(once, [], 6, dice=[5, 2, 1, 1], sheridan=SHERIDAN_IN, retreat_turn=5)
    assert "tactical_retreat" not in legal_kinds(s)
    assert initiative_text(s) == "Initiative: Union 5+0, Confederate 2+0; the Union move first."
    s = at_turn_start(game, [], 6, dice=[5, 2, 1, 1], sheridan=SHERIDAN_IN, retreat_turn=5)
    assert options(s, "tactical_retreat") == {0, 1}


# -- 6.1: effects during the turn ------------------------------------------------------------------
def test_6_1_union_activation_plus_1(game):
    """6.1 / 7.1: Union roll 3, tactical retreat +1, Sheridan +1 = 5: two divisions."""
    s = setup_position(game, [], turn=6, active="union", at_start=True, sheridan=SHERIDAN_IN,
                       retreat_turn=6, dice=[3])
    assert texts(s, "7.1")[0] == "Union activation roll 3, tactical retreat +1, Sheridan in command +1 = 5: 2 divisions."


def test_6_1_confederate_activation_minus_2(game):
    """6.1 plunder note / 7.1: Confederate roll 3 -2 = 1: no division at all."""
    s = setup_position(game, [], turn=6, active="confederate", at_start=True, sheridan=SHERIDAN_IN,
                       retreat_turn=6, dice=[3, 1])
    assert texts(s, "7.1")[0] == "Confederate activation roll 3, tactical retreat -2 = 1: 0 divisions."


def test_6_1_no_modifiers_on_other_turns(game):
    """6.1: the modifiers last 'during the entire turn' of the retreat only (retreat on 5, now 6)."""
    s = setup_position(game, [], turn=6, active="confederate", at_start=True, sheridan=SHERIDAN_IN,
                       retreat_turn=5, dice=[3, 1])
    assert texts(s, "7.1")[0] == "Confederate activation roll 3 = 3: 1 division."


def union_brigade(game, units, uid, division, retreat):
    s = setup_position(game, units, turn=6, active="union", sheridan=SHERIDAN_IN,
                       retreat_turn=6 if retreat else 0,
                       frames=[["brigades", 0, f"d:{division}", [f"u:{uid}"]]])
    act(s, "brigade", uid)
    return s


@pytest.mark.parametrize("retreat", [False, True])
def test_6_1_activated_union_brigades_may_not_enter_enemy_zoc(game, retreat):
    """6.1: Coates (Pike fields) next to Cook's ZOC (Cook at Cooley fields covers Hayes' camp and
    Kitching's camp): both are open moves normally, neither during a tactical retreat."""
    units = [unit("coates", "pike-east-fields"), unit("cook", "cooley-fields")]
    s = union_brigade(game, units, "coates", "hayes", retreat)
    zoc = {"hayes-camp", "kitching-camp"}
    moves = options(s, "move")
    assert moves >= {"pike-east-woods", "belle-grove", "middletown-south"}
    assert (moves & zoc) == (set() if retreat else zoc)


@pytest.mark.parametrize("retreat", [False, True])
def test_6_1_activated_union_brigades_may_not_attack(game, retreat):
    """6.1: Kitching, next to Cook, may attack him normally but not during a tactical retreat."""
    units = [unit("kitching", "kitching-camp"), unit("cook", "cooley-fields")]
    s = union_brigade(game, units, "kitching", "hayes", retreat)
    assert options(s, "attack") == (set() if retreat else {"cooley-fields"})


@pytest.mark.parametrize("retreat", [False, True])
def test_6_1_activated_union_cavalry_may_not_charge(game, retreat):
    """6.1: mounted Kidd next to Cook may charge or attack normally, neither in a retreat."""
    units = [unit("kidd", "kitching-camp", mounted=True), unit("cook", "cooley-fields")]
    s = union_brigade(game, units, "kidd", "merritt", retreat)
    kinds = legal_kinds(s)
    assert ("charge" in kinds, "attack" in kinds) == ((False, False) if retreat else (True, True))


def test_6_1_confederates_are_not_restricted(game):
    """6.1: the restriction is on Union brigades: Cook may still enter the Union's ZOC."""
    s = setup_position(game, [unit("cook", "cooley-fields"), unit("coates", "pike-east-fields")], turn=6,
                       sheridan=SHERIDAN_IN, retreat_turn=6, frames=[["brigades", 1, "d:ramseur", ["u:cook"]]])
    act(s, "brigade", "cook")
    assert {"hayes-camp", "kitching-camp"} <= options(s, "move")


def test_6_1_voluntary_rout_still_allowed_into_enemy_zoc(game):
    """6.1: 'except in case of voluntary rout': Kitching (2 losses) routs during a tactical
    retreat; the way to the north edge runs through Buckton road, in Cook's ZOC (Cook at East
    fields faces Cooley fields, so Buckton road is not in his front), then to the edge at the
    North-east fields (entry 11), where the rout ends."""
    units = [unit("kitching", "kitching-camp", losses=2), unit("cook", "east-fields", facing="cooley-fields")]
    s = union_brigade(game, units, "kitching", "hayes", True)
    assert "rout" in legal_kinds(s)
    act(s, "rout", "kitching")
    k = game.unit_index["kitching"]
    assert zone_of(s, "kitching") == "northeast-fields"
    assert s.routed[k] and s.losses[k] == 2
    assert texts(s, "11.4")[:2] == ["Kitching falls back to Buckton road (rout).",
                                    "Kitching falls back to Fields north-east of Middletown (rout)."]

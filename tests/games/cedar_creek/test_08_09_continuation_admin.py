"""Rules 8 (continuation phase) and 9 (administrative phase).

Most positions are on turn 5 with Sheridan in command: a new round then stops at the Union's
choice of a division (with Sheridan its activation roll always gives one), and a new turn stops
at the tactical-retreat choice (6.1), so each test sees exactly what the phase did. The independent cavalry is left out of play
where a test reaches a new turn (its arrival would ask for its facing first, 12, 10.4)."""

import pytest

from .helpers import act
from .rule_helpers import at_stack, texts, unit, zone_of

SHERIDAN_IN = {"turn": 4, "in_command": True}
SHERIDAN_DUE = {"turn": 5, "in_command": False}     # turn 4: not yet in command


def end_of_round(game, round_, dice, units=()):
    # after the roll: CSA activation 1 (0 divisions on turn 5), Union 1 +1 = 2 (1 division)
    return at_stack(game, list(units), [["round_end", -1]], turn=5, round_=round_, sheridan=SHERIDAN_IN,
                    dice=list(dice) + [1, 1], absent_cavalry=True)


# -- 8: continuation -------------------------------------------------------------------------------
@pytest.mark.parametrize("round_", [1, 2])
def test_8_always_three_rounds(game, round_):
    """7.1 / 8: rounds 2 and 3 are always played; no continuation die before the third ends."""
    s = end_of_round(game, round_, [])
    assert s.round == round_ + 1 and texts(s, "8") == []
    assert s.dice.calls == 2                               # the two activation rolls only


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_8_fourth_round_on_1_to_4(game, roll):
    """8: after round 3, 1-4 gives a 4th round; otherwise the administrative phase."""
    s = end_of_round(game, 3, [roll])
    if roll <= 4:
        assert texts(s, "8") == [f"Continuation roll {roll}: a round 4 is played."]
        assert (s.turn, s.round) == (5, 4)
    else:
        assert texts(s, "8") == [f"Continuation roll {roll}: the movement phase ends."]
        assert "Administrative phase." in texts(s, "9")
        assert (s.turn, s.stack[-1][0]) == (6, "tactical")


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_8_fifth_round_on_1_or_2(game, roll):
    """8: after round 4, 1-2 gives a 5th and final round; otherwise the administrative phase."""
    s = end_of_round(game, 4, [roll])
    if roll <= 2:
        assert texts(s, "8") == [f"Continuation roll {roll}: a round 5 is played."]
        assert (s.turn, s.round) == (5, 5)
    else:
        assert texts(s, "8") == [f"Continuation roll {roll}: the movement phase ends."]
        assert s.turn == 6


def test_8_no_sixth_round(game):
    """8: the 5th round is the last: no die, straight to the administrative phase."""
    s = end_of_round(game, 5, [])
    assert texts(s, "8") == [] and s.dice.calls == 0
    assert texts(s, "9") == ["Administrative phase."]
    assert (s.turn, s.stack[-1][0]) == (6, "tactical")


# -- 9: administrative phase -----------------------------------------------------------------------
def admin(game, units, dice=(), turn=5, sheridan=SHERIDAN_IN, **kw):
    return at_stack(game, units, [["admin", -1]], turn=turn, round_=3, sheridan=sheridan, dice=dice, **kw)


def test_9_routed_units_rout_again_before_rallying(game):
    """9: a routed unit first routs again (11.4: Kitching's camp - Buckton road - the north edge
    at the North-east fields, where it ends), then tests; a 6 (+1 Sheridan) rallies it and gives
    back a step only after the move."""
    s = admin(game, [unit("kitching", "kitching-camp", routed=True, losses=1)], dice=[6])
    assert zone_of(s, "kitching") == "northeast-fields"
    act(s, "face", "buckton-road", "kitching")
    k = game.unit_index["kitching"]
    assert not s.routed[k] and s.losses[k] == 0
    t = texts(s)
    assert t.index("Kitching falls back to Buckton road (rout).") < t.index("Kitching rallies and recovers a step (roll 6+1).")
    assert s.turn == 6


def test_9_fatigue_drops_one_level(game):
    """9: Fatigue 1 markers come off; Fatigue 2 markers turn to Fatigue 1."""
    units = [unit("cook", "cooley-fields", fatigue=2), unit("cox", "cooley-south", fatigue=1),
             unit("kitching", "kitching-camp", fatigue=0)]
    s = admin(game, units)
    assert [s.fatigue[game.unit_index[u]] for u in ("cook", "cox", "kitching")] == [1, 0, 0]


def test_9_hqs_and_train_turn_back_from_active(game):
    """9: the headquarters and the artillery train are turned back from their Active sides."""
    hqs = [{"id": "sheridan", "zone": "belle-grove", "active": True}, {"id": "early", "zone": "middle-road", "active": True}]
    s = admin(game, [], hqs=hqs, train={"zone": "hupps-hill", "status": "on_map", "active": True})
    assert s.hq_active == [False, False, False]
    assert not s.train_active
    assert s.hq_zone[game.SHERIDAN] == game.board.index["belle-grove"]


# Rally. The routed brigade is Kitching (Union: Kitching's camp, routs to the North-east
# fields, 1 loss) or Cox (CSA: Hollow below Hayes' camp, routs one zone to the Mouth of Cedar
# Creek on the south edge, 1 loss). Turn 4 with Sheridan due on turn 5: not yet in command.
@pytest.mark.parametrize("uid,with_sheridan,roll,routed,losses,text", [
    ("kitching", False, 3, True, 1, "Kitching stays routed (roll 3+0)."),
    ("kitching", False, 4, False, 1, "Kitching rallies (roll 4+0)."),
    ("kitching", False, 5, False, 1, "Kitching rallies (roll 5+0)."),
    ("kitching", False, 6, False, 0, "Kitching rallies and recovers a step (roll 6+0)."),
    ("kitching", True, 2, True, 1, "Kitching stays routed (roll 2+1)."),
    ("kitching", True, 3, False, 1, "Kitching rallies (roll 3+1)."),
    ("kitching", True, 5, False, 0, "Kitching rallies and recovers a step (roll 5+1)."),
    ("cox", True, 3, True, 1, "Cox stays routed (roll 3+0)."),
    ("cox", True, 5, False, 1, "Cox rallies (roll 5+0)."),
    ("cox", True, 6, False, 0, "Cox rallies and recovers a step (roll 6+0)."),
])
def test_9_rally_table(game, uid, with_sheridan, roll, routed, losses, text):
    """9: 1-3 stays routed, 4-5 organized, 6 organized and recovers one step; +1 for Union units
    when Sheridan is in command (not for Confederates)."""
    zone = {"kitching": "kitching-camp", "cox": "hayes-hollow"}[uid]
    s = admin(game, [unit(uid, zone, routed=True, losses=1)], dice=[roll], turn=5 if with_sheridan else 4,
              sheridan=SHERIDAN_IN if with_sheridan else SHERIDAN_DUE)
    assert zone_of(s, uid) == {"kitching": "northeast-fields", "cox": "creek-mouth"}[uid]
    act(s, "face")
    u = game.unit_index[uid]
    assert s.routed[u] == routed and s.losses[u] == losses
    assert texts(s, "9")[-1] == text


def test_9_routed_unit_on_its_edge_routs_nowhere_without_loss(game):
    """9 / 11.4 (docs/rules-notes: a rout 'ends early at the edge'): Kitching, routed on the Pike
    to Newtown (the Union's north edge, entry 12), has no rout movement to make; it may not exit
    the map, and nothing in the rules costs it a step. Rally roll 1: stays routed. (Regression:
    the engine took a step for 'nowhere to go' until ce8557f.)"""
    s = admin(game, [unit("kitching", "pike-to-newtown", routed=True, losses=1)], dice=[1])
    act(s, "face")
    k = game.unit_index["kitching"]
    assert zone_of(s, "kitching") == "pike-to-newtown" and s.routed[k]
    assert s.losses[k] == 1


def test_9_next_turn_starts_in_box_1(game):
    """9: the round marker goes back to box 1 and the turn marker advances: turn 6, round 1
    once its initiative is rolled."""
    s = at_stack(game, [], [["admin", -1]], turn=5, round_=4, sheridan=SHERIDAN_IN, dice=[5, 2, 1],
                 absent_cavalry=True)
    assert (s.turn, s.round) == (6, 0)
    act(s, "tactical_retreat", 0)
    assert (s.turn, s.round) == (6, 1)
    assert "Round 1 of turn 6." in texts(s, "7")


def test_9_game_over_after_turn_9(game):
    """9 / 1: nine turns: after the administrative phase of turn 9 the game is over (no turn 10,
    nobody to act, no legal action)."""
    s = at_stack(game, [unit("cook", "cooley-fields", fatigue=2)], [["admin", -1]], turn=9, round_=3,
                 sheridan=SHERIDAN_IN)
    assert s.is_over and s.to_act is None and s.legal_actions() == []
    assert s.turn == 9
    assert s.fatigue[game.unit_index["cook"]] == 1             # the phase itself was carried out
    assert texts(s, "5") == []                                  # no 'Turn 10 begins'

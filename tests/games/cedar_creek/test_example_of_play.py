"""The rules' Example of Play (turn 2, round 1): both attacks, modifiers, totals and results
exactly as the rulebook gives them. Zones: see docs/data-notes/cedar-creek-map.md."""

import pytest

from .helpers import act, setup_position, unit

C0, C1, K, H, P1 = "cooley-house", "cooley-fields", "kitching-camp", "hayes-camp", "east-fields"
B1, G1, BF, CM = "hayes-hollow", "cooley-south", "bowmans-ford", "creek-mouth"
MIDDLETOWN, R1, BELLE_GROVE = "middletown-south", "pike-east-fields", "belle-grove"


@pytest.fixture
def example(reading_game):
    units = [
        unit("kitching", K, facing=MIDDLETOWN),
        unit("coates", H, line=1, facing=R1), unit("duval", H, line=2, facing=R1),
        unit("cook", C0, facing=C1), unit("cox", CM, facing=BF), unit("battle", CM, line=2, facing=BF),
        unit("payne", BF, facing=C0, mounted=True), unit("grimes", BF, line=2, facing=C0, fatigue=1),
    ]
    # Early is on the map, so Wharton, and every division before him, has entered (12); they take
    # no part in the example and are left out of play rather than off the map, where 12 would
    # have them selected first.
    units += [{"id": b.id, "zone": None, "status": "eliminated"} for b in reading_game.brigades
              if b.side == 1 and reading_game.divisions[b.division].id not in ("ramseur", "payne")]
    state = setup_position(reading_game, units, turn=2, round_=1, active="confederate", at_start=True, dice=[2],
                           hqs=[{"id": "early", "zone": "middle-road"}, {"id": "wright", "zone": "belle-grove"},
                                {"id": "sheridan", "zone": None}])
    return state


def mods(text_list):
    return {name: value for name, rule, value in text_list}


def test_example_of_play(reading_game, example):
    s = example
    # Activation: roll 2 +2 (turns 1-3) = 4, one division; Ramseur out of Early's range, its
    # initiative test roll 4 -1 (superior commander) = 3 activates it.
    assert "4: 1 division" in str(s.log[-1])
    s.dice.set_script([4])
    act(s, "activate", "ramseur")
    assert "passes its initiative test (roll 4, superior commander -1 = 3)" in s.log[-1].text

    # Cook: one zone (2 MP) and an attack on Kitching (2 MP). "Cook and the three Union units may
    # change facing" (10.4): Kitching, and Coates with Duval, have Cook on their flank and must
    # turn; the Union chooses among the facings that put Cook's zone in their front. Facing his
    # zone itself reproduces the printed modifiers below (so would other choices but one: Coates
    # facing the lower Cooley fields would have both attackers in his front and no flank -1).
    act(s, "brigade", "cook")
    act(s, "move", C1)
    assert s.mv_mp == 4
    assert s.to_act == "union"
    turning = {}
    while s.to_act == "union":
        a = s.legal_actions()
        turning[reading_game.brigades[a[0].b].id] = {reading_game.board.zones[x.a].id for x in a}
        act(s, "face", C1, reading_game.brigades[a[0].b].id)
    assert turning == {"kitching": {P1, C1, H}, "coates": {K, C1, G1}}
    for uid in ("kitching", "coates", "duval"):
        assert s.facing[reading_game.unit_index[uid]] == reading_game.board.index[C1]
    act(s, "attack", K)
    act(s, "face", K, "cook")
    # Cox: two zones (4 MP), under Cook as second line.
    act(s, "brigade", "cox")
    act(s, "move", BF)
    act(s, "move", C1)
    cox, cook = reading_game.unit_index["cox"], reading_game.unit_index["cook"]
    assert s.line[cox] == 2 and s.line[cook] == 1
    # Payne (independent, within two zones of Ramseur's brigades): two zones and a charge.
    act(s, "brigade", "payne")
    act(s, "move", C0)
    act(s, "move", P1)
    assert s.mv_mp == 4
    act(s, "charge", K)
    act(s, "face", K, "payne")
    # Battle and Grimes: one zone each and an attack on Coates and Duval (4 MP each).
    act(s, "brigade", "battle")
    act(s, "move", B1)
    act(s, "attack", H)
    act(s, "face", H, "battle")
    act(s, "brigade", "grimes")
    act(s, "move", G1)
    act(s, "attack", H)
    act(s, "face", H, "grimes")
    act(s, "end_hq")

    # First attack: Cook, Cox (support) and Payne against Kitching.
    first = next(a for a in s.legal_actions() if a.kind == "resolve" and 0 == a.a)
    pv = s.preview(first)
    assert mods(pv["attacker"]["modifiers"]) == {"strength 7 to 4": 2, "supporting brigade": 1,
                                                 "Payne charges": 1, "command bonus": 1}
    assert pv["attacker"]["total"] == 5
    assert mods(pv["defender"]["modifiers"]) == {"higher elevation": 2, "turn 2 surprise": -1}
    assert [r[:1] + r[2:] for r in pv["defender"]["rolls"]] == [["Kitching artillery", 1]]
    assert pv["defender"]["total"] == 1            # +2 with the artillery roll of 1
    s.dice.set_script([1, 4, 2])                   # Kitching's artillery 1; CSA 4 (=9), Union 2 (=4)
    s.apply(first)
    assert "rolls 4, total 9" in s.log[-2].text and "rolls 2, total 4" in s.log[-2].text
    kitching = reading_game.unit_index["kitching"]
    assert s.fatigue[kitching] == 1
    s.dice.set_script([2])                         # retreat roll 2 (+1 Union turns 1-2): orderly
    act(s, "retreat", "kitching")
    assert "retreats in order" in s.log[-1].text
    act(s, "retreat_to", MIDDLETOWN, "kitching")
    act(s, "retreat_stop", "kitching")
    act(s, "face", None, "kitching") if False else s.apply(next(a for a in s.legal_actions() if a.kind == "face"))
    act(s, "advance", "cook", K)
    # Cook's new facing ends the attacks on Kitching; the second attack, the only one left, is
    # resolved at once: Confederate die 4 (=5), Union die 1 (=2), a hit.
    s.dice.set_script([4, 1])
    act(s, "face", H, "cook")
    payne = reading_game.unit_index["payne"]
    assert s.fatigue[payne] == 1 and s.fatigue[cook] == 0 and s.losses[kitching] == 0
    assert s.zone[kitching] == reading_game.board.index[MIDDLETOWN] and s.zone[cook] == reading_game.board.index[K]

    # Second attack: Grimes and Battle against Coates and Duval.
    fight = next(e for e in reversed(s.log) if e.rule == "11.2").text
    assert fight == ("Battle and Grimes attack Coates. Attacker: strength 8 to 6 +1, command bonus +1, "
                     "fatigue 1 -1; rolls 4, total 5. Defender: supporting brigade +1, turn 2 surprise -1, "
                     "higher elevation +2, attacked in the flank -1; rolls 1, total 2.")
    coates, duval = reading_game.unit_index["coates"], reading_game.unit_index["duval"]
    assert s.fatigue[coates] == 1
    s.dice.set_script([2])
    act(s, "retreat", "coates")
    # The only way out of Hayes' camp is into Cook's front (forced, so played at once): a step lost.
    assert s.zone[coates] == reading_game.board.index[R1]
    assert s.losses[coates] == 1
    act(s, "retreat_to", BELLE_GROVE, "coates")
    assert s.losses[coates] == 1 and s.losses[duval] == 0
    assert s.fatigue[duval] == 1
    assert s.zone[coates] == s.zone[duval] == reading_game.board.index[BELLE_GROVE]
    s.apply(next(a for a in s.legal_actions() if a.kind == "face"))
    act(s, "advance", "battle", H)
    assert s.zone[reading_game.unit_index["battle"]] == reading_game.board.index[H]

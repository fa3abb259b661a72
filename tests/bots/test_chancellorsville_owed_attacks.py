"""The Chancellorsville evaluation counts the attacks the phasing side's units already next to
the enemy owe (6.1: they may not leave; 8.1: they must attack): a brigade left beside a stronger
stack costs its expected attack. Issue 29, sixth session: the Confederate commander made 10.7
attacks a game at 1-5, half of them Ae."""

from pytest import approx

from cwbattles.bots.knowledge.chancellorsville.evaluation import owed_attacks

from tests.games.chancellorsville.helpers import game, position


def posey_beside_two_divisions(side: str, posey_at: str = "H0404"):
    """Posey's brigade (4) and the II Corps' two divisions (6 + 4) stacked at H0405, clear, in
    the phasing side's Movement Phase of a day turn."""
    g = game()
    return position(g, {"cs-posey-a": posey_at, "us-1-ii": "H0405", "us-2-ii": "H0405"}, side=side, turn=5)


def test_a_brigade_locked_beside_a_stronger_stack_counts_its_forced_attack():
    # 4 against 10 is 1-3 (rounded for the defender): Dr on 1, Ar on 2-5, Ae on 6. In VP for
    # the attacker: Dr 0.3 x 10 x 2 = 6, Ar a quarter of 4 x 2 = -2, Ae 4 x 2 twice = -16;
    # (6 - 8 - 16) / 6 = -3.0, better than declaring 1-4 (Ae on 5-6: -6.67). The Confederates
    # lose it, so the Union's margin gains 3.0.
    assert owed_attacks(posey_beside_two_divisions("confederate")) == approx(3.0)


def test_a_brigade_out_of_contact_owes_nothing():
    assert owed_attacks(posey_beside_two_divisions("confederate", posey_at="H0403")) == 0.0


def test_the_union_owes_its_attack_too_in_its_own_player_turn():
    # 10 against 4 is 2-1: Dr on 1-4 (0.3 x 4 x 2 = 2.4), Ar on 5-6 (a quarter of 10 x 2 = -5):
    # (9.6 - 10) / 6 = -0.0667, better than 1-1 (Ar on 4-6: -1.3); the Union's own margin
    assert owed_attacks(posey_beside_two_divisions("union")) == approx(-0.4 / 6)

"""The bots' chance that a division activates (7.1, 10): certain in command range, else the
initiative test's odds, with the engine's own command paths (not through enemy-held zones)."""

from cwbattles.bots.knowledge.cedar_creek import View, facts
from cwbattles.bots.knowledge.cedar_creek.activation import activation_chance
from tests.games.cedar_creek.rule_helpers import unit
from tests.games.cedar_creek.test_10_command import choose_division


def chance(game, s, division):
    d = next(x.index for x in game.divisions if x.id == division)
    return activation_chance(View(s, facts(game)), d)


def test_in_command_range_activation_is_certain(game):
    """York at Middle Road, 4 command MP from Early at Hupp's Hill."""
    s = choose_division(game, [unit("york", "middle-road")], early="hupps-hill")
    assert chance(game, s, "evans") == 1.0


def test_a_blocked_command_path_means_an_initiative_test(game):
    """Kitching on Stickley Hill blocks York's only way within 8 MP: Evans must pass the test,
    1-3 on a die, and 4 too in contact with the enemy (-1): 4 chances in 6."""
    s = choose_division(game, [unit("york", "middle-road"), unit("kitching", "stickley-hill")], early="hupps-hill")
    assert chance(game, s, "evans") == 4 / 6

"""24.0 Brigade Combat Effectiveness on Cedar Mountain's roster: Garnett's brigade (7 points)
breaks after losing 4 (10 VP to the Union); then +1 to its morale rolls (24.11), no melee
initiation (24.12), a column left when it fires (24.13), no entry into enemy zones and no retreat
through them (24.14), rallies by die roll only (24.15); a detached brigade that breaks unattached
is out of command (24.2)."""

from fractions import Fraction

from cwbattles.systems.gbacw.command import in_command
from cwbattles.systems.gbacw.fire import fire_column
from cwbattles.systems.gbacw.melee import may_melee
from cwbattles.systems.gbacw.morale import rally_chance, rally_method
from cwbattles.systems.gbacw.movement import step_options
from cwbattles.systems.gbacw.results import take_losses
from cwbattles.systems.gbacw.retreat import retreat_hexes
from tests.games.cedar_mountain.helpers import act, game, position, toward, unit

G = game()
I = G.board.index
GARNETT = G.oob.brigade_index["garnett"]


def broken_position(units, **kw):
    return position(G, dict(units), broken=("garnett",), **kw)


def test_24_0_the_track_and_the_limit():
    s = position(G, {"cs-21va": ("1606", "E", "line"), "cs-42va": ("1607", "E", "line")})
    take_losses(s, (unit(s, "cs-21va"),), 2, "test")
    assert s.bce_loss[GARNETT] == 2 and not s.bce_out[GARNETT]
    take_losses(s, (unit(s, "cs-42va"),), 2, "test")
    assert s.bce_out[GARNETT] and s.result["union"]["bce"] == 10
    assert any(e.rule == "24.0" for e in s.log)


def test_24_0_artillery_and_independent_units_keep_no_track():
    s = position(G, {"cs-alleghany": ("1606", "E", "unlimbered"), "cs-white": ("1607", "E", "mounted")})
    take_losses(s, (unit(s, "cs-alleghany"),), 2, "test")
    take_losses(s, (unit(s, "cs-white"),), 1, "test")
    assert not any(s.bce_loss)


def test_24_11_plus_one_to_morale_rolls_of_infantry_and_cavalry():
    s = broken_position({"cs-21va": ("1606", "E", "line")})
    assert s.morale_modifier(unit(s, "cs-21va")) == 1
    s2 = broken_position({"cs-21va": ("1606", "E", "line"), "garnett": "1606"})
    assert s2.morale_modifier(unit(s2, "cs-21va")) == 0        # -1 for the leader, +1


def test_24_12_no_melee_initiation_but_engaged_units_melee():
    units = {"cs-21va": ("1606", "E", "line"), "garnett": "1606", "us-5ct": ("1605", "W", "line")}
    s = broken_position(units, side="confederate", phase="declarations")
    assert not may_melee(s, unit(s, "cs-21va"))
    s2 = broken_position(units, side="confederate", phase="declarations",
                         flags={"cs-21va": ["engaged"], "us-5ct": ["engaged"]}, dice=[3, 1, 1, 1, 1, 1, 1, 1])
    assert any(e.rule == "12.1" and e.text.startswith("21st Virginia will melee 1605") for e in s2.log)


def test_24_13_one_column_left_even_firing_with_others():
    units = {"cs-21va": ("1606", "E", "line"), "cs-13va": ("1606", "E", "line"), "garnett": "1606",
             "early": "1606", "us-5ct": ("1605", "W", "line")}
    s = broken_position(units, side="confederate", phase="offensive_fire")
    firers = (unit(s, "cs-21va"), unit(s, "cs-13va"))
    assert ("24.13", -1) in fire_column(s, firers, I["1605"])[2]
    assert ("24.13", -1) not in fire_column(s, (unit(s, "cs-13va"),), I["1605"])[2]


def test_24_14_no_entry_into_an_enemy_zone_and_no_retreat_through_one():
    units = {"cs-21va": ("1607", "E", "line"), "garnett": "1607", "us-5ct": ("1505", "W", "line")}
    s = broken_position(units, side="confederate")
    act(s, "move", "cs-21va")
    u = unit(s, "cs-21va")
    zone = s.zoc(0)
    assert I["1506"] in zone and I["1506"] not in step_options(s, u)
    s2 = broken_position({"cs-21va": ("1606", "E", "line"), "us-28ny": ("1507", "E", "line"),
                          "us-46pa": ("1707", "E", "line"), "us-10me": ("1608", "E", "line")})
    assert retreat_hexes(s2, unit(s2, "cs-21va"), "melee") == []   # 1607 lies in a zone: captured instead


def test_24_15_rally_only_by_a_die_roll():
    units = {"cs-21va": ("1607", "E", "line"), "garnett": "1608"}
    s = broken_position(units, side="confederate", phase="rally", flags={"cs-21va": ["routed"]})
    u = unit(s, "cs-21va")
    method = rally_method(s, u)
    assert method == ("point", unit(s, "garnett"))
    rating = G.units[u].morale
    assert rally_chance(s, u, method) == rating - 1                 # 24.11: +1 to the roll
    s2 = position(G, units, side="confederate", phase="rally", flags={"cs-21va": ["routed"]})
    assert rally_chance(s2, unit(s2, "cs-21va"), rally_method(s2, unit(s2, "cs-21va"))) == 6


def test_24_2_a_detached_brigade_broken_unattached_is_out_of_command():
    thomas = G.oob.brigade_index["thomas"]
    s = position(G, {"thomas": ("1606",), "cs-14ga": ("1606", "E", "line")}, side="confederate")
    s.attached[thomas] = -1
    from cwbattles.systems.gbacw.command import brigade_in_command
    assert brigade_in_command(s, thomas)
    s.bce_out[thomas] = True
    assert not brigade_in_command(s, thomas)
    s.brig_in_command[thomas] = False
    assert not in_command(s, unit(s, "thomas"))
    assert Fraction(1) == 1

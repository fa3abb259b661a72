"""22.0 Artillery overshoot on the real map: the rules' own example (batteries in 3015 and 3318
combine on an enemy unit in 2207; at 12 hexes a roll of 5 is accurate, at 16 a roll of 3
scatters, and a scatter roll of 4 lands in 2208), scattered fire into an occupied hex, 22.1's
occupied target, and the exact preview over the batteries' chances."""

from tests.games.cedar_mountain.helpers import act, game, hexof, legal, position, toward, unit

G = game()
I = G.board.index
BATTERIES = {"cs-alleghany": ("3015", toward("3015", "2207"), "unlimbered"),      # 4 Napoleons
             "cs-rockbridge": ("3318", toward("3318", "2207"), "unlimbered")}     # 4 Parrotts


def declare(s):
    act(s, "fire_at", "2207")
    for b in BATTERIES:
        if legal(s, "fire_with", b):
            act(s, "fire_with", b)


def test_22_the_rules_example():
    units = dict(BATTERIES, **{"us-f4us": ("2207", "W", "unlimbered")})
    s = position(G, units, side="confederate", phase="offensive_fire", dice=[5, 3, 1, 4])
    assert G.board.distance(I["3015"], I["2207"]) == 12 and G.board.distance(I["3318"], I["2207"]) == 16
    declare(s)
    if legal(s, "resolve_fire"):
        act(s, "resolve_fire")
    text = [e.text for e in s.log if e.rule in ("22.3", "22.0", "22.2")]
    assert any("Alleghany" in t and "accurate" in t for t in text)
    assert any("Rockbridge" in t and "scattered" in t for t in text)
    assert any("scatters to 2208" in t for t in text)
    assert any("Nothing in 2208" in t for t in text)
    assert s.dice.calls == 4
    accurate = next(e.text for e in s.log if e.rule == "22.0" and "fire at 2207" in e.text)
    assert accurate.startswith("Alleghany") and "strength 2" in accurate     # 4 Napoleons at 12: x 1/2


def test_22_scattered_fire_strikes_whatever_stands_in_the_hex():
    units = dict(BATTERIES, **{"us-f4us": ("2207", "W", "unlimbered"), "us-5oh": ("2208", "W", "line"),
                               "geary": "2208"})
    # alleghany scatters (6) and rockbridge scatters (3); both land in 2208 (4, 4): 4 x 1/2 + 4 x 1/2
    # = 4 points, column 4-5, die 4: the Ohio regiment loses a point; Geary's casualty roll 1
    s = position(G, units, side="confederate", phase="offensive_fire", dice=[6, 3, 4, 4, 4, 1])
    declare(s)
    if legal(s, "resolve_fire"):
        act(s, "resolve_fire")
    assert s.sp[unit(s, "us-5oh")] == 2
    assert any(e.rule == "22.2" and "fire at 2208: strength 4" in e.text for e in s.log)


def test_22_1_only_an_occupied_hex_is_a_target():
    s = position(G, dict(BATTERIES), side="confederate", phase="offensive_fire")
    assert not legal(s, "fire_at", "2207")


def test_22_preview_mixes_the_accurate_combinations_exactly():
    units = dict(BATTERIES, **{"us-f4us": ("2207", "W", "unlimbered")})
    s = position(G, units, side="confederate", phase="offensive_fire")
    pv = s.preview(next(a for a in s.legal_actions() if a.kind == "fire_at"))
    assert pv["overshoot"]["cs-alleghany"]["accurate"] == "5/6"
    assert pv["overshoot"]["cs-rockbridge"]["accurate"] == "1/3"
    # both accurate (5/18): 4 points, column 4-5; only the Napoleons (10/18): 2, column 2; only the
    # Parrotts (1/18): 2, column 2; neither (2/18): no fire on 2207
    from fractions import Fraction
    p = {k: Fraction(v) for k, v in pv["exact"].items()}
    assert sum(p.values()) == 1
    assert p["-"] == Fraction(5, 18) * Fraction(1, 6) + Fraction(11, 18) * Fraction(2, 6) + Fraction(2, 18)
    assert hexof(s, "us-f4us") == "2207"

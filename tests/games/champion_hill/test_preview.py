"""The combat preview, itemised (8.3-8.6): each unit's strength and every step that changes it
with its rule, each defending hex, the odds column, the die's modifiers, each roll's result and
the exact chance of each result; always the same numbers as the attack that is then resolved."""

from cwbattles.engine.actions import Action
from cwbattles.systems.blue_and_gray.combat import odds
from cwbattles.terminal import preview_lines

from .helpers import act, game, hexof, idx, position

G = game()
REL = ("osterhaus", "carr", "bowen", "loring")


def _units(s, uids):
    return tuple(G.unit_index[u] for u in uids)


def test_preview_itemises_halvings_terrain_and_a_retreated_defender():
    # Garrard's brigade (9th division, not released: 17.3 i) attacks across Jackson's Creek
    # (19.14) into rough ground held by Pettus; Jackson retreated there earlier this phase (8.7)
    units = {"us-9-1": "1510", "cs-st-pettus": "1410", "cs-st-jackson": "1410"}
    s = position(G, units, phase="combat", released=("carr", "bowen", "loring"), dice=(2,),
                 flags={"cs-st-jackson": {"retreated": True}})
    assert s.stack[-1][0] == "declare"                    # the only attack, its only attacker
    p = s.preview(Action("resolve"))
    garrard = p["attacker"]["units"][0]
    assert garrard["strength"] == 6 and garrard["role"] == "adjacent"
    assert [(x["rule"], x["factor"]) for x in garrard["steps"]] == [("19.14", "1/2"), ("17.3 i", "1/2")]
    assert garrard["total"] == "3/2" and p["attacker"]["total"] == "3/2"
    hexes = p["defender"]["hexes"]
    assert [(v["id"], "not_counted" in v) for v in hexes[0]["units"]] == [("cs-st-jackson", True),
                                                                          ("cs-st-pettus", False)]
    assert hexes[0]["steps"] == [{"label": "defends in rough", "rule": "8.4", "factor": "2"}]
    assert p["defender"]["total"] == "4"
    o = odds(s, (idx("1410"),), _units(s, ["us-9-1"]))
    assert (o["attack"], o["defence"]) == (p["attack"], p["defence"]) == (1.5, 4)
    assert p["column"] == {"ratio": "3/2 : 4", "odds": "1-3", "natural": "1-3", "declared_lower": False,
                           "rule": "8.6"}
    assert [r["result"] for r in p["rolls"]] == ["Dr", "Ar", "Ar", "Ar", "Ar", "Ae"]
    assert p["exact"] == {"Ae": "1/6", "Ar": "2/3", "Dr": "1/6"}
    act(s, "resolve")                                     # roll 2 at 1-3: Ar, as the preview said
    assert "1-3" in [e for e in s.log if e.rule == "8.6"][-1].text
    text = "\n".join(preview_lines(p))
    assert "x 1/2  attacks across a stream hexside (19.14)" in text
    assert "x 1/2  restricted 9th division: half strength (17.3 i)" in text
    assert "retreated this phase: adds nothing (8.7)" in text and "Odds 3/2 : 4: column 1-3" in text


def test_preview_itemises_bowens_tripling_and_the_die_modifier():
    units = {"cs-bo-green": "1602", "cs-bo-cockrell": "1503", "us-7-2": "1603"}
    s = position(G, units, side="confederate", phase="combat", released=REL, dice=(5,))
    act(s, "attacker", "cs-bo-green")
    act(s, "attacker", "cs-bo-cockrell")
    p = s.preview(Action("resolve"))
    assert [u["steps"] for u in p["attacker"]["units"]] == [[{"label": "Bowen's counterattack: tripled",
                                                              "rule": "19.53 i", "factor": "3"}]] * 2
    assert p["attacker"]["total"] == "45" and p["odds"] == "6-1"
    assert p["die"] == {"modifiers": [{"label": "Bowen's counterattack", "rule": "19.53 ii", "amount": -1}],
                        "total": -1}
    assert [(r["roll"], r["modified"], r["result"]) for r in p["rolls"]][4:] == [(5, 4, "Dr"), (6, 5, "Dr")]
    assert p["exact"] == {"De": "2/3", "Dr": "1/3"}
    assert s.bowen_bonus == 0                             # a preview changes nothing
    act(s, "resolve")                                     # roll 5 - 1 = 4 at 6-1: Dr
    assert "6-1, die modified by -1 (19.53 ii): Dr" in [e for e in s.log if e.rule == "8.6"][-1].text
    assert hexof(s, "us-7-2") == "1603" or s.stack[-1][0] == "retreat"


def test_preview_at_a_declared_lower_column():
    s = position(G, {"us-12-1": "1602", "cs-st-pettus": "1603"}, phase="combat", released=REL)
    p = s.preview(Action("resolve_at", G.tables.columns.index("2-1")))
    assert p["column"] == {"ratio": "8 : 2", "odds": "2-1", "natural": "4-1", "declared_lower": True, "rule": "8.9"}
    assert p["odds"] == "2-1" and p["exact"] == {"Ar": "1/3", "Dr": "2/3"}


def test_preview_itemises_range_and_its_rounding():
    # Schofield's 3 points at range 4 (19.2: two-thirds, 2 exactly); Corput's 2 at range 3 (9.1:
    # 4/3, rounded to 1); Lee (5) in clear
    units = {"us-12-a1mo": "1602", "cs-st-lee": "1606"}
    s = position(G, units, released=REL)
    from cwbattles.systems.blue_and_gray.preview import preview
    p = preview(s.clone(), (idx("1606"),), _units(s, ["us-12-a1mo"]))
    battery = p["attacker"]["units"][0]
    assert battery["role"] == "bombards" and battery["range"] == 4 and battery["strength"] == 3
    assert battery["steps"] == [{"label": "bombards at range 4, reduced by one third", "rule": "19.2", "factor": "2/3"}]
    assert battery["total"] == "2" and p["bombardment"] and p["odds"] == "1-3"
    s = position(G, {"cs-st-corput": "1602", "us-12-2": "1605"}, side="confederate", released=REL)
    p = preview(s.clone(), (idx("1605"),), _units(s, ["cs-st-corput"]))
    assert p["attacker"]["units"][0]["steps"] == [
        {"label": "bombards at range 3", "rule": "9.1", "factor": "2/3"},
        {"label": "rounded to the nearest whole point, at least 1", "rule": "9.1", "value": "1"}]
    assert p["column"]["ratio"] == "1 : 6"

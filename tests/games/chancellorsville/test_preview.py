"""The itemised combat preview on Chancellorsville: exact odds with the revised morale (12.2),
fieldworks (10.3) and a leader's point (23.55) applied, the same figures the resolution uses."""

from .helpers import act, game, idx, position

G = game()


def test_preview_lists_morale_and_fieldworks_and_gives_exact_odds():
    # Posey (4, disrupted: halved to 2) and Wright (4) attack 1/II (6) in fieldworks at F0404
    units = {"us-1-ii": "F0404", "cs-posey-a": "F0505", "cs-wright-a": "F0405"}
    s = position(G, units, side="confederate", phase="combat", turn=5, fieldworks=["F0404", "F0505"],
                 flags={"cs-posey-a": {"morale": "disrupted"}})
    if s.stack[-1][0] == "combat":
        act(s, "attack", "F0404")
    act(s, "attacker", "cs-posey-a")
    act(s, "attacker", "cs-wright-a")
    p = s.preview(next(a for a in s.legal_actions() if a.kind == "resolve"))
    posey = next(u for u in p["attacker"]["units"] if u["id"] == "cs-posey-a")
    assert posey["steps"] == [{"label": "disrupted", "rule": "12.2", "factor": "1/2"}] and posey["total"] == "2"
    assert p["defender"]["hexes"][0]["steps"] == [{"label": "defends in fieldworks", "rule": "10.3", "factor": "2"}]
    assert (p["attack"], p["defence"], p["odds"]) == (6.0, 12.0, "1-2")
    assert p["exact"] == {"Ae": "1/6", "Ar": "1/2", "Dr": "1/3"}


def test_preview_counts_a_two_star_leaders_point():
    s = position(G, {"cs-posey-a": "F0404", "cs-lee": "F0404", "us-1-ii": "F0403"}, side="confederate",
                 phase="combat", turn=5)
    if s.stack[-1][0] == "combat":
        act(s, "attack", "F0403")
    p = s.preview(next(a for a in s.legal_actions() if a.kind == "resolve"))
    assert p["attacker"]["units"][0]["strength"] == 5 and p["odds"] == "1-2"      # 5 : 6
    assert p["attacker"]["units"][0]["steps"] == [{"label": "+1 with Lee", "rule": "23.55", "value": "5"}]

"""The page's default facing after a Cedar Creek attack is the one the attack's preview was shown
for (its best odds), not blindly the zone attacked: a quick attack must fight at the odds the
player saw (issue 27)."""

import random

import cwbattles
from cwbattles.web.play_aids import default_choice


def test_the_default_facing_after_an_attack_is_the_one_its_preview_headlined():
    g = cwbattles.load("cedar-creek")
    s = g.new_game(seed=2)
    rng = random.Random(2)
    for _ in range(577):                     # random play to a declaration whose best facing is not
        s.apply(rng.choice(s.legal_actions()))   # the zone attacked (found by search, seed 2)
    attack = rng.choice(s.legal_actions())
    assert attack.kind == "attack" and g.board.zones[attack.a].id == "pike-east-fields"
    headline = s.preview(attack)
    assert headline["facing"] == "hayes-hollow"
    s.apply(attack)
    frame = s.stack[-1]                      # ("facing", side, the attacking brigade, the zone attacked)
    assert frame[0] == "facing" and g.board.zones[frame[3]].id == "pike-east-fields"
    events = [{"data": {"kind": "attack", "unit": g.brigades[frame[2]].id, "targets": ["pike-east-fields"]}}]
    faces = [a for a in s.legal_actions() if a.kind == "face"]
    odds = {g.board.zones[a.a].id: s.preview(a) for a in faces}
    # facing the zone attacked is worse here: what the old default took
    worse, best = odds["pike-east-fields"], odds["hayes-hollow"]
    assert worse["defender_hit"] - worse["attacker_hit"] < best["defender_hit"] - best["attacker_hit"]
    choice = default_choice(s, events)
    picked = s.legal_actions()[choice["index"]]
    assert picked.kind == "face" and g.board.zones[picked.a].id == "hayes-hollow"
    assert "best odds" in choice["why"]
    assert s.preview(picked)["defender_hit"] == headline["defender_hit"]

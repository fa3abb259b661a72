"""The preview of a retreat or advance choice (8.7, 8.8, 9.1): each option's hex, its terrain and
defence, the enemy units it touches; checked against the rules' own result in random games."""

import random

from .helpers import game


def test_retreat_and_advance_previews_agree_with_the_rules():
    g = game()
    seen = set()
    for seed in range(12):
        rng = random.Random(seed)
        s = g.new_game(seed)
        while not s.is_over:
            legal = s.legal_actions()
            kind = s.stack[-1][0]
            if kind in ("retreat", "advance", "retreat_option") and len(legal) > 1:
                before = s.to_position()
                asked = legal[-1]
                p = s.preview(asked)
                assert s.to_position() == before                        # the preview changes nothing
                assert p["kind"] == "choice" and p["decision"] == kind and p["rule"] in ("8.7", "9.1")
                assert [o["action"] for o in p["options"]] == [g.action_to_json(a) for a in legal]
                assert [o["asked"] for o in p["options"]].count(True) == 1 and p["options"][-1]["asked"]
                for option, action in zip(p["options"], legal):
                    t = s.clone()
                    t.apply(action)
                    pos = {u["id"]: u for u in t.to_position()["units"]}
                    for moved in option["units"]:
                        if not moved["eliminated"]:
                            assert pos[moved["unit"]]["hex"] == moved["to"]
                            terrain = g.board.terrain[g.board.index[moved["to"]]]
                            assert moved["terrain"] == terrain
                            assert moved["defence"] == float(g.tables.terrain[terrain]["defender"])
                    if action.kind == "no_advance":
                        assert option["stays"]
                seen.add(kind)
            s.apply(rng.choice(legal))
        if {"retreat", "advance"} <= seen:
            break
    assert {"retreat", "advance"} <= seen

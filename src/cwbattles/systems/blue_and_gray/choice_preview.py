"""What each answer to a retreat or advance decision would bring about (8.7, 8.8, 9.1), before
it is chosen.

Every option of the pending decision is played on a clone with the decision's own handler
(never a second reading of the rule), and the preview reports where the unit ends up and what
that hex means: its terrain and defence multiplier (10.1), whether it lies in an enemy zone of
control and which enemy units it touches (8.1: contact obliges attacks), the friendly units it
stacks with, a victory hex it enters, and any unit displaced (8.8) or eliminated on the way.
"""

from __future__ import annotations

CHOICE_FRAMES = ("retreat", "retreat_option", "advance", "bowen_advance", "exchange")


def preview_choice(s, action) -> dict:
    """Every option of the pending retreat, advance or exchange decision with its consequences;
    ``action`` (one of them) is marked as the one asked about."""
    frame = s.stack[-1] if s.stack and not s.over else None
    legal = s.legal_actions()
    if frame is None or frame[0] not in CHOICE_FRAMES or action not in legal:
        raise ValueError(f"{s.game.describe(action)} is not a pending retreat or advance choice")
    g = s.game
    options = [dict(_consequences(s, frame, a), action=g.action_to_json(a), text=g.describe(a), asked=a == action)
               for a in legal]
    rule = {"retreat": "8.7", "retreat_option": "9.1", "advance": "8.7", "bowen_advance": "19.53",
            "exchange": "8.6"}[frame[0]]
    return {"kind": "choice", "decision": frame[0], "rule": rule, "options": options}


def _consequences(s, frame, action) -> dict:
    g = s.game
    board = g.board
    ids = board.ids
    after = s.clone()
    after.stack.pop()
    s.RULES.decisions[frame[0]][1](after, frame, action)
    moved = [u for u in range(g.n_units) if after.hex[u] != s.hex[u]]
    units = []
    for u in moved:
        h = after.hex[u]
        doc = {"unit": g.units[u].id, "from": ids[s.hex[u]] if s.hex[u] >= 0 else None,
               "to": ids[h] if h >= 0 else None, "eliminated": h < 0 and s.hex[u] >= 0}
        if h >= 0:
            side = s.side_of(u)
            terrain = board.terrain[h]
            near = [v for n in board.adjacent[h] for v in after.units_at(n) if after.side_of(v) != side]
            doc.update({"terrain": terrain, "defence": float(g.tables.terrain[terrain]["defender"]),
                        "enemy_zoc": h in after.zoc(1 - side),
                        "touches": [g.units[v].id for v in near if after.is_combat_unit(v)],
                        "stacked_with": [g.units[v].id for v in after.units_at(h) if v != u],
                        "victory_hex": h in getattr(g, "control_hexes", ())})
        units.append(doc)
    out = {"units": units, "stays": not moved}
    if action.kind == "displace":
        out["displaces"] = g.units[action.a].id          # 8.8: it must retreat in turn
    return out

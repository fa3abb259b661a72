"""Actions in words and in JSON (hexes by printed number with their section, units by data-file
id, corps by name): the standard Blue & Gray actions and Chancellorsville's own (``force``
23.21-23.23, ``rally`` 12.4, ``assign`` 23.4)."""

from __future__ import annotations

from ...engine.actions import Action
from ...engine.machine import is_well_formed
from ...systems.blue_and_gray import notation as bg

# kind -> (meaning of a, meaning of b)
KINDS = {
    "move": ("unit", None), "march": ("unit", None), "force": ("unit", None), "rally": ("unit", None), "entrench": ("unit", None),
    "enter": ("unit", "hex"), "force_enter": ("unit", "hex"), "end_movement": (None, None),
    "step": ("hex", None), "exit": ("unit", None), "stop": ("unit", None),
    "attack": ("hex", None), "end_combat": (None, None), "target": ("hex", None), "attacker": ("unit", None),
    "resolve": (None, None), "retreat_to": ("hex", "unit"), "lose": ("unit", None),
    "advance": ("unit", "hex"), "no_advance": (None, None),
    "resolve_at": ("column", None), "displace": ("unit", None), "stand": ("unit", None),
    "assign": ("corps", None), "place": ("hex", None),
}


def _size(g, meaning):
    return {"hex": len(g.board), "unit": g.n_units, "column": len(g.tables.columns), "corps": len(g.corps)}.get(meaning)


def _name(g, meaning, v):
    size = _size(g, meaning)
    if size is not None and not 0 <= v < size:
        return f"{meaning} #{v} (none such)"
    return {"hex": lambda: g.board.ids[v], "unit": lambda: g.units[v].name,
            "column": lambda: g.tables.columns[v], "corps": lambda: g.corps[v]}.get(meaning, lambda: str(v))()


def describe(g, action: Action) -> str:
    k, a, b = action
    n = lambda m, v: _name(g, m, v)  # noqa: E731
    texts = {
        "move": lambda: f"move {n('unit', a)}",
        "march": lambda: f"move {n('unit', a)} strategically",
        "force": lambda: f"forced march {n('unit', a)}",
        "rally": lambda: f"rally {n('unit', a)}",
        "entrench": lambda: f"{n('unit', a)} builds fieldworks",
        "enter": lambda: f"bring on {n('unit', a)}" + (f" at {n('hex', b)} (5.4)" if b >= 0 else ""),
        "force_enter": lambda: f"bring on {n('unit', a)} at {n('hex', b)} by forced march",
        "end_movement": lambda: "end the Movement Phase",
        "step": lambda: f"move to {n('hex', a)}",
        "exit": lambda: f"{n('unit', a)} leaves the map",
        "stop": lambda: f"{n('unit', a)} ends its move",
        "attack": lambda: f"attack hex {n('hex', a)}",
        "end_combat": lambda: "end the Combat Phase",
        "target": lambda: f"also attack hex {n('hex', a)}",
        "attacker": lambda: f"{n('unit', a)} joins the attack",
        "resolve": lambda: "resolve the attack",
        "retreat_to": lambda: f"{n('unit', b)} retreats to {n('hex', a)}",
        "lose": lambda: f"lose {n('unit', a)} in the exchange",
        "advance": lambda: f"{n('unit', a)} advances into {n('hex', b)}",
        "no_advance": lambda: "do not advance",
        "resolve_at": lambda: f"resolve the attack at {n('column', a)} (declared lower odds)",
        "displace": lambda: f"displace {n('unit', a)} (the retreating unit takes its place)",
        "stand": lambda: f"{n('unit', a)} stays (no retreat)",
        "assign": lambda: f"assign the Reserve artillery to {n('corps', a)} Corps",
        "place": lambda: f"the army commander starts at {n('hex', a)}",
    }
    return texts[k]() if isinstance(k, str) and k in texts and is_well_formed(action) else str(action)


def action_to_json(g, action: Action) -> dict:
    return bg.action_to_json(g, KINDS, action, named={"corps": g.corps})


def action_from_json(g, doc: dict, source: str = "action") -> Action:
    return bg.action_from_json(g, KINDS, doc, source, named={"corps": g.corps})


def all_actions(g) -> list:
    return bg.all_actions(g, KINDS, named={"corps": g.corps})

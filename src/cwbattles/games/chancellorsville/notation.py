"""Actions in words and in JSON (hexes by printed number with their section, units by data-file
id, corps by name): the standard Blue & Gray actions and Chancellorsville's own (``force``
23.21-23.23, ``rally`` 12.4, ``entrench`` 10.3, ``assign`` 23.4, ``place`` 23.59)."""

from __future__ import annotations

from ...engine.actions import Action
from ...systems.blue_and_gray import notation as bg

# kind -> (meaning of a, meaning of b)
KINDS = bg.with_kinds({
    "march": {"force": ("unit", None), "rally": ("unit", None), "entrench": ("unit", None)},
    "enter": {"force_enter": ("unit", "hex")},
    "stand": {"assign": ("corps", None), "place": ("hex", None)},
})


def _own_texts(n, a, b) -> dict:
    return {
        "force": lambda: f"forced march {n('unit', a)}",
        "rally": lambda: f"rally {n('unit', a)}",
        "entrench": lambda: f"{n('unit', a)} builds fieldworks",
        "force_enter": lambda: f"bring on {n('unit', a)} at {n('hex', b)} by forced march",
        "assign": lambda: f"assign the Reserve artillery to {n('corps', a)} Corps",
        "place": lambda: f"the army commander starts at {n('hex', a)}",
    }


def describe(g, action: Action) -> str:
    return bg.describe(g, action, _own_texts, named={"corps": g.corps})


def action_to_json(g, action: Action) -> dict:
    return bg.action_to_json(g, KINDS, action, named={"corps": g.corps})


def action_from_json(g, doc: dict, source: str = "action") -> Action:
    return bg.action_from_json(g, KINDS, doc, source, named={"corps": g.corps})


def all_actions(g) -> list:
    return bg.all_actions(g, KINDS, named={"corps": g.corps})

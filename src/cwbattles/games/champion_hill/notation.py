"""Actions in words and in JSON (hexes by printed number, units by data-file id): the standard
Blue & Gray actions and Champion Hill's own (``advance_more``, ``halt``: Bowen's counterattack
advancing on, 19.53)."""

from __future__ import annotations

from ...engine.actions import Action
from ...systems.blue_and_gray import notation as bg

# kind -> (meaning of a, meaning of b)
KINDS = bg.with_kinds({"no_advance": {"advance_more": ("hex", "unit"), "halt": ("unit", None)}})


def _own_texts(n, a, b) -> dict:
    return {"advance_more": lambda: f"{n('unit', b)} advances on to {n('hex', a)}",
            "halt": lambda: f"{n('unit', a)} halts"}


def describe(g, action: Action) -> str:
    return bg.describe(g, action, _own_texts)


def action_to_json(g, action: Action) -> dict:
    return bg.action_to_json(g, KINDS, action)


def action_from_json(g, doc: dict, source: str = "action") -> Action:
    return bg.action_from_json(g, KINDS, doc, source)


def all_actions(g) -> list:
    return bg.all_actions(g, KINDS)

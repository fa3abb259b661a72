"""Actions of a Blue & Gray game in words and in JSON: hexes by printed number, units by data-file
id, results table columns by their odds, and whatever else a game names (Chancellorsville's
corps). The standard rules' kinds and words are here; a game adds its own (``with_kinds``,
``describe``'s ``own_texts``) and uses the codec they share (engine.notation)."""

from __future__ import annotations

from ...engine import notation as codec
from ...engine.actions import Action
from ...engine.errors import DataError
from ...engine.machine import is_well_formed, short_repr

# kind -> (meaning of a, meaning of b): the standard rules' actions (movement 6, combat 8,
# results 8.6-8.7, declared lower odds 8.9), in the order of the adapters' action space
STANDARD_KINDS = {
    "move": ("unit", None), "march": ("unit", None), "enter": ("unit", "hex"), "end_movement": (None, None),
    "step": ("hex", None), "exit": ("unit", None), "stop": ("unit", None),
    "attack": ("hex", None), "end_combat": (None, None), "target": ("hex", None), "attacker": ("unit", None),
    "resolve": (None, None), "retreat_to": ("hex", "unit"), "lose": ("unit", None),
    "advance": ("unit", "hex"), "no_advance": (None, None),
    "resolve_at": ("column", None), "displace": ("unit", None), "stand": ("unit", None),
}


def with_kinds(after: dict) -> dict:
    """The standard kinds with a game's own: ``after[kind]`` (a dict of kinds) comes right after
    that standard kind, so the action space keeps the game's order."""
    out = {}
    for k, meanings in STANDARD_KINDS.items():
        out[k] = meanings
        out.update(after.get(k, {}))
    return out


def standard_texts(n, a: int, b: int) -> dict:
    """kind -> the words for the standard actions; ``n(meaning, index)`` names a hex, unit..."""
    return {
        "move": lambda: f"move {n('unit', a)}",
        "march": lambda: f"move {n('unit', a)} strategically",
        "enter": lambda: f"bring on {n('unit', a)}" + (f" at {n('hex', b)} (5.4)" if b >= 0 else ""),
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
    }


def name(g, meaning, v, named: dict | None = None) -> str:
    """Index ``v`` of a meaning in words (a unit by its name); out of range says so."""
    if meaning == "unit":
        return g.units[v].name if 0 <= v < g.n_units else f"unit #{v} (none such)"
    names = _names(g, named or {})
    if meaning not in names:
        return str(v)
    if not 0 <= v < len(names[meaning]):
        return f"{meaning} #{v} (none such)"
    return names[meaning][v]


def describe(g, action: Action, own_texts=None, named: dict | None = None) -> str:
    """An action in words: the standard kinds' and ``own_texts(n, a, b)``'s (a game's kinds)."""
    k, a, b = action
    n = lambda m, v: name(g, m, v, named)  # noqa: E731
    texts = standard_texts(n, a, b)
    if own_texts:
        texts.update(own_texts(n, a, b))
    return texts[k]() if isinstance(k, str) and k in texts and is_well_formed(action) else str(action)


def _names(g, named: dict) -> dict:
    """meaning -> the list of names by index (units are read through the game's own index)."""
    return {"hex": g.board.ids, "column": g.tables.columns, **named}


def action_to_json(g, kinds: dict, action: Action, named: dict | None = None) -> dict:
    names = _names(g, named or {})
    return codec.action_to_json(kinds, lambda m, v: g.units[v].id if m == "unit" else names[m][v], action)


def action_from_json(g, kinds: dict, doc: dict, source: str = "action", named: dict | None = None) -> Action:
    names = _names(g, named or {})

    def unref(meaning, v, src, key):
        try:
            if meaning == "unit":
                return g.unit_index[v]
            if meaning == "hex":
                return g.board.index[v]
            return names[meaning].index(v)
        except (KeyError, TypeError, ValueError):
            raise DataError(src, key, f"unknown {meaning} {short_repr(v)}") from None

    return codec.action_from_json(kinds, unref, doc, source)


def all_actions(g, kinds: dict, named: dict | None = None) -> list:
    """Every action the kinds can make; ``enter`` at its own entry hex (-1) or another (5.4)."""
    values = {m: range(len(v)) for m, v in _names(g, named or {}).items()}
    values.update({"unit": range(g.n_units), None: [-1]})
    return codec.all_actions(kinds, values, {"enter": [-1, *g.entry_hexes]})

"""Actions of a Blue & Gray game in JSON: hexes by printed number, units by data-file id, results
table columns by their odds, and whatever else a game names (Chancellorsville's corps). Each game
keeps its own kinds and words; this is the codec they share (engine.notation)."""

from __future__ import annotations

from ...engine import notation as codec
from ...engine.actions import Action
from ...engine.errors import DataError
from ...engine.machine import short_repr


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

"""Actions as JSON, for any game. A game lists its action kinds with what each of the two
integers means (``{"step": ("hex", None), ...}``) and gives two functions: ``ref(meaning, i)``,
the JSON value naming index i (a hex's printed number, a unit's id), and ``unref(meaning, value,
source, key)``, the index back (raising DataError naming the key). Records, positions, the web
and the adapters all go through these."""

from __future__ import annotations

from .actions import Action
from .errors import DataError
from .machine import short_repr


def action_to_json(kinds: dict, ref, action: Action) -> dict:
    k, a, b = action
    ma, mb = kinds.get(k, (None, None))
    doc = {"kind": k}
    if ma and a >= 0:
        doc[ma] = ref(ma, a)
    if mb and b >= 0:
        doc[mb] = ref(mb, b)
    return doc


def action_from_json(kinds: dict, unref, doc: dict, source: str = "action") -> Action:
    if not isinstance(doc, dict) or not isinstance(doc.get("kind"), str) or doc["kind"] not in kinds:
        raise DataError(source, "kind", f"unknown action {short_repr(doc)}")
    k = doc["kind"]
    ma, mb = kinds[k]
    a = unref(ma, doc[ma], source, ma) if ma and ma in doc else -1
    b = unref(mb, doc[mb], source, mb) if mb and mb in doc else -1
    return Action(k, a, b)


def all_actions(kinds: dict, values: dict, seconds: dict | None = None) -> list:
    """Every action, in a fixed order (the adapters' indices); ``values[meaning]`` lists the
    indices of a meaning, ``values[None]`` is ``[-1]``; ``seconds[kind]``, where given, lists a
    kind's second integers instead (a few of a meaning's values, or -1 beside them)."""
    seconds = seconds or {}
    return [Action(k, a, b) for k, (ma, mb) in kinds.items() for a in values[ma]
            for b in seconds.get(k, values[mb])]

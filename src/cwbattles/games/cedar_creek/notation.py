"""Actions in words and in JSON.

Every action kind says what its two integers mean; the JSON form uses the ids of the data
files (zone ids, brigade ids...) so a record can be read and edited by a person.
"""

from __future__ import annotations

from ...engine.actions import Action
from ...engine.errors import DataError
from ...engine.machine import short_repr, is_well_formed

# kind -> (meaning of a, meaning of b); each meaning is one of zone, unit, division, piece,
# combat, flag, line, or None.
KINDS = {
    "tactical_retreat": ("flag", None),
    "activate": ("division", None),
    "brigade": ("unit", None),
    "end_division": ("division", None),
    "pass": ("unit", None),
    "rest": ("unit", None),
    "rout": ("unit", None),
    "mount": ("unit", None),
    "dismount": ("unit", None),
    "extra_mp": ("unit", None),
    "enter": ("zone", None),
    "move": ("zone", None),
    "attack": ("zone", None),
    "charge": ("zone", None),
    "stop": ("unit", None),
    "line": ("line", "unit"),
    "face": ("zone", "unit"),
    "hq_displace": ("zone", "hq"),
    "end_hq": (None, None),
    "hq_move": ("zone", "piece"),
    "hq_enter": ("zone", "piece"),
    "hq_stop": (None, "piece"),
    "deploy": ("unit", None),
    "resolve": ("combat", None),
    "hold": ("unit", None),
    "retreat": ("unit", None),
    "fatigue": ("unit", None),
    "retreat_to": ("zone", "unit"),
    "retreat_stop": ("unit", None),
    "advance": ("unit", "zone"),
    "no_advance": ("zone", None),
}
PIECES = ("hq", "train")


def _size(game, meaning) -> int | None:
    return {"zone": game.n_zones, "unit": game.n_units, "division": len(game.divisions), "hq": len(game.hq_ids),
            "piece": len(PIECES)}.get(meaning)


def _name(game, meaning, value):
    size = _size(game, meaning)
    if size is not None and not 0 <= value < size:
        return f"{meaning} #{value} (none such)"
    if meaning == "zone":
        return game.board.zones[value].name
    if meaning == "unit":
        return game.brigades[value].name
    if meaning == "division":
        return game.divisions[value].name
    if meaning == "hq":
        return game.hq_names[value]
    if meaning == "piece":
        return "HQ" if value == 0 else "train"
    return str(value)


def describe(game, action: Action) -> str:
    """The action in words (any Action, even one no game would offer: its numbers then)."""
    k, a, b = action
    n = lambda m, v: _name(game, m, v)  # noqa: E731
    texts = {
        "tactical_retreat": lambda: "order a tactical retreat" if a else "no tactical retreat",
        "activate": lambda: f"activate {n('division', a)}",
        "brigade": lambda: f"act with {n('unit', a)}",
        "end_division": lambda: f"done with {n('division', a)}",
        "pass": lambda: f"{n('unit', a)} does nothing",
        "rest": lambda: f"{n('unit', a)} rests (-1 fatigue)",
        "rout": lambda: f"{n('unit', a)} routs voluntarily",
        "mount": lambda: f"{n('unit', a)} mounts (2 MP)",
        "dismount": lambda: f"{n('unit', a)} dismounts (2 MP)",
        "extra_mp": lambda: f"{n('unit', a)} pushes on (+2 MP, +1 fatigue)",
        "enter": lambda: f"enter at {n('zone', a)}",
        "move": lambda: f"move to {n('zone', a)}",
        "attack": lambda: f"attack {n('zone', a)}",
        "charge": lambda: f"charge {n('zone', a)}",
        "stop": lambda: f"{n('unit', a)} ends its move",
        "line": lambda: f"{n('unit', b)} takes the {'first' if a == 1 else 'second'} line",
        "face": lambda: f"{n('unit', b)} faces {n('zone', a)}",
        "hq_displace": lambda: f"{n('hq', b)} falls back to {n('zone', a)}",
        "end_hq": lambda: "end headquarters movement",
        "hq_move": lambda: f"{n('piece', b)} moves to {n('zone', a)}",
        "hq_enter": lambda: f"{n('piece', b)} enters at {n('zone', a)}",
        "hq_stop": lambda: f"{n('piece', b)} stops",
        "deploy": lambda: f"deploy Artillerie with {n('unit', a)}",
        "resolve": lambda: f"resolve attack #{a + 1}",
        "hold": lambda: f"{n('unit', a)} holds its position",
        "retreat": lambda: f"{n('unit', a)} retreats",
        "fatigue": lambda: f"{n('unit', a)} takes the fatigue",
        "retreat_to": lambda: f"{n('unit', b)} falls back to {n('zone', a)}",
        "retreat_stop": lambda: f"{n('unit', a)} stops falling back",
        "advance": lambda: f"{n('unit', a)} advances into {n('zone', b)}",
        "no_advance": lambda: f"do not advance into {n('zone', a)}",
    }
    return texts[k]() if isinstance(k, str) and k in texts and is_well_formed(action) else str(action)


def _ref(game, meaning, value):
    if meaning == "zone":
        return game.board.zones[value].id
    if meaning == "unit":
        return game.brigades[value].id
    if meaning == "division":
        return game.divisions[value].id
    if meaning == "hq":
        return game.hq_ids[value]
    if meaning == "piece":
        return PIECES[value]
    return value


def _unref(game, meaning, value, source, key):
    try:
        if meaning == "zone":
            return game.board.index[value]
        if meaning == "unit":
            return game.unit_index[value]
        if meaning == "division":
            return game.division_index[value]
        if meaning == "hq":
            return game.hq_ids.index(value)
        if meaning == "piece":
            return PIECES.index(value)
        if isinstance(value, bool) or not isinstance(value, int) or not -(1 << 31) <= value < 1 << 31:
            raise ValueError
        return value
    except (KeyError, ValueError, TypeError):
        raise DataError(source, key, f"unknown {meaning} {short_repr(value)}") from None


def action_to_json(game, action: Action) -> dict:
    k, a, b = action
    ma, mb = KINDS.get(k, (None, None))
    doc = {"kind": k}
    if ma and a >= 0:
        doc[ma] = _ref(game, ma, a)
    if mb and b >= 0:
        doc[mb if mb != ma else mb + "2"] = _ref(game, mb, b)
    return doc


def action_from_json(game, doc: dict, source: str = "action") -> Action:
    if not isinstance(doc, dict) or "kind" not in doc:
        raise DataError(source, "kind", "an action is an object with a 'kind'")
    k = doc["kind"]
    if not isinstance(k, str) or k not in KINDS:
        raise DataError(source, "kind", f"unknown action kind {short_repr(k)}")
    ma, mb = KINDS[k]
    a = _unref(game, ma, doc[ma], source, ma) if ma and ma in doc else -1
    bkey = (mb if mb != ma else mb + "2") if mb else None
    b = _unref(game, mb, doc[bkey], source, bkey) if bkey and bkey in doc else -1
    return Action(k, a, b)


def all_actions(game) -> list[Action]:
    """The whole action space: each kind with every value its meanings allow."""
    sizes = {"zone": game.n_zones, "unit": game.n_units, "division": len(game.divisions),
             "hq": len(game.hq_ids), "piece": len(PIECES), "combat": game.n_zones, "flag": 2}
    values = {m: list(range(n)) for m, n in sizes.items()}
    values["line"] = [1, 2]
    values[None] = [-1]
    return [Action(kind, a, b) for kind, (ma, mb) in KINDS.items() for a in values[ma] for b in values[mb]]

"""Actions of the GBACW system in words and in JSON (hexes by printed number, units by id,
directions by name, divisions and brigades by id). Every kind carries at most two integers whose
meaning is listed in KINDS; the machine's frames know the rest (the unit moving, the target)."""

from __future__ import annotations

from ...engine import notation as codec
from ...engine.actions import Action
from ...engine.errors import DataError

# kind -> (meaning of a, meaning of b)
KINDS = {
    # 26.2 set-up, 17.8 replacement leaders
    "place": ("hex", None), "place_with": ("unit", None), "set_facing": ("direction", None),
    "set_formation": ("formation", None), "place_rest": (None, None),
    # 16.0-17.0 command
    "give_cp": ("division", None), "order": ("brigade", None), "attach": ("brigade", "division"),
    "end_command": (None, None),
    # 5.0 movement, 26.4 entry, 27.23 exit
    "move": ("unit", None), "enter": ("unit", None), "end_movement": (None, None),
    "step": ("hex", None), "face": ("direction", None), "change_formation": (None, None),
    "stop": (None, None), "exit": (None, None), "entry_hex": ("hex", None),
    # 12.1 melee declaration
    "melee_at": ("hex", None), "melee_with": ("unit", None), "declare": (None, None),
    "end_declarations": (None, None),
    # 9.0 fire
    "fire_at": ("hex", None), "fire_with": ("unit", None), "resolve_fire": (None, None), "end_fire": (None, None),
    # 12.9 retreat before melee, 12.8 / 15.4 retreats and routs
    "retreat_to": ("hex", None), "stand": (None, None),
    # 12.0 melee
    "resolve_melee": ("hex", None), "advance": ("unit", None), "no_advance": (None, None),
    # 15.5 rally
    "rally": ("unit", None), "end_rally": (None, None),
}

_FORMATION_CODES = ("fighting", "march")


def _name(g, meaning, v):
    if meaning == "hex":
        return g.board.ids[v]
    if meaning == "unit":
        return g.units[v].name
    if meaning == "direction":
        return g.board.compass[v]
    if meaning == "division":
        return g.oob.divisions[v].name
    if meaning == "brigade":
        return g.oob.brigades[v].name
    if meaning == "formation":
        return _FORMATION_CODES[v]
    return str(v)


def describe(g, action: Action) -> str:
    k, a, b = action
    n = lambda m, v: _name(g, m, v)  # noqa: E731
    texts = {
        "place": lambda: f"set up in {n('hex', a)}",
        "place_with": lambda: f"place the leader with {n('unit', a)}",
        "set_facing": lambda: f"face {n('direction', a)}",
        "set_formation": lambda: f"set up in {'march' if a else 'fighting'} formation",
        "place_rest": lambda: "place the rest as history has them",
        "give_cp": lambda: f"give a Command Point to {n('division', a)}",
        "order": lambda: f"order {n('brigade', a)} into command (a Command Point)",
        "attach": lambda: f"attach {n('brigade', a)} to {n('division', b)}",
        "end_command": lambda: "end the Command Phase",
        "move": lambda: f"move {n('unit', a)}",
        "enter": lambda: f"bring on {n('unit', a)}",
        "end_movement": lambda: "end the Movement Phase",
        "step": lambda: f"move to {n('hex', a)}",
        "face": lambda: f"turn to face {n('direction', a)}",
        "change_formation": lambda: "change formation",
        "stop": lambda: "end this unit's move",
        "exit": lambda: "leave the map",
        "entry_hex": lambda: f"enter at {n('hex', a)}",
        "melee_at": lambda: f"declare a melee against {n('hex', a)}",
        "melee_with": lambda: f"{n('unit', a)} joins the melee",
        "declare": lambda: "declare this melee",
        "end_declarations": lambda: "no more melees",
        "fire_at": lambda: f"fire at {n('hex', a)}",
        "fire_with": lambda: f"{n('unit', a)} fires",
        "resolve_fire": lambda: "resolve the fire",
        "end_fire": lambda: "end the fire phase",
        "retreat_to": lambda: f"retreat to {n('hex', a)}",
        "stand": lambda: "stand (no retreat)",
        "resolve_melee": lambda: f"resolve the melee against {n('hex', a)}",
        "advance": lambda: f"{n('unit', a)} advances",
        "no_advance": lambda: "do not advance",
        "rally": lambda: f"rally {n('unit', a)}",
        "end_rally": lambda: "end the Rally Phase",
    }
    return texts[k]() if k in texts else str(action)


def _ref(g, meaning, v):
    if meaning == "hex":
        return g.board.ids[v]
    if meaning == "unit":
        return g.units[v].id
    if meaning == "direction":
        return g.board.compass[v]
    if meaning == "division":
        return g.oob.divisions[v].id
    if meaning == "brigade":
        return g.oob.brigades[v].id
    if meaning == "formation":
        return _FORMATION_CODES[v]
    return v


def _unref(g, meaning, v, source, key):
    table = {"hex": g.board.index, "unit": g.oob.unit_index, "division": g.oob.division_index,
             "brigade": g.oob.brigade_index, "direction": {d: i for i, d in enumerate(g.board.compass)},
             "formation": {f: i for i, f in enumerate(_FORMATION_CODES)}}[meaning]
    try:
        return table[v]
    except (KeyError, TypeError):
        raise DataError(source, key, f"unknown {meaning} {v!r}") from None


def action_to_json(g, action: Action) -> dict:
    return codec.action_to_json(KINDS, lambda m, v: _ref(g, m, v), action)


def action_from_json(g, doc: dict, source: str = "action") -> Action:
    return codec.action_from_json(KINDS, lambda m, v, src, key: _unref(g, m, v, src, key), doc, source)


def all_actions(g) -> list:
    """Every action of the game's action space, in a fixed order (the adapters' indices)."""
    return codec.all_actions(KINDS, {"unit": range(len(g.units)), "hex": range(len(g.board)), "direction": range(6),
                                     "division": range(len(g.oob.divisions)), "brigade": range(len(g.oob.brigades)),
                                     "formation": range(2), None: [-1]})

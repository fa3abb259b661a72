"""The one reader of a stored game's row: every column checked, or ``DamagedGame`` naming the
column and what is wrong with it.

The store reads every row through ``read_row`` (the lobby, a game being loaded, a delete), so a
row damaged on disk (a column overwritten, a database edited by hand) is listed as damaged with
the reason, never a 500 and never half-read. A damage only a replay finds (a checksum that
does not come out) is written to the row's ``damaged`` column when the game is loaded, and the
lobby lists it from then on. What is read here is only what the server itself writes
(store.create_game and the writes after it).
"""

from __future__ import annotations

import json
import math
import re

import cwbattles
from cwbattles.bots.intent import clean

SIDES = ("union", "confederate")
GAME_ID = re.compile(r"[0-9a-f]{12}")
MAX_SEED = 2 ** 63
COLUMNS = ("id", "game", "seed", "salt", "options", "players", "tokens", "invites", "created", "summary", "damaged")


class DamagedGame(Exception):
    """A stored game whose row cannot be read back, or does not replay."""


def safe_id(gid) -> str:
    """The id as the lobby can show it (any stored value, made printable ASCII)."""
    return gid if isinstance(gid, str) and gid.isascii() and gid.isprintable() else ascii(gid)[:80]


def _json(text, column: str, kind=dict):
    if not isinstance(text, str):
        raise ValueError(f"{column}: not text")
    try:
        value = json.loads(text)
    except ValueError:
        raise ValueError(f"{column}: not valid JSON") from None
    if not isinstance(value, kind):
        raise ValueError(f"{column}: not a JSON {kind.__name__ if kind is not dict else 'object'}")
    return value


def _strings(mapping: dict, column: str, required=()) -> dict:
    for key in required:
        if key not in mapping:
            raise ValueError(f"{column}: no {key!r}")
    for key, value in mapping.items():
        if not isinstance(value, str):
            raise ValueError(f"{column}.{key}: not a string")
    return mapping


def _invites(value: dict) -> dict:
    for side, invite in value.items():
        if side not in SIDES or not isinstance(invite, dict) or not isinstance(invite.get("code"), str) \
                or not isinstance(invite.get("claimed"), bool):
            raise ValueError(f"invites.{safe_id(side)}: not a side's {{code, claimed}}")
    return value


def read_tokens(text) -> dict:
    """The tokens column alone (a delete needs only it): {name: token}, the creator's among them."""
    return _strings(_json(text, "tokens"), "tokens", required=("creator",))


def read_row(row) -> dict:
    """A games row (the columns of COLUMNS, in order) as the server wrote it; DamagedGame naming
    the first column that is not."""
    values = dict(zip(COLUMNS, row))
    gid = values["id"]
    try:
        if not isinstance(gid, str) or not GAME_ID.fullmatch(gid):
            raise ValueError("id: not 12 hexadecimal digits")
        if values["damaged"]:
            raise DamagedGame(str(values["damaged"])[:500])
        if not isinstance(values["game"], str) or values["game"] not in cwbattles.games():
            raise ValueError(f"game: not a game this server plays ({safe_id(values['game'])})")
        seed = values["seed"]
        if not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
            raise ValueError("seed: not a whole number from 0 to 2^63 - 1")
        if not isinstance(values["salt"], str):
            raise ValueError("salt: not text")
        created = values["created"]
        if not isinstance(created, (int, float)) or not math.isfinite(created):
            raise ValueError("created: not a time")
        return {"id": gid, "game": values["game"], "seed": seed, "salt": values["salt"],
                "options": _json(values["options"], "options"),
                "players": _strings(_json(values["players"], "players"), "players", required=SIDES),
                "tokens": read_tokens(values["tokens"]),
                "invites": _invites(_json(values["invites"], "invites")),
                "created": created, "summary": _json(values["summary"], "summary")}
    except ValueError as e:
        raise DamagedGame(f"game {safe_id(gid)} is damaged ({e})") from None


def read_action(a, gid: str) -> dict:
    """An actions row (seq, side, action, checksum, intent); DamagedGame if it is not what was
    written. An intent that does not read is left out, not a damage: it is an annotation, and
    the game replays without it."""
    seq, side, action, checksum, intent = a
    try:
        if not isinstance(seq, int) or side not in SIDES or not isinstance(checksum, str):
            raise ValueError(f"actions[{safe_id(seq)}]: its number, side or checksum is malformed")
        out = {"seq": seq, "side": side, "action": _json(action, f"actions[{seq}].action"), "checksum": checksum}
    except ValueError as e:
        raise DamagedGame(f"game {safe_id(gid)} is damaged ({e})") from None
    try:
        out["intent"] = clean(json.loads(intent)) if intent else None
    except (TypeError, ValueError, RecursionError):
        out["intent"] = None
    return out

"""Resignation: a player ends the game at any moment and loses it, whatever the victory points.

No printed rule of these games has it (nor a draw offer: each game's victory rules always name a
winner or a draw from the points); it belongs to play between people, as in chess. It stands in
a record as the action ``{"kind": "resign", "side": SIDE}``, always the last one, so that a
record of a resigned game replays and verifies like any other. It is never among the legal
actions (a bot never resigns): ``apply_doc`` plays it for whoever holds the record.
"""

from __future__ import annotations

from .board import SIDES
from .errors import DataError, IllegalAction
from .machine import short_repr

KIND = "resign"


def resign_doc(side: str) -> dict:
    return {"kind": KIND, "side": side}


def resigning_side(doc, source: str = "action") -> str | None:
    """The side a resignation's JSON names; None for any other action; DataError if malformed."""
    if not isinstance(doc, dict) or doc.get("kind") != KIND:
        return None
    if set(doc) != {"kind", "side"} or doc["side"] not in SIDES:
        raise DataError(source, "side", f"a resignation names the side that resigns, got {short_repr(doc)}")
    return doc["side"]


def resign(state, side: str) -> None:
    """``side`` resigns: the game is over and the other side has won."""
    if state.over:
        raise IllegalAction("the game is over")
    if side not in SIDES:
        raise IllegalAction(f"no side {short_repr(side)} to resign")
    state.note("resign", f"The {side} player resigns: the {other(side)} side wins.",
               data={"kind": KIND, "side": side})
    state.resigned = side
    state.over = True


def other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


def with_resignation(state, result: dict) -> dict:
    """A game's result, won by the other side if one resigned (the points stay as counted)."""
    if state.resigned is None:
        return result
    return {**result, "winner": other(state.resigned), "resigned": state.resigned}


def apply_doc(state, doc, source: str = "action"):
    """Play one action given as JSON (a resignation included); returns the Action played, or
    None for a resignation."""
    side = resigning_side(doc, source)
    if side is not None:
        resign(state, side)
        return None
    action = state.game.action_from_json(doc, source)
    state.apply(action)
    return action

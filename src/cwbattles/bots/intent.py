"""What a bot says it intends (issue 29 point 5), in the one shape records and the server keep.

A bot may expose ``intentions`` ({formation: one line}, the commander re-sets it every game-turn)
and ``plan_reason`` (one line: why the plan it plays). An *intent* is what of those changed at a
decision: ``{"plan": line}``, ``{"formations": {name: line}}`` or both. It is kept with the action
the bot chose with it (a record's ``actions[i].intent``, the server's actions table), only when
something changed, so that a game of a few thousand actions carries a few dozen of them.
Intents are annotations: replaying or verifying a record never reads them.

Records come from files anyone may write, so ``clean`` keeps only text of bounded size.
"""

from __future__ import annotations

MAX_LINE = 200           # characters of one line (a formation's name, its objective, the plan's reason)
MAX_FORMATIONS = 64      # formations in one intent (the largest army here has a dozen divisions)


def _line(text) -> str:
    return " ".join(str(text).split())[:MAX_LINE]


def clean(doc) -> dict | None:
    """An intent as a record or a row may carry it, its lines cut to size; None if ``doc`` is not
    one (a record's malformed annotation is dropped, never fatal: it does not touch the game)."""
    if not isinstance(doc, dict):
        return None
    out = {}
    if isinstance(doc.get("plan"), str) and doc["plan"].strip():
        out["plan"] = _line(doc["plan"])
    formations = doc.get("formations")
    if isinstance(formations, dict):
        lines = {_line(k): _line(v) for k, v in list(formations.items())[:MAX_FORMATIONS]
                 if isinstance(k, str) and isinstance(v, str)}
        if lines:
            out["formations"] = lines
    return out or None


def declared(bot) -> dict:
    """What the bot intends now ({} for a bot that says nothing: random, heuristic, mcts)."""
    doc = {"plan": getattr(bot, "plan_reason", None), "formations": getattr(bot, "intentions", None)}
    return clean(doc) or {}


def merged(intents) -> dict:
    """The intent in effect after a sequence of intents, each holding only what changed."""
    out: dict = {}
    for intent in intents:
        out.update(intent or {})
    return out


def changes(now: dict, before: dict) -> dict | None:
    """The parts of ``now`` that differ from ``before`` (both ``declared``); None if none do."""
    diff = {key: value for key, value in now.items() if before.get(key) != value}
    return diff or None


class Journal:
    """For a program that plays bots and writes a record (``cwbattles play --record``): the
    intent to keep with each action, side by side."""

    def __init__(self):
        self.last: dict = {}          # side -> the intent in effect

    def note(self, side: str, bot) -> dict | None:
        now = declared(bot)
        diff = changes(now, self.last.get(side, {}))
        if diff:
            self.last[side] = merged((self.last.get(side), diff))
        return diff

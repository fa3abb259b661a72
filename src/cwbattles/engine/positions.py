"""Reading positions strictly: every value checked for its type and range, every failure a
DataError naming the key and what is wrong, and the decision machine's frames checked against
the shapes each game declares for them.

A position is a document anyone can write by hand, so nothing in it is trusted: a value the
reader lets through must be one the rules can play from.
"""

from __future__ import annotations

import json

from .dice import Dice
from .errors import DataError

MISSING = object()
MAX_DICE_STATE = (1 << 64) - 1


class Reader:
    """Typed access to a position's keys; ``fail`` raises a DataError naming the key."""

    def __init__(self, source: str):
        self.source = source

    def fail(self, key: str, problem: str):
        raise DataError(self.source, key, problem)

    def document(self, doc) -> dict:
        """The position itself: a JSON object, or its text."""
        if isinstance(doc, (str, bytes)):
            try:
                doc = json.loads(doc)
            except (ValueError, RecursionError) as e:
                self.fail("-", f"not valid JSON: {e}")
        if not isinstance(doc, dict):
            self.fail("-", "a position is a JSON object")
        return doc

    def start(self, doc, game) -> dict:
        """The document, checked to be a position of ``game`` played with its rule options."""
        doc = self.document(doc)
        name = self.get(doc, "game", str)
        if name != game.name:
            self.fail("game", f"this position is for {_show(name)}, not {game.name!r}")
        self.options(doc, game)
        return doc

    def new_state(self, doc, game, turns: int):
        """The document checked for ``game`` (``start``) and a new state of it with the turn
        (1..``turns``), round, end and dice the document gives."""
        doc = self.start(doc, game)
        s = game.state_class()(game, 0)
        s.turn = self.int(doc, "turn", 1, turns)
        s.round = self.int(doc, "round", 0, 2)
        s.over = self.bool(doc, "over", default=False)
        s.dice = self.dice(doc)
        return doc, s

    def get(self, doc, key: str, kind, where: str = "", default=MISSING):
        """``doc[key]`` of type ``kind`` (a type or tuple of types; an int is never a bool)."""
        path = f"{where}.{key}" if where else key
        if not isinstance(doc, dict):
            self.fail(where or "-", f"expected an object, got {_show(doc)}")
        if key not in doc:
            if default is MISSING:
                self.fail(path, "missing")
            return default
        value = doc[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
            names = "/".join("null" if k is type(None) else k.__name__ for k in kinds)
            self.fail(path, f"expected {names}, got {_show(value)}")
        return value

    def int(self, doc, key: str, lo: int, hi: int, where: str = "", default=MISSING) -> int:
        value = self.get(doc, key, int, where, default)
        if not lo <= value <= hi:
            self.fail(f"{where}.{key}" if where else key, f"must be between {lo} and {hi}, got {_show(value)}")
        return value

    def bool(self, doc, key: str, where: str = "", default=MISSING) -> bool:
        return self.get(doc, key, bool, where, default)

    def choice(self, doc, key: str, options, where: str = "", default=MISSING):
        value = self.get(doc, key, str, where, default)
        if value not in options:
            self.fail(f"{where}.{key}" if where else key, f"must be one of {sorted(options)}, got {_show(value)}")
        return value

    def items(self, doc, key: str, where: str = "", default=MISSING) -> list:
        """A list under ``key``."""
        return self.get(doc, key, list, where, default)

    def mapping(self, doc, key: str, where: str = "", default=MISSING) -> dict:
        return self.get(doc, key, dict, where, default)

    def options(self, doc, game) -> None:
        """The rule options the position was played with, if it says, must be the game's."""
        if "options" not in doc:
            return
        options = self.get(doc, "options", (dict, type(None))) or {}
        if dict(options) != dict(game.options):
            self.fail("options", f"the position was played with rule options {_show(options)}, this game has "
                                 f"{game.options}: load the game with the same options")

    def dice(self, doc) -> Dice:
        """The dice: the generator's state (a 64-bit integer), the rolls so far, scripted rolls."""
        dice = self.mapping(doc, "dice")
        state = self.int(dice, "state", 0, MAX_DICE_STATE, "dice")
        calls = self.int(dice, "calls", 0, 10 ** 9, "dice")
        script = self.get(dice, "script", (list, type(None)), "dice", None) or []
        for i, roll in enumerate(script):
            if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 6:
                self.fail(f"dice.script[{i}]", f"a scripted roll is a whole number 1-6, got {_show(roll)}")
        d = Dice(state=state, calls=calls)
        if script:
            d.set_script(script)
        return d

    def one_each(self, ids: list, known, what: str, key: str = "units") -> None:
        """Every one of ``known`` listed exactly once in ``ids``."""
        missing = [k for k in known if k not in set(ids)]
        if missing:
            self.fail(key, f"{len(missing)} {what} missing (every one must be listed): {', '.join(missing[:5])}")

    def frames(self, doc, shapes: dict, checks: dict) -> list:
        """The decision machine's stack: each frame a list [kind, arguments...] whose arguments
        have the shape ``shapes[kind]`` declares (a tuple of argument kinds; a kind ending in
        ``?`` may be left out at the end); ``checks[arg kind](value)`` says whether a value is
        one. An argument kind in parentheses, e.g. ``(unit)``, is a list of such values; one of
        words joined by ``|``, e.g. ``melee|rout``, is one of those words."""
        stack = self.get(doc, "stack", (list, type(None)), default=None)
        out = []
        for i, frame in enumerate(stack or []):
            key = f"stack[{i}]"
            if not isinstance(frame, list) or not frame or not isinstance(frame[0], str) or frame[0] not in shapes:
                self.fail(key, f"unknown frame {_show(frame)}")
            shape = shapes[frame[0]]
            required = sum(1 for a in shape if not a.endswith("?"))
            args = frame[1:]
            if not required <= len(args) <= len(shape):
                self.fail(key, f"a {frame[0]} frame has {required}"
                               f"{'' if required == len(shape) else f'-{len(shape)}'} arguments, got {len(args)}")
            values = []
            for j, (kind, value) in enumerate(zip(shape, args)):
                kind = kind.rstrip("?")
                where = f"{key}[{j + 1}]"
                if kind.startswith("("):
                    if not isinstance(value, list):
                        self.fail(where, f"expected a list of {kind[1:-1]}, got {_show(value)}")
                    for x in value:
                        self._arg(checks, kind[1:-1], x, where)
                    values.append(tuple(value))
                else:
                    self._arg(checks, kind, value, where)
                    values.append(value)
            out.append((frame[0], *values))
        return out

    def _arg(self, checks, kind: str, value, where: str) -> None:
        if "|" in kind:
            if not isinstance(value, str) or value not in kind.split("|"):
                self.fail(where, f"must be one of {kind.split('|')}, got {_show(value)}")
            return
        if isinstance(value, bool) or not isinstance(value, int) or not checks[kind](value):
            self.fail(where, f"not a {kind}: {_show(value)}")


def _show(value) -> str:
    """A value in a message, cut short (a position may hold anything)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def frame_checks(sizes: dict, **more) -> dict:
    """The checks of frame arguments: an index 0..n-1 for each kind in ``sizes``, the sides
    (``side`` either, ``union`` 0, ``confederate`` 1, ``nobody`` -1 for the machine's own steps),
    and any ``more``."""
    checks = {kind: (lambda n: lambda v: 0 <= v < n)(n) for kind, n in sizes.items()}
    checks.update({"side": lambda v: v in (0, 1), "union": lambda v: v == 0, "confederate": lambda v: v == 1,
                   "nobody": lambda v: v == -1}, **more)
    return checks


def play_check(r: Reader, state) -> None:
    """Run the position up to its first choice: a position the rules cannot continue from is
    refused here, never by a crash in the middle of a game."""
    try:
        state.advance()
        state.legal_actions()
    except DataError:
        raise
    except Exception as e:                              # noqa: BLE001 (any rule's failure means the document is bad)
        r.fail("stack", f"the rules cannot continue from this position ({type(e).__name__}: {e})")

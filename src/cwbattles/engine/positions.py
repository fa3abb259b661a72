"""Reading positions strictly: every value checked for its type and range, every failure a
DataError naming the key and what is wrong, and the decision machine's frames checked against
the shapes each game declares for them.

A position is a document anyone can write by hand, so nothing in it is trusted: a value the
reader lets through must be one the rules can play from, and must read back as written
(``reads_back``, one check for every game; the shorthands a game documents aside).
"""

from __future__ import annotations

import json
import re
from importlib import import_module

from .dice import Dice
from .errors import DataError

MISSING = object()
MAX_DICE_STATE = (1 << 64) - 1
# Shorthands every game's reader takes (``reads_back``): an empty script is no scripted rolls.
SHORTHANDS = {"dice.script": ([],)}


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
        """The document, checked to be a position of ``game`` (its version of the rules, if it
        says) played with its rule options."""
        doc = self.document(doc)
        name = self.get(doc, "game", str)
        if name != game.name:
            self.fail("game", f"this position is for {_show(name)}, not {game.name!r}")
        version = self.get(doc, "version", str, default=game.version)
        if version != game.version:
            self.fail("version", f"this position is for version {_show(version)} of the rules, not {game.version!r}")
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
        options = self.mapping(doc, "options")
        if dict(options) != dict(game.options):
            self.fail("options", f"the position was played with rule options {_show(options)}, this game has "
                                 f"{game.options}: load the game with the same options")

    def dice(self, doc) -> Dice:
        """The dice: the generator's state (a 64-bit integer), the rolls so far, scripted rolls."""
        dice = self.mapping(doc, "dice")
        state = self.int(dice, "state", 0, MAX_DICE_STATE, "dice")
        calls = self.int(dice, "calls", 0, 10 ** 9, "dice")
        script = self.items(dice, "script", "dice", [])
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
        stack = self.items(doc, "stack", default=[])
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


def reads_back(r: Reader, doc: dict, state, shorthands: dict | None = None) -> None:
    """Every value the document gives is the one the state it was read into gives back
    (``state.to_position()``): a value the reader ignored, coerced or replaced is refused with a
    DataError naming its path, so no reader's leniency lets a wrong document through. Types are
    strict (``true`` is not ``1``, ``1.0`` is not ``1``); keys the document leaves out are the
    reader's defaults and not compared. Lists of objects with ids may be in any order, lists of
    names the state writes sorted too.

    ``shorthands``: the written values the game's reader documents as standing for what it
    reads, by path with any list index (``{"units[].facing": (None,)}``: null is the default
    facing); each game lists its own in ``position.SHORTHANDS`` (``shorthands_of``), and all
    take those of this module's ``SHORTHANDS``."""
    text = json.dumps(state.to_position(), sort_keys=True)
    try:
        if json.dumps(doc, sort_keys=True) == text:
            return                                      # the usual case, a saved position: at once
    except (TypeError, ValueError):                     # keys of mixed types, values JSON has not
        pass
    _compare(r, doc, json.loads(text), "", "", {**SHORTHANDS, **(shorthands or {})})


def _compare(r: Reader, written, read, path: str, pattern: str, shorthands: dict) -> None:
    """``pattern``: the path with ``[]`` for list indices, as shorthands are listed."""
    if isinstance(written, dict):
        if not isinstance(read, dict):
            r.fail(path or "-", f"read as {_show(read)}, not as written {_show(written)}")
        for k, v in written.items():
            where, like = (f"{path}.{k}", f"{pattern}.{k}") if path else (str(k), str(k))
            if _is_shorthand(shorthands.get(like), v):
                continue
            if k not in read:
                r.fail(where, f"not read back: an unknown key, or {_show(v)} is read as the key's absence")
            _compare(r, v, read[k], where, like, shorthands)
    elif isinstance(written, list):
        if not isinstance(read, list):
            r.fail(path, f"read as {_show(read)}, not as written {_show(written)}")
        if len(written) != len(read):
            r.fail(path, f"{len(written)} items written, {len(read)} read")
        if written and all(isinstance(x, dict) and isinstance(x.get("id"), str) for x in written):
            by_id = {x.get("id"): x for x in read if isinstance(x, dict)}
            for i, x in enumerate(written):
                if x["id"] not in by_id:
                    r.fail(f"{path}[{i}].id", f"read as no item, not as written {_show(x['id'])}")
                _compare(r, x, by_id[x["id"]], f"{path}[{i}]", f"{pattern}[]", shorthands)
            return
        if all(isinstance(x, str) for x in written) and read == sorted(read):
            written = sorted(written)                   # a set, written in any order
        for i, (a, b) in enumerate(zip(written, read)):
            _compare(r, a, b, f"{path}[{i}]", f"{pattern}[]", shorthands)
    elif type(written) is not type(read) or written != read:
        r.fail(path, f"read as {_show(read)}, not as written {_show(written)}")


def _is_shorthand(values, value) -> bool:
    return bool(values) and any(type(value) is type(x) and value == x for x in values)


def is_shorthand(shorthands: dict, path: str, value) -> bool:
    """Whether ``value`` written at ``path`` is one of the game's documented shorthands (types
    strict: ``0`` is not ``false``); ``units[3].facing`` matches ``units[].facing``."""
    return _is_shorthand(shorthands.get(re.sub(r"\[\d+\]", "[]", path)) if shorthands else None, value)


def shorthands_of(game) -> dict:
    """A game's documented shorthands (``reads_back``): the ``SHORTHANDS`` of the module that
    reads its positions (its package's ``position``) and those every game takes."""
    package = getattr(game, "package", "") or type(game).__module__.rsplit(".", 1)[0]
    return {**SHORTHANDS, **getattr(import_module(f"{package}.position"), "SHORTHANDS", {})}


def play_check(r: Reader, state, doc: dict | None = None, shorthands: dict | None = None) -> None:
    """Check the position ``doc`` reads back as written (``reads_back``), if given, then run it
    up to its first choice: a position the rules cannot continue from is refused here, never by
    a crash in the middle of a game."""
    if doc is not None:
        reads_back(r, doc, state, shorthands)
    try:
        state.advance()
        state.legal_actions()
    except DataError:
        raise
    except Exception as e:                              # noqa: BLE001 (any rule's failure means the document is bad)
        r.fail("stack", f"the rules cannot continue from this position ({type(e).__name__}: {e})")

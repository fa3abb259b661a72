"""The decision machine every game's State is built on.

A state holds a small stack of frames. The frame on top says what happens next: a *decision*
frame (kind, side, data...) names the side that must choose and offers the legal actions; a
*process* frame is bookkeeping the machine runs by itself (roll the initiative, end a round).
``apply`` checks an action, lets the decision's handler change the state, then runs process
frames, and decisions with a single legal action, until a real choice is pending. Frames hold
only plain values (strings, integers, tuples), so a state can be cloned, saved and replayed.

A game gives its State subclass a ``Rules`` registry (``rules.decision(kind)`` and
``rules.process(kind)`` register handlers, one rules chapter module at a time), the names of its
sides, and the tuples of its list and scalar fields, which ``clone`` copies.
"""

from __future__ import annotations

from .actions import Action
from .dice import Dice
from .errors import IllegalAction
from .log import Event, log_to_list


def is_well_formed(action) -> bool:
    """An Action of a word and two whole numbers of a sensible size (equal to a legal action
    is not enough: ``Action("move", 3.0) == Action("move", 3)``)."""
    return (isinstance(action, Action) and type(action.kind) is str and type(action.a) is int
            and type(action.b) is int and -(1 << 31) <= action.a < 1 << 31 and -(1 << 31) <= action.b < 1 << 31)


def short_repr(value) -> str:
    """A value in a message, cut short (input may hold anything)."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):       # an integer too long to print, nesting too deep
        return "(unprintable)"
    return text if len(text) <= 80 else text[:77] + "..."


class Rules:
    """A game's handlers: decisions (legal, apply) and processes (run), by frame kind."""

    def __init__(self):
        self.decisions: dict = {}
        self.processes: dict = {}

    def decision(self, kind: str):
        def register(pair):
            self.decisions[kind] = pair
            return pair
        return register

    def process(self, kind: str):
        def register(fn):
            self.processes[kind] = fn
            return fn
        return register


def field_copier(list_fields: tuple, scalar_fields: tuple):
    """``copy_fields(src, dst)``: copies each list field (shallow) and each scalar field of one
    state into another. Generated once per State class from its field names (identifiers in
    the code, never input): straight-line attribute copies cost half a getattr/setattr loop."""
    lines = ["def copy_fields(src, dst):"]
    lines += [f"    dst.{f} = src.{f}.copy()" for f in list_fields]
    lines += [f"    dst.{f} = src.{f}" for f in scalar_fields]
    lines.append("    return dst")
    namespace: dict = {}
    exec("\n".join(lines), namespace)
    return namespace["copy_fields"]


class Machine:
    """Base of a game State: the stack machine, the dice, the log and cheap cloning."""

    RULES: Rules = Rules()
    SIDES: tuple = ("first", "second")
    LIST_FIELDS: tuple = ()
    SCALAR_FIELDS: tuple = ()
    _copy_fields = staticmethod(field_copier((), ()))

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._copy_fields = staticmethod(field_copier(cls.LIST_FIELDS, cls.SCALAR_FIELDS))

    __slots__ = ("game", "dice", "_log", "_cache", "_legal", "stack", "over", "turn", "round", "resigned")

    def __init__(self, game, seed: int = 0):
        self.game = game
        self.dice = Dice(seed)
        self._log = None
        self._cache = {}      # derived facts, dropped by the game whenever they stop being true
        self._legal = None    # the legal actions of the pending decision, once computed
        self.stack = []
        self.over = False
        self.resigned = None  # the side that resigned (engine.resign), or None
        self.turn = 1
        self.round = 0

    # -- copying --------------------------------------------------------------------------------
    def clone(self):
        """A copy that shares the static game and the log's past, and nothing mutable."""
        cls = type(self)
        s = cls.__new__(cls)
        s.game = self.game
        s.dice = self.dice.copy()
        s._log = self._log
        s._cache = self._cache.copy()
        s._legal = None
        s.stack = self.stack.copy()
        s.over, s.turn, s.round, s.resigned = self.over, self.turn, self.round, self.resigned
        return self._copy_fields(self, s)

    __copy__ = clone

    # -- pickling (OpenSpiel's serialization, worker processes) ---------------------------------
    FROM_GAME: tuple = ()     # slots holding static facts of the game: rebuilt from it, never pickled

    def restore_from_game(self) -> None:
        """Set the FROM_GAME slots again after unpickling (the game itself pickles by reference)."""

    def __getstate__(self):
        """The slots' values, the log as a flat list: pickled as its chain, one level deeper for
        every event, a long game's log would pass Python's recursion limit."""
        values = {k: getattr(self, k) for c in type(self).__mro__ for k in getattr(c, "__slots__", ())
                  if hasattr(self, k) and k not in self.FROM_GAME}
        values["_log"] = log_to_list(self._log)
        return None, values

    def __setstate__(self, state):
        _, values = state
        chain = None
        for event in values.pop("_log"):
            chain = (chain, event)
        for k, v in values.items():
            setattr(self, k, v)
        self._log = chain
        self.restore_from_game()

    # -- the public decision API ---------------------------------------------------------------
    @property
    def to_act(self) -> str | None:
        """The name of the side to act, or None when the game is over."""
        if self.over or not self.stack:
            return None
        return self.SIDES[self.stack[-1][1]]

    @property
    def is_over(self) -> bool:
        return self.over

    def legal_actions(self) -> list[Action]:
        """Every action the side to act may choose now (a new list each call)."""
        if self.over:
            return []
        if self._legal is None:
            frame = self.stack[-1]
            self._legal = self.RULES.decisions[frame[0]][0](self, frame)
        return list(self._legal)

    def apply(self, action: Action) -> None:
        """Play one action. Anything not among the legal actions (a hand-built Action with
        indices out of range, a float for an int...) raises IllegalAction and changes nothing."""
        if not is_well_formed(action):
            raise IllegalAction(f"not an action: {type(action).__name__} {short_repr(action)}")
        if self.over:
            raise IllegalAction("the game is over")
        frame = self.stack[-1]
        handlers = self.RULES.decisions[frame[0]]
        legal = self._legal if self._legal is not None else handlers[0](self, frame)
        if action not in legal:
            raise IllegalAction(f"{self.game.describe(action)} is not legal now "
                                f"({self.to_act} to act: {frame[0]})")
        self._legal = None
        self.stack.pop()
        handlers[1](self, frame, action)
        self.advance()

    push = apply  # python-chess spelling

    def advance(self) -> None:
        """Run process frames, and decisions with a single legal action, until a real choice."""
        stack = self.stack
        decisions, processes = self.RULES.decisions, self.RULES.processes
        while stack and not self.over:
            frame = stack[-1]
            kind = frame[0]
            if kind in processes:
                stack.pop()
                processes[kind](self, frame)
                continue
            legal, run = decisions[kind]
            options = legal(self, frame)
            if len(options) > 1:
                self._legal = options
                return
            stack.pop()
            if options:
                run(self, frame, options[0])
        if not stack:
            self.over = True

    # -- log and dice -------------------------------------------------------------------------------
    def note(self, rule: str, text: str, dice: tuple = (), data: dict | None = None) -> None:
        """Add an event to the log: the rule applied, plain words, the dice rolled, and what a
        front-end needs to draw it (``engine.log``: unit and place ids, never the words)."""
        self._log = (self._log, Event(rule, text, tuple(dice), self.turn, self.round, data))

    @property
    def log(self) -> list[Event]:
        return log_to_list(self._log)

    def log_mark(self):
        """An opaque mark of the log as it stands, for ``events_since`` on this state or its
        descendants by ``apply`` (a clone shares the log's past)."""
        return self._log

    def events_since(self, mark) -> tuple:
        """The events added since ``mark`` (``log_mark``), oldest first."""
        return self._newest(lambda chain, n: chain is mark)

    def recent_log(self, k: int) -> tuple:
        """The last ``k`` events, oldest first, without copying the whole log (a bot checks what
        its last actions brought against what its plan expected)."""
        return self._newest(lambda chain, n: n >= k)

    def _newest(self, stop) -> tuple:
        """The log's newest events, walked back until ``stop(chain, events so far)``; oldest first."""
        out, chain = [], self._log
        while chain is not None and not stop(chain, len(out)):
            chain, ev = chain
            out.append(ev)
        return tuple(reversed(out))

    def roll(self) -> int:
        return self.dice.roll()

    def describe(self, action: Action) -> str:
        return self.game.describe(action)

"""What every game offers: the contract of a Game (static facts) and of its State (one position).

Four battles on two series systems implement it; nothing inherits from these classes (they are
``typing.Protocol``s, checked by shape), and ``tests/test_contract.py`` checks every registered
game against the contracts written here, so a fifth battle gets the whole suite by being added
to ``cwbattles.games.GAMES``. Each method's docstring is its contract.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from .actions import Action
from .dice import Dice
from .log import Event


@runtime_checkable
class State(Protocol):
    """One position of a game: the decision machine (``engine.machine.Machine``) and the game's
    lists and counters. Changed only by ``apply``; every die comes from ``dice``."""

    game: "Game"
    dice: Dice
    turn: int

    @property
    def to_act(self) -> str | None:
        """The side to choose now ("union" or "confederate"), None once the game is over."""

    @property
    def is_over(self) -> bool:
        """True once the game has ended; then ``legal_actions`` is empty and ``result`` final."""

    def legal_actions(self) -> list[Action]:
        """Every action the side to act may choose now, in a fixed order (a new list each call).
        Never empty while the game goes on: a decision with one choice is taken by itself."""

    def apply(self, action: Action) -> None:
        """Play one legal action and run the game on to the next real choice. Anything else
        raises ``IllegalAction`` and changes nothing (the position, the log, the dice)."""

    def describe(self, action: Action) -> str:
        """One legal action in words, for a player (says more than ``Game.describe`` where the
        position does: what a facing obliges to, say)."""

    def preview(self, action: Action) -> dict:
        """What an action would bring about before it is chosen, without rolling: for an attack
        the exact chance of each outcome (probabilities that sum to 1). ``ValueError`` for an
        action without a preview. Never changes the state nor its dice."""

    def clone(self) -> "State":
        """An independent copy: applying actions to one never changes the other (log included)."""

    @property
    def log(self) -> list[Event]:
        """The events so far, oldest first: rule, text, dice, turn, round and ``data`` (what a
        front-end draws: ``kind``, unit, from, to, targets, dice, result; ``engine.log``)."""

    @property
    def result(self) -> dict:
        """The victory points and standing: {"union": {"total": ...}, "confederate": {...},
        "winner": ..., "vp": {...}}; final once ``is_over``."""

    def to_position(self) -> dict:
        """The whole state as a JSON document; ``Game.from_position`` reads it back exactly
        (same position, same legal actions, same future for the same actions)."""


@runtime_checkable
class Game(Protocol):
    """The static facts of one battle (map, order of battle, tables, scenario), shared by every
    state. ``cwbattles.load(name, options)`` returns one; its module's ``load(options)`` builds it.
    Optional: ``rule_summaries()`` (rule number -> a one-line summary, for the log's links)."""

    name: str        # the registry's name, e.g. "cedar-creek"
    title: str
    version: str     # the rules version a record or position names; replays refuse another
    options: dict    # the rule options this game was loaded with (defaults filled in)

    def new_game(self, seed: int = 0, dice=None) -> State:
        """The set-up position of Game-Turn 1. The same seed and the same actions give the same
        states, logs and result, byte for byte; ``dice`` replaces the seeded generator."""

    def state_class(self) -> type:
        """The class of this game's states (``from_position`` reads a position into one)."""

    def from_position(self, doc, source: str = "position") -> State:
        """A state from a position document (``State.to_position``); ``DataError`` naming
        ``source`` and the key for anything the rules could not play from."""

    def all_actions(self) -> list[Action]:
        """Every action the game can ever offer, in a fixed order (the adapters' action space):
        every legal action of every position is among them."""

    def describe(self, action: Action) -> str:
        """An action in words, whatever the position."""

    def action_to_json(self, action: Action) -> dict:
        """An action as JSON naming units and places by their data-file ids ({"kind": ...});
        ``action_from_json`` gives the same action back."""

    def action_from_json(self, doc: dict, source: str = "action") -> Action:
        """The action a JSON document names; ``DataError`` naming ``source`` and the key."""

    def geometry(self) -> dict:
        """What the web page draws the map from (zones or hexes, their outlines and names)."""

    def counters(self) -> dict:
        """The counters' faces for the page, by unit id."""

    def key_facts(self, state: State) -> dict:
        """The few numbers a simulation reports of a finished game (losses, exits, VP...)."""

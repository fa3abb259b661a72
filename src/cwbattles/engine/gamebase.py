"""What every game's static facts share whatever its system: the calls a Game makes to its own
modules (``state``, ``position``, ``notation``: imported when first needed, since they import
the game's module themselves) and the turn record's labels. A game class sets ``package`` (its
``__package__``) and inherits these; what its rules make different it writes itself."""

from __future__ import annotations

from importlib import import_module

from .actions import Action
from .gameref import PickledByReference


class GameBase(PickledByReference):
    package: str = ""          # the game's package, e.g. "cwbattles.games.champion_hill"

    def _module(self, name: str):
        return import_module(f"{self.package}.{name}")

    def turn_label(self, turn: int) -> str:
        return self.turn_labels[turn - 1] if 0 < turn <= len(self.turn_labels) else str(turn)

    # -- states -------------------------------------------------------------------------------
    def state_class(self):
        """The class of this game's states (a position is read into one, ``position``)."""
        return self._module("state").State

    def new_game(self, seed: int = 0, dice=None):
        """The set-up position (the state's ``setup``: every unit on its set-up hex,
        reinforcements waiting), Game-Turn 1."""
        s = self.state_class()(self, seed)
        if dice is not None:
            s.dice = dice
        s.setup()
        return s

    def from_position(self, doc, source: str = "position"):
        return self._module("position").state_from_position(self, doc, source)

    # -- actions in words and JSON (the game's ``notation``) -------------------------------------
    def all_actions(self) -> list:
        return self._module("notation").all_actions(self)

    def describe(self, action: Action) -> str:
        return self._module("notation").describe(self, action)

    def action_to_json(self, action: Action) -> dict:
        return self._module("notation").action_to_json(self, action)

    def action_from_json(self, doc: dict, source: str = "action") -> Action:
        return self._module("notation").action_from_json(self, doc, source)

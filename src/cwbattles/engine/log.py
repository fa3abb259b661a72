"""The game log: structured events, shared cheaply between clones.

Each state holds its log as a chain of (previous, event) pairs, so cloning a state copies one
reference and appending never disturbs another clone.

An event is the rule applied, plain words and the dice rolled; games add ``data`` where a
front-end needs to draw what happened rather than read it. ``data`` is a small dict of JSON
values naming units and places by their data-file ids (never the text's words):

- ``kind``: what happened: ``move`` and ``enter`` (a unit went from one place to the next;
  consecutive moves of one unit make its path), ``exit`` (it left the map), ``attack`` (an
  attack declared), ``combat`` (an attack resolved), ``hold``, ``retreat``, ``rout``,
  ``advance``, ``loss`` (a strength point lost), ``eliminated``, ``hq`` (a headquarters or
  train moved), ``displaced``;
- ``unit`` (one unit) or ``units``; ``from`` and ``to`` (places);
- for ``attack`` and ``combat``: ``attackers``, ``defenders``, ``targets`` (the places
  attacked) and ``origins`` (the places the attackers attack from);
- for ``combat``: ``result`` (a short code: ``defender_hit``, ``Dr``...), ``result_text`` and,
  as the game's combat system has them, ``rolls``, ``totals`` and ``modifiers`` (each
  ``{"attacker": ..., "defender": ...}``) or ``roll``, ``die`` (the modified roll) and ``odds``;
  a GBACW combat names itself (``combat``: ``fire`` with ``strength``, ``column`` and ``shifts``,
  or ``melee`` with ``attack``, ``defence``, ``odds``);
- what happens to one unit in its place ``at``: ``face``, ``formation``, ``morale``, ``pin_check``,
  ``pinned``, ``routed``, ``rally``, ``leader_hit``, ``control``, ``setup``, ``overshoot`` and
  ``scatter`` (22.0), with their ``result`` and ``roll`` where a die decided.

The text never depends on ``data``: game records, positions and the random-game fingerprints
(which hash rule, text and dice) are the same with or without it.
"""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    rule: str          # rule number applied, e.g. "11.4"
    text: str          # plain language
    dice: tuple = ()   # the rolls made for this event
    turn: int = 0
    round: int = 0
    data: dict | None = None   # what a front-end draws (see the module's docstring)

    def __str__(self) -> str:
        rolls = f" [dice {' '.join(map(str, self.dice))}]" if self.dice else ""
        return f"T{self.turn}.{self.round} ({self.rule}) {self.text}{rolls}"

    def to_json(self) -> dict:
        doc = {"rule": self.rule, "text": self.text, "dice": list(self.dice),
               "turn": self.turn, "round": self.round}
        if self.data:
            doc["data"] = self.data
        return doc


def log_to_list(chain) -> list[Event]:
    out = []
    while chain is not None:
        chain, ev = chain
        out.append(ev)
    out.reverse()
    return out

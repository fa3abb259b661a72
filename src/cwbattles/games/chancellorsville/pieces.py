"""Chancellorsville's pieces as the game holds them: a unit (or leader) and a division, read from
``oob.toml`` by ``data_files``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Unit:
    index: int
    id: str
    name: str
    side: int
    type: str             # infantry | cavalry | artillery | leader
    size: str
    division: int         # index in game.divisions
    corps: str            # Union: the corps (23.4: the last part of the designation); "" if none
    strength: int
    movement: int
    range: int
    setup: int            # hex index, -1 if none
    entry_turn: int       # 0 unless a reinforcement
    entry_hex: int        # -1 unless a reinforcement
    stars: int            # 23.5: leaders only
    command: str          # 23.53: a leader's command (a division, a corps, "army")
    horse: bool           # 23.23: horse artillery, moves as cavalry
    disruption_save: bool  # 23.55: False for Hooker
    counter: str
    aside: bool = False
    placement_free: bool = False  # 23.59: Hooker and Lee may start anywhere


@dataclass(frozen=True)
class Division:
    index: int
    id: str
    name: str
    side: int
    corps: str
    restriction: str = ""   # Champion Hill's divisions carry one; none here (the page shows it)

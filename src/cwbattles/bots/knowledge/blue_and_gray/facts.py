"""What the bots know of every Blue & Gray game that never changes, read once per game: the
units' printed values by index and the terrain's defence multiplier (8.4) by hex. A game's own
facts (its victory hexes and their worth, its weights) build on these."""

from __future__ import annotations


class Facts:
    def __init__(self, game):
        b = game.board
        self.game = game
        self.board = b
        self.units = game.units
        self.strength = tuple(u.strength for u in game.units)
        self.side = tuple(u.side for u in game.units)
        self.kind = tuple(u.type for u in game.units)
        self.defence = tuple(game.tables.terrain[t]["defender"] for t in b.terrain)

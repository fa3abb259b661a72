"""After the die, for every Blue & Gray game: retreats (8.7-8.8) to the safest hex the game's
``safety`` finds, a displacement (8.8) pushing the weakest unit out, bombarding artillery on Ar
standing (9.1: out of the enemy's zones, it suffered nothing), and an exchange (8.6) paid with
as few strength points as the rule allows: the smallest unit that covers what is still owed,
else the largest that does not."""

from __future__ import annotations


def neighbours(state, side: int, h: int, counts) -> tuple:
    """(friendly, enemy) units next to hex h, those ``counts(unit)`` accepts (not the train,
    not a leader)."""
    friends = enemies = 0
    for n in state.game.board.adjacent[h]:
        for v in state.units_at(n):
            if not counts(v):
                continue
            if state.side_of(v) == side:
                friends += 1
            else:
                enemies += 1
    return friends, enemies


def retreat_scores(state, actions, fast: bool, safety) -> list:
    """8.7-8.8: retreat to the safest hex (``safety(state, unit, hex)``), displace the weakest."""
    units = state.game.units
    if state.stack[-1][0] == "retreat_option":
        return [1.0 if a.kind == "stand" else 0.0 for a in actions]
    return [safety(state, a.b, a.a) if a.kind == "retreat_to" else -5.0 - units[a.a].strength for a in actions]


def exchange_scores(state, actions, fast: bool) -> list:
    """8.6 Ex: the unit that covers what is owed with the least, else the largest that does not."""
    units = state.game.units
    need = state.stack[-1][2]
    return [100.0 - units[a.a].strength if units[a.a].strength >= need else float(units[a.a].strength)
            for a in actions]

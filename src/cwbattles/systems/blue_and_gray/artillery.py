"""9.0 Artillery: bombardment range and line of sight (9.1, 9.3), range attenuation (9.1)."""

from __future__ import annotations

from fractions import Fraction


def in_range(s, u: int, t: int) -> bool:
    """9.1, 9.3: artillery u reaches hex t: within its range and with a line of sight (an
    adjacent hex across a creek is also bombarded, 9.1)."""
    a = s.hex[u]
    d = s.game.board.distance(a, t)
    if d < 1 or d > s.artillery_range(u):
        return False
    return s.facts.sees(a, t)                          # the board's line of sight, memoised


def bombard_strength(s, u: int, targets: tuple) -> Fraction:
    """9.1: the unit's strength at the shortest range to a target it reaches, times the range
    factor, rounded to the nearest whole number, at least 1 (before terrain)."""
    board = s.game.board
    d = min(board.distance(s.hex[u], t) for t in targets if in_range(s, u, t))
    raw = s.strength(u) * s.range_factor(u, d)
    if raw != int(raw):
        raw = max(1, int(raw + Fraction(1, 2)))
    return Fraction(raw)

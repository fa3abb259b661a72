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


def bombard_strength(s, u: int, targets: tuple, steps: list | None = None) -> Fraction:
    """9.1: the unit's strength at the shortest range to a target it reaches, times the range
    multiplier (``s.range_modifier``), rounded to the nearest whole number, at least 1 (before
    terrain). ``steps``, if given, receives the range's multiplier and the rounding."""
    board = s.game.board
    d = min(board.distance(s.hex[u], t) for t in targets if in_range(s, u, t))
    raw = Fraction(s.strength(u))
    m = s.range_modifier(u, d)
    if m is not None:
        raw *= m[2]
        if steps is not None:
            steps.append({"label": m[0], "rule": m[1], "factor": m[2]})
    if raw != int(raw):
        raw = Fraction(max(1, int(raw + Fraction(1, 2))))
        if steps is not None:
            steps.append({"label": "rounded to the nearest whole point, at least 1", "rule": "9.1",
                          "value": raw})
    return raw

"""8.3 Combat strength and its order of modification, 8.4 terrain: what each attacking unit
and each defending hex counts for in an attack.

Every modification is a (label, rule, value) item (the state's hooks give them), so the same
functions total the strengths for the odds (``combat.odds``) and, given a list to fill, write
down each step for the combat preview (``preview``): one computation, never two.
"""

from __future__ import annotations

from fractions import Fraction

from .artillery import bombard_strength


def adjacent_role(s, u: int) -> bool:
    """9.4: artillery in an enemy zone fights like other units; other artillery bombards."""
    return s.kind(u) != "artillery" or s.in_enemy_zoc(u)


def unit_attack(s, u: int, targets: tuple, steps: list | None = None, attackers: tuple | None = None) -> Fraction:
    """8.3 step 1: one attacker's strength with its own modifications, in the rulebook's order:
    halved once across water (8.4, whichever target hexside weakens it most), bombardment
    range (9.1, rounded), then the exclusive rules' multipliers. ``steps``, if given, receives
    one dict per modification: label, rule and the multiplier (``factor``) or the result
    (``value``), both Fractions. ``attackers``: the whole attack (for the exclusive rules'
    bonuses that depend on it, ``strength_bonus``)."""
    bombarding = not adjacent_role(s, u)
    if bombarding:
        value = bombard_strength(s, u, targets, steps)
    else:
        value = Fraction(s.game.units[u].strength)
        bonus = s.strength_bonus(u, attackers)
        if bonus is not None:
            value += bonus[2]
            if steps is not None:
                steps.append({"label": bonus[0], "rule": bonus[1], "value": value})
        h, across = s.hex[u], s.facts.across
        worst = None
        for t in targets:
            m = across(s, h, t)
            if m is not None and (worst is None or m[2] < worst[2]):
                worst = m
        if worst is not None:
            value *= worst[2]
            if steps is not None:
                steps.append(_step(worst))
    for m in s.attack_modifiers(u, targets, bombarding):
        value *= m[2]
        if steps is not None:
            steps.append(_step(m))
    return value


def hex_defence(s, t: int, units: list | None = None, steps: list | None = None, engaged=None) -> Fraction:
    """8.3 step 3, 8.4, 8.7: the hex's units (less those retreated this phase, which add
    nothing) times its terrain's defence multiplier (the largest applies once) and the
    exclusive rules' multipliers. ``units``, if given, receives (unit, None if it counts, else
    why not) for every unit in the hex; ``steps`` the multipliers. ``engaged``: every unit in
    the attack's target hexes (``strength_bonus``)."""
    counted = 0
    for v in s.units_at(t):
        if not s.is_combat_unit(v):
            if units is not None:
                units.append((v, "no combat strength (7.4)"))
            continue
        if s.retreated[v]:
            if units is not None:
                units.append((v, "retreated this phase: adds nothing (8.7)"))
            continue
        counted += s.strength(v, engaged)
        if units is not None:
            units.append((v, None))
    terrain = s.game.board.terrain[t]
    value = Fraction(counted) * s.game.tables.terrain[terrain]["defender"]
    if steps is not None and s.game.tables.terrain[terrain]["defender"] != 1:
        steps.append({"label": f"defends in {terrain.replace('_', '-')}", "rule": "8.4",
                      "factor": s.game.tables.terrain[terrain]["defender"]})
    for m in s.defence_modifiers(t):
        value *= m[2]
        if steps is not None:
            steps.append(_step(m))
    return value


def defence_strength(s, targets: tuple) -> Fraction:
    """8.3-8.4: the defending hexes' strengths added."""
    engaged = defenders_of(s, targets)
    return sum((hex_defence(s, t, engaged=engaged) for t in targets), Fraction(0))


def defenders_of(s, targets: tuple) -> tuple:
    """Every unit in the target hexes of an attack."""
    return tuple(v for t in targets for v in s.units_at(t))


def _step(m) -> dict:
    label, rule, factor = m
    return {"label": label, "rule": rule, "factor": Fraction(factor)}

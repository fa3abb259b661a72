"""21.1 Limitations on dismounted cavalry (cavalry in dismounted formation)."""

from __future__ import annotations


def dismounted(s, u: int) -> bool:
    return s.game.units[u].type == "cavalry" and s.form[u] == 0


def morale_rating(s, u: int) -> int:
    """21.1: every cavalry unit in dismounted formation has a Morale Rating of 2."""
    return 2 if dismounted(s, u) else s.game.units[u].morale


def may_melee_target(s, u: int, t: int) -> bool:
    """21.11: dismounted cavalry initiates melee only against dismounted cavalry and artillery
    (either formation): every enemy combat unit in the target hex must be one of those."""
    if not dismounted(s, u):
        return True
    return all(dismounted(s, v) or s.game.units[v].type == "artillery" for v in s.combat_at(t))


def must_retreat_before_melee(s, v: int, attackers: tuple) -> bool:
    """21.12: an unpinned dismounted cavalry unit not stacked with friendly artillery or infantry,
    meleed by enemy infantry, must retreat before melee (against dismounted cavalry the standard
    rules apply). Pinned units never reach the choice (12.9)."""
    if not dismounted(s, v) or s.pinned(v):
        return False
    side = s.game.units[v].side
    units = s.game.units
    if any(units[w].side == side and units[w].type in ("infantry", "artillery") for w in s.combat_at(s.hex[v])):
        return False
    return any(units[a].type == "infantry" for a in attackers)

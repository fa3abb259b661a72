"""12.0 Morale: the series' optional Attack Effectiveness rule (the revised edition's own morale
text was not found; see docs/rules/blue-and-gray.md 12). An attacking unit that receives Ar is
ineffective: it may not attack and is not obliged to, and defends normally, until a night
Game-Turn has passed. The game decides whether the rule is in play (``attack_effectiveness``)."""

from __future__ import annotations


def attackers_repulsed(s, units) -> None:
    """12: the attacking units that must retreat on an Ar become ineffective."""
    if not s.attack_effectiveness():
        return
    for u in units:
        if s.hex[u] >= 0 and not s.ineffective[u]:
            s.ineffective[u] = True
            s.note("12", f"{s.game.units[u].name} is ineffective until a night Game-Turn has passed.")


def night_recovery(s) -> None:
    """12: at the end of a night Game-Turn every unit is effective again."""
    if s.night() and any(s.ineffective):
        s.ineffective = [False] * len(s.ineffective)
        s.note("12", "The night has passed: every unit may attack again.")

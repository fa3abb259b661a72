"""13.0 Combat results: strength point losses, captures, and the morale and pin checks a fire
result calls for, applied to the units of a hex in stacking order (13.4, errata 13.42).

- 13.1 Losses come off the top unit first; a unit reduced to nothing is eliminated and the rest
  comes off the next unit down (reconstruction).
- 13.2 A unit that cannot retreat where it must, or whose strength is taken by the enemy in a
  melee it cannot leave, is captured: its strength points and guns count as captured (27.21).
- 13.3 Every leader in a hex that loses strength points checks for casualties (17.5).
- 13.42 (errata, verified): "P/R": the top unit checks morale: pass, pinned; fail, routed; the
  second unit checks only if the top one routs. "n*": the hex loses n points and the top unit
  checks morale; if it routs or is eliminated the second checks, and a unit that passes a morale
  check then checks whether it is pinned. "*" is "0*"; "P" is a pin check of the top unit.
"""

from __future__ import annotations

from . import eventdata as ev
from .state import CAPTURED, ELIMINATED


def take_losses(s, units: tuple, n: int, rule: str) -> list:
    """13.1: n strength points off ``units`` (top first); returns the units eliminated."""
    gone = []
    for u in units:
        if n <= 0:
            break
        if s.hex[u] < 0:
            continue
        k = min(n, s.sp[u])
        s.sp[u] -= k
        n -= k
        s.on_strength_lost(u, k, False)
        if s.sp[u] <= 0:
            eliminate(s, u, rule, "its last strength point lost")
            gone.append(u)
    return gone


def eliminate(s, u: int, rule: str, why: str) -> None:
    h = s.hex[u]
    s.set_hex(u, ELIMINATED)
    s.note(rule, f"{s.game.units[u].name} is eliminated ({why}).", data=ev.at(s, "eliminated", u, h))
    _leaders_left_alone(s, h, rule)


def capture(s, u: int, rule: str, why: str) -> None:
    """13.2: the unit's remaining strength is captured."""
    h = s.hex[u]
    n = s.sp[u]
    s.capt[u] += n
    s.sp[u] = 0
    s.on_strength_lost(u, n, True)
    s.set_hex(u, CAPTURED)
    s.note(rule, f"{s.game.units[u].name} is captured ({why}).", data=ev.at(s, "eliminated", u, h, captured=True))
    _leaders_left_alone(s, h, rule, captured=True)


def _leaders_left_alone(s, h: int, rule: str, captured: bool = False) -> None:
    """17.6: leaders whose last combat unit in the hex is captured are captured with it."""
    if h < 0 or not captured or s.combat_at(h):
        return
    from .command import leader_casualty
    for v in s.leaders_at(h):
        leader_casualty(s, v, "captured", "17.6")


def apply_fire_result(s, units: tuple, res, rule: str) -> None:
    """9.6, 13.4: apply one fire result to ``units`` (the target's combat units, top first)."""
    from .command import leader_casualty_checks
    from .morale import morale_check, pin, pin_check, rout
    if not units:
        return
    h = s.hex[units[0]]
    if res.losses:
        take_losses(s, units, res.losses, rule)
    if res.losses and h >= 0:
        leader_casualty_checks(s, h, "17.5")
    if not res.check:
        return
    first = units[0]
    if res.check == "pin":
        if s.hex[first] >= 0 and not s.routed(first) and not pin_check(s, first, rule):
            pin(s, first, rule)
        return
    for u in units[:2]:                 # 13.42: the second unit checks if the top one routs or is gone
        if s.hex[u] < 0 or s.routed(u):
            continue
        if morale_check(s, u, rule):
            if res.check == "pin_rout" or not pin_check(s, u, rule):
                pin(s, u, rule)
            return
        rout(s, u, rule)

__all__ = ["apply_fire_result", "take_losses", "eliminate", "capture"]

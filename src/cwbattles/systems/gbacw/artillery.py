"""14.0 Artillery: what batteries do besides firing (their fire is 9.0, their strengths by gun type
and range 9.3 in ``fire.toml``).

- 14.1 A battery's strength is its guns; it fires unlimbered, moves limbered, and never initiates
  melee (``movement.toml``: unlimbered guns only turn).
- 14.2 In melee unlimbered guns defend at their gun count, limbered ones at half (``melee.toml``).
- 14.3 (errata, verified) Unlimbered artillery stays where friendly units retreat through it; its
  crew checks morale, and routs if it fails.
- 14.4 Unlimbered guns that must retreat after melee cannot: they are captured (the reading of
  the exception 12.82; Victory Points count captured guns, no points for crews, 27.21).
- 14.5 A battery that routs limbers up to flee (``morale.rout``).
"""

from __future__ import annotations

from .state import ROUTED


def crews_passed_through(s, u: int, h: int, kind: str) -> None:
    """14.3: u has retreated into h; the friendly unlimbered guns there check morale."""
    from .morale import morale_check, rout
    side = s.game.units[u].side
    for v in s.combat_at(h):
        if v != u and s.game.units[v].side == side and s.form_name(v) == "unlimbered" \
                and not s.flags[v] & ROUTED and kind != "rbm":
            if not morale_check(s, v, "14.3"):
                rout(s, v, "14.3")


def cannot_retreat(s, u: int) -> bool:
    """14.4: unlimbered guns (not routed) cannot retreat after melee."""
    return not s.formation(u).steps and not s.routed(u)

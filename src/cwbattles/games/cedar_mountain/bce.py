"""24.0 Brigade Combat Effectiveness loss: the track itself (every infantry and cavalry strength
point a brigade loses, the limit, the Victory Points) is the system's (``systems/gbacw/bce.py``);
here, what losing effectiveness does.

- 24.11 +1 to the die of every morale check (and rally roll) of its infantry and cavalry.
- 24.12 Its units may not initiate melee; they defend normally and, once engaged, melee normally.
- 24.13 A non-artillery unit of the brigade that fires shifts the fire one column left, even firing
  with other units.
- 24.14 Its units may not enter an enemy zone of control voluntarily (one that starts its move
  adjacent to the enemy need not leave), nor retreat through one: a unit whose only way lies
  through an enemy zone is captured instead.
- 24.15 Its routed units rally only by a die roll (15.5: the brigade commander's Rally Point and
  Effectiveness Radius still needed; a brigade or division commander in the hex takes one from the
  roll and spares the point; the army commander rallies them automatically).
- 24.2 It may not be detached (no brigade is detached during play: systems/gbacw/command.py 16.5);
  a detached brigade (Thomas) that reaches its limit unattached is out of command: its leader
  moves one hex a Game-Turn until it is attached.
"""

from __future__ import annotations

from ...systems.gbacw.bce import broken


def morale_modifier(s, u: int) -> int:
    return 1 if broken(s, u) else 0                     # 24.11


def may_initiate_melee(s, u: int) -> bool:
    return not broken(s, u)                             # 24.12


def fire_column_shift(s, firers: tuple) -> int:
    """24.13: one column left if any non-artillery firer belongs to a broken brigade."""
    return -1 if any(broken(s, u) for u in firers) else 0


def may_enter_zoc(s, u: int) -> bool:
    return not broken(s, u)                             # 24.14


def may_retreat_through_zoc(s, u: int) -> bool:
    return not broken(s, u)                             # 24.14


def rally_needs_roll(s, u: int) -> bool:
    return broken(s, u)                                 # 24.15


def detached_in_command(s, b: int) -> bool:
    return not s.bce_out[b]                             # 24.2

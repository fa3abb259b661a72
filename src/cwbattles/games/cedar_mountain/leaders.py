"""25.0 Leadership and leader loss.

- 25.1 Jackson's three Command Points, each Game-Turn, raise the Divisional Integrity Radius of
  Confederate division commanders who begin the Confederate Initial Command Phase within three
  hexes of him (split as the player likes). 25.2 Banks's one point raises one Union division
  commander's radius by one (no distance is given). Both are otherwise regular leaders: they add
  to melee strength and rally routed units stacked with them. (The points are given in the Initial
  Command Phase, ``systems/gbacw/command.py``; the three hexes are ``exclusive.toml`` [command].)
- 25.3 A leader who becomes a casualty is replaced as standard 17.8, in the orders of 25.32-25.33
  (the order of battle's ``replacements``); 25.31 Banks and Jackson are not replaced; 25.34 a brigade
  commander may be promoted only to his own division (the system promotes only a successor whose
  brigade belongs to the division).
- 27.21 Leader losses score Victory Points to the enemy, by the rank held when lost (a promoted
  brigade commander counts as a division commander): brigade 1/2/3, division 3/5/8 for wounded,
  killed, captured; Jackson 5/10/15; Banks 3/5/8.
"""

from __future__ import annotations


def army_reaches(s, side: int, d: int, distance: int) -> bool:
    """25.1, 25.2: the army commander's points reach this division commander."""
    return distance <= s.game.army_reach[side]


def leader_lost_vp(s, v: int, rank: str, fate: str) -> None:
    """27.21: score the leader's loss for the enemy."""
    g = s.game
    unit = g.units[v]
    if rank == "army":
        table = g.loss_vp["jackson" if unit.side == 1 else "banks"]
    elif rank == "division":
        table = g.loss_vp["division_commander"]
    else:
        table = g.loss_vp["brigade_commander"]
    vp = int(table.get(fate, 0))
    gained = list(s.vp_leaders)
    gained[1 - unit.side] += vp
    s.vp_leaders = tuple(gained)
    s.note("27.21", f"{unit.name} {fate}: {vp} VP to the {s.SIDES[1 - unit.side]}.")

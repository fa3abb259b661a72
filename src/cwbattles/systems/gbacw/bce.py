"""Brigade Combat Effectiveness: the loss track the OB Roster keeps for each brigade (Cedar Mountain
24.0 and "How to use the OB Roster", verified).

Every strength point an infantry or cavalry unit of a brigade loses (eliminated or captured) is
marked; when the marks reach the brigade's BCE limit the brigade has lost its effectiveness for
the rest of the game (``bce_out``), and the enemy scores the brigade's BCE Victory Points (the
game's victory rules read ``bce_out``). Independent regiments and artillery keep no track. What
losing effectiveness does is the exclusive rules' (Cedar Mountain 24.11-24.2: the game's hooks).
"""

from __future__ import annotations


def broken(s, u: int) -> bool:
    """The unit's brigade has lost its effectiveness (infantry and cavalry only)."""
    unit = s.game.units[u]
    return unit.brigade >= 0 and unit.type in ("infantry", "cavalry") and s.bce_out[unit.brigade]


def strength_lost(s, u: int, n: int) -> None:
    """Mark n boxes on u's brigade's track; at the limit the brigade loses effectiveness."""
    unit = s.game.units[u]
    b = unit.brigade
    if b < 0 or unit.type not in ("infantry", "cavalry") or n <= 0:
        return
    brig = s.game.oob.brigades[b]
    if brig.bce_limit <= 0:
        return
    s.bce_loss[b] += n
    if not s.bce_out[b] and s.bce_loss[b] >= brig.bce_limit:
        s.bce_out[b] = True
        s.touch(unit.side)
        s.note("24.0", f"{brig.name} has lost {s.bce_loss[b]} strength points and loses its combat effectiveness "
                       f"({brig.bce_vp} VP to the {s.SIDES[1 - unit.side]}).")

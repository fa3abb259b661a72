"""10.0 Zones of control.

- 10.1 A combat unit in line, dismounted, mounted or unlimbered formation, not routed, exerts a
  zone of control into its three frontal hexes (6.1), not across a lake hexside (21.34). Columns,
  limbered batteries, routed units and leaders exert none (``GState.zoc``).
- 10.2 A unit that enters an enemy zone of control stops (``movement``); routed and out-of-command
  units may not enter one (5.2); leaders ignore zones.
- 10.3 Withdrawal fire: when a unit leaves a hex in an enemy zone of control, every enemy unit
  exerting that zone and able to fire (9.1, not routed or engaged) fires at it, combined, at the
  range of one hex, before it moves; the result applies to the leaving unit alone. This fire costs
  the firing units nothing (they may fire again in the fire phases), so the program always fires
  it (a choice no player would decline).
- 10.4 Retreat fire: a unit that retreats or routs into a hex in an enemy zone of control draws
  the same fire there.
- 9.85 (errata, verified): a pinned unit firing withdrawal or retreat fire is halved.
"""

from __future__ import annotations

from . import eventdata as ev
from .fire import fire_column
from .state import ENGAGED, ROUTED


def zoc_firers(s, side: int, h: int) -> tuple:
    """10.3: the units of ``side`` whose zone covers h and who can fire into it."""
    return tuple(v for v in s.zoc_sources(side, h)
                 if s.formation(v).fire and not s.flags[v] & (ROUTED | ENGAGED) and s.sp[v] > 0)


def _zoc_fire(s, u: int, h: int, rule: str, what: str) -> None:
    from .results import apply_fire_result
    side = 1 - s.game.units[u].side
    firers = zoc_firers(s, side, h)
    if not firers:
        return
    g = s.game
    col, st, shifts = fire_column(s, firers, h, targets=(u,), halve_pinned=True)
    names = ", ".join(g.units[v].name for v in firers)
    shift_text = "".join(f", {c:+d} ({r})" for r, c in shifts)
    if col < 0:
        s.note(rule, f"{what}: {names} fire at {g.units[u].name}: strength {st}{shift_text}: no effect.",
               data=ev.combat(s, firers, h, (u,), "fire", "no effect", strength=str(st)))
        return
    roll = s.roll()
    res = g.tables.fire_result(col, roll)
    s.note(rule, f"{what}: {names} fire at {g.units[u].name}: strength {st}{shift_text}, column "
                 f"{g.tables.fire_labels[col]}: {res.code}.", (roll,),
           data=ev.combat(s, firers, h, (u,), "fire", res.code, roll, strength=str(st),
                          column=g.tables.fire_labels[col], shifts=[list(x) for x in shifts]))
    apply_fire_result(s, (u,), res, rule)


def withdrawal_fire(s, u: int, h: int) -> None:
    """10.3: u is about to leave h, a hex in an enemy zone of control."""
    _zoc_fire(s, u, h, "10.3", "Withdrawal fire")


def retreat_fire(s, u: int, h: int) -> None:
    """10.4: u has retreated into h, a hex in an enemy zone of control."""
    _zoc_fire(s, u, h, "10.4", "Retreat fire")

"""9.0 Fire combat: who may fire (9.1), at what (9.2, 18.0), with what strength (9.3), combined
(9.4), the column shifts (9.5), the Fire Combat Results Table (9.6); the results themselves are
applied by ``results`` (13.0).

- 9.1 A unit fires once a fire phase: infantry in line, dismounted cavalry, unlimbered artillery;
  not routed, not engaged (12.7); in the Offensive Fire Phase not a unit declared to melee
  (12.1). It fires only at a hex in front of it (6.1): adjacent, one of its three frontal hexes;
  farther, within the arc its front faces (``MapFacts.in_arc``); and only with a line of sight.
- 9.2 The target hex must hold an enemy combat unit (22.1 repeats it for artillery).
- 9.3 Strength: each strength point or gun times its weapon's multiplier at the range
  (``fire.toml``; canister at short range for guns); range counts the target hex, not the firer's.
- 9.4 Any units that can fire at one hex may combine into one fire (every unit in a stack may
  fire, TSS/GBACW verified; batteries in several hexes combine, 22.0).
- 9.5 Shifts: the target hex's terrain (9.51, not for mounted cavalry, errata), a crest hex fired
  on from lower ground (9.52), enfilade (9.53), a target in march formation (9.54) or routed
  (9.55), and the firers' own (24.13 for BCE).
- 9.6 One die on the column; the result applies to the target hex (13.4).

Frames: ("fire", side, mode) - ``fire_at`` a hex or ``end_fire`` (mode 0 = Defensive Fire Phase,
1 = Offensive Fire Phase); ("fire_decl", side, mode, target, firers) - ``fire_with`` a unit, or
``resolve_fire``.
"""

from __future__ import annotations

from fractions import Fraction

from ...engine.actions import Action
from . import eventdata as ev
from .los import sees
from .state import ENGAGED, FIRED, MELEE, ROUTED

END_FIRE = Action("end_fire")
RESOLVE = Action("resolve_fire")
MOUNTED_FORM = "mounted"


def bands(s, u: int) -> tuple:
    unit = s.game.units[u]
    return s.game.tables.bands(unit.type, unit.weapon)


def max_range(s, u: int) -> int:
    return bands(s, u)[-1][1]


def multiplier(s, u: int, distance: int) -> Fraction:
    """9.3: the strength of one of u's points at ``distance``."""
    return s.game.tables.multiplier(bands(s, u), distance)


def may_fire(s, u: int, mode: int) -> bool:
    """9.1: whether u may fire in this fire phase at all."""
    if s.hex[u] < 0 or not s.game.oob.combat[u]:
        return False
    f = s.flags[u]
    if f & (FIRED | ROUTED | ENGAGED) or (mode == 1 and f & MELEE):
        return False
    return s.formation(u).fire and s.sp[u] > 0


def in_front(s, u: int, t: int) -> bool:
    """6.1, 9.1: t is one of u's frontal hexes (adjacent) or within its forward arc."""
    h = s.hex[u]
    facts = s.facts
    if t in facts.front[h][s.facing[u]]:
        return True
    if s.game.board.distance(h, t) == 1:
        return False
    return facts.in_arc(h, s.facing[u], t)


def can_fire_at(s, u: int, t: int) -> bool:
    """9.1-9.3: u (already able to fire) can fire at hex t: range, arc, line of sight."""
    h = s.hex[u]
    d = s.game.board.distances_from(h)[t]
    if d < 1 or multiplier(s, u, d) <= 0:
        return False
    return in_front(s, u, t) and sees(s, h, t)


def targets_of(s, u: int, enemy_hexes) -> list:
    """The enemy-held hexes u can fire at (9.1-9.3)."""
    h = s.hex[u]
    reach = max_range(s, u)
    row = s.game.board.distances_from(h)
    return [t for t in enemy_hexes if row[t] <= reach and can_fire_at(s, u, t)]


def eligible(s, side: int, mode: int) -> list:
    return [u for u in s.game.oob.combat_units[side] if may_fire(s, u, mode)]


def fire_strength(s, firers: tuple, t: int, halve_pinned: bool = False) -> Fraction:
    """9.3-9.4 (9.85: pinned units firing withdrawal or retreat fire are halved)."""
    total = Fraction(0)
    dist = s.game.board.distance
    pinned = s.game.tables.pinned_factor
    for u in firers:
        st = s.sp[u] * multiplier(s, u, dist(s.hex[u], t))
        if halve_pinned and s.pinned(u):
            st *= pinned
        total += st
    return total


def fire_shifts(s, firers: tuple, t: int, targets: tuple | None = None) -> list:
    """9.5: [(rule, columns)] for a fire into t by ``firers`` (``targets``: the units fired on,
    top first; the hex's combat units by default)."""
    out = []
    tab = s.game.tables
    facts = s.facts
    units = targets if targets is not None else tuple(reversed(s.combat_at(t)))
    if not units:
        return out
    top = units[0]
    mounted = s.form_name(top) == MOUNTED_FORM and not s.routed(top)
    favour = []
    if facts.fire_shift[t]:
        favour.append(("9.51", facts.fire_shift[t]))
    if facts.crest[t] and all(facts.level[s.hex[u]] <= facts.level[t] for u in firers):
        favour.append(("9.52", tab.crest_fire_shift))
    if mounted:
        favour = [(r, c) for r, c in favour if c > 0]       # errata 9.51: no help to mounted cavalry
    out += favour
    sh = tab.fire_shifts
    if s.routed(top):
        out.append(("9.55", sh["routed_target"]))
    elif s.formation(top).march:
        out.append(("9.54", sh["march_target"]))
    elif all(not facts.in_arc(t, s.facing[top], s.hex[u]) for u in firers):
        out.append(("9.53", sh["enfilade"]))
    own = s.fire_column_shift(firers)
    if own:
        out.append(("24.13", own))
    return out


def fire_column(s, firers: tuple, t: int, strength=None, targets=None, halve_pinned=False) -> tuple:
    """9.6: (column index or -1 for no effect, strength, shifts)."""
    tab = s.game.tables
    st = fire_strength(s, firers, t, halve_pinned) if strength is None else strength
    base = tab.fire_column(st)
    shifts = fire_shifts(s, firers, t, targets)
    if base < 0:
        return -1, st, shifts
    col = base + sum(c for _, c in shifts)
    if col < 0:
        return -1, st, shifts
    return min(col, len(tab.fire_columns) - 1), st, shifts


def fire_on_hex(s, side: int, t: int, firers: tuple, rule: str = "9.6", strength=None) -> None:
    """9.4-9.6, 13.4: one combined fire on the units in t; marks the firers as having fired."""
    from .results import apply_fire_result
    g = s.game
    for u in firers:
        s.flags[u] |= FIRED
    targets = tuple(reversed(s.combat_at(t)))
    col, st, shifts = fire_column(s, firers, t, strength)
    names = ", ".join(g.units[u].name for u in firers)
    ids = g.board.ids
    shift_text = "".join(f", {c:+d} ({r})" for r, c in shifts)
    if not targets:
        s.note(rule, f"{names} fire into {ids[t]}: no unit there, no effect.",
               data=ev.combat(s, firers, t, (), "fire", "no effect"))
        return
    if col < 0:
        s.note(rule, f"{names} fire at {ids[t]}: strength {_num(st)}{shift_text}: below the table, no effect.",
               data=ev.combat(s, firers, t, targets, "fire", "no effect", strength=_num(st),
                              shifts=[list(x) for x in shifts]))
        s.after_fire(t, firers, min(g.board.distance(s.hex[u], t) for u in firers))
        return
    roll = s.roll()
    res = g.tables.fire_result(col, roll)
    s.note(rule, f"{names} fire at {ids[t]}: strength {_num(st)}{shift_text}, column "
                 f"{g.tables.fire_labels[col]}: {res.code}.", (roll,),
           data=ev.combat(s, firers, t, targets, "fire", res.code, roll, strength=_num(st),
                          column=g.tables.fire_labels[col], shifts=[list(x) for x in shifts]))
    distance = min(g.board.distance(s.hex[u], t) for u in firers)
    apply_fire_result(s, targets, res, "13.4")
    s.after_fire(t, firers, distance)


def _num(x) -> str:
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    whole, rest = divmod(x.numerator, x.denominator)
    return (f"{whole} " if whole else "") + f"{rest}/{x.denominator}"


# -- frames -------------------------------------------------------------------------------------------
def _fire_legal(s, frame):
    side, mode = frame[1], frame[2]
    enemy = s.occupied(1 - side)
    found = set()
    for u in eligible(s, side, mode):
        found.update(targets_of(s, u, enemy))
    fire_at = s.facts.actions["fire_at"]
    return [fire_at[t] for t in sorted(found)] + [END_FIRE]


def _fire_apply(s, frame, action):
    side, mode = frame[1], frame[2]
    if action.kind == "end_fire":
        s.note("9.1", f"{s.SIDES[side].capitalize()} {'Offensive' if mode else 'Defensive'} Fire Phase ends.")
        return
    s.stack.append(frame)
    s.stack.append(("fire_decl", side, mode, action.a, ()))


def candidates(s, side: int, mode: int, t: int, firers: tuple = ()) -> list:
    return [u for u in eligible(s, side, mode) if u not in firers and can_fire_at(s, u, t)]


def _decl_legal(s, frame):
    side, mode, t, firers = frame[1], frame[2], frame[3], frame[4]
    fire_with = s.facts.actions["fire_with"]
    out = [fire_with[u] for u in candidates(s, side, mode, t, firers)]
    if firers:
        out.append(RESOLVE)
    return out


def _decl_apply(s, frame, action):
    side, mode, t, firers = frame[1], frame[2], frame[3], frame[4]
    if action.kind == "fire_with":
        s.stack.append(("fire_decl", side, mode, t, firers + (action.a,)))
        return
    s.fire(side, t, firers)


def register(rules) -> None:
    rules.decision("fire")((_fire_legal, _fire_apply))
    rules.decision("fire_decl")((_decl_legal, _decl_apply))

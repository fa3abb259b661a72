"""22.0 Artillery overshoot: batteries firing at 9 hexes or more may miss into a neighbour of the
target.

- 22.0 Procedure: the player names the batteries combining on a target hex (the fire declaration,
  9.4); one die per battery firing at 9 hexes or more, each at its own range, on the Overshoot
  Table (22.3, ``exclusive.toml``): accurate or scattered. The accurate batteries, with every unit
  firing at a shorter range, fire together normally on the Fire Combat Results Table. Then one die
  per scattered battery on the Scatter Diagram picks the neighbour of the target its fire lands in;
  an empty neighbour (or one off the map) takes no effect; one holding units of either side is
  attacked normally, the batteries landing there firing together.
- 22.1 The target hex must hold an enemy unit (the fire declaration offers no other).
- 22.2 Scattered fire lands even out of the battery's line of sight or range: it is resolved with
  the strength the battery had against the intended target (decision: "executed normally" keeps
  the fire that was aimed, its strength included).
"""

from __future__ import annotations

from fractions import Fraction

from ...systems.gbacw.fire import fire_on_hex, multiplier
from ...systems.gbacw import eventdata as ev
from ...systems.gbacw.state import FIRED


def long_range(s, u: int, t: int) -> bool:
    g = s.game
    return g.units[u].type == "artillery" and g.board.distance(s.hex[u], t) >= g.overshoot_from


def accurate_rolls(s, u: int, t: int) -> frozenset:
    """22.3: the rolls that keep u's fire on t."""
    d = s.game.board.distance(s.hex[u], t)
    for first, last, accurate in s.game.overshoot:
        if first <= d <= last:
            return accurate
    return frozenset(range(1, 7))


def fire(s, side: int, t: int, firers: tuple) -> None:
    """22.0 steps 1-4."""
    g = s.game
    far = [u for u in firers if long_range(s, u, t)]
    if not far:
        fire_on_hex(s, side, t, firers)
        return
    ids = g.board.ids
    hit = [u for u in firers if u not in far]
    scattered = []
    for u in far:                                           # step 2
        roll = s.roll()
        ok = roll in accurate_rolls(s, u, t)
        s.note("22.3", f"{g.units[u].name} at {g.board.distance(s.hex[u], t)} hexes: "
                       f"{'accurate' if ok else 'scattered'}.", (roll,),
               data=ev.at(s, "overshoot", u, s.hex[u], target=ids[t], result="accurate" if ok else "scattered",
                          roll=roll))
        (hit if ok else scattered).append(u)
    strengths = {u: s.sp[u] * multiplier(s, u, g.board.distance(s.hex[u], t)) for u in scattered}
    if hit:                                                 # step 3
        fire_on_hex(s, side, t, tuple(hit), rule="22.0")
    landing: dict = {}
    for u in scattered:                                     # step 4
        s.flags[u] |= FIRED
        roll = s.roll()
        n = g.board.neighbours[t][g.scatter[roll]]
        s.note("22.0", f"{g.units[u].name}'s fire scatters to {ids[n] if n is not None else 'off the map'}.", (roll,),
               data=ev.at(s, "scatter", u, s.hex[u], target=ids[n] if n is not None else None, roll=roll))
        if n is not None:
            landing.setdefault(n, []).append(u)
    for n, batteries in sorted(landing.items()):
        if not s.combat_at(n):
            s.note("22.0", f"Nothing in {ids[n]}: no effect.")
            continue
        strength = sum((strengths[u] for u in batteries), Fraction(0))
        fire_on_hex(s, side, n, tuple(batteries), rule="22.2", strength=strength)


def preview(s, t: int, firers: tuple) -> dict:
    """22.0: the target hex's exact distribution over every combination of accurate batteries,
    with each battery's chance to scatter."""
    from ...systems.gbacw.preview import fire_preview_doc
    g = s.game
    far = [u for u in firers if long_range(s, u, t)]
    if not far:
        return fire_preview_doc(s, t, firers, [(Fraction(1), firers)])
    near = [u for u in firers if u not in far]
    chances = {u: Fraction(len(accurate_rolls(s, u, t)), 6) for u in far}
    branches = []
    for mask in range(1 << len(far)):
        p = Fraction(1)
        group = list(near)
        for i, u in enumerate(far):
            if mask >> i & 1:
                p *= chances[u]
                group.append(u)
            else:
                p *= 1 - chances[u]
        if p:
            branches.append((p, tuple(group)))
    doc = fire_preview_doc(s, t, firers, branches)
    doc["overshoot"] = {g.units[u].id: {"accurate": f"{c.numerator}/{c.denominator}", "p": float(c)}
                        for u, c in chances.items()}
    return doc

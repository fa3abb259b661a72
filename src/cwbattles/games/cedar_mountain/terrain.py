"""21.2-21.4 Terrain, ammunition and cornfields: what Cedar Mountain adds to the standard
terrain rules. The standard chapter applies the rest of 21.3 (road and trail rates across crests,
runs and streams, 21.31; crests, 21.32; steep crests, 21.33; lake hexsides, 21.34; runs and
streams, 21.35: ``systems/gbacw/mapfacts.py``, ``terrain.toml``) and the cornfield's 5-foot height
for line of sight (21.41-21.42: ``systems/gbacw/los.py`` reads the map's obstacle heights).

- 21.2 There are no supply wagons and no ammunition rules: the system has none.
- 21.43 A cornfield hex fired into while a unit occupies it is blown down by small-arms fire at a
  range of one hex or by artillery fire at three hexes or less: it is clear terrain for the rest
  of the game (the state's ``cleared`` set; line of sight stops counting the corn).
"""

from __future__ import annotations


def blows_down(s, t: int, firers: tuple) -> bool:
    """21.43: whether this fire into t blows the corn down."""
    g = s.game
    if t not in g.cornfields or t in s.cleared:
        return False
    dist = g.board.distance
    limits = g.blow_down
    for u in firers:
        d = dist(s.hex[u], t)
        if g.units[u].type == "artillery":
            if d <= limits["artillery"]:
                return True
        elif d <= limits["small_arms"]:
            return True
    return False


def after_fire(s, t: int, firers: tuple) -> None:
    """21.43: place the Cornfield Blow-Down marker (a fire always has a unit in its target hex,
    22.1, so the corn is never fired into empty)."""
    if blows_down(s, t, firers):
        s.cleared = s.cleared | {t}
        s.note("21.43", f"The cornfield in {s.game.board.ids[t]} is blown down.")

"""27.0 How to win: Victory Points for enemy losses (27.21), for the Victory Point hexes each
Game-Turn (27.22) and, for the Confederates, for units leaving by 0101 (27.23); the difference of
the totals gives the level of victory (27.1). The schedule is the order of battle's [victory]
table.

- 27.21 Each enemy infantry strength point or gun eliminated 1, captured 2; cavalry 2 and 3; no
  points for battery crews; leaders by rank and fate (``leaders``); each enemy brigade that reaches
  its BCE limit, the value on the roster (``bce``).
- 27.22 A Victory Point hex belongs to the last player to have occupied it with a combat unit
  (entering it counts, passing through included); all begin uncontrolled. At the end of each
  Confederate Player-Turn each hex scores 2 to its controller.
- 27.23 A unit in 0101 may spend a Movement Point in its own Movement Phase to leave the map for
  good; the Confederate player scores 1 for each combat unit or battery so exited, the Union none.
- 27.1 The smaller total is taken from the larger: 0-5 a Draw, 6-10 Marginal, 11-18 Tactical (the
  historical result: a Confederate tactical victory), 19 or more Strategic. The errata: for
  competitive play a Draw counts as a slight Union victory (option ``draw``, default "union").
"""

from __future__ import annotations

from ...systems.gbacw import eventdata as ev

UNION, CONFEDERATE = 0, 1
SIDES = ("union", "confederate")


def entered(s, u: int, h: int) -> None:
    """27.22: a combat unit entering a Victory Point hex takes it."""
    g = s.game
    if h in g.control_hexes and g.oob.combat[u]:
        i = g.control_hexes.index(h)
        side = g.units[u].side
        if s.control[i] != side:
            s.control[i] = side
            s.note("27.22", f"{g.units[u].name} takes {g.board.ids[h]} for the {SIDES[side]}.",
                   data=ev.at(s, "control", u, h, side=SIDES[side]))


def score_hexes(s) -> None:
    """27.22: at the end of the Confederate Player-Turn, 2 VP a hex to its controller."""
    g = s.game
    gained = list(s.vp_hex)
    text = []
    for h, holder in zip(g.control_hexes, s.control):
        if holder >= 0:
            gained[holder] += g.hex_vp
            text.append(f"{g.board.ids[h]} {SIDES[holder]}")
    s.vp_hex = tuple(gained)
    s.note("27.22", f"Victory Point hexes at the end of Game-Turn {s.turn}: "
                    + (", ".join(text) if text else "none controlled") + ".")


def exited(s, u: int, h: int) -> None:
    """27.23: 1 VP to the Confederates for each combat unit or battery exited; none to the Union."""
    g = s.game
    side = g.units[u].side
    if g.oob.combat[u] and g.exit_vp[side]:
        gained = list(s.vp_exit)
        gained[side] += g.exit_vp[side]
        s.vp_exit = tuple(gained)


def may_exit(s, u: int, h: int) -> bool:
    """27.23: from 0101 in the owner's Movement Phase; 27.23 forbids nothing about an enemy zone
    of control (a unit leaving one draws withdrawal fire, 10.3). Option ``zoc_exit = "barred"``:
    not from an enemy zone (the program's reading before issue 25)."""
    if h not in s.game.exit_hexes:
        return False
    return s.game.option("zoc_exit") != "barred" or h not in s.zoc(1 - s.game.units[u].side)


def loss_points(s) -> tuple:
    """27.21: points each side has for the enemy strength eliminated and captured; beside them the
    strength points and guns each side has lost (its own, for the record; exited units are no loss)."""
    g = s.game
    table = {"infantry": g.loss_vp["infantry_sp"], "cavalry": g.loss_vp["cavalry_sp"], "artillery": g.loss_vp["gun"]}
    pts = [0, 0]
    lost = [0, 0]
    for unit in g.units:
        if unit.type == "leader":
            continue
        u = unit.index
        captured = s.capt[u]
        killed = unit.strength - s.sp[u] - captured         # exited units keep their points (27.23)
        t = table[unit.type]
        pts[1 - unit.side] += killed * int(t.get("eliminated", 0)) + captured * int(t.get("captured", 0))
        lost[unit.side] += killed + captured
    return pts, lost


def bce_points(s) -> list:
    g = s.game
    pts = [0, 0]
    for b in g.oob.brigades:
        if s.bce_out[b.index]:
            pts[1 - b.side] += b.bce_vp
    return pts


def level_of(g, margin: int) -> str:
    for name, lo, hi in g.levels:
        if margin >= lo and (hi is None or margin <= hi):
            return name
    return g.levels[-1][0]


def result(s) -> dict:
    g = s.game
    (loss_vp, lost), bce = loss_points(s), bce_points(s)
    cats = {}
    for i, side in enumerate(SIDES):
        d = {"loss_vp": loss_vp[i], "leaders": s.vp_leaders[i], "bce": bce[i], "hexes": s.vp_hex[i], "exits": s.vp_exit[i]}
        d["total"] = sum(d.values())
        cats[side] = d
    vp = {side: cats[side]["total"] for side in SIDES}
    margin = vp["union"] - vp["confederate"]
    level = level_of(g, abs(margin))
    if margin > 0:
        winner = "union"
    elif margin < 0:
        winner = "confederate"
    else:
        winner = None
    if level == "draw":
        winner = "union" if g.option("draw") == "union" else None      # errata to 27.1
    control = {g.board.ids[h]: (SIDES[c] if c >= 0 else None) for h, c in zip(g.control_hexes, s.control)}
    out = {"final": s.over, "vp": vp, "winner": winner, "level": level, "margin": margin,
           "leader": ("union" if margin > 0 else "confederate" if margin < 0 else None),
           "control": control, "turn": s.turn, "historical": g.historical,
           "union": cats["union"], "confederate": cats["confederate"]}
    out["union"]["losses"] = lost[0]                 # strength points and guns the side has lost
    out["confederate"]["losses"] = lost[1]
    out["union"]["zone_vp"] = s.vp_hex[0]
    out["confederate"]["zone_vp"] = s.vp_hex[1]
    return out

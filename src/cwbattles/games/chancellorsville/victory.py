"""23.3 Exiting the map and 23.6 victory: the exit through F2501 (23.31-23.32), the line of
communication of exited units (23.61 i), occupation of the victory hexes at the end (23.61:
the side with a combat unit in the hex),
two VP per enemy strength point and per star eliminated (23.58, 23.61 ii-iii), the levels by
the ratio of the totals (23.62)."""

from __future__ import annotations

from ...systems.blue_and_gray.state import ELIMINATED, EXITED

UNION, CONFEDERATE = 0, 1
SIDES = ("union", "confederate")


# -- 23.31-23.32 exits ------------------------------------------------------------------------------
def may_exit(s, u: int, h: int) -> bool:
    """23.31: only Union combat units, only through the exit hex; 23.32: never Confederates."""
    g = s.game
    return h == g.exit_hex and g.units[u].side == UNION and g.units[u].type != "leader"


# -- 23.61 i line of communication -------------------------------------------------------------------------
def crosses_for_loc(s, a: int, b: int) -> bool:
    """23.61 i: a step of a line of communication: a hexside infantry could cross, the
    Rappahannock only where a bridge, ferry or pontoon crosses it (the scenario's
    ``loc_crossings``; not at a ford)."""
    g = s.game
    feats = g.board.features(a, b)
    if "river" in feats:
        return any(f in feats for f in g.loc_features)
    hs = g.tables.hexsides
    if "bridge" in feats or "ford" in feats:
        return True
    return not any(f in hs and hs[f]["add"].get("infantry", 0) is None for f in feats)


def line_of_communication(s) -> bool:
    """23.61 i: a chain of hexes from the exit hex to a hex north of the Rappahannock, free of
    Confederate combat units and of their zones of control (Union units do not negate them)."""
    g = s.game
    start = g.exit_hex
    blocked = s.combat_occupied(CONFEDERATE) | s.zoc(CONFEDERATE)
    if start in blocked:
        return False
    seen, todo = {start}, [start]
    adjacent = g.board.adjacent
    while todo:
        h = todo.pop()
        if h in g.north:
            return True
        for n in adjacent[h]:
            if n not in seen and n not in blocked and crosses_for_loc(s, h, n):
                seen.add(n)
                todo.append(n)
    return False


# -- 23.61 schedule, 23.62 levels --------------------------------------------------------------------
def hex_changed(s, u: int, new: int) -> None:
    """23.61, option ``occupation = "last_occupier"`` (the scenario's reading before issue 25):
    a victory hex belongs to the side whose combat unit last occupied it (entered it, or stood in
    it at the start). Kept in every game, so the option can be read from any position."""
    i = s.game.victory_slot[new]
    if i >= 0:
        s.control[i] = s.facts.unit_side[u]


def holder(s, i: int) -> int:
    """23.61 "Occupation of Hexes at the End of the Game": the side with a combat unit in
    victory hex i (leaders occupy nothing, 23.54), -1 for an empty hex; with the option
    ``occupation = "last_occupier"`` the side that last occupied it."""
    if s.game.option("occupation") == "last_occupier":
        return s.control[i]
    sides, combat = s.facts.unit_side, s.facts.is_combat
    return next((sides[v] for v in s.units_at(s.game.victory_hexes[i]) if combat[v]), -1)


def level(cvp: int, uvp: int) -> tuple:
    """23.62: (winner, level) by the ratio of Confederate to Union VP. Both nil is 1:1."""
    if cvp == uvp:
        return "union", "marginal"                          # "1:1 or less": Union Marginal
    if uvp == 0:
        return "confederate", "decisive"
    r = cvp / uvp
    if r >= 2:
        return "confederate", "decisive"
    if r >= 1.5:
        return "confederate", "substantive"
    if r > 1:
        return "confederate", "marginal"
    if cvp * 2 <= uvp:
        return "union", "decisive"
    if cvp * 3 <= uvp * 2:                                   # 1:1.5 or less
        return "union", "substantive"
    return "union", "marginal"


def result(s) -> dict:
    """Victory points so far (final when the game is over): 23.58, 23.61, 23.62."""
    g = s.game
    final = s.over
    cats = {"union": {}, "confederate": {}}

    def add(side, cat, n):
        if n:
            d = cats[SIDES[side]]
            d[cat] = d.get(cat, 0) + n

    loc = line_of_communication(s) if any(h == EXITED for h in s.hex) else True
    for u, h in enumerate(s.hex):
        unit = g.units[u]
        enemy = 1 - unit.side
        if unit.type == "leader":
            if h == ELIMINATED and s.killed[u]:
                add(enemy, "leaders", 2 * unit.stars)                      # 23.58, 23.61 iii
            continue
        if h == ELIMINATED:
            add(enemy, "eliminated", 2 * unit.strength)                    # 23.61 ii
        elif h == EXITED:
            if loc:
                add(UNION, "exits", unit.strength)                         # 23.31, 23.61 i
            else:
                add(CONFEDERATE, "cut_off_exits", 2 * unit.strength)       # 23.61 i: eliminated
    control = {}
    for i, h in enumerate(g.victory_hexes):
        side = holder(s, i)
        control[g.board.ids[h]] = SIDES[side] if side >= 0 else None
        if final and side >= 0:
            add(side, "hexes", g.victory_values[h])                        # 23.61
    vp = {k: sum(v.values()) for k, v in cats.items()}
    winner, lvl = level(vp["confederate"], vp["union"])
    out = {"final": final, "vp": vp, "categories": cats, "winner": winner, "level": lvl,
           "control": control, "zones": control, "turn": s.turn, "margin": vp["union"] - vp["confederate"],
           "line_of_communication": loc}
    lost = [0, 0]
    for u, h in enumerate(s.hex):
        if h == ELIMINATED and g.units[u].type != "leader":
            lost[g.units[u].side] += g.units[u].strength
    for i, side in enumerate(SIDES):
        mine = cats[side]
        out[side] = dict(mine, total=vp[side], losses=lost[i],            # the keys reports read
                         loss_vp=mine.get("eliminated", 0) + mine.get("cut_off_exits", 0) + mine.get("leaders", 0),
                         zone_vp=mine.get("hexes", 0))
    return out

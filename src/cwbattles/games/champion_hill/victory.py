"""20.0 Lines of communication and 21.0 victory: control of victory hexes (21.2), the victory
point schedule (21.3, printed "20.3") and the levels of victory (21.4, decision)."""

from __future__ import annotations

UNION, CONFEDERATE = 0, 1
SIDES = ("union", "confederate")


# -- 21.2 control ----------------------------------------------------------------------------------
# "The last to occupy, pass through, or exert an uncontested Zone of Control": control is a
# matter of what happened last, so it is kept up to date at every change of a combat unit's
# hex (the state's on_hex_changed), never sampled. Each step of a move counts: a unit that
# enters a hex has occupied (passed through) it, and a unit whose zone reaches an empty hex
# that no enemy zone reaches has exerted an uncontested zone there, even if it moves on, is
# eliminated later, or leaves. Only the hexes whose state can have changed are looked at: the
# one the unit left and the one it entered, with the hexes their zones reach (``control_near``).

def control_near(s) -> tuple:
    """For each hex, the indices of the controlled hexes (``game.control_hexes``) that a unit
    entering or leaving it can concern: the hex itself and the hexes its zone reaches (7.3).
    Static, worked out once per game."""
    g = s.game
    near = g.__dict__.get("_control_near")
    if near is None:
        reach = s.facts.zoc_reach
        rows = [[] for _ in range(len(g.board))]
        for i, h in enumerate(g.control_hexes):
            for n in (h,) + reach[h]:
                rows[n].append(i)
        near = g._control_near = tuple(tuple(r) for r in rows)
    return near


def hex_changed(s, old: int, new: int) -> None:
    """21.2: a combat unit left ``old`` and entered ``new`` (either may be off the map):
    the controlled hexes they concern are looked at again."""
    near = control_near(s)
    for i in (near[old] if old >= 0 else ()) + (near[new] if new >= 0 else ()):
        update_control(s, i)


def update_control(s, i: int) -> None:
    """21.2 (decision on the order of tests): occupied by a combat unit -> its side; empty in
    both sides' zones -> neither, while that lasts; in one side's zone only -> that side;
    otherwise unchanged (the last side to have done any of these keeps it)."""
    h = s.game.control_hexes[i]
    for v in s.units_at(h):
        if s.facts.is_combat[v]:
            s.control[i] = s.facts.unit_side[v]
            return
    zu, zc = s.in_zoc(UNION, h), s.in_zoc(CONFEDERATE, h)
    if zu or zc:
        s.control[i] = -1 if zu and zc else UNION if zu else CONFEDERATE


def turn_end(s) -> None:
    """21.2-21.3: the crossroads (1309) each Game-Turn: 10 VP Confederate, 5 Union."""
    g = s.game
    holder = s.control[g.control_hexes.index(g.crossroads)]
    if holder == CONFEDERATE:
        s.vp_conf += 10
    elif holder == UNION:
        s.vp_union += 5
    s.note("21.3", f"Crossroads 1309 at the end of Game-Turn {s.turn}: "
                   + (SIDES[holder] + f" (+{10 if holder else 5} VP)" if holder >= 0 else "neither side") + ".")


def line_of_communication(s, side: int, start: int, targets) -> bool:
    """20.1: a chain of hexes free of enemy units, enemy zones (cancelled by friendly units)
    and prohibited terrain (decision: what infantry could not cross) to a friendly-controlled
    end hex."""
    g = s.game
    board = g.board
    enemy_units = s.occupied(1 - side)
    zoc = s.zoc(1 - side)
    friends = s.combat_occupied(side)
    ends = set(targets)
    hs = g.tables.hexsides

    def free(h):
        return h not in enemy_units and (h not in zoc or h in friends)

    def crossable(a, b):
        feats = board.features(a, b)
        if "bridge" in feats or "ford" in feats:
            return True
        return not any(f in hs and hs[f]["add"].get("infantry", 0) is None for f in feats)

    if not free(start) and start not in friends:
        return False
    seen, todo = {start}, [start]
    while todo:
        h = todo.pop()
        if h in ends:
            return True
        for n in board.adjacent[h]:
            if n not in seen and free(n) and crossable(h, n):
                seen.add(n)
                todo.append(n)
    return False


def _loc_targets(s, side):
    g = s.game
    ctrl = dict(zip(g.control_hexes, s.control))
    pool = g.union_loc if side == UNION else g.conf_loc
    return [h for h in pool if ctrl.get(h, CONFEDERATE) == side]


def _vp_strength(s, u: int) -> int:
    """21.1, 19.63: printed strength; Out of Ammo brigades count at full strength."""
    g = s.game
    unit = g.units[u]
    return g.units[unit.ooa_of].strength if unit.ooa_of >= 0 else unit.strength


def exit_points(s, u: int, h: int) -> tuple:
    """21.3: (union VP, confederate VP) for unit u exited at h."""
    g = s.game
    unit = g.units[u]
    hid = g.board.ids[h]
    brigade = unit.size == "brigade"
    if unit.side == UNION:
        if hid == "0119":
            return ({"brigade": 6, "battery": 2}.get(unit.size, 0), 0)
        if hid == "0108":
            return (3 if brigade else 1 if unit.type in ("artillery", "cavalry") else 0, 0)
        return (0, 0)
    if hid in ("1902", "1911", "1920"):
        return (0, _vp_strength(s, u))
    return (0, 0)


def result(s) -> dict:
    """Victory points so far (final when the game is over): 21.1-21.4."""
    g = s.game
    final = s.over
    s = s.clone()
    cats = {"union": {}, "confederate": {}}

    def add(side, cat, n):
        if n:
            d = cats[SIDES[side]]
            d[cat] = d.get(cat, 0) + n

    add(UNION, "crossroads_and_during_play", s.vp_union)
    add(CONFEDERATE, "crossroads_and_during_play", s.vp_conf)
    cut = set()
    if final:                                                   # 20.0
        targets = {side: _loc_targets(s, side) for side in (UNION, CONFEDERATE)}
        for u, h in enumerate(s.hex):
            unit = g.units[u]
            if unit.type == "train":
                continue
            start = h if h >= 0 else (s.exited_at[u] if h == -3 and unit.side == UNION
                                      and g.board.ids[s.exited_at[u]] in ("0108", "0119") else -1)
            if start >= 0 and not line_of_communication(s, unit.side, start, targets[unit.side]):
                cut.add(u)
    conf_pair = {"regiment": 0, "section": 0}
    for u, h in enumerate(s.hex):
        unit = g.units[u]
        enemy = 1 - unit.side
        if unit.type == "train":
            continue
        if h == -2 or u in cut:
            add(enemy, "eliminated" if h == -2 else "cut_off", _vp_strength(s, u))   # 21.1
        if h == -3 and u not in cut:
            hid = g.board.ids[s.exited_at[u]]
            uv, cv = exit_points(s, u, s.exited_at[u])
            add(UNION, "exits", uv)
            add(CONFEDERATE, "exits", cv)
            if unit.side == CONFEDERATE and hid in ("0108", "0119"):
                if unit.size == "brigade":
                    add(CONFEDERATE, "exits", 2)
                elif unit.size == "battery" or unit.type == "cavalry":
                    add(CONFEDERATE, "exits", 1)
                elif unit.size in conf_pair:
                    conf_pair[unit.size] += 1
    for k, n in conf_pair.items():
        add(CONFEDERATE, "exits", n // 2)
    control = {}
    for i, h in enumerate(g.control_hexes):
        hid = g.board.ids[h]
        holder = s.control[i]
        control[hid] = SIDES[holder] if holder >= 0 else None
        if not final or holder < 0:
            continue
        if hid in ("0419", "0607", "1306"):
            add(holder, "hexes", 10)
        elif hid in ("0507", "0119"):
            add(holder, "hexes", 25)
        elif hid in ("1902", "1911", "1920") and holder == CONFEDERATE:
            add(CONFEDERATE, "hexes", 40)
    vp = {k: sum(v.values()) for k, v in cats.items()}
    winner, level = None, "draw"
    if vp["union"] != vp["confederate"]:
        winner = "union" if vp["union"] > vp["confederate"] else "confederate"
        hi, lo = max(vp.values()), min(vp.values())
        ratio = hi / lo if lo else float("inf")
        level = "decisive" if ratio >= 2 else "substantive" if ratio >= 1.5 else "marginal"   # 21.4
    out = {"final": final, "vp": vp, "categories": cats, "winner": winner, "level": level,
           "control": control, "zones": control, "turn": s.turn, "margin": vp["union"] - vp["confederate"]}
    for side in SIDES:                 # the keys every game's result shares (front-ends read them)
        out[side] = dict(cats[side], total=vp[side])
    return out

"""Fire (9.0), melee (12.0), retreats (12.8, 15.4, 23.0), advances and rallies, scored in VP for
the side to act.

- A fire costs the firer nothing (21.2: no ammunition), so every unit fires; the target is the
  one whose exact preview (``state.preview``: every die of the table and of the morale and pin
  checks after it, the overshoot of 22.0 included) is worth most: each strength point lost is
  worth its 27.21 value, a rout half a point a strength point (the unit is out of the fight and
  may be caught), a pin a tenth.
- A melee is declared when its preview is worth more than nothing: the defenders' losses,
  retreats and captures against the attackers' own losses, retreats and routs (12.6: a charging
  cavalry unit ends routed).
- Every preview also counts what the losses risk of each brigade's effectiveness (24.0, 27.21:
  the brigade's BCE Victory Points to the enemy, the chance read as the expected loss over the
  points it has left before its limit): a brigade near its limit does not melee at poor odds, and
  a fire prefers the hex whose brigade it may break.
- A unit joins a fire when the fire with it is worth more than without it (24.13: a unit of a
  brigade without effectiveness shifts the whole fire one column left).
- Before melee a defender retreats (12.9) when the melee's preview is worth clearly more to the
  attacker than a retreat would give away; a retreat goes where the unit is safest: far from the
  enemy, near friends, toward its own lines (23.0).
"""

from __future__ import annotations

from ....systems.gbacw.melee import active_attackers, may_melee, melee_odds, melee_targets
from .facts import HEX_VP, facts, turns_left
from .movement import husbanded

ROUT = 0.5          # VP a routed strength point is worth to the enemy
PIN = 0.1
RETREAT = 0.3       # VP a strength point retreating from a melee gives the attacker (ground, disorder)
CAPTURE = 2.0       # 27.21: captured points score double


def _units_value(state, units: dict, enemy_side: int) -> float:
    """VP for ``enemy_side`` of what the preview's ``units`` table says befalls each unit."""
    F = facts(state.game)
    g = state.game
    v = 0.0
    for uid, d in units.items():
        u = g.unit_index[uid]
        sign = 1.0 if F.side[u] != enemy_side else -1.0
        if F.type[u] == "leader":
            v += sign * (d.get("wounded", {}).get("p", 0) * 1 + d.get("killed", {}).get("p", 0) * 2)
            continue
        pv, sp = F.point_vp[u], state.sp[u]
        v += sign * pv * d.get("sp_lost", {}).get("p", 0)
        v += sign * ROUT * sp * d.get("routed", {}).get("p", 0)
        v += sign * PIN * sp * d.get("pinned", {}).get("p", 0)
        v += sign * RETREAT * sp * d.get("retreats", {}).get("p", 0)
        v += sign * CAPTURE * pv * sp * d.get("captured", {}).get("p", 0)
    return v


def bce_risk(state, units: dict, enemy_side: int) -> float:
    """VP for ``enemy_side`` of the brigades the preview's losses may break (24.0, 27.21): each
    brigade still effective, the chance taken as its expected loss over the points it has left
    before its BCE limit (at most 1), times its BCE Victory Points."""
    g = state.game
    F = facts(g)
    expected: dict = {}
    for uid, d in units.items():
        u = g.unit_index[uid]
        b = g.units[u].brigade
        if b < 0 or F.type[u] not in ("infantry", "cavalry") or state.bce_out[b]:
            continue
        expected[b] = expected.get(b, 0.0) + d.get("sp_lost", {}).get("p", 0)
    v = 0.0
    for b, lost in expected.items():
        brig = g.oob.brigades[b]
        if brig.bce_limit <= 0 or lost <= 0:
            continue
        left = max(1, brig.bce_limit - state.bce_loss[b])
        sign = 1.0 if brig.side != enemy_side else -1.0
        v += sign * brig.bce_vp * min(1.0, lost / left)
    return v


def preview_value(state, action) -> float:
    """The preview of a fire or melee action, in VP for the side to act: what befalls the units,
    and for a melee on a Victory Point hex the chance its defenders leave it (27.22: the hex then
    scores for the attacker for the turns left)."""
    pv = state.preview(action)
    if not pv:
        return 0.0
    side = state.SIDES.index(state.to_act)
    v = _units_value(state, pv.get("units", {}), side) + bce_risk(state, pv.get("units", {}), side)
    if pv.get("kind") == "melee":
        F = facts(state.game)
        target = state.game.board.index[pv["target"]]
        if target in F.vp_hexes:
            leave = sum(p for code, p in pv["outcomes"].items() if code.startswith("D") and code.endswith("r"))
            v += leave * HEX_VP * turns_left(state)
    return v


def _fast_fire_value(state, action) -> float:
    """Without a preview: the fire's column, a rough measure."""
    from ....systems.gbacw.fire import candidates, fire_column
    frame = state.stack[-1]
    if action.kind == "fire_at":
        firers = tuple(candidates(state, frame[1], frame[2], action.a))
        t = action.a
    else:
        firers = frame[4] + ((action.a,) if action.kind == "fire_with" else ())
        t = frame[3]
    if not firers:
        return 0.0
    col = fire_column(state, firers, t)[0]
    return 0.0 if col < 0 else 0.15 * (col + 1)


def fire_scores(state, actions, fast: bool) -> list:
    out = []
    for a in actions:
        if a.kind in ("end_fire",):
            out.append(0.0)
        elif fast:
            out.append(_fast_fire_value(state, a))
        else:
            out.append(preview_value(state, a) + 0.01)
    return out


def fire_decl_scores(state, actions, fast: bool) -> list:
    """Every able unit joins (it fires once a phase anyway), then the fire is resolved; with the
    previews, a unit joins only when the fire with it is worth at least as much (24.13: a unit of
    a brigade without effectiveness shifts the whole fire one column left)."""
    if fast:
        return [1.0 if a.kind == "fire_with" else 0.5 for a in actions]
    return [preview_value(state, a) + (0.01 if a.kind == "fire_with" else 0.0) for a in actions]


def declaration_scores(state, actions, fast: bool) -> list:
    out = []
    for a in actions:
        if a.kind == "end_declarations":
            out.append(0.0)
        elif fast:
            out.append(_fast_melee_value(state, a))
        else:
            out.append(preview_value(state, a))
    return out


def _fast_melee_value(state, action) -> float:
    frame = state.stack[-1]
    side = frame[1]
    if action.kind == "melee_at":
        t = action.a
        attackers = tuple(u for u in state.game.oob.combat_units[side] if may_melee(state, u) and t in melee_targets(state, u))
    elif action.kind == "melee_with":
        t, attackers = frame[2], frame[3] + (action.a,)
    else:
        t, attackers = frame[2], frame[3]
    if not attackers:
        return 0.0
    o = melee_odds(state, t, attackers)
    return 0.4 * (o["column"] - 3)


def declare_scores(state, actions, fast: bool) -> list:
    """Building one melee: add a unit when it makes the melee worth more."""
    out = []
    for a in actions:
        v = _fast_melee_value(state, a) if fast else preview_value(state, a)
        out.append(v + (0.05 if a.kind == "melee_with" else 0.0))
    return out


def safety(state, u: int, h: int) -> float:
    """Where a retreating or routing unit is safest (23.0 fixes the directions)."""
    F = facts(state.game)
    board = state.game.board
    side = F.side[u]
    enemy = state.occupied(1 - side)
    near = min((board.distance(h, e) for e in enemy), default=9)
    friends = sum(1 for n in board.adjacent[h] for v in state.units_at(n) if F.side[v] == side and F.combat[v])
    return min(near, 5) + 0.3 * friends - (1.0 if h in state.zoc(1 - side) else 0.0)


def retreat_scores(state, actions, fast: bool) -> list:
    frame = state.stack[-1]
    u = frame[2]
    if frame[0] == "rbm":
        return rbm_scores(state, actions, u, fast)
    return [safety(state, u, a.a) for a in actions]


def rbm_scores(state, actions, v: int, fast: bool) -> list:
    """12.9: retreat when the melee looks bad for the defender."""
    h = state.hex[v]
    attackers = active_attackers(state, h, next((a for t, a in state.melees if t == h), ()))
    danger = 0.0
    if attackers:
        o = melee_odds(state, h, attackers)
        danger = o["column"] - 4                      # 2-1 is column 4: worse than that, leave
    out = []
    for a in actions:
        if a.kind == "stand":
            out.append(0.0)
        else:
            out.append(danger - 0.5 + 0.1 * safety(state, v, a.a))
    return out


def advance_scores(state, actions, fast: bool) -> list:
    """12.8: a fresh unit advances into the hex the defenders left (a Victory Point hex above
    all); a weak one, or one of a brigade near its breaking point (``husbanded``), does not."""
    F = facts(state.game)
    frame = state.stack[-1]
    t = frame[2]
    vp = t in F.vp_hexes
    out = []
    for a in actions:
        if a.kind == "no_advance":
            out.append(0.5)
        else:
            fit = state.sp[a.a] >= 3 and F.type[a.a] != "artillery" and not husbanded(state, a.a)
            out.append((3.0 if vp else 0.0) + (1.0 if fit else -1.0))
    return out


def rally_scores(state, actions, fast: bool) -> list:
    return [0.0 if a.kind == "end_rally" else 1.0 + 0.1 * state.sp[a.a] for a in actions]


def melee_phase_scores(state, actions, fast: bool) -> list:
    return [0.0 for _ in actions]

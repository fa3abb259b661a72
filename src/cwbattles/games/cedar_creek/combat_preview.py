"""What an attack would bring about, before it is chosen: the combat as the brigade will fight it
for each facing it may take (11.1's front obligations, 11.3's flanks), its modifiers and the exact
chance of each outcome (11.2-11.4), every die enumerated. Above ``combat`` (the rules of the
fight) and ``movement`` (the declaration it plays on a copy of the position).
"""

from __future__ import annotations

from ...engine.actions import Action
from . import movement, placement
from .combat import OUTCOMES, assess, live_attackers, live_targets, obligations, outcome_odds


def combat_as_faced(state, u: int, f: int):
    """A copy of the position in which brigade u, its attack declared, faces zone f and the
    front obligations of 11.1 stand as they will when movement ends (``obligations``, every
    attack declared so far): (the copy, u's combat)."""
    s = state.clone()
    placement.face_stack(s, u, f)
    obligations(s, None)
    return s, s.attack[u]


def facing_terms(state, u: int, f: int) -> tuple:
    """What facing zone f obliges brigade u to after its attack declaration: (the enemy zones
    added to its attack by 11.1, the enemy zones left unattacked on its flank, 11.3's -2)."""
    s, cid = combat_as_faced(state, u, f)
    added = [z for z in s.combats[cid][0] if z not in state.combats[cid][0]]
    board = state.game.board
    under = {z for c in s.combats for z in c[0]}
    enemy = s.occupied_by(1 - state.game.brigades[u].side)
    flank = [z for z in board.adj[s.zone[u]] if z in enemy and z not in under and z not in s.front(u)]
    return added, flank


def attack_facing_frame(state, action: Action) -> bool:
    """Is ``action`` a facing chosen right after an attack declaration (11.1)?"""
    frame = state.stack[-1] if state.stack else None
    return (action.kind == "face" and frame is not None and frame[0] == "facing" and frame[3] >= 0
            and frame[2] == action.b)


def describe(state, action: Action) -> str:
    """An action in words; a facing after an attack declaration says what it obliges to (11.1:
    the zones of its front it must attack too; 11.3: enemies left unattacked on its flank)."""
    g = state.game
    text = g.describe(action)
    if not attack_facing_frame(state, action):
        return text
    added, flank = facing_terms(state, action.b, action.a)

    def names(zones):
        return ", ".join(f"{g.zone_name(z)} ({' and '.join(g.brigades[v].name for v in state.brigades_in(z))})"
                         for z in zones)
    if added:
        text += f": must also attack {names(added)}"
    if flank:
        text += (": " if not added else "; ") + f"leaves {names(flank)} unattacked on its flank (-2)"
    return text


def preview(state, action: Action) -> dict:
    """The combat an action leads to: modifiers, totals and the exact chance of each outcome,
    enumerating every artillery, sharpshooter and combat die.

    - ``resolve``: the declared combat as it is about to be fought.
    - ``face`` right after an attack declaration: the combat as it will be fought with that
      facing (11.1: the zones of the front it must attack too; 11.3: flanks).
    - ``attack``/``charge``: the combat for each facing the brigade may then take (``facings``,
      each a preview of its own with its ``facing``); the top level is the one of them best for
      the attacker (most defender hits less attacker hits), named by ``facing``.
    Each assumes no further declaration this round (another attack on a zone of the front
    lifts its obligation, 11.1)."""
    g = state.game
    if action.kind in ("attack", "charge"):
        u = state.mv_unit
        if u < 0 or action not in state.legal_actions():
            raise ValueError(f"{g.describe(action)} is not a legal attack now")
        s = state.clone()
        movement.declare(s, u, action.a, charge=action.kind == "charge")
        facings = [faced_preview(s, u, f) for f in placement.facing_options(s, u, action.a)]
        best = max(facings, key=lambda p: p["defender_hit"] - p["attacker_hit"])
        return dict(best, facings=facings)
    if action.kind == "face":
        if not attack_facing_frame(state, action) or action not in state.legal_actions():
            raise ValueError(f"{g.describe(action)} is not a facing after an attack declaration")
        return faced_preview(state, action.b, action.a)
    if action.kind == "resolve":
        if not 0 <= action.a < len(state.combats) or state.combats[action.a][2]:
            raise ValueError(f"there is no declared attack #{action.a + 1} to resolve")
        return combat_preview(state, live_attackers(state, action.a), live_targets(state, action.a))
    raise ValueError(f"no combat preview for {g.describe(action)}")


def faced_preview(state, u: int, f: int) -> dict:
    """The preview of brigade u's combat once it faces zone f (``combat_as_faced``)."""
    s, cid = combat_as_faced(state, u, f)
    out = combat_preview(s, live_attackers(s, cid), live_targets(s, cid))
    out["facing"] = state.game.board.zones[f].id
    return out


def combat_preview(state, attackers, targets) -> dict:
    """Modifiers, totals and exact outcome probabilities of these attackers fighting these
    targets now (the charging brigades charge)."""
    g = state.game
    charging = {a for a in attackers if state.charging[a]}
    x = assess(state, attackers, targets, charging)
    fa, fd = sum(m[2] for m in x.att_mods), sum(m[2] for m in x.def_mods)
    odds = dict(zip(OUTCOMES, outcome_odds(fa, fd, [r[2] for r in x.att_rolls], [r[2] for r in x.def_rolls])))
    side = ("union", "confederate")
    return {
        "attackers": [g.brigades[a].id for a in x.attackers],
        "defenders": [g.brigades[d].id for d in x.def_front] or [g.train.id],
        "targets": [g.board.zones[z].id for z in x.targets],
        "attacker": {"side": side[x.att_side], "strength": x.att_strength,
                     "modifiers": [list(m) for m in x.att_mods], "total": fa, "rolls": [list(r) for r in x.att_rolls]},
        "defender": {"side": side[x.def_side], "strength": x.def_strength,
                     "modifiers": [list(m) for m in x.def_mods], "total": fd, "rolls": [list(r) for r in x.def_rolls]},
        "odds": {k: float(v) for k, v in odds.items()},
        "exact": {k: str(v) for k, v in odds.items()},
        "attacker_fatigue": float(odds["tie"] + odds["attacker_fatigue"] + odds["attacker_hit"]),
        "defender_fatigue": float(odds["defender_fatigue"] + odds["defender_hit"]),
        "attacker_hit": float(odds["attacker_hit"]),
        "defender_hit": float(odds["defender_hit"]),
    }

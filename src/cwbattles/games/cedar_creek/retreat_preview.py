"""What holding and retreating would cost (11.4), worked out before the choice is made.

A hit brigade's owner holds the position (one strength point lost, an enemy first-line brigade
of the enemy's choice tires) or retreats (a die: orderly, disorderly, or a rout). The preview
plays each possibility on clones with the rules' own handlers: the retreat roll is scripted to
each of its six values, and every retreat path the rules allow is followed to its end, counting
the strength points lost crossing enemy fronts. Nothing here decides a rule; it only asks the
rules of ``retreat`` what they would do.
"""

from __future__ import annotations

from fractions import Fraction

from ...engine.actions import Action
from .retreat import (MODE_NAMES, ORDERLY, ROUT, _hit_apply, _retreat_apply, _retreat_legal, retreat_modifiers,
                      rout_reason, supports_of)
from .state import ELIMINATED

PATH_LIMIT = 64          # distinct retreat paths kept per outcome (a rout rarely has more than a few)


def preview_hit(state, action: Action) -> dict:
    """Both answers to a hit, for the brigade the pending ``hit`` decision is about."""
    frame = state.stack[-1] if state.stack and not state.over else None
    if frame is None or frame[0] != "hit" or action.kind not in ("hold", "retreat") or action.a != frame[2]:
        raise ValueError(f"{state.game.describe(action)} is not the pending hold-or-retreat choice")
    g = state.game
    u = frame[2]
    return {"kind": "hit", "rule": "11.4", "unit": g.brigades[u].id, "strength": state.strength(u),
            "losses": state.losses[u], "fatigue": state.fatigue[u],
            "hold": _hold(state, frame), "retreat": _retreat(state, frame)}


def _hold(state, frame) -> dict:
    """11.4 Hold the position: one point lost, the brigade stays, one winner tires."""
    g = state.game
    u, winners = frame[2], frame[4]
    after = state.clone()
    after.stack.pop()
    _hit_apply(after, frame, Action("hold", u))
    eliminated = after.zone[u] == ELIMINATED
    tires = [{"unit": g.brigades[w].id, "fatigue": min(2, state.fatigue[w] + 1)}
             for w in winners if state.zone[w] >= 0]
    return {"loss": 1, "strength_after": max(0, after.strength(u)), "eliminated": eliminated,
            "losses_after": after.losses[u], "enemy_tires": tires,
            "later_retreat_penalty": not eliminated and after.losses[u] >= 2 and state.losses[u] < 2}


def _retreat(state, frame) -> dict:
    """11.4 Retreat: the roll's modifiers and, for each die, the kind of retreat; for each kind,
    every path the rules allow with the points it costs."""
    g = state.game
    t = g.tables.retreat
    u = frame[2]
    mods = retreat_modifiers(state, u)
    total_mod = sum(m[2] for m in mods)
    by_mode: dict = {}
    rolls = []
    for r in range(1, 7):
        total = r + total_mod
        if total <= t.orderly_max:
            mode = "orderly"
        else:
            eliminated = state.strength(u) <= 1
            mode = "eliminated" if eliminated else "rout" if rout_reason(state, u, state.losses[u] + 1) else "disorderly"
        rolls.append({"roll": r, "total": total, "mode": mode})
        if mode not in by_mode:
            by_mode[mode] = {"mode": mode, "chance": Fraction(0), "rolls": [], "paths": _paths_after_roll(state, frame, r)}
        by_mode[mode]["chance"] += Fraction(1, 6)
        by_mode[mode]["rolls"].append(r)
    modes = []
    for mode in ("orderly", "disorderly", "rout", "eliminated"):
        if mode in by_mode:
            m = by_mode[mode]
            paths = m["paths"]
            losses = [p["losses"] for p in paths] or [0]
            modes.append({"mode": mode, "chance": float(m["chance"]), "exact": str(m["chance"]), "rolls": m["rolls"],
                          "zones": {"orderly": "1 or 2", "disorderly": "2", "eliminated": "0"}.get(
                              mode, str(g.tables.retreat.rout_zones_mounted if g.brigades[u].cavalry and state.mounted[u]
                                        else g.tables.retreat.rout_zones)),
                          "least_loss": min(losses), "most_loss": max(losses), "paths": paths})
    return {"modifiers": [list(m) for m in mods], "modifier": total_mod, "orderly_max": t.orderly_max,
            "rolls": rolls, "modes": modes}


def _paths_after_roll(state, frame, roll: int) -> list[dict]:
    """Every way the retreat can go once the die shows ``roll``."""
    g = state.game
    u = frame[2]
    s = state.clone()
    s.stack.pop()
    s.dice.set_script([roll])
    depth = len(s.stack)
    _hit_apply(s, frame, Action("retreat", u))
    watched = (u,) + supports_of(state, u)
    out: list = []
    _walk(s, depth, watched, state, out)
    seen, unique = set(), []
    for p in out:
        key = (tuple(p["zones"]), p["losses"], p["eliminated"])
        if key not in seen:
            seen.add(key)
            unique.append(p)
    unique.sort(key=lambda p: (p["eliminated"], p["losses"], len(p["zones"])))
    return unique[:PATH_LIMIT]


def _walk(s, depth, watched, before, out) -> None:
    """Follow every retreat choice of the watched brigades (the hit one and its support)."""
    if len(out) >= PATH_LIMIT * 4:
        return
    frame = s.stack[-1] if len(s.stack) > depth else None
    if frame is None or frame[0] != "retreat" or frame[2] not in watched:
        out.append(_outcome(s, watched, before))
        return
    for action in _retreat_legal(s, frame):
        nxt = s.clone()
        nxt.stack.pop()
        _retreat_apply(nxt, frame, action)
        _walk(nxt, depth, watched, before, out)


def _outcome(s, watched, before) -> dict:
    g = s.game
    u = watched[0]
    zones = _trail(s, before, u)
    loss = s.losses[u] - before.losses[u] if s.zone[u] != ELIMINATED else before.strength(u)
    crossings = sum(1 for e in _new_events(s, before) if e.data and e.data.get("kind") in ("retreat", "rout")
                    and e.data.get("unit") == g.brigades[u].id and e.data.get("crossing"))
    support = [{"unit": g.brigades[v].id, "losses": s.losses[v] - before.losses[v],
                "fatigue": s.fatigue[v], "eliminated": s.zone[v] == ELIMINATED} for v in watched[1:]]
    return {"zones": zones, "to": zones[-1] if zones else None, "losses": loss, "crossings": crossings,
            "eliminated": s.zone[u] == ELIMINATED, "routed": bool(s.routed[u]), "support": support}


def _new_events(s, before) -> list:
    """The events noted on s since ``before`` (the two share the log's older part)."""
    out, node, stop = [], s._log, before._log
    while node is not None and node is not stop:
        node, event = node
        out.append(event)
    out.reverse()
    return out


def _trail(s, before, u) -> list[str]:
    """The zones (ids) brigade u fell back through, from the log's structured events."""
    ident = s.game.brigades[u].id
    return [e.data["to"] for e in _new_events(s, before)
            if e.data and e.data.get("kind") in ("retreat", "rout") and e.data.get("unit") == ident]


def preview_retreat_step(state, action: Action) -> dict:
    """At a ``retreat`` decision (where to fall back next): every remaining path, grouped by
    the choice that starts it, with the points it costs."""
    frame = state.stack[-1] if state.stack and not state.over else None
    if frame is None or frame[0] != "retreat" or action not in state.legal_actions():
        raise ValueError(f"{state.game.describe(action)} is not a pending retreat choice")
    g = state.game
    u = frame[2]
    watched = (u,) + tuple(frame[6])
    options = []
    for a in _retreat_legal(state, frame):
        s = state.clone()
        s.stack.pop()
        depth = len(s.stack)
        _retreat_apply(s, frame, a)
        out: list = []
        _walk(s, depth, watched, state, out)
        losses = [p["losses"] for p in out] or [0]
        options.append({"action": g.action_to_json(a), "text": g.describe(a), "least_loss": min(losses),
                        "most_loss": max(losses), "paths": out[:PATH_LIMIT]})
    return {"kind": "retreat_step", "rule": "11.4", "unit": g.brigades[u].id, "mode": MODE_NAMES[frame[4]],
            "rout": frame[4] == ROUT, "orderly": frame[4] == ORDERLY, "options": options}

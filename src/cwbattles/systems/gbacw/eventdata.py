"""What the log's events of a GBACW game carry for a front-end to draw (engine.log): unit and
hex ids, never the words. One function per kind of event, so that every rule that moves a unit,
fires or melees describes it the same way as the Blue & Gray games do."""

from __future__ import annotations


def _hex(s, h):
    return s.game.board.ids[h] if h is not None and h >= 0 else None


def step(s, kind: str, u: int, a, b) -> dict:
    """A unit went from hex a to hex b (move, enter, retreat, rout, advance); a leader too."""
    return {"kind": kind, "unit": s.game.units[u].id, "from": _hex(s, a), "to": _hex(s, b)}


def at(s, kind: str, u: int, h, **more) -> dict:
    """Something happened to one unit in hex h (eliminated, captured, morale, pinned, face, ...)."""
    return {"kind": kind, "unit": s.game.units[u].id, "at": _hex(s, h), **more}


def attack(s, attackers, t: int, charge: bool = False) -> dict:
    """A melee declared against hex t (12.1)."""
    return {"kind": "attack", "unit": s.game.units[attackers[0]].id,
            "attackers": [s.game.units[u].id for u in attackers], "targets": [_hex(s, t)],
            "origins": sorted({_hex(s, s.hex[u]) for u in attackers if s.hex[u] >= 0}), "charge": charge}


def combat(s, attackers, t: int, defenders, what: str, result: str, roll=None, **more) -> dict:
    """A fire or melee resolved against hex t: who, from where, the die and the result code."""
    return {"kind": "combat", "combat": what, "attackers": [s.game.units[u].id for u in attackers],
            "defenders": [s.game.units[u].id for u in defenders], "targets": [_hex(s, t)],
            "origins": sorted({_hex(s, s.hex[u]) for u in attackers if s.hex[u] >= 0}),
            "result": result, "roll": roll, **more}

"""The combat preview: an attack laid out as the rules work it out, before the die is rolled.

Each attacker with its printed strength and every modification (halved across water 8.4 or
19.14, range 9.1 or 19.2 and its rounding, a restricted division halved 17.3, Bowen's units
tripled 19.53...), each defending hex with its units and terrain (8.4, 8.7), the odds column
(8.6, or the lower one declared, 8.9), the die's modifiers (19.53) and, for every roll, the
result; then the exact chance of each result. The strengths come from the same functions the
resolution uses (``strength``), so the preview is the combat that will be fought.

The keys ``attack``, ``defence``, ``odds``, ``die_modifier``, ``bombardment``, ``outcomes``
and ``exact`` are the preview's first form, kept for the front-ends and bots that read them.
"""

from __future__ import annotations

from fractions import Fraction

from .strength import adjacent_role, defenders_of, hex_defence, unit_attack


def preview(s, targets: tuple, attackers: tuple, column=None) -> dict:
    """Exact odds of every result of the attack of ``attackers`` on ``targets``, enumerating
    the die (8.6); at ``column`` if that is lower than the odds (8.9). Call it on a clone:
    the die's modifiers are asked first, as when the attack is resolved (19.52 is judged there)."""
    g = s.game
    tab, ids, units, side_names = g.tables, g.board.ids, g.units, s.SIDES
    die = s.die_modifiers(targets, attackers)
    mod = sum(m[2] for m in die)
    att, att_units = Fraction(0), []
    for u in attackers:
        steps: list = []
        v = unit_attack(s, u, targets, steps, attackers)
        att += v
        entry = {"id": units[u].id, "name": units[u].name, "hex": ids[s.hex[u]], "strength": s.strength(u, attackers),
                 "role": "adjacent" if adjacent_role(s, u) else "bombards", "steps": _text(steps),
                 "total": _frac(v), "value": float(v)}
        if entry["role"] == "bombards":
            entry["range"] = min(g.board.distance(s.hex[u], t) for t in targets)
        att_units.append(entry)
    dfn, hexes, defenders = Fraction(0), [], []
    engaged = defenders_of(s, targets)
    for t in targets:
        present: list = []
        steps = []
        v = hex_defence(s, t, present, steps, engaged)
        dfn += v
        defenders += [units[w].id for w, _ in present]
        hexes.append({"hex": ids[t], "terrain": g.board.terrain[t],
                      "units": [dict({"id": units[w].id, "name": units[w].name, "strength": s.strength(w, engaged)},
                                     **({"not_counted": why} if why else {})) for w, why in present],
                      "steps": _text(steps), "total": _frac(v), "value": float(v)})
    natural = tab.column(att, dfn)
    col = column if column is not None and column < natural else natural
    rolls, probs = [], {}
    for roll in range(1, 7):
        modified = max(tab.die_min, min(tab.die_max, roll + mod))
        r = tab.result(col, roll + mod)
        rolls.append({"roll": roll, "modified": modified, "result": r})
        probs[r] = probs.get(r, Fraction(0)) + Fraction(1, 6)
    bombardment = not any(adjacent_role(s, u) for u in attackers)
    side = units[attackers[0]].side if attackers else s.phasing
    return {
        "attack": float(att), "defence": float(dfn), "odds": tab.columns[col], "die_modifier": mod,
        "bombardment": bombardment,
        "outcomes": {k: float(v) for k, v in sorted(probs.items())},
        "exact": {k: f"{v.numerator}/{v.denominator}" for k, v in sorted(probs.items())},
        "attackers": [units[u].id for u in attackers], "defenders": defenders,
        "targets": [ids[t] for t in targets],
        "attacker": {"side": side_names[side], "units": att_units, "total": _frac(att), "value": float(att)},
        "defender": {"side": side_names[1 - side], "hexes": hexes, "total": _frac(dfn), "value": float(dfn)},
        "column": {"ratio": f"{_frac(att)} : {_frac(dfn)}", "odds": tab.columns[col],
                   "natural": tab.columns[natural], "declared_lower": col < natural,
                   "rule": "8.9" if col < natural else "8.6"},
        "die": {"modifiers": [{"label": m[0], "rule": m[1], "amount": m[2]} for m in die], "total": mod},
        "rolls": rolls,
        "results": {k: tab.names[k] for k in sorted(probs)},
    }


def _text(steps: list) -> list:
    """Steps as JSON: multipliers and values as exact fractions in text ("1/2", "3")."""
    return [{k: (_frac(v) if k in ("factor", "value") else v) for k, v in step.items()} for step in steps]


def _frac(x) -> str:
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"

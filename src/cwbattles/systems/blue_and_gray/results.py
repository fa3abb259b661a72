"""8.6-8.7 Combat results: Ae, Ar, Ex, Dr, De; retreats chosen by the owner (with displacement,
8.8), elimination of units that cannot retreat, the exchange's losses chosen by the attacker,
the voluntary retreat of bombarding artillery on Ar (9.1), advance after combat by the winner.

Frames: ("retreat", owner, u[, chain]) - ``retreat_to`` a hex or ``displace`` a unit (8.8);
("retreat_option", side, u) - ``retreat_to`` a hex or ``stand``; ("exchange", side, need,
attackers) - ``lose`` a unit; ("advance", side, hexes, units) - ``advance`` a unit into a vacated
hex, or ``no_advance``.
"""

from __future__ import annotations

from ...engine.actions import Action
from .combat import adjacent_role, odds, withhold
from .displacement import displace, displaceable, retreat_hexes


RESULT_TEXT = {"Ae": "attacker eliminated", "Ar": "attacker retreats", "Ex": "exchange",
               "Dr": "defender retreats", "De": "defender eliminated"}      # 8.6


def resolve(s, side: int, targets: tuple, attackers: tuple, column=None) -> None:
    """8.3-8.6: total the strengths, form the odds, roll one die, apply the result. 8.9: a
    ``column`` lower than the odds give, declared by the attacker, is used instead."""
    g = s.game
    die = s.die_modifiers(targets, attackers)     # first: exclusive bonuses may start here (19.52)
    mod = sum(m[2] for m in die)
    o = odds(s, targets, attackers)
    declared = column is not None and column < o["column"]
    if declared:
        o["column"], o["odds"] = column, g.tables.columns[column]
    roll = s.roll()
    result = g.tables.result(o["column"], roll + mod)
    adjacent = tuple(u for u in attackers if adjacent_role(s, u))
    attacker_hexes = tuple(sorted({s.hex[u] for u in adjacent}))
    defenders = tuple(v for t in targets for v in s.units_at(t))
    hit = tuple(v for v in defenders if s.suffers(v, o["bombard_only"]))
    for u in attackers:
        s.attacked[u] = True
    withhold(s, side, attackers)                          # 8.2: the stack's withheld unit
    for v in defenders:
        s.defended[v] = True
    ids = g.board.ids
    names = ", ".join(g.units[u].name for u in attackers)
    data = {"kind": "combat", "attackers": [g.units[u].id for u in attackers],
            "defenders": [g.units[v].id for v in defenders], "targets": [ids[t] for t in targets],
            "origins": sorted({ids[s.hex[u]] for u in attackers}), "roll": roll, "modifier": mod,
            "die": roll + mod, "odds": o["odds"], "attack": _num(o["attack"]), "defence": _num(o["defence"]),
            "bombardment": o["bombard_only"], "declared_lower": declared,
            "result": result, "result_text": RESULT_TEXT.get(result, result)}
    s.note("8.6", f"{names} attack {'/'.join(ids[t] for t in targets)}: "
                  f"{_num(o['attack'])} against {_num(o['defence'])}, {o['odds']}"
                  + (" (declared lower, 8.9)" if declared else "")
                  + (f", die modified by {mod:+d} ({', '.join(m[1] for m in die)})" if mod else "")
                  + f": {result}"
                  + (" (bombardment)" if o["bombard_only"] else "") + ".", (roll,), data=data)
    s.on_attack(targets, attackers, o["bombard_only"], result)
    frames = []
    if result == "Ae":                                      # 8.6: bombarding artillery is exempt
        for u in adjacent:
            if s.hex[u] >= 0:
                s.eliminate(u, "8.6", "attacker eliminated")
    elif result == "Ar":
        frames += [("retreat_check", side, u) for u in adjacent]
        # 9.1: artillery that bombarded suffers nothing, but its owner may retreat it
        frames += [("retreat_option", side, u) for u in attackers if u not in adjacent]
    elif result == "Dr":
        frames += [("retreat_check", 1 - side, v) for v in hit if s.hex[v] >= 0]
    elif result in ("De", "Ex"):
        need = sum(g.units[v].strength for v in hit if s.is_combat_unit(v))
        for v in hit:
            if s.hex[v] >= 0:
                s.eliminate(v, "8.6", "defender eliminated" if result == "De" else "exchange")
        if result == "Ex" and need > 0 and adjacent:
            frames.append(("exchange", side, need, adjacent))
    s.combat_morale(result, adjacent, hit)              # 12: the morale effects of the result
    if result in ("Dr", "De", "Ex") and adjacent:
        s.stack.append(("advance_check", side, targets, adjacent))
    elif result in ("Ae", "Ar") and adjacent:
        # 8.7: the defender won: one of its units may advance into a hex the attackers left
        winners = tuple(v for v in defenders if s.is_combat_unit(v))
        s.stack.append(("advance_check", 1 - side, attacker_hexes, winners))
    for f in reversed(frames):
        s.stack.append(f)
    s.after_result(targets, attackers, result)


def _retreat_one(s, u: int, n: int) -> None:
    ids = s.game.board.ids
    s.note("8.7", f"{s.game.units[u].name} retreats {ids[s.hex[u]]} -> {ids[n]}.",
           data={"kind": "retreat", "unit": s.game.units[u].id, "from": ids[s.hex[u]], "to": ids[n]})
    s.set_hex(u, n)
    s.retreated[u] = True
    s.on_moved(u, n)


def advance_into(s, u: int, t: int, rule: str = "8.7", how: str = "advances") -> None:
    """8.7: u advances after combat into the hex t, and may not be attacked again this phase."""
    ids = s.game.board.ids
    s.note(rule, f"{s.game.units[u].name} {how} {ids[s.hex[u]]} -> {ids[t]}.",
           data={"kind": "advance", "unit": s.game.units[u].id, "from": ids[s.hex[u]], "to": ids[t]})
    s.set_hex(u, t)
    s.defended[u] = True
    s.on_moved(u, t)


def _num(x) -> str:
    return str(int(x)) if x == int(x) else f"{float(x):.2f}"


def register(rules) -> None:
    @rules.process("retreat_check")
    def retreat_check(s, frame):
        side, u = frame[1], frame[2]
        if s.hex[u] < 0:
            return
        if not s.may_retreat(u):
            s.eliminate(u, "8.7", "it may not retreat")
        elif not retreat_hexes(s, u) and not displaceable(s, u):
            s.eliminate(u, "8.7", "no hex to retreat into")          # 8.8: nor a unit to displace
        else:
            s.stack.append(("retreat", side, u))

    def retreat_legal(s, frame):
        u = frame[2]
        chain = tuple(frame[3]) if len(frame) > 3 else ()
        hexes = retreat_hexes(s, u, chain)
        if hexes:
            return [Action("retreat_to", n, u) for n in hexes]
        return [Action("displace", v) for v in displaceable(s, u, chain)]   # 8.8: no other way out

    def retreat_apply(s, frame, action):
        u = frame[2]
        if action.kind == "displace":
            s.stack.append(displace(s, u, action.a, tuple(frame[3]) if len(frame) > 3 else ()))
        else:
            _retreat_one(s, u, action.a)

    rules.decision("retreat")((retreat_legal, retreat_apply))

    def retreat_option_legal(s, frame):
        u = frame[2]
        if s.hex[u] < 0:
            return []
        return [Action("retreat_to", n, u) for n in retreat_hexes(s, u)] + [Action("stand", u)]

    def retreat_option_apply(s, frame, action):
        """9.1: bombarding artillery may retreat on an Ar, as if the result applied to it."""
        if action.kind == "retreat_to":
            _retreat_one(s, frame[2], action.a)

    rules.decision("retreat_option")((retreat_option_legal, retreat_option_apply))

    def exchange_legal(s, frame):
        return [Action("lose", u) for u in frame[3] if s.hex[u] >= 0]

    def exchange_apply(s, frame, action):
        side, need, units = frame[1], frame[2], frame[3]
        u = action.a
        need -= s.game.units[u].strength                    # 8.6 Ex: printed strengths
        s.eliminate(u, "8.6", "exchange loss")
        if need > 0 and any(s.hex[v] >= 0 for v in units):
            s.stack.append(("exchange", side, need, units))

    rules.decision("exchange")((exchange_legal, exchange_apply))

    @rules.process("advance_check")
    def advance_check(s, frame):
        side, targets, units = frame[1], frame[2], frame[3]
        vacated = tuple(t for t in targets if not s.units_at(t))
        movers = tuple(u for u in units if s.hex[u] >= 0 and s.may_advance(u))
        if vacated and movers:
            s.stack.append(("advance", side, vacated, movers))

    def advance_legal(s, frame):
        board = s.game.board
        out = [Action("advance", u, t) for u in frame[3] if s.hex[u] >= 0 for t in frame[2]
               if board.are_adjacent(s.hex[u], t) and not s.units_at(t) and s.move_cost(u, s.hex[u], t) is not None]
        out.append(Action("no_advance"))
        return out

    def advance_apply(s, frame, action):
        if action.kind == "no_advance":
            return
        advance_into(s, action.a, action.b)
        s.after_advance(action.a, frame)

    rules.decision("advance")((advance_legal, advance_apply))

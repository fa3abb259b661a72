"""8.6-8.7 Combat results: Ae, Ar, Ex, Dr, De; retreats chosen by the owner, elimination of
units that cannot retreat, the exchange's losses chosen by the attacker, advance after combat.

Frames: ("retreat", owner, u) - ``retreat_to`` a hex; ("exchange", side, need, attackers) - ``lose``
a unit; ("advance", side, hexes, units) - ``advance`` a unit into a vacated hex, or ``no_advance``.
"""

from __future__ import annotations

from ...engine.actions import Action
from .combat import adjacent_role, odds


def resolve(s, side: int, targets: tuple, attackers: tuple) -> None:
    """8.3-8.6: total the strengths, form the odds, roll one die, apply the result."""
    g = s.game
    mod = s.die_modifier(targets, attackers)      # first: exclusive bonuses may start here (19.52)
    o = odds(s, targets, attackers)
    roll = s.roll()
    result = g.tables.result(o["column"], roll + mod)
    adjacent = tuple(u for u in attackers if adjacent_role(s, u))
    defenders = tuple(v for t in targets for v in s.units_at(t))
    hit = tuple(v for v in defenders if s.suffers(v, o["bombard_only"]))
    for u in attackers:
        s.attacked[u] = True
    for v in defenders:
        s.defended[v] = True
    ids = g.board.ids
    names = ", ".join(g.units[u].name for u in attackers)
    s.note("8.6", f"{names} attack {'/'.join(ids[t] for t in targets)}: "
                  f"{_num(o['attack'])} against {_num(o['defence'])}, {o['odds']}"
                  + (f", die modified by {mod:+d}" if mod else "") + f": {result}"
                  + (" (bombardment)" if o["bombard_only"] else "") + ".", (roll,))
    s.on_attack(targets, attackers, o["bombard_only"], result)
    frames = []
    if result == "Ae":                                      # 8.6: bombarding artillery is exempt
        for u in adjacent:
            if s.hex[u] >= 0:
                s.eliminate(u, "8.6", "attacker eliminated")
    elif result == "Ar":
        frames += [("retreat_check", side, u) for u in adjacent]
    elif result == "Dr":
        frames += [("retreat_check", 1 - side, v) for v in hit if s.hex[v] >= 0]
    elif result in ("De", "Ex"):
        need = sum(g.units[v].strength for v in hit if s.is_combat_unit(v))
        for v in hit:
            if s.hex[v] >= 0:
                s.eliminate(v, "8.6", "defender eliminated" if result == "De" else "exchange")
        if result == "Ex" and need > 0 and adjacent:
            frames.append(("exchange", side, need, adjacent))
    if result in ("Dr", "De", "Ex") and adjacent:
        s.stack.append(("advance_check", side, targets, adjacent))
    for f in reversed(frames):
        s.stack.append(f)
    s.after_result(targets, attackers, result)


def _num(x) -> str:
    return str(int(x)) if x == int(x) else f"{float(x):.2f}"


def retreat_hexes(s, u: int) -> list:
    """8.7: adjacent hexes u may retreat into: on the map, crossable, free of enemy units and
    enemy zones of control (friendly units do not cancel them), within the stacking limit."""
    h = s.hex[u]
    side = s.side_of(u)
    out = []
    for n in s.game.board.adjacent[h]:
        if n in s.occupied(1 - side) or n in s.zoc(1 - side):
            continue
        if s.move_cost(u, h, n) is None and s.kind(u) != "train":
            continue
        if not s.stack_ok(n, side, (u,)):
            continue
        out.append(n)
    return out


def register(rules) -> None:
    @rules.process("retreat_check")
    def retreat_check(s, frame):
        side, u = frame[1], frame[2]
        if s.hex[u] < 0:
            return
        if not s.may_retreat(u):
            s.eliminate(u, "8.7", "it may not retreat")
        elif not retreat_hexes(s, u):
            s.eliminate(u, "8.7", "no hex to retreat into")
        else:
            s.stack.append(("retreat", side, u))

    def retreat_legal(s, frame):
        return [Action("retreat_to", n, frame[2]) for n in retreat_hexes(s, frame[2])]

    def retreat_apply(s, frame, action):
        u, n = frame[2], action.a
        ids = s.game.board.ids
        s.note("8.7", f"{s.game.units[u].name} retreats {ids[s.hex[u]]} -> {ids[n]}.")
        s.set_hex(u, n)
        s.retreated[u] = True
        s.on_moved(u, n)

    rules.decision("retreat")((retreat_legal, retreat_apply))

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
        u, t = action.a, action.b
        ids = s.game.board.ids
        s.note("8.7", f"{s.game.units[u].name} advances {ids[s.hex[u]]} -> {ids[t]}.")
        s.set_hex(u, t)
        s.defended[u] = True                                 # 8.7: not attacked again this phase
        s.on_moved(u, t)
        s.after_advance(u, frame)

    rules.decision("advance")((advance_legal, advance_apply))

"""Movement (5.0, 6.0, 23.21-23.31): where each unit is worth most, and the route there.

A unit's worth in a hex is, in rough VP: its objective (the victory hex worth most to its side
for the distance; for the Union also the exit F2501, worth the unit's points, 23.31, while the
line of communication holds; the units leave only on the last Game-Turn, when the Confederates
can no longer cut the line), two points less for every hex away; nothing on the entry hex of
reinforcements still to come (5.2, 6.32); contact (a hex in an enemy
zone obliges an attack, 8.1: worth the best attack the friendly strength around the enemy could
make); terrain and fieldworks near the enemy (8.4, 10.3). Artillery keeps out of enemy zones and
within range (9.1). A leader goes where his command is strongest, out of enemy zones (23.54-23.55).
"""

from __future__ import annotations

from ....games.chancellorsville import forced_march
from ....games.chancellorsville.victory import holder, line_of_communication
from ....systems.blue_and_gray.state import OFF_MAP
from ..blue_and_gray import movement, table_outcomes
from ..blue_and_gray.movement import STEP
from .attacks import DR_SHARE, AR_SHARE, OWN_LOSS, exchange_loss
from .facts import UNION, facts, hex_defence


# VP a unit's end hex loses when it is the entry hex of friendly reinforcements still to enter.
# Measured, heuristic against heuristic, 20 games paired on the dice of run seed 0: Jackson's
# units of Game-Turns 2-3 entered 4.7 Game-Turns late on average, 0.1 with it; Confederate wins
# 7 of 20 before, 13 with it (cwbattles behaviour chancellorsville --games 20 --seed 0)
ENTRY_BLOCK = 10.0


def waiting_entries(state, side: int) -> frozenset:
    """Entry hexes of this side's reinforcements due by the next Game-Turn and not yet on the map."""
    g = state.game
    return frozenset(g.units[u].entry_hex for u in g.reinforcements[side]
                     if state.hex[u] == OFF_MAP and g.units[u].entry_turn <= state.turn + 1)


class Plan(movement.Plan):
    """What one side's moves are judged by, read once per decision (``value``: the series')."""

    def __init__(self, state, side: int):
        F = facts(state.game)
        super().__init__(state, side, F)
        # 23.61: a hex the other side (or nobody) holds is worth twice as much to go for: it
        # must be taken, where one already held needs only keeping (measured: 15 wins in 20
        # against random instead of 11 for the Union). Held as the game scores it at the end
        # (``victory.holder``: by default a combat unit of the side in the hex; an emptied hex
        # is nobody's, whoever passed through it last)
        slot = state.game.victory_slot
        self.held = {h for h, _ in F.victory if holder(state, slot[h]) == side}
        self.objectives = [(h, (vp + 5.0) * (1.0 if h in self.held else 2.0)) for h, vp in F.victory]
        self.exit_open = side == UNION and line_of_communication(state)
        self.waiting_entries = waiting_entries(state, side)

    def value(self, u: int, h: int, target: int) -> float:
        """The series' worth, less ``ENTRY_BLOCK`` on an entry hex its own reinforcements still
        need (5.2, 6.32: a unit enters only where the stack has room, so two units parked on
        the Mine Road's entry hex F1928 kept Colston's division off the map for turns)."""
        v = super().value(u, h, target)
        return v - ENTRY_BLOCK if h in self.waiting_entries else v

    def objective(self, u: int, h0: int) -> tuple:
        """(hex, value) of the objective worth most to u from h0, for the distance."""
        board = self.state.game.board
        best, where = None, (h0, 0.0)
        objectives = self.objectives
        if self.exit_open:
            objectives = objectives + [(self.F.exit_hex, 2.0 * self.F.strength[u] + 4.0)]
        for h, value in objectives:
            score = value - STEP * board.distance(h0, h)
            if h in self.held:
                score -= value * 0.6                            # held already: a lesser need
            if best is None or score > best:
                best, where = score, (h, value)
        return where

    def contact(self, u: int, h: int) -> float:
        """Worth of ending in an enemy zone (8.1: the unit must then attack): the best expected
        result (8.6) of the attack it could make on an adjacent enemy hex with the friendly
        strength already around it, an exchange paid with the smallest units that cover it."""
        st, F, board = self.state, self.F, self.state.game.board
        tables = st.game.tables
        per = F.vp_point
        best = None
        for e in board.adjacent[h]:
            if e not in self.enemy:
                continue
            defence = hex_defence(st, e) or 1.0
            dsp = float(sum(F.strength[v] for v in st.units_at(e) if not F.leader[v]))
            mine = [F.strength[v] for n in board.adjacent[e] if n != h for v in st.units_at(n)
                    if F.side[v] == self.side and not F.leader[v]] + [F.strength[u]]
            col = tables.column(sum(mine), defence)
            values = {"De": per * dsp, "Dr": per * DR_SHARE * dsp,
                      "Ex": per * (dsp - OWN_LOSS * exchange_loss(mine, int(dsp))),
                      "Ar": -per * AR_SHARE * F.strength[u], "Ae": -per * OWN_LOSS * F.strength[u]}
            v = max(sum(p * values[r] for r, p in table_outcomes(tables, c).items()) for c in range(col + 1))
            best = v if best is None else max(best, v)
        return best or 0.0

    def defence_multiplier(self, h: int) -> int:
        """8.4 terrain, or 10.3 fieldworks doubling."""
        return max(self.F.defence[h], 2 if h in self.state.fieldworks else 1)

    def leader_value(self, v: int, h: int) -> float:
        """23.55: a leader is worth most with the strongest stack of his command, out of
        enemy zones (23.54: an enemy entering his hex takes him)."""
        st, F = self.state, self.F
        command = st.game.command[v]
        here = sum(F.strength[w] for w in st.units_at(h) if w in command)
        return here - (5.0 if h in self.enemy_zoc else 0.0) - (8.0 if not here else 0.0)


def moving_scores(state, actions, fast: bool) -> list:
    """One hex of a move: the first step of the route to the best hex the unit may end in."""
    u = state.stack[-1][2]
    side = state.side_of(u)
    plan = Plan(state, side)
    F = plan.F
    here = state.hex[u]
    if F.leader[u]:
        value = lambda h: plan.leader_value(u, h)  # noqa: E731
        exit_value = -50.0
    else:
        target, worth = plan.objective(u, here)
        value = lambda h: plan.value(u, h, target)  # noqa: E731
        # 23.61 i: exited points count only if the line of communication holds at the end, and
        # a Confederate zone anywhere on it costs them all (2 VP a point): leave on the last
        # Game-Turn (the Union moves last, so nothing can cut the line after), gather before
        last = state.turn >= state.game.turns
        exit_value = 1e6 if plan.exit_open and last and target == F.exit_hex else -50.0
    # exit through F2501 (23.31)
    return movement.route_scores(state, actions, u, value, lambda stay: exit_value)


def movement_scores(state, actions, fast: bool) -> list:
    """Which unit moves next and how: reinforcements first, rally a shaken unit (12.4), dig in
    near the enemy when already on the objective (10.3), forced march (23.21-23.23) when the
    objective is far, leaders last (they follow their troops)."""
    F = facts(state.game)
    plan = None
    out = []
    for a in actions:
        if a.kind == "end_movement":
            out.append(0.0)
            continue
        if a.kind == "enter":
            out.append(4.0)
            continue
        u = a.a
        if a.kind == "force_enter":
            # 23.22: entering by forced march (12 MP, no enemy zone) gains ground when the
            # objective is far from the entry hex and the march may reach it: a Union forced
            # march off its own Game-Turns keeps north of the Rappahannock (23.21), so there
            # only toward an objective on that bank; near it the normal entry may fight at once
            plan = plan or Plan(state, F.side[u])
            target, _ = plan.objective(u, a.b)
            reachable = not forced_march.north_only(state, u) or target in state.game.north
            far = state.game.board.distance(a.b, target) > 6
            out.append(4.0 + (0.6 if far and reachable else -0.6))
            continue
        if a.kind == "rally":
            out.append(3.5)
            continue
        base = 0.5 if F.leader[u] else 1.0 if F.kind[u] == "artillery" else 2.0
        if a.kind in ("march", "force", "entrench"):
            plan = plan or Plan(state, F.side[u])
            h = state.hex[u]
            target, _ = plan.objective(u, h)
            far = state.game.board.distance(h, target)
            if a.kind == "entrench":
                near_enemy = any(state.game.board.distance(h, e) <= 2 for e in plan.enemy)
                base += 0.7 if near_enemy and far <= 1 else -3.0
            elif a.kind == "march":
                base += movement.march_bonus(state, u, far > 6)
            else:
                base += 0.6 if far > 6 else -0.6
        out.append(base)
    return out

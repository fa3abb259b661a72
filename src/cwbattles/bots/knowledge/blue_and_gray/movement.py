"""Movement (5.0, 6.0) for every Blue & Gray game: a side's ``Plan`` (what its moves are judged
by, read once per decision) and the scores of one hex of a move.

A unit's worth in a hex is, in rough VP: its objective (the game's ``Plan`` picks it), two
points less for every hex away and a bonus for standing on it; contact (a hex in an enemy zone
of control obliges an attack, 8.1: worth what the game's ``contact`` says the attack could
be); artillery keeps out of enemy zones and within range (9.1) to bombard instead; terrain
(8.4, and whatever else doubles defenders in the game) near the enemy. In the ``moving`` frame
the engine's ``reach`` lists every hex the unit may still end in with the route; the first step
of the route to the best hex scores highest, ``stop`` scores the hex it stands on."""

from __future__ import annotations

from ....systems.blue_and_gray.movement import may_step_strategically, reach

STEP = 2.0            # VP a hex of distance from the objective costs
ON_OBJECTIVE = 3.0
TERRAIN = 0.6         # per strength point, for a doubling terrain near the enemy
BOMBARD = 1.5         # artillery within range of the enemy but out of its zones


def march_bonus(state, u: int, far: bool) -> float:
    """The worth of choosing a strategic move (6.4) for u over a plain one: more MP along roads
    when its objective is far, less near it; and a loss where u has no road hex to step into
    (6.44-6.45), since the move would then end where it began."""
    if not may_step_strategically(state, u):
        return -1.0
    return 0.5 if far else -0.5


class Plan:
    """What one side's moves are judged by; a game's plan adds its objectives and ``contact``."""

    def __init__(self, state, side: int, facts):
        self.state, self.side, self.F = state, side, facts
        self.enemy_zoc = state.zoc(1 - side)
        self.enemy = state.combat_occupied(1 - side)

    def contact(self, u: int, h: int) -> float:
        """Worth of ending in an enemy zone of control: the attack u would then make."""
        raise NotImplementedError

    def defence_multiplier(self, h: int) -> int:
        """8.4: what hex h multiplies its defenders' strength by."""
        return self.F.defence[h]

    def value(self, u: int, h: int, target: int) -> float:
        """Unit u's worth ending its move in hex h, going for the objective ``target``."""
        F, st = self.F, self.state
        board = st.game.board
        v = -STEP * board.distance(h, target) + (ON_OBJECTIVE if h == target else 0.0)
        zoc = h in self.enemy_zoc
        if F.kind[u] == "artillery":
            if zoc:
                v -= 3.0
            elif any(board.distance(h, e) <= st.artillery_range(u) for e in self.enemy):
                v += BOMBARD
        elif zoc:
            v += self.contact(u, h)
        mult = self.defence_multiplier(h)
        if mult > 1 and (zoc or any(board.distance(h, e) <= 2 for e in self.enemy)):
            v += TERRAIN * F.strength[u] * float(mult - 1)
        return v


def route_scores(state, actions, u: int, value, leave) -> list:
    """One hex of u's move: a ``step`` scores the best ``value(hex)`` among the hexes its route
    leads to (those u may stack in), ``stop`` the hex it stands on (a hair more, so that ties
    stop), and ``exit`` (leaving the map) ``leave(stay)``."""
    side = state.side_of(u)
    here = state.hex[u]
    routes = reach(state, u)
    best_by_step = {}
    for h in routes:
        if h == here or not state.stack_ok(h, side, (u,)):
            continue
        f = h
        while routes[f][1] != here:
            f = routes[f][1]
        val = value(h)
        if val > best_by_step.get(f, -1e9):
            best_by_step[f] = val
    stay = value(here)
    out = []
    for a in actions:
        if a.kind == "step":
            out.append(best_by_step.get(a.a, -1e9))
        elif a.kind == "stop":
            out.append(stay + 0.01)
        else:
            out.append(leave(stay))
    return out

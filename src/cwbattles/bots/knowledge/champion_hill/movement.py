"""Movement (5.0, 6.0, 19.3): where each unit is worth most, and the route there.

A unit's worth in a hex (``Plan.value``, the series' ``blue_and_gray.movement``) is, in rough VP:

- its objective: the victory hex (or, for the Confederates, the Union train) that is worth most
  to its side for the distance, two points less for every hex away, a bonus for standing on it;
  an objective a friendly brigade already holds is worth half to the others (19.4 lets only one
  brigade stand there); a victory hex that scores at the end, the enemy's or nobody's, with no
  enemy near, is the objective of the one unit nearest to it (passing through takes it, 21.2);
- contact: a hex in an enemy zone of control obliges an attack (8.1), so it is worth what the
  best attack from there could be: the friendly strength already around the enemy hex against
  its defence; artillery keeps out of zones and within range (9.1, 19.2) to bombard instead;
- terrain (8.4): near the enemy, a hex that doubles its defenders.

In the ``moving`` frame the engine's ``reach`` lists every hex the unit may still end in with
the route; the first step of the route to the best hex scores highest, ``stop`` scores the hex
it stands on. In the ``movement`` frame every unit is moved (infantry before artillery, so the
guns can take position behind them); moving and stopping at once costs nothing.
"""

from __future__ import annotations

from ..blue_and_gray import movement
from ..blue_and_gray.movement import STEP
from .facts import CONFEDERATE, CROSSROADS_VP, LOC_VP, NEAR, TRAIN_VP, UNION, facts, hex_defence, turns_left
from .ground import capture_value, massable
from .held import release_cost

SECURE = 0.3         # an objective's worth while this side holds it and no enemy is near
GROUND_STEP = 0.1     # share of a victory hex's capture value a unit gains by joining a 2-1 on it


def objectives(state, side: int) -> list:
    """(hex, value) of what ``side`` fights for (21.3)."""
    F = facts(state.game)
    t = turns_left(state)
    out = [(F.crossroads, t * sum(CROSSROADS_VP) / 2 + 10)]
    out += [(h, vu + vc) for h, vu, vc in F.end_hexes]
    if side == CONFEDERATE:
        out += [(h, LOC_VP) for h in F.loc_hexes]
        th = state.hex[F.train]
        if th >= 0:
            out.append((th, TRAIN_VP))
    else:
        enemy = state.combat_occupied(CONFEDERATE)
        for h in F.loc_hexes:           # 21.3: guard the lines of communication when threatened
            row = F.dist[h]
            if any(row[e] <= 6 for e in enemy):
                out.append((h, LOC_VP))
        th = state.hex[F.train]         # 18.3: a train alone in an enemy zone is lost (50 VP)
        if th >= 0 and any(state.game.board.distance(th, e) <= 5 for e in enemy):
            out.append((th, TRAIN_VP))
    return out


def train_value(state, h: int) -> float:
    """18.3-18.4, 21.3: the train is safest with a combat unit, far from the enemy, and costs
    5 VP the first time it leaves its set-up hex, so it moves only to get away."""
    F = facts(state.game)
    board = state.game.board
    near = min((board.distance(h, e) for e in state.combat_occupied(CONFEDERATE)), default=9)
    guarded = any(v != F.train for v in state.units_at(h))
    moved = 5.0 if h != F.train_home and not state.train_left else 0.0
    return min(near, 4) * 2.0 + (6.0 if guarded else 0.0) - moved


class Plan(movement.Plan):
    """What one side's moves are judged by, read once per decision (``value``: the series')."""

    def __init__(self, state, side: int):
        super().__init__(state, side, facts(state.game))
        self.objectives = objectives(state, side)
        self.held = {h for h, _ in self.objectives
                     if any(self.F.brigade[v] and self.F.side[v] == side for v in state.units_at(h))}
        self.secure = self._secure()
        self.reclaim = self._reclaim()

    def _secure(self) -> set:
        """Victory hexes this side holds (21.2) with no enemy combat unit within ``NEAR``: a
        hex that stays with the last side on it needs no garrison while nobody contests it,
        so the units near it are free for the next one (issue 30: the Union took the hill and
        stopped there, short of Baker's Creek)."""
        st, F = self.state, self.F
        out = set()
        for h, _ in self.objectives:
            slot = F.control_index.get(h)
            if slot is None or st.control[slot] != self.side:
                continue
            row = st.game.board.distances_from(h)
            if all(row[e] > NEAR for e in self.enemy):
                out.add(h)
        return out

    def _reclaim(self) -> dict:
        """unit -> victory hex it is sent to: each hex that scores at the end (21.3: the end
        hexes to either side, the lines of communication to the Confederates) and that the
        enemy or nobody controls (21.2), with no enemy combat unit within ``NEAR``, is the
        objective of the nearest unit of this side free to go (neither pinned in an enemy zone,
        6.1, nor held, 17.0, 17.5), the weakest of the nearest, the nearest pairs of unit and
        hex first: passing through takes it (21.2). Issue 30 found the Confederate cavalry
        riding through the Union's 1920 on the first turn and leaving it, and no Union unit
        going back in half the games: 40 VP for a two-point regiment's ride, since an
        objective's worth falls by four points a hex."""
        st, F, side = self.state, self.F, self.side
        free = [(u, h) for u in st.game.side_units[side] if (h := st.hex[u]) >= 0 and u != F.train
                and h not in self.enemy_zoc and st.released[st.game.units[u].division] and st.may_move(u)]
        pairs = []
        for h in [eh for eh, _, _ in F.end_hexes] + list(F.loc_hexes):
            if st.control[F.control_index[h]] == side:
                continue
            row = st.game.board.distances_from(h)
            if any(row[e] <= NEAR for e in self.enemy):
                continue
            pairs += [(row[uh], F.strength[u], u, h) for u, uh in free]
        out: dict = {}
        for _, _, u, h in sorted(pairs):              # the nearest pairs first, one unit a hex
            if u not in out and h not in out.values():
                out[u] = h
        return out

    def objective(self, u: int, h0: int) -> int:
        """The objective worth most to u from h0, for the distance; a unit sent to take back
        an unguarded victory hex (``_reclaim``) goes there."""
        if u in self.reclaim:
            return self.reclaim[u]
        board = self.state.game.board
        best, where = None, h0
        for h, value in self.objectives:
            if h in self.held and h != h0:
                value *= 0.5
            if h in self.secure:
                value *= SECURE
            score = value - STEP * 2 * board.distance(h0, h)
            if best is None or score > best:
                best, where = score, h
        return where

    def contact(self, u: int, h: int) -> float:
        """Worth of ending in an enemy zone of control: the best attack the unit could join,
        at the odds of the strength its side can mass there this turn (``ground.massable``),
        plus a share of the hex's ground when those odds are 2-1 or better; a step into a
        zone where the mass cannot reach 1.5-1 costs nearly the unit (8.1: it must attack), and
        one next to a held enemy division the cost of freeing it early (``held``, 17.0)."""
        st, F, board = self.state, self.F, self.state.game.board
        strength = F.strength[u]
        best = None
        foes = [e for e in board.adjacent[h] if e in self.enemy]
        freed = release_cost(st, self.side, foes)          # 8.1: the step obliges an attack
        for e in foes:
            defence = hex_defence(st, e) or 1.0
            ratio = (massable(st, self.side, e, exclude=(u,)) + strength) / defence
            v = (-1.0 if ratio < 1.5 else -0.4 if ratio < 2 else 0.3 if ratio < 3 else 0.6)
            v *= strength if v < 0 else min(defence, 8)
            if ratio >= 2:
                v += GROUND_STEP * capture_value(st, self.side, e, strength)
            best = v if best is None else max(best, v)
        return (best or 0.0) - freed


def moving_scores(state, actions, fast: bool) -> list:
    """One hex of a move: the first step of the route to the best hex u may end in."""
    u = state.stack[-1][2]
    side = state.side_of(u)
    if u == facts(state.game).train:
        return [train_value(state, a.a) if a.kind == "step" else
                train_value(state, state.hex[u]) + 0.01 if a.kind == "stop" else -50.0 for a in actions]
    plan = Plan(state, side)
    target = plan.objective(u, state.hex[u])
    # exit (19.3): the unit leaves the fight for good
    return movement.route_scores(state, actions, u, lambda h: plan.value(u, h, target), lambda stay: stay - 20.0)


def movement_scores(state, actions, fast: bool) -> list:
    """Which unit moves next: reinforcements first, then infantry and cavalry, then artillery;
    a strategic move (6.4) when the objective is far and a road leads off; the phase ends when all
    have moved."""
    F = facts(state.game)
    plan = None
    out = []
    for a in actions:
        if a.kind == "end_movement":
            out.append(0.0)
        elif a.kind == "enter":
            out.append(4.0)
        else:
            u = a.a
            base = 1.0 if F.kind[u] == "artillery" else 2.0
            if a.kind == "march":
                plan = plan or Plan(state, F.side[u])
                far = state.game.board.distance(state.hex[u], plan.objective(u, state.hex[u])) > 6
                base += movement.march_bonus(state, u, far)
            out.append(base)
    return out

"""Grouped (macro) actions for the search: a brigade's whole action as one choice.

A brigade's move is a chain of single decisions (each zone entered, the stop, the facing, the
line in a stack, an attack), so a search over single actions spends most of its simulations
telling apart first steps that lead to the same place. At the start of a brigade's action the
search chooses among macros instead:

- ``("goto", z)``: go to zone z by the cheapest way (10.3), then stop or attack from there as
  the fast policy prefers; one macro for each of the best end zones by ``Placement``;
- ``("do", action)``: one of the other choices open at the start (pass, rest, rout, an attack
  from where the brigade stands, mounting or dismounting), the rest of the action by the policy;
- ``POLICY``: the whole action as the policy plays it, one step at a time, each step chosen
  afresh. It takes the place of the best-scored macro above, the one the policy would go for:
  the policy re-plans at every step (it may stop short, or attack on the way), which a fixed
  end zone does not. So a search that finds nothing better plays exactly as the heuristic.

``macro_step`` gives the next single action of a macro; the facing and the line at the end
(10.4, 10.5) are the fast policy's. A macro ends when the brigade's action ends, or when the
other side must decide (an HQ displaced by the move, 10.3).
"""

from __future__ import annotations

from ....games.cedar_creek.movement import reachable
from ....games.cedar_creek.placement import can_stack
from .facts import INF, View, facts
from .movement import move_scores
from .placement import Placement

STEP_KINDS = ("move", "enter")
ACTION_KINDS = frozenset(("move", "enter", "stop", "pass", "attack", "charge", "extra_mp", "mount",
                          "dismount", "rest", "rout"))
DESTINATIONS = 6          # end zones offered as macros, best first
POLICY = ("policy", None)


def macro_point(state, actions) -> bool:
    """The start of a brigade's action with more than one zone to go to: a macro choice."""
    u = state.mv_unit
    return (u >= 0 and not state.mv_moved and not state.mv_toggled
            and any(a.kind in STEP_KINDS for a in actions))


def inside_macro(state, actions, u: int | None = None) -> bool:
    """A later decision of the brigade acting now (or of brigade ``u``): a step, its stop, its
    facing or its line."""
    if u is None:
        u = state.mv_unit
    if u < 0:
        return False
    if state.mv_unit == u and actions[0].kind in ACTION_KINDS:
        return True
    return actions[0].kind in ("face", "line") and actions[0].b == u


def _destinations(state, u: int, actions) -> dict:
    """{zone: MP it costs} for every zone the brigade can end its move in (entering counts)."""
    z = state.zone[u]
    if z >= 0:
        return {n: c for n, c in reachable(state, u).items() if n != z}
    entry_mp = facts(state.game).t.movement.entry_mp
    out = {}
    for a in actions:
        if a.kind == "enter":
            for n, c in reachable(state, u, state.mv_mp - entry_mp, True, a.a).items():
                cost = c + entry_mp
                if cost < out.get(n, INF):
                    out[n] = cost
    return out


def macros(state, actions, fast: bool = True) -> list:
    """[(macro, score)] at a macro point, scored like the policy's move scores (VP, the view of
    the side to act): the single choices by ``move_scores`` (``fast``: without the exact
    combat previews), each end zone by its placement."""
    u = state.mv_unit
    singles = [a for a in actions if a.kind not in STEP_KINDS]
    out = [(("do", a), s) for a, s in zip(singles, move_scores(state, singles, fast))] if singles else []
    V = View(state, facts(state.game))
    P = Placement(V, u)
    mp = state.mv_mp
    scored = []
    for z, cost in _destinations(state, u, actions).items():
        if can_stack(state, u, z):
            scored.append((P.value(z, mp - cost, True), z))
    scored.sort(key=lambda t: (-t[0], t[1]))
    out += [(("goto", z), v) for v, z in scored[:DESTINATIONS]]
    if out:
        best = max(range(len(out)), key=lambda i: out[i][1])
        out[best] = (POLICY, out[best][1])
    return out


def _step_towards(state, u: int, target: int, actions):
    """The step (move or entry) on a cheapest way to ``target``, or None if none leads there."""
    F = facts(state.game)
    best, best_cost = None, INF
    mp = state.mv_mp
    for a in actions:
        if a.kind == "enter":
            cost = F.t.movement.entry_mp
        elif a.kind == "move":
            cost = F.move_cost[state.zone[u]][a.a]
        else:
            continue
        if a.a == target:
            rest = 0
        else:
            rest = reachable(state, u, mp - cost, True, a.a).get(target, INF)
        if cost + rest < best_cost:
            best, best_cost = a, cost + rest
    return best


def macro_step(state, macro, actions, choose):
    """The next single action of ``macro``; ``choose(state, actions)`` decides what the macro
    leaves open (the stop or an attack at the end, facing, line)."""
    u = state.mv_unit
    kind, arg = macro
    if kind == "policy":
        return choose(state, actions)
    if kind == "do":
        if arg in actions:
            return arg
        return choose(state, actions)
    if u >= 0 and state.zone[u] != arg and any(a.kind in STEP_KINDS for a in actions):
        step = _step_towards(state, u, arg, actions)
        if step is not None:
            return step
    if u >= 0 and state.zone[u] == arg:
        rest = [a for a in actions if a.kind not in STEP_KINDS]
        if rest:
            return choose(state, rest)
    return choose(state, actions)


def run_macro(state, macro, choose) -> int:
    """Apply ``macro`` to ``state`` until the brigade's action ends or the other side must
    decide; the number of actions applied."""
    side, u = state.to_act, state.mv_unit
    n = 0
    while not state.is_over and state.to_act == side:
        actions = state.legal_actions()
        if n and not inside_macro(state, actions, u):
            break
        state.apply(macro_step(state, macro, actions, choose))
        n += 1
    return n

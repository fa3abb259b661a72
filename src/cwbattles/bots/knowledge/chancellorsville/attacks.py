"""Attacks (8.0-9.0) by the engine's exact odds: ``state.preview`` gives each result's chance
(8.6) with every halving (8.4), the morale (12.2), leaders' points (23.55) and fieldworks (10.3)
applied. An attack's worth, in VP for the attacker, is the sum over results of chance times:

- De: two VP a defending strength point (23.61 ii); Dr: a quarter of it (the defenders are
  disrupted and may be caught later), all of it for units with no hex to retreat to (8.7);
- Ex: the defenders' points less the attacker's loss (the smallest units that cover it, 8.6);
- Ar: a quarter of the adjacent attackers' points, all of them for units with no hex to
  retreat to; Ae: all of them. Bombarding artillery risks
  nothing (9.1). The attacker's own points lost count ``OWN_LOSS`` times. ``fast``: the odds without the preview's clone."""

from __future__ import annotations

from ....systems.blue_and_gray.combat import adjacent_role, odds
from ....systems.blue_and_gray.displacement import displaceable, retreat_hexes
from ..blue_and_gray import declared, table_outcomes
from .facts import facts

DR_SHARE = 0.3
AR_SHARE = 0.25
OBLIGED = 1.0
LOWER = 0.01
# The attacker's own points lost (Ex, Ae, Ar with no retreat) count twice their 2 VP (23.61 ii):
# a lost division is also the ground it would have held, and one lone division's exchange with a
# brigade decides a game (measured, Union heuristic against random in 200 games: 187 wins with 2,
# 184 with 1; the Union's mean loss 3.7 points against 7.8)
OWN_LOSS = 2.0


def exchange_loss(strengths, need: int) -> int:
    """8.6 Ex: what the attacker loses paying ``need`` points the way ``exchange_scores`` does."""
    left, lost = sorted(strengths), 0
    while need > 0 and left:
        covering = [x for x in left if x >= need]
        x = covering[0] if covering else left[-1]
        left.remove(x)
        need -= x
        lost += x
    return lost


def result_values(state, targets: tuple, attackers: tuple) -> dict:
    F = facts(state.game)
    per = F.vp_point
    defenders = [v for t in targets for v in state.units_at(t) if not F.leader[v]]
    dsp = float(sum(F.strength[v] for v in defenders))
    adjacent = [u for u in attackers if adjacent_role(state, u)]
    asp = float(sum(F.strength[u] for u in adjacent))
    # 8.7: an attacker that cannot retreat is eliminated on Ar
    stuck = float(sum(F.strength[u] for u in adjacent if not retreat_hexes(state, u) and not displaceable(state, u)))
    trapped = float(sum(F.strength[v] for v in defenders if not retreat_hexes(state, v) and not displaceable(state, v)))
    return {"De": per * dsp,
            "Dr": per * (DR_SHARE * (dsp - trapped) + trapped),
            "Ex": per * (dsp - OWN_LOSS * float(exchange_loss([F.strength[u] for u in adjacent], int(dsp)))),
            "Ar": -per * (AR_SHARE * (asp - stuck) + OWN_LOSS * stuck),
            "Ae": -per * OWN_LOSS * asp}


def value_of(state, action, fast: bool) -> float:
    targets, attackers, column = declared(state, action)
    if not attackers:
        return 0.0
    tables = state.game.tables
    if fast:
        top = odds(state, targets, attackers)["column"] if column is None else column
        modifier = 0
    else:
        p = state.preview(action)
        top, modifier = tables.columns.index(p["odds"]), p["die_modifier"]
    values = result_values(state, targets, attackers)
    columns = (top,) if action.kind in ("resolve", "resolve_at") else range(top + 1)
    return max(sum(p * values[r] for r, p in table_outcomes(tables, c, modifier).items()) for c in columns)


def combat_scores(state, actions, fast: bool) -> list:
    return [0.0 if a.kind == "end_combat" else value_of(state, a, fast) for a in actions]


def declare_scores(state, actions, fast: bool) -> list:
    out = []
    for a in actions:
        v = value_of(state, a, fast)
        if a.kind == "attacker" and adjacent_role(state, a.a):
            v += OBLIGED
        elif a.kind == "attacker":
            v += 0.05
        elif a.kind == "resolve_at":
            v -= LOWER
        elif a.kind == "target":
            v -= 0.1
        out.append(v)
    return out

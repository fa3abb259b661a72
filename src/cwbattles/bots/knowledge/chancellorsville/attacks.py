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

from functools import partial

from ....systems.blue_and_gray.combat import adjacent_role
from ....systems.blue_and_gray.displacement import displaceable, retreat_hexes
from ..blue_and_gray import attacks
from ..blue_and_gray.attacks import exchange_loss
from .facts import facts

DR_SHARE = 0.3
AR_SHARE = 0.25
# The attacker's own points lost (Ex, Ae, Ar with no retreat) count twice their 2 VP (23.61 ii):
# a lost division is also the ground it would have held, and one lone division's exchange with a
# brigade decides a game (measured, Union heuristic against random in 200 games: 187 wins with 2,
# 184 with 1; the Union's mean loss 3.7 points against 7.8)
OWN_LOSS = 2.0


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


# the series' scoring (bots.knowledge.blue_and_gray.attacks) with these values; the phase's
# attacks planned together (``blue_and_gray.owed``, as at Champion Hill): units next to several
# enemy hexes join the mass on one instead of soaking off one at a time. With the evaluation's
# owed attacks (evaluation.py) the Confederates' attacks at 1-5 between two commanders fell
# from 10.7 a game to 5.7 (docs/balance/chancellorsville.md, sixth pass)
value_of = partial(attacks.value_of, result_values=result_values)
combat_scores = partial(attacks.combat_scores, result_values=result_values, planned=True)
declare_scores = partial(attacks.declare_scores, result_values=result_values, planned=True)

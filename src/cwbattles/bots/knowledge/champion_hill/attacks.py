"""Attacks (8.0-9.0): what an attack is worth, by the engine's exact odds.

``state.preview(action)`` gives, for ``attack``, ``target``, ``attacker``, ``resolve`` and
``resolve_at``, the probability of each result of the combat results table (8.6) with the
die modifier of 19.53 (Bowen's counterattack) and every halving (17.3, 19.14) applied. An
attack's worth, in VP for the attacker, is the sum over results of probability times value:

- De: the defenders' strength (21.1), and the train's 50 VP if it stands there (18.1);
- Dr: a quarter of it (the defenders may be cut off or caught later), all of it for units
  with no hex to retreat to (8.7);
- Ex: the defenders' strength less what the attacker must lose: whole units whose printed
  strengths cover the defenders' (8.6), paid as ``retreat.exchange_scores`` pays them;
- ground: a De, Dr or Ex by adjacent attackers empties the hex, which they may take by advancing
  (8.7): a victory hex's ``ground.capture_value`` is added to each, as likely as the strongest
  attacker would hold it through the enemy's reply;
- held divisions: an attack that frees an enemy division before its time (17.1-17.4) costs
  ``held.release_cost`` whatever the result;
- Ar: a fifth of the adjacent attackers' strength (they give up ground);
- Ae: the adjacent attackers' strength; bombarding artillery risks nothing (9.1).

A voluntary lower column (8.9) is scored by its own preview, so it is chosen only if it is
worth more: on the printed table a lower column trades exchanges for retreats (3-1 has one Ex
where 4-1 has two), which pays when the exchange would cost a big unit for a small one. ``fast`` reads the odds without the clone a preview
costs and without the die modifier.
"""

from __future__ import annotations

from functools import partial

from ....systems.blue_and_gray.combat import adjacent_role
from ....systems.blue_and_gray.displacement import displaceable, retreat_hexes
from ..blue_and_gray import attacks
from ..blue_and_gray.attacks import exchange_loss
from .facts import TRAIN_VP, facts
from .ground import capture_value
from .held import release_cost

DR_SHARE = 0.25
AR_SHARE = 0.2


def result_values(state, targets: tuple, attackers: tuple) -> dict:
    """What each result (8.6) of an attack is worth to the attacker, in VP."""
    F = facts(state.game)
    defenders = [v for t in targets for v in state.units_at(t)]
    dsp = float(sum(F.vp_strength[v] for v in defenders if v != F.train))
    train = TRAIN_VP if F.train in defenders else 0.0
    adjacent = [u for u in attackers if adjacent_role(state, u)]
    asp = float(sum(F.vp_strength[u] for u in adjacent))
    owed = sum(F.strength[v] for v in defenders if v != F.train)
    trapped = float(sum(F.vp_strength[v] for v in defenders if v != F.train
                        and not retreat_hexes(state, v) and not displaceable(state, v)))
    side = F.side[attackers[0]]
    holding = max((F.strength[u] for u in adjacent), default=0)      # the strongest advances (8.7)
    ground = sum(capture_value(state, side, t, holding) for t in targets) if adjacent else 0.0
    freed = release_cost(state, side, targets, bombard_only=not adjacent)
    return {"De": dsp + train + ground - freed,
            "Dr": DR_SHARE * (dsp - trapped) + trapped + train + ground - freed,
            "Ex": dsp + train + ground - freed - float(exchange_loss([F.strength[u] for u in adjacent], owed)),
            "Ar": -AR_SHARE * asp - freed,
            "Ae": -asp - freed}


# the series' scoring (bots.knowledge.blue_and_gray.attacks) with these values
value_of = partial(attacks.value_of, result_values=result_values)
# the phase's attacks planned together (``blue_and_gray.owed``, issue 30: soak-offs at 1-2)
combat_scores = partial(attacks.combat_scores, result_values=result_values, planned=True)
declare_scores = partial(attacks.declare_scores, result_values=result_values, planned=True)

"""Attacks: their odds (11.3, 11.4) and what they are worth, for the evaluation and the policy.

An attack is worth what it is expected to do to both sides, in VP (``attack_value``): hits
cost about a step (or a zone), fatigue a third of that, and a beaten defender may give up a
victory zone. The odds come two ways:

- exactly, from the engine's ``state.preview`` (every modifier and support roll enumerated),
  for the attack actions the heuristic scores and the facings it then chooses among (the
  preview gives the combat each facing leads to: 11.1 extends the attack to the enemies left
  in its front, 11.3 punishes an unattacked enemy on its flank);
- roughly (``rough_odds``), for the many attacks that are only possible: a brigade in a zone
  it might move to, the enemy's replies. Strength ratio, support, command, fatigue, surprise,
  terrain and flanks count; combined attacks are simplified to one stack against one.

``threats`` counts part of the best attack each stack could make next, and
``declared_attacks`` the whole expected value of attacks declared and not yet fought.
"""

from __future__ import annotations

from ....engine.actions import Action
from ....games.cedar_creek.combat import (OUTCOMES, can_support, live_attackers, outcome_odds, ratio_bonus,
                                         surprise_penalty)
from .facts import CONFEDERATE, EARLY_ENTRY, FATIGUE, FRONT_WEIGHT, HIT, UNION, View, facts

def attack_value(o, n_att: int, n_def: int, gain: float = 0.0) -> float:
    """What an attack with outcome odds ``o`` is worth to the attacker, in VP: hits are worth
    about a step (or a zone), fatigue a third of that; ``gain`` is the value of the defender's
    zone should it be vacated (about half the hits end in a retreat)."""
    tie, af, df, ah, dh = o
    return (dh * (n_def * (HIT + FATIGUE) + 0.5 * gain) + df * n_def * FATIGUE
            - (tie + af) * n_att * FATIGUE - ah * n_att * (HIT + FATIGUE))


def zone_gain(V: View, target: int) -> float:
    """What the attacker gains when the defender leaves zone ``target``: its victory points
    (4), and for the Confederates, while Early is still off the map, a zone whose Union
    brigades bar his entry (12, 7.2)."""
    F = V.F
    gain = F.vp_value.get(target, 0.0)
    if target in F.early_entry and V.zside.get(target) == UNION and V.state.hq_zone[F.game.EARLY] < 0:
        gain += EARLY_ENTRY
    return gain


ODDS_KEYS = OUTCOMES      # the order of the odds tuples: (tie, attacker tires, defender tires, hits)


def preview_value(state, action, V=None) -> float:
    """An attack declaration's value from the engine's exact odds (state.preview), for the best
    facing the attacker may then take (the preview gives the combat of each: 11.1 adds the
    enemy zones left in its front, 11.3 costs -2 for an unattacked enemy on its flank); for a
    brigade joining an attack already declared, only what it adds."""
    p = state.preview(action)
    V = V or View(state, facts(state.game))
    v = max(faced_value(V, q) for q in p["facings"])
    if len(p["attackers"]) > 1:
        v -= declared_value(state, action.a, V)
    if action.kind == "charge":
        v -= FATIGUE * 0.7            # 10.3: the charger tires whatever happens
    return v


def faced_value(V: View, p: dict) -> float:
    """The value to the attacker of a combat preview ``p`` (its zones taken if it wins)."""
    o = tuple(p["odds"][k] for k in ODDS_KEYS)
    gain = sum(zone_gain(V, V.F.zone_index[t]) for t in p["targets"])
    return attack_value(o, len(p["attackers"]), len(p["defenders"]), gain)


def declared_value(state, target: int, V: View) -> float:
    """The value of the attack already declared on ``target`` (0 if none)."""
    for cid, c in enumerate(state.combats):
        if target in c[0] and not c[2]:
            try:
                p = state.preview(Action("resolve", cid))
            except (ValueError, KeyError, IndexError):
                return 0.0
            return faced_value(V, p)
    return 0.0


def stack_mods(V: View, front: list, support: int, is_attacker: bool, charging=()) -> tuple:
    """(fixed modifier, roll potentials, total front strength) of one side's stack(s)."""
    F, st = V.F, V.state
    c = F.t.combat
    mod = 0
    rolls = []
    strength = 0
    fat = 0
    star = False
    for u in front:
        strength += V.strength[u]
        fat = max(fat, 2 if (st.routed[u] and not is_attacker) else st.fatigue[u])
        star = star or F.star[u]
        r = V.rolls.get(u, ())
        if u in charging and st.artillery(u):
            r = r[1:]                       # 10.3: no artillery for a charge (it rolls first)
        rolls += r
        if u in charging:
            mod += c.charge
    if support >= 0:
        mod += support_mod(V, support)
        rolls += V.rolls.get(support, ())
    if star:
        mod += c.command
    mod += c.fatigue_per_level * fat
    return mod, rolls, strength


def support_mod(V: View, v: int) -> int:
    """11.3: +1 for a supporting brigade strong and fresh enough."""
    return V.F.t.combat.support if can_support(V.state, v) else 0


def ratio_and_surprise(V: View, att_side: int, sa: int, sd: int) -> tuple:
    """(attacker, defender) modifiers for the strength ratio and the Union's surprise (11.3)."""
    ma = md = 0
    if sa >= sd:
        ma += ratio_bonus(V.F.t, sa, sd)
    else:
        md += ratio_bonus(V.F.t, sd, sa)
    surprise = surprise_penalty(V.state)
    if att_side == UNION:
        ma += surprise
    else:
        md += surprise
    return ma, md


def rough_odds(V: View, att: int, att_zone: int, att_support: int, target: int, defender: int,
               def_support: int, def_facing: int, att_facing: int = -1, charge: bool = False) -> tuple:
    """Odds of one stack attacking one zone, the engine's rules roughly: ratio, support, command,
    fatigue, surprise, terrain, the defender's flank (-1) and the attacker's unattacked flank
    (-2), artillery and sharpshooter rolls."""
    F = V.F
    c = F.t.combat
    side = F.side[att]
    ma, ra, sa = stack_mods(V, [att], att_support, True, (att,) if charge else ())
    md, rd, sd = stack_mods(V, [defender], def_support, False)
    ra_mod, rd_mod = ratio_and_surprise(V, side, sa, sd)
    ma += ra_mod
    md += rd_mod
    md += F.terrain.get((target, att_zone), 0)
    if def_facing >= 0 and att_zone not in F.front[target].get(def_facing, ()):
        md += c.flank_attacked
    if att_facing >= 0:
        front = F.front[att_zone].get(att_facing, frozenset())
        enemy_side = 1 - side
        for n in F.adj[att_zone]:
            if n != target and n not in front and V.zside.get(n) == enemy_side:
                ma += c.unattacked_flank
                break
    return outcome_odds(ma, md, ra, rd, float)


def best_facing_towards(F: Facts, z: int, targets) -> int:
    """A facing of zone z with as many of ``targets`` in its front as possible."""
    fronts = F.front[z]
    best, best_n = -1, -1
    for f in F.adj[z]:
        n = sum(1 for t in targets if t in fronts[f])
        if n > best_n:
            best, best_n = f, n
    return best


def threats(V: View) -> tuple:
    """Attacks each side could make next, counted in part: (the Union's on Confederate stacks,
    the Confederates' on Union stacks), each the attacker's value of the best attack on every
    enemy stack in contact, times ``FRONT_WEIGHT``."""
    F, st = V.F, V.state
    total = [0.0, 0.0]
    for z, f in V.first.items():
        side = F.side[f]
        best = 0.0
        for n in F.adj[z]:
            e = V.first.get(n)
            if e is None or F.side[e] == side or st.routed[e]:
                continue
            v = stack_attack_value(V, n, z)
            if v > best:
                best = v
        total[1 - side] += best
    return FRONT_WEIGHT * total[UNION], FRONT_WEIGHT * total[CONFEDERATE]


def stack_attack_value(V: View, att_zone: int, target: int) -> float:
    """Value to the attacker of the stack in att_zone attacking the stack in target."""
    F, st = V.F, V.state
    a = V.first[att_zone]
    d = V.first[target]
    o = rough_odds(V, a, att_zone, V.second[att_zone], target, d, V.second[target], st.facing[d],
                   st.facing[a])
    n_def = 1
    return attack_value(o, 1, n_def, zone_gain(V, target))


def declared_attacks(V: View) -> float:
    """Attacks declared this player turn and not yet resolved (11.1): they will be fought, so
    their whole expected value counts, Union's view."""
    F, st = V.F, V.state
    total = 0.0
    for cid, (targets, _, resolved, _) in enumerate(st.combats):
        if resolved:
            continue
        live = live_attackers(st, cid)
        defenders = [V.first[t] for t in targets if V.first.get(t) is not None
                     and V.zside.get(t) != (F.side[live[0]] if live else -1)]
        if not live or not defenders:
            continue
        v = combat_value(V, live, targets, defenders)
        total += v if F.side[live[0]] == UNION else -v
    return total


def combat_value(V: View, attackers, targets, defenders) -> float:
    """Rough value to the attacker of a declared combat (several attackers or targets)."""
    F, st = V.F, V.state
    c = F.t.combat
    side = F.side[attackers[0]]
    att_zones = sorted({st.zone[a] for a in attackers})
    sup_a = [V.second[z] if V.second.get(z, -1) not in attackers else V.first[z] for z in att_zones]
    sup_a = [v for v in sup_a if v >= 0 and v not in attackers]
    ma, ra, sa = stack_mods(V, list(attackers), -1, True, [a for a in attackers if st.charging[a]])
    for v in sup_a:
        ma += support_mod(V, v)
        ra = ra + list(V.rolls.get(v, ()))
    md, rd, sd = stack_mods(V, list(defenders), -1, False)
    for t in targets:
        v = V.second.get(t, -1)
        if v >= 0:
            md += support_mod(V, v)
            rd = rd + list(V.rolls.get(v, ()))
    ra_mod, rd_mod = ratio_and_surprise(V, side, sa, sd)
    ma += ra_mod
    md += rd_mod
    md += min(min((F.terrain.get((t, a), 0) for a in att_zones if a in F.adjset[t]), default=0) for t in targets)
    if any(a not in st.front(d) for d in defenders for a in att_zones if a in F.adjset[st.zone[d]]):
        md += c.flank_attacked
    o = outcome_odds(ma, md, ra, rd, float)
    gain = sum(zone_gain(V, t) for t in targets)
    return attack_value(o, len(attackers), len(defenders), gain)


def rough_declared_value(V: View, u: int, z: int, target: int, charge: bool) -> float:
    F, st = V.F, V.state
    d = V.first.get(target)
    if d is None:
        return 0.5                       # the lone train (7.3)
    enemies = [n for n in F.adj[z] if V.zside.get(n) == 1 - F.side[u]]
    facing = best_facing_towards(F, z, [target] + enemies)
    support = next((v for v in V.by_zone.get(z, ()) if v != u), -1)
    o = rough_odds(V, u, z, support, target, d, V.second[target], st.facing[d], facing, charge)
    v = attack_value(o, 1, 1, zone_gain(V, target))
    return v - (FATIGUE * 0.7 if charge else 0.0)


def resolve_scores(state, actions, fast):
    """11.2: the attack with the best exact odds (defender hit less attacker hit) is fought first."""
    if fast:
        return [0.0 for _ in actions]
    out = []
    for a in actions:
        try:
            p = state.preview(a)
            out.append(p["defender_hit"] - p["attacker_hit"])
        except (ValueError, KeyError, IndexError, ZeroDivisionError):
            out.append(0.0)
    return out

"""What the bots know about Cedar Creek 1864: a cheap evaluation and a policy.

Everything is measured in victory points (rule 4), from the Union's view: ``evaluate(state)``
is the expected final margin, Union VP minus Confederate VP. It adds small, separately named
terms:

- ``loss_margin``: the steps each side has lost (4: the side with fewer losses scores the
  difference, so the margin moves one for one with every step);
- ``zone_expectation``: each victory zone's value times the chance its holder keeps it, from
  the strength each side can bring there before the end (Middletown 2+2, entries 11-13 1+3);
- ``condition``: fatigue and rout;
- ``front_pressure``: the attacks each side could make next at good odds (combat odds of 11.3
  worked out cheaply: strength ratio, terrain, flanks, support, fatigue, artillery);
- ``cohesion`` (10), ``command`` (headquarters within 8 MP of the divisions), ``batteries``.

The policy (``score_actions``) scores each legal action for the side to act. Attacks use the
engine's exact ``state.preview`` odds; a brigade's move is planned over every zone it can still
reach (``state.reach``) one step ahead; hits are held or not by the retreat table's odds;
the remaining small choices (facing, lines, retreat paths, advances) look one action ahead and
evaluate. ``fast_scores`` is the same policy without previews or clones, for search rollouts.

The bots read the state's public lists (zone, losses, fatigue, facing...) and the game's static
board; they never change a state they are given.
"""

from __future__ import annotations

import heapq
import math

SIDES = ("union", "confederate")
UNION, CONFEDERATE = 0, 1
OFF_MAP, ELIMINATED = -1, -2
INF = 10 ** 6

# -- weights, in victory points ---------------------------------------------------------------
HIT = 1.1             # a hit: a step lost, or the zone given up and a risk of more
FATIGUE = 0.3         # one fatigue level on a brigade that fights
ROUTED = 0.6          # a routed brigade: out of action, may lose more
FRONT_WEIGHT = 0.3    # share of a possible attack's value counted before it is made
DANGER = 0.5          # share of the enemy's best attack on a brigade, counted where it ends its move
COHESION = 0.4        # a brigade out of its division's reach (10)
COMMAND = 0.2         # a division within its HQ's 8 MP (10)
BATTERY = 0.25        # an Artillerie marker with a brigade (7.3)
OCCUPY = 2.0          # a victory zone held by a brigade standing in it
CSA_EARLY = 0.25      # 7.1 / 11.3: the Confederates push on turns 1-3 (activation +2, Union surprise)


# ==============================================================================================
# 1. Static facts of the map and the order of battle (computed once per game)
# ==============================================================================================
class Facts:
    def __init__(self, game):
        b = game.board
        self.game = game
        n = self.n = len(b.zones)
        self.adj = b.adj
        self.adjset = [frozenset(a) for a in b.adj]
        self.hops = b.hops
        self.front = b.front
        self.move_cost = b.move_cost
        self.command_dist = b.command_dist
        self.contact = [frozenset(c) for c in b.contact]
        self.zone_index = b.index
        self.mp = [self._dijkstra(b, z) for z in range(n)]
        self.vp = [(z, b.zones[z].vp[0], b.zones[z].vp[1]) for z in game.vp_zones]
        self.vp_value = {z: vu + vc for z, vu, vc in self.vp}
        self.edge = (b.edge_dist["union"], b.edge_dist["confederate"])
        t = game.tables
        c = t.combat
        self.t = t
        self.terrain = {}
        for (a, d), lk in b.links.items():          # d attacked from a (11.3)
            if not lk.passable:
                continue
            bonus = 0
            if b.zones[a].elevation < b.zones[d].elevation or lk.ravine:
                bonus += c.higher_or_ravine
            if lk.crossing in ("bridge", "ford"):
                bonus += c.bridge_or_ford
            bonus += c.woods if b.zones[d].woods else 0
            bonus += c.town if b.zones[d].town else 0
            self.terrain[d, a] = min(bonus, c.terrain_max)
        self.best_terrain = [max([self.terrain.get((z, a), 0) for a in b.adj[z]] or [0]) for z in range(n)]
        br = game.brigades
        self.units = range(len(br))
        self.side = [x.side for x in br]
        self.division = [x.division for x in br]
        self.star = [x.star for x in br]
        self.cavalry = [x.cavalry for x in br]
        self.printed = [x.strength for x in br]
        self.dismounted = [x.dismounted for x in br]
        self.battery = [x.artillery for x in br]
        self.sharp = [x.sharpshooters for x in br]
        self.ids = [x.id for x in br]
        d = game.divisions
        self.div_units = [x.brigades for x in d]
        self.div_side = [x.side for x in d]
        self.div_superior = [x.superior for x in d]
        self.div_cavalry = [x.cavalry for x in d]
        self.independent = [x.independent for x in d]
        self.div_first_turn = [x.first_turn for x in d]
        self.div_entry = [tuple(b.entry_zone[e] for e in x.entry if e in b.entry_zone) for x in d]
        self.unit_entry = [self.div_entry[x.division] for x in br]
        self.ratio = t.ratio.steps
        self.turns = t.game.turns
        self.hq_side = game.hq_side
        self.n_markers = game.train.markers

    @staticmethod
    def _dijkstra(b, start):
        return b.shortest(start)          # movement MP from start to every zone (the board's own search)


_FACTS: dict = {}


def facts(game) -> Facts:
    f = _FACTS.get(id(game))
    if f is None or f.game is not game:
        f = _FACTS[id(game)] = Facts(game)
    return f


# ==============================================================================================
# 2. A view of one state: who stands where, with what strength
# ==============================================================================================
class View:
    __slots__ = ("F", "state", "strength", "by_zone", "first", "second", "zside", "on_map", "rolls",
                 "rounds_left", "horizon", "turn", "cache")

    def __init__(self, state, F: Facts):
        self.F = F
        self.state = state
        zone, losses, mounted = state.zone, state.losses, state.mounted
        strength = []
        by_zone = {}
        on_map = ([], [])
        for u in F.units:
            base = F.printed[u] if (not F.cavalry[u] or mounted[u]) else F.dismounted[u]
            strength.append(base - losses[u])
            z = zone[u]
            if z >= 0:
                by_zone.setdefault(z, []).append(u)
                on_map[F.side[u]].append(u)
        self.strength = strength
        self.by_zone = by_zone
        self.on_map = on_map
        line = state.line
        first, second, zside = {}, {}, {}
        for z, us in by_zone.items():
            f = next((u for u in us if line[u] == 1), us[0])
            first[z] = f
            second[z] = next((u for u in us if u != f), -1)
            zside[z] = F.side[f]
        self.first, self.second, self.zside = first, second, zside
        markers = {}
        for m, owner in enumerate(state.marker_unit):
            if owner >= 0:
                markers[owner] = state.marker_value[m]
        rolls = {}
        for u in on_map[0] + on_map[1]:
            r = []
            art = max(0, F.battery[u] - losses[u]) if F.side[u] == UNION else markers.get(u, 0)
            if art:
                r.append(art)
            if F.sharp[u]:
                ss = max(0, F.t.combat.sharpshooter_full - losses[u])
                if ss:
                    r.append(ss)
            rolls[u] = r
        self.rolls = rolls
        self.turn = state.turn
        self.rounds_left = rounds_left(state)
        self.horizon = min(6.0, 1.0 + 0.7 * self.rounds_left)
        self.cache = {}


def rounds_left(state) -> float:
    """Rounds of movement still to come (3 to 5 a turn: about 3.9)."""
    turns = state.game.tables.game.turns
    return (turns - state.turn) * 3.9 + max(0.3, 3.9 - state.round)


# ==============================================================================================
# 3. Combat odds (11.3, 11.4) worked out cheaply, and what an attack is worth
# ==============================================================================================
_ODDS: dict = {}


def _odds_for(fa: int, fd: int) -> tuple:
    """(tie, attacker tires, defender tires, attacker hit, defender hit) for fixed totals."""
    key = (fa, fd)
    o = _ODDS.get(key)
    if o is None:
        c = [0, 0, 0, 0, 0]
        for ra in range(1, 7):
            ta = max(1, ra + fa)
            for rd in range(1, 7):
                td = max(1, rd + fd)
                if ta == td:
                    c[0] += 1
                elif ta > td:
                    c[4 if ta >= 2 * td else 2] += 1
                else:
                    c[3 if td >= 2 * ta else 1] += 1
        o = _ODDS[key] = tuple(x / 36 for x in c)
    return o


def _bonus_dist(potentials) -> list:
    dist = {0: 1.0}
    for p in potentials:
        q = min(p, 6) / 6
        nxt = {}
        for k, w in dist.items():
            nxt[k + 1] = nxt.get(k + 1, 0) + w * q
            nxt[k] = nxt.get(k, 0) + w * (1 - q)
        dist = nxt
    return list(dist.items())


def odds(fa: int, fd: int, rolls_a=(), rolls_d=()) -> tuple:
    if not rolls_a and not rolls_d:
        return _odds_for(fa, fd)
    out = [0.0] * 5
    for ba, pa in _bonus_dist(rolls_a):
        for bd, pd in _bonus_dist(rolls_d):
            o = _odds_for(fa + ba, fd + bd)
            w = pa * pd
            for i in range(5):
                out[i] += w * o[i]
    return tuple(out)


def ratio_bonus(F: Facts, big: int, small: int) -> int:
    for num, den, bonus in F.ratio:
        if big * den >= num * max(small, 1):
            return bonus
    return 0


def attack_value(o, n_att: int, n_def: int, gain: float = 0.0) -> float:
    """What an attack with outcome odds ``o`` is worth to the attacker, in VP: hits are worth
    about a step (or a zone), fatigue a third of that; ``gain`` is the value of the defender's
    zone should it be vacated (about half the hits end in a retreat)."""
    tie, af, df, ah, dh = o
    return (dh * (n_def * (HIT + FATIGUE) + 0.5 * gain) + df * n_def * FATIGUE
            - (tie + af) * n_att * FATIGUE - ah * n_att * (HIT + FATIGUE))


ODDS_KEYS = ("tie", "attacker_fatigue", "defender_fatigue", "attacker_hit", "defender_hit")


def preview_value(state, action, V=None) -> float:
    """An attack declaration's value from the engine's exact odds (state.preview), for the best
    facing the attacker may then take (10.4, 11.1: the enemy zones left in its front join the
    attack, an unattacked enemy on its flank costs -2); for a brigade joining an attack
    already declared, only what it adds."""
    p = state.preview(action)
    F = facts(state.game)
    V = V or View(state, F)
    u = state.mv_unit
    z = state.zone[u]
    facings = [f for f in F.adj[z] if action.a in F.front[z][f]]
    v = max(facing_values(state, V, u, z, p, facings))
    if len(p["attackers"]) > 1:
        v -= declared_value(state, action.a, V)
    if action.kind == "charge":
        v -= FATIGUE * 0.7            # 10.3: the charger tires whatever happens
    return v


def declared_value(state, target: int, V: View) -> float:
    """The value of the attack already declared on ``target`` (0 if none)."""
    from ...engine.actions import Action
    for cid, c in enumerate(state.combats):
        if target in c[0] and not c[2]:
            try:
                p = state.preview(Action("resolve", cid))
            except (ValueError, KeyError, IndexError):
                return 0.0
            F = V.F
            o = tuple(p["odds"][k] for k in ODDS_KEYS)
            gain = sum(F.vp_value.get(F.zone_index[t], 0) for t in p["targets"])
            return attack_value(o, len(p["attackers"]), len(p["defenders"]), gain)
    return 0.0


def _strengths(p) -> tuple:
    """(attacker, defender) front-line strengths from a preview's ratio modifier (11.3)."""
    for who in ("attacker", "defender"):
        for name, _, _ in p[who]["modifiers"]:
            if name.startswith("strength "):
                big, small = (int(x) for x in name[len("strength "):].split(" to "))
                return (big, small) if who == "attacker" else (small, big)
    return (0, 0)


def facing_values(state, V: View, u: int, z: int, p: dict, facings) -> list:
    """For each facing u may take after declaring its attack, the attack's value from the
    preview ``p`` corrected for that facing: 11.1 adds the enemy zones left in u's front (when
    every attacker stands in u's zone), 11.3 gives the attacker -2 for an unattacked enemy on
    its flank. The odds are then enumerated again, exactly, from the corrected totals."""
    F, st = V.F, state
    c = F.t.combat
    enemy_side = 1 - F.side[u]
    zi = F.zone_index
    targets = {zi[t] for t in p["targets"]}
    under = {t for cb in st.combats for t in cb[0]} | targets
    enemies = [n for n in F.adj[z] if V.zside.get(n) == enemy_side]
    attackers = [F.game.unit_index[a] for a in p["attackers"]]
    alone = all(st.zone[a] == z for a in attackers)
    others_flank = False
    for a in attackers:
        if a == u:
            continue
        za = st.zone[a]
        front_a = st.front(a)
        if any(V.zside.get(n) == enemy_side and n not in front_a and n not in under for n in F.adj[za]):
            others_flank = True
    a_mods = [m for m in p["attacker"]["modifiers"] if not m[0].startswith("strength ")
              and m[0] != "unattacked enemy on the flank"]
    d_mods = [m for m in p["defender"]["modifiers"] if not m[0].startswith("strength ")]
    fa0 = sum(m[2] for m in a_mods)
    fd0 = sum(m[2] for m in d_mods)
    ra = [r[2] for r in p["attacker"]["rolls"]]
    rd = [r[2] for r in p["defender"]["rolls"]]
    sa, sd = _strengths(p)
    gain0 = sum(F.vp_value.get(t, 0) for t in targets)
    out = []
    for f in facings:
        front = F.front[z][f]
        extra = [n for n in enemies if n in front and n not in under] if alone else []
        flank = others_flank or any(n not in front and n not in under and n not in extra for n in enemies)
        sd_f = sd + sum(V.strength[V.first[n]] for n in extra)
        fa, fd = fa0, fd0
        if sa >= sd_f:
            fa += ratio_bonus(F, sa, sd_f)
        else:
            fd += ratio_bonus(F, sd_f, sa)
        if flank:
            fa += c.unattacked_flank
        rd_f = rd + [r for n in extra for r in V.rolls.get(V.first[n], ())]
        o = odds(fa, fd, ra, rd_f)
        gain = gain0 + sum(F.vp_value.get(n, 0) for n in extra)
        out.append(attack_value(o, len(attackers), len(p["defenders"]) + len(extra), gain))
    return out


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
        if u in charging and r and F.side[u] == UNION and F.battery[u]:
            r = r[1:]                       # 10.3: no artillery for a charge
        rolls += r
        if u in charging:
            mod += c.charge
    if support >= 0:
        if V.strength[support] >= c.support_min_strength and st.fatigue[support] < 2 and not st.routed[support]:
            mod += c.support
        rolls += V.rolls.get(support, ())
    if star:
        mod += c.command
    mod += c.fatigue_per_level * fat
    return mod, rolls, strength


def surprise(V: View, side: int) -> int:
    c = V.F.t.combat
    if side != UNION or V.turn > 2 or V.F.game.options.get("no_surprise"):
        return 0
    return c.surprise_turn_1 if V.turn == 1 else c.surprise_turn_2


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
    if sa >= sd:
        ma += ratio_bonus(F, sa, sd)
    else:
        md += ratio_bonus(F, sd, sa)
    ma += surprise(V, side)
    md += surprise(V, 1 - side)
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
    return odds(ma, md, ra, rd)


def best_facing_towards(F: Facts, z: int, targets) -> int:
    """A facing of zone z with as many of ``targets`` in its front as possible."""
    fronts = F.front[z]
    best, best_n = -1, -1
    for f in F.adj[z]:
        n = sum(1 for t in targets if t in fronts[f])
        if n > best_n:
            best, best_n = f, n
    return best


# ==============================================================================================
# 4. The evaluation: expected final margin, Union VP minus Confederate VP
# ==============================================================================================
def step_losses(state, F: Facts) -> list:
    """4: step losses of each side (an eliminated brigade counts its whole printed strength)."""
    out = [0, 0]
    zone, losses = state.zone, state.losses
    for u in F.units:
        out[F.side[u]] += max(losses[u], F.printed[u]) if zone[u] == ELIMINATED else losses[u]
    return out


def loss_margin(state, F: Facts) -> float:
    lu, lc = step_losses(state, F)
    return float(lc - lu)


def final_margin(state) -> float:
    """The exact margin now (what state.result would say), Union minus Confederate."""
    F = facts(state.game)
    m = loss_margin(state, F)
    for z, vu, vc in F.vp:
        holder = state.control[z]
        if holder == UNION:
            m += vu
        elif holder == CONFEDERATE:
            m -= vc
    return m


def unit_weight(V: View, u: int) -> float:
    """How much a brigade weighs in the contest for a zone: its strength, less for fatigue and
    rout."""
    st = V.state
    w = V.strength[u] * (1.0 - 0.2 * st.fatigue[u])
    if st.routed[u]:
        w *= 0.3
    return max(w, 0.0)


def reach_weight(d: float, horizon: float) -> float:
    """A brigade d zones away (moves counted in MP/2, so roads help) can still come in time."""
    if d >= horizon:
        return 0.0
    return 1.0 - d / horizon


TOP = (1.0, 0.5, 0.25)   # the nearest brigades count most: armies arrive a few brigades at a time


def pressure(contribs) -> float:
    """Strength a side can bring to a zone: its best three contributions, 1, 1/2 and 1/4."""
    c = sorted(contribs, reverse=True)[:3]
    return sum(w * x for w, x in zip(TOP, c))


def _contributions(V: View) -> list:
    """For each victory zone, (unit, side, contribution) of every brigade that can come in time:
    its weight times its chance (computed once per view)."""
    cached = V.cache.get("contrib")
    if cached is not None:
        return cached
    F, st = V.F, V.state
    H = V.horizon
    zone = st.zone
    entering = _entering_units(V)
    weights = {u: unit_weight(V, u) for side in (0, 1) for u in V.on_map[side]}
    out = []
    for z, _, _ in F.vp:
        lst = []
        for u, w in weights.items():
            d = F.mp[zone[u]][z] * 0.5
            if d < H:
                lst.append((u, F.side[u], w * (1.0 - d / H)))
        for u, delay in entering:
            d = min(F.mp[e][z] for e in F.unit_entry[u]) * 0.5 + delay
            if d < H:
                lst.append((u, F.side[u], V.strength[u] * (1.0 - d / H)))
        out.append(lst)
    V.cache["contrib"] = out
    return out


def zone_pressures(V: View, skip: int = -1) -> list:
    """For each victory zone: [Union contributions, Confederate contributions, occupant side,
    occupant weight]; a contribution is a brigade's weight times its chance to come in time."""
    F = V.F
    out = []
    for (z, _, _), lst in zip(F.vp, _contributions(V)):
        P = ([], [])
        for u, side, c in lst:
            if u != skip:
                P[side].append(c)
        occ_side, occ_w = -1, 0.0
        us = V.by_zone.get(z)
        if us:
            here = [u for u in us if u != skip]
            if here:
                occ_side = F.side[here[0]]
                occ_w = sum(unit_weight(V, u) for u in here)
        out.append([P[0], P[1], occ_side, occ_w])
    return out


def _entering_units(V: View) -> list:
    """Brigades still off the map that will come in by activation, with a delay in zones."""
    F, st = V.F, V.state
    out = []
    for d, units in enumerate(F.div_units):
        if F.independent[d] or not F.div_entry[d]:
            continue
        wait = max(0, F.div_first_turn[d] - st.turn) * 3.0 + 0.5
        for u in units:
            if st.zone[u] == OFF_MAP:
                out.append((u, wait))
    return out


def keep_chance(guard: float, threat: float, occupied: bool, occ_w: float) -> float:
    """Chance the holder of a zone keeps it: threat and guard are the strengths each side can
    bring there in time; a brigade standing in the zone must be driven out first."""
    g = guard + (OCCUPY + 0.3 * occ_w if occupied else 0.0)
    p_flip = (1.0 - math.exp(-threat / 2.5)) / (1.0 + math.exp(-0.5 * (threat - g)))
    return 1.0 - p_flip


def zone_expectation(V: View, pressures=None) -> float:
    """Each victory zone's expected value, Union VP minus Confederate VP."""
    F, st = V.F, V.state
    pressures = pressures if pressures is not None else zone_pressures(V)
    total = 0.0
    for (z, vu, vc), (pu, pc, occ, occ_w) in zip(F.vp, pressures):
        total += _zone_term(st.control[z], vu, vc, pressure(pu), pressure(pc), occ, occ_w)
    return total


def _zone_term(holder, vu, vc, pu, pc, occ, occ_w) -> float:
    if holder == UNION:
        q = keep_chance(pu, pc, occ == UNION, occ_w)
        return vu * q - vc * (1 - q)
    if holder == CONFEDERATE:
        q = keep_chance(pc, pu, occ == CONFEDERATE, occ_w)
        return -vc * q + vu * (1 - q)
    q = 1.0 / (1.0 + math.exp(-0.5 * (pu - pc)))
    return vu * q - vc * (1 - q)


def condition(V: View) -> float:
    """Fatigue and rout, Union's view (a tired Confederate is good for the Union)."""
    total = 0.0
    for side, sign in ((UNION, 1.0), (CONFEDERATE, -1.0)):
        for u in V.on_map[side]:
            total -= sign * unit_condition(V, u)
    return total


def unit_condition(V: View, u: int, fatigue: int | None = None) -> float:
    st = V.state
    fat = st.fatigue[u] if fatigue is None else fatigue
    scale = 0.5 + 0.08 * V.strength[u]
    c = FATIGUE * scale * fat
    if st.routed[u]:
        c += ROUTED * scale
    return c


def in_contact(V: View, z: int, side: int) -> bool:
    zside = V.zside
    return any(zside.get(n) == 1 - side for n in V.F.adj[z])


def front_pressure(V: View) -> float:
    """Attacks each side could make next at good odds, counted in part, Union's view."""
    F, st = V.F, V.state
    total = 0.0
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
        if best:
            total += best if side == CONFEDERATE else -best
    return FRONT_WEIGHT * total


def stack_attack_value(V: View, att_zone: int, target: int) -> float:
    """Value to the attacker of the stack in att_zone attacking the stack in target."""
    F, st = V.F, V.state
    a = V.first[att_zone]
    d = V.first[target]
    o = rough_odds(V, a, att_zone, V.second[att_zone], target, d, V.second[target], st.facing[d],
                   st.facing[a])
    n_def = 1
    return attack_value(o, 1, n_def, F.vp_value.get(target, 0.0))


def declared_attacks(V: View) -> float:
    """Attacks declared this player turn and not yet resolved (11.1): they will be fought, so
    their whole expected value counts, Union's view."""
    F, st = V.F, V.state
    total = 0.0
    for targets, attackers, resolved, _ in st.combats:
        if resolved:
            continue
        live = [a for a in attackers if st.zone[a] >= 0 and any(t in F.adjset[st.zone[a]] for t in targets)]
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
        if V.strength[v] >= c.support_min_strength and st.fatigue[v] < 2 and not st.routed[v]:
            ma += c.support
        ra = ra + list(V.rolls.get(v, ()))
    md, rd, sd = stack_mods(V, list(defenders), -1, False)
    for t in targets:
        v = V.second.get(t, -1)
        if v >= 0:
            if V.strength[v] >= c.support_min_strength and st.fatigue[v] < 2 and not st.routed[v]:
                md += c.support
            rd = rd + list(V.rolls.get(v, ()))
    if sa >= sd:
        ma += ratio_bonus(F, sa, sd)
    else:
        md += ratio_bonus(F, sd, sa)
    ma += surprise(V, side)
    md += surprise(V, 1 - side)
    md += min(min((F.terrain.get((t, a), 0) for a in att_zones if a in F.adjset[t]), default=0) for t in targets)
    if any(a not in st.front(d) for d in defenders for a in att_zones if a in F.adjset[st.zone[d]]):
        md += c.flank_attacked
    o = odds(ma, md, ra, rd)
    gain = sum(F.vp_value.get(t, 0) for t in targets)
    return attack_value(o, len(attackers), len(defenders), gain)


def cohesion(V: View) -> float:
    """10: a brigade more than two zones from every other brigade of its division."""
    st = V.state
    total = 0.0
    for side, sign in ((UNION, -1.0), (CONFEDERATE, 1.0)):
        for u in V.on_map[side]:
            if unit_out_of_cohesion(V, u, st.zone[u]):
                total += sign * COHESION
    return total


def unit_out_of_cohesion(V: View, u: int, z: int) -> bool:
    F, st = V.F, V.state
    d = F.division[u]
    if F.independent[d]:
        return False
    hops = F.hops[z]
    mates = [st.zone[v] for v in F.div_units[d] if v != u and st.zone[v] >= 0]
    return bool(mates) and all(hops[m] > 2 for m in mates)


def hq_zone(state, side: int) -> int:
    g = state.game
    if side == UNION:
        return state.hq_zone[g.SHERIDAN if state.sheridan_in else g.WRIGHT]
    return state.hq_zone[g.EARLY]


def command_cover(V: View, side: int, hz: int, skip_unit: int = -1, unit_zone: int = -1) -> float:
    """Divisions of ``side`` with a brigade within 8 MP of a HQ in zone hz (10), weighted."""
    F, st = V.F, V.state
    if hz < 0:
        return 0.0
    dist = F.command_dist[hz]
    limit = F.t.command.range_mp
    n = 0.0
    for d, units in enumerate(F.div_units):
        if F.div_side[d] != side or F.independent[d]:
            continue
        zs = [unit_zone if u == skip_unit else st.zone[u] for u in units]
        zs = [z for z in zs if z >= 0]
        if not zs:
            continue
        if any(dist[z] <= limit for z in zs):
            n += 1.0
    return n


def command(V: View) -> float:
    st = V.state
    total = 0.0
    for side, sign in ((UNION, 1.0), (CONFEDERATE, -1.0)):
        hz = hq_zone(st, side)
        total += sign * COMMAND * command_cover(V, side, hz)
    return total


def batteries(V: View) -> float:
    st = V.state
    v = 0.0
    for m, owner in enumerate(st.marker_unit):
        if owner >= 0:
            v += BATTERY * st.marker_value[m] / 2
        elif owner == OFF_MAP and st.train_zone >= 0:
            v += 0.05
    return -v


def confederate_drive(V: View) -> float:
    """7.1: on turns 1-3 the Confederates have +2 to activate and the Union fights at -2/-1:
    reward Confederate brigades for getting in among the Union army early."""
    F, st = V.F, V.state
    if st.turn > 3:
        return 0.0
    total = 0.0
    for u in V.on_map[CONFEDERATE]:
        z = st.zone[u]
        nearest = min((F.mp[z][vz] for vz, _, _ in F.vp), default=0)
        total += CSA_EARLY * max(0.0, 1.0 - nearest / 16)
    waiting = sum(1 for u, _ in _entering_units(V) if F.side[u] == CONFEDERATE)
    return -(total - 0.3 * waiting * (4 - st.turn) / 3)


def evaluate(state) -> float:
    """Expected final margin, Union VP minus Confederate VP."""
    if state.over:
        return final_margin(state)
    F = facts(state.game)
    V = View(state, F)
    return (loss_margin(state, F) + zone_expectation(V) + condition(V) + front_pressure(V)
            + declared_attacks(V) + cohesion(V) + command(V) + batteries(V) + confederate_drive(V))


def rollout_pause(state) -> bool:
    """A good place for a search to stop and evaluate: the attacks declared this player turn
    are about to be rolled. The evaluation counts them at their expected value
    (``declared_attacks``), which is far less noisy than one roll of the dice."""
    if not state.combats or not state.stack:
        return False
    return state.stack[-1][0] in ("hqphase", "hqmove", "resolve") and any(not c[2] for c in state.combats)


def win_probability(state, margin: float | None = None) -> float:
    """Chance the Union wins (it wins ties), from the evaluation."""
    m = evaluate(state) if margin is None else margin
    if state.over:
        return 1.0 if m >= 0 else 0.0
    return 1.0 / (1.0 + math.exp(-(m + 0.5) / 2.0))


# ==============================================================================================
# 5. Where a brigade is worth most: the value of one brigade standing in a zone
# ==============================================================================================
class Placement:
    """The part of the evaluation that depends on where brigade u stands, the rest fixed
    (victory-zone pressures are computed without u once, then u is added at each zone)."""

    def __init__(self, V: View, u: int, fatigue: int | None = None):
        F, st = V.F, V.state
        self.V, self.F, self.u = V, F, u
        self.side = F.side[u]
        self.sign = 1.0 if self.side == UNION else -1.0
        self.fatigue = st.fatigue[u] if fatigue is None else fatigue
        self.pressures = zone_pressures(V, skip=u)
        self.weight = V.strength[u] * (1.0 - 0.2 * self.fatigue) * (0.3 if st.routed[u] else 1.0)

    def zones_value(self, z: int) -> float:
        """Expected victory-zone margin with u in zone z, from u's side's view."""
        F, V = self.F, self.V
        H = V.horizon
        st = V.state
        total = 0.0
        side = self.side
        for (vz, vu, vc), p in zip(F.vp, self.pressures):
            pu, pc, occ, occ_w = p
            d = F.mp[z][vz] * 0.5 if z >= 0 else INF
            holder = st.control[vz]
            if d < H:
                add = [self.weight * (1.0 - d / H)]
                if side == UNION:
                    pu = pu + add
                else:
                    pc = pc + add
            if z == vz:
                holder = side
                if occ != side:
                    occ, occ_w = side, 0.0
                occ_w += self.weight
            total += _zone_term(holder, vu, vc, pressure(pu), pressure(pc), occ, occ_w)
        return self.sign * total

    def support_at(self, z: int) -> int:
        us = self.V.by_zone.get(z, ())
        return next((v for v in us if v != self.u), -1)

    def danger(self, z: int) -> float:
        """The best attack the enemy could make on u standing in z (facing the enemy)."""
        F, V, st = self.F, self.V, self.V.state
        enemies = [n for n in F.adj[z] if V.zside.get(n) == 1 - self.side and not st.routed[V.first[n]]]
        if not enemies:
            return 0.0
        facing = best_facing_towards(F, z, enemies)
        sup = self.support_at(z)
        defender, support = self.u, sup
        if sup >= 0 and V.strength[sup] > V.strength[self.u]:
            defender, support = sup, self.u
        worst = 0.0
        for n in enemies:
            a = V.first[n]
            o = rough_odds(V, a, n, V.second[n], z, defender, support, facing, st.facing[a])
            v = attack_value(o, 1, 1, F.vp_value.get(z, 0.0))
            if v > 0:
                v += o[4] * 0.5 * escape_cost(V, self.u, z, 1)     # beaten, it must fall back
            worst = max(worst, v)
        return worst

    def opportunity(self, z: int, now: bool) -> float:
        """The best attack u could make from z (now: it still has the MP to attack this move)."""
        F, V, st = self.F, self.V, self.V.state
        if self.side == UNION and _tactical(st):
            return 0.0
        enemies = [n for n in F.adj[z] if V.zside.get(n) == 1 - self.side]
        if not enemies:
            return 0.0
        sup = self.support_at(z)
        best = 0.0
        for n in enemies:
            d = V.first[n]
            facing = best_facing_towards(F, z, [n] + enemies)
            o = rough_odds(V, self.u, z, sup, n, d, V.second[n], st.facing[d], facing)
            best = max(best, attack_value(o, 1, 1, F.vp_value.get(n, 0.0)))
        if self.side == CONFEDERATE and st.turn <= 3:
            best += CSA_EARLY if best > 0 else 0.0
        return best * (0.8 if now else FRONT_WEIGHT)

    def value(self, z: int, mp_left: int = 0, attack_now: bool = True) -> float:
        """u's worth in zone z with mp_left MP still to spend, from u's side's view."""
        F, V, st = self.F, self.V, self.V.state
        v = self.zones_value(z) + 0.001 * mp_left      # equal ends: the shorter way
        if unit_out_of_cohesion(V, self.u, z):
            v -= COHESION
        v -= DANGER * self.danger(z)
        can_attack = attack_now and mp_left >= F.t.movement.attack_mp
        v += self.opportunity(z, can_attack)
        if self.side == CONFEDERATE and st.turn <= 3:
            near = min(F.mp[z][vz] for vz, _, _ in F.vp)
            v += CSA_EARLY * max(0.0, 1.0 - near / 16)
        return v


def _tactical(state) -> bool:
    return state.retreat_turn == state.turn and state.retreat_turn > 0


# -- where a brigade can go: the engine's reach for the brigade moving, a copy of it otherwise ----
def can_stack(V: View, u: int, z: int) -> bool:
    """10.5: two brigades at most, of one division (independent cavalry with anyone)."""
    F = V.F
    here = [v for v in V.by_zone.get(z, ()) if v != u]
    if not here:
        return True
    if len(here) >= 2 or F.side[here[0]] != F.side[u]:
        return False
    d, o = F.division[u], F.division[here[0]]
    return d == o or F.independent[d] or F.independent[o]


def enemy_zoc(V: View, side: int) -> set:
    zoc = set()
    adj = V.F.game.board.zoc_adj
    for z, s in V.zside.items():
        if s != side:
            zoc.update(adj[z])
    return zoc


def static_reach(V: View, u: int, start: int, mp: int, moved: bool = False, zoc=None) -> dict:
    """Zones brigade u could reach from ``start`` with ``mp`` MP (10.2, 10.3): like the engine's
    own search, for brigades other than the one moving now."""
    F, st = V.F, V.state
    side = F.side[u]
    zoc = enemy_zoc(V, side) if zoc is None else zoc
    tactical = side == UNION and _tactical(st)
    start_zoc = start in zoc
    if moved and start_zoc:
        return {start: 0}
    best = {start: 0}
    heap = [(0, start)]
    zside = V.zside
    cost = F.move_cost
    while heap:
        d, z = heapq.heappop(heap)
        if d > best.get(z, INF):
            continue
        if z != start and z in zoc:
            continue
        for n in F.adj[z]:
            if zside.get(n, side) != side:
                continue
            nd = d + cost[z][n]
            if nd > mp:
                continue
            if n in zoc and (tactical or (z == start and start_zoc and not moved)):
                continue
            if nd < best.get(n, INF):
                best[n] = nd
                heapq.heappush(heap, (nd, n))
    return best


def engine_reach(state, u: int) -> dict:
    """The engine's reach (public API) for the brigade moving now, as {zone index: MP}."""
    F = facts(state.game)
    out = {F.zone_index[k]: v for k, v in state.reach(F.ids[u]).items()}
    if state.zone[u] >= 0:
        out[state.zone[u]] = 0
    return out


def best_destination(P: Placement, reach: dict, mp: int, attack_now: bool = True, here: int = -1) -> float:
    """The best zone of ``reach`` ({zone: MP}) to end the move in; from ``here`` (where the
    brigade stands now) its attacks are scored exactly by the attack actions themselves."""
    V = P.V
    best = -INF
    for z, cost in reach.items():
        if not can_stack(V, P.u, z):
            continue
        v = P.value(z, mp - cost, attack_now and z != here)
        if v > best:
            best = v
    return best


def allowance(F: Facts, state, u: int) -> int:
    m = F.t.movement
    if not F.cavalry[u]:
        return m.infantry_mp
    return m.cavalry_mp if state.mounted[u] else m.dismounted_mp


def rest_gain(V: View, u: int) -> float:
    st = V.state
    if not st.fatigue[u]:
        return 0.0
    gain = unit_condition(V, u) - unit_condition(V, u, st.fatigue[u] - 1)
    if in_contact(V, st.zone[u], V.F.side[u]) if st.zone[u] >= 0 else False:
        gain *= 1.5
    return gain


def brigade_gain(V: View, u: int, zoc_cache=None) -> float:
    """What brigade u would gain by acting now (best move, attack or rest) over doing nothing;
    used to pick divisions and the order of brigades."""
    F, st = V.F, V.state
    z = st.zone[u]
    side = F.side[u]
    if z == OFF_MAP:
        if F.side[u] == CONFEDERATE:
            gain = 2.0 if st.turn <= 3 else 1.5
            if F.game.divisions[F.division[u]].id == "wharton":
                gain += 1.0           # 12: Early (and command range) enters only after Wharton
            return gain
        return 1.5
    if z < 0:
        return 0.0
    if st.routed[u]:
        return rest_gain(V, u)
    P = Placement(V, u)
    here = P.value(z, 0, False)
    if zoc_cache is not None:
        zoc = zoc_cache.get(side)
        if zoc is None:
            zoc = zoc_cache[side] = enemy_zoc(V, side)
    else:
        zoc = None
    mp = allowance(F, st, u)
    reach = static_reach(V, u, z, mp, zoc=zoc)
    best = best_destination(P, reach, mp)
    return max(best - here, rest_gain(V, u), 0.0)


# ==============================================================================================
# 6. The policy: a score for each legal action, from the view of the side to act
# ==============================================================================================
def score_actions(state, actions, fast: bool = False) -> list:
    """Scores of the legal actions (higher is better) for the side to act; ``fast`` skips the
    exact previews and lookahead clones (search rollouts)."""
    kind = actions[0].kind
    handler = _HANDLERS.get(kind)
    if handler is None:
        for a in actions:
            handler = _HANDLERS.get(a.kind)
            if handler:
                break
    return handler(state, actions, fast)


def fast_scores(state, actions) -> list:
    return score_actions(state, actions, fast=True)


def side_sign(state) -> float:
    return 1.0 if state.to_act == "union" else -1.0


def one_ply(state, actions) -> list:
    """Apply each action to a copy and evaluate the result, from the actor's view."""
    sign = side_sign(state)
    out = []
    for a in actions:
        s = state.clone()
        s.apply(a)
        out.append(sign * evaluate(s))
    return out


# -- 6.1 tactical retreat ------------------------------------------------------------------------
def tactical_retreat_value(state) -> float:
    """6.1: worth ordering when many Union brigades are tired or routed (they rest while the
    Confederates, at -2 to activate, mostly cannot follow), not when the Union must attack to
    win back the victory zones before the end."""
    F = facts(state.game)
    V = View(state, F)
    tired = sum(state.fatigue[u] + (2 if state.routed[u] else 0) for u in V.on_map[UNION])
    lost = sum(vu + vc for z, vu, vc in F.vp if state.control[z] == CONFEDERATE)
    late = state.turn >= F.turns - 2
    return 0.3 * tired - 2.5 - (0.8 * lost if late else 0.2 * lost)


def _tactical_scores(state, actions, fast):
    v = tactical_retreat_value(state)
    return [v if a.a else 0.0 for a in actions]


# -- 7.1 / 10 which division to activate --------------------------------------------------------------
def activation_chance(V: View, d: int) -> float:
    """1 if the division enters or is within its HQ's command range, else the initiative test."""
    F, st = V.F, V.state
    units = F.div_units[d]
    if F.div_entry[d] and all(st.zone[u] == OFF_MAP for u in units):
        return 1.0
    side = F.div_side[d]
    hz = hq_zone(st, side)
    limit = F.t.command.range_mp
    if hz >= 0 and any(st.zone[u] >= 0 and F.command_dist[hz][st.zone[u]] <= limit for u in units):
        return 1.0
    t = F.t.initiative_test
    m = 0
    if F.div_cavalry[d]:
        m += t.cavalry
    if any(st.zone[u] >= 0 and in_contact(V, st.zone[u], side) for u in units):
        m += t.contact
    if F.div_superior[d]:
        m += t.superior
    if side == UNION and st.turn == 1:
        m += t.union_turn_1
    return min(1.0, max(0.0, (t.success_max - m) / 6))


def division_value(V: View, d: int, zoc_cache) -> float:
    F, st = V.F, V.state
    gains = []
    for u in F.div_units[d]:
        if st.acted[u] == st.stamp or st.zone[u] == ELIMINATED:
            continue
        if st.zone[u] == OFF_MAP and F.independent[d]:
            continue
        gains.append(brigade_gain(V, u, zoc_cache))
    # independent cavalry within two zones acts with the division (12)
    here = [st.zone[u] for u in F.div_units[d] if st.zone[u] >= 0]
    if here and not F.independent[d]:
        for o, units in enumerate(F.div_units):
            if F.independent[o] and F.div_side[o] == F.div_side[d]:
                c = units[0]
                zc = st.zone[c]
                if zc >= 0 and st.acted[c] != st.stamp and any(F.hops[zc][z] <= 2 for z in here):
                    gains.append(0.7 * brigade_gain(V, c, zoc_cache))
    return activation_chance(V, d) * sum(max(0.0, g) for g in gains)


def quick_gain(V: View, u: int) -> float:
    """A cheap stand-in for brigade_gain (rollouts): entering, fighting, resting or moving on."""
    F, st = V.F, V.state
    z = st.zone[u]
    if z == OFF_MAP:
        return 2.0 if F.side[u] == CONFEDERATE else 1.5
    if z < 0:
        return 0.0
    if st.routed[u]:
        return rest_gain(V, u)
    side = F.side[u]
    g = 0.3 + rest_gain(V, u)
    for n in F.adj[z]:
        e = V.first.get(n)
        if e is not None and F.side[e] != side:
            g += 0.3 if V.strength[u] >= V.strength[e] else 0.1
    if unit_out_of_cohesion(V, u, z):
        g += 0.5
    return g


def _divisions_scores(state, actions, fast):
    F = facts(state.game)
    V = View(state, F)
    if fast:
        out = []
        for a in actions:
            d = a.a
            units = [u for u in F.div_units[d] if state.acted[u] != state.stamp and state.zone[u] != ELIMINATED
                     and not (state.zone[u] == OFF_MAP and F.independent[d])]
            out.append(activation_chance(V, d) * sum(quick_gain(V, u) for u in units))
        return out
    zoc_cache = {}
    return [division_value(V, a.a, zoc_cache) for a in actions]


def _brigades_scores(state, actions, fast):
    F = facts(state.game)
    V = View(state, F)
    if fast:
        return [0.0 if a.kind == "end_division" else quick_gain(V, a.a) for a in actions]
    zoc_cache = {}
    out = []
    for a in actions:
        if a.kind == "end_division":
            out.append(0.0)
        else:
            out.append(brigade_gain(V, a.a, zoc_cache) + 0.01)
    return out


# -- 10.3 a brigade's move -----------------------------------------------------------------------------
def _move_scores(state, actions, fast):
    F = facts(state.game)
    V = View(state, F)
    u = state.mv_unit
    z = state.zone[u]
    pending = 1 if state.mv_extra else 0
    P = Placement(V, u, fatigue=min(2, state.fatigue[u] + pending))
    fat_cost = unit_condition(V, u, min(2, state.fatigue[u] + 1)) - unit_condition(V, u)
    here = P.value(z, 0, False) if z >= 0 else -INF
    out = []
    for a in actions:
        k = a.kind
        if k in ("pass", "stop"):
            v = here + 0.002 if z >= 0 else -100.0  # a move must gain something; entering always does
        elif k == "rest":
            v = here + rest_gain(V, u)
        elif k == "rout":
            v = here - 3.0 + (1.5 * P.danger(z) if state.losses[u] >= 2 else 0.0)
        elif k in ("attack", "charge"):
            if fast:
                v = here + _rough_declared_value(V, u, z, a.a, k == "charge")
            else:
                v = here + preview_value(state, a, V)
            if F.side[u] == CONFEDERATE and state.turn <= 3:
                v += CSA_EARLY
        elif k == "dismount":
            v = here - 1.0
        else:   # move, enter, extra_mp, mount: look one step ahead
            v = _step_value(state, V, P, u, a, fast)
            if k == "extra_mp":
                v -= fat_cost
            elif k == "mount":
                v += 0.3
        out.append(v)
    return out


def _step_value(state, V, P, u, a, fast) -> float:
    F = V.F
    if fast:
        if a.kind in ("move", "enter"):
            n = a.a
            cost = F.t.movement.entry_mp if a.kind == "enter" else F.move_cost[state.zone[u]][n]
            mp = state.mv_mp - cost
            reach = static_reach(V, u, n, mp, moved=True)
            return best_destination(P, reach, mp, here=state.zone[u])
        mp = state.mv_mp + (F.t.movement.fatigue_bonus_mp if a.kind == "extra_mp" else 0)
        if a.kind == "mount":
            mp = F.t.movement.dismounted_mp
        z = state.zone[u]
        return best_destination(P, static_reach(V, u, z, mp, moved=state.mv_moved), mp, here=z)
    s = state.clone()
    s.apply(a)
    if s.mv_unit != u or s.over:
        z = s.zone[u]
        return P.value(z, 0, False) if z >= 0 else -INF
    reach = engine_reach(s, u)
    mp = s.mv_mp
    best = best_destination(P, reach, mp, here=state.zone[u])
    if best == -INF:
        return P.value(s.zone[u], 0, False)
    return best


def _rough_declared_value(V: View, u: int, z: int, target: int, charge: bool) -> float:
    F, st = V.F, V.state
    d = V.first.get(target)
    if d is None:
        return 0.5                       # the lone train (7.3)
    enemies = [n for n in F.adj[z] if V.zside.get(n) == 1 - F.side[u]]
    facing = best_facing_towards(F, z, [target] + enemies)
    support = next((v for v in V.by_zone.get(z, ()) if v != u), -1)
    o = rough_odds(V, u, z, support, target, d, V.second[target], st.facing[d], facing, charge)
    v = attack_value(o, 1, 1, F.vp_value.get(target, 0.0))
    return v - (FATIGUE * 0.7 if charge else 0.0)


# -- 10.4 facing, 10.5 lines -------------------------------------------------------------------------
def _facing_scores(state, actions, fast):
    F = facts(state.game)
    V = View(state, F)
    u = actions[0].b
    z = state.zone[u]
    side = F.side[u]
    enemies = [n for n in F.adj[z] if V.zside.get(n) == 1 - side]
    cid = state.attack[u]
    out = []
    if 0 <= cid < len(state.combats) and not state.combats[cid][2]:
        if fast:
            targets = set(state.combats[cid][0])
            attacked = {t for c in state.combats for t in c[0]}
            for a in actions:
                front = F.front[z][a.a]
                extra = [n for n in enemies if n in front and n not in attacked]
                flank = [n for n in enemies if n not in front and n not in attacked and n not in targets]
                out.append(-2.0 * bool(flank) - 0.4 * sum(V.strength[V.first[n]] for n in extra) / max(1, V.strength[u]))
            return out
        from ...engine.actions import Action
        p = state.preview(Action("resolve", cid))
        vals = facing_values(state, V, u, z, p, [a.a for a in actions])
        for a, v in zip(actions, vals):
            front = F.front[z][a.a]
            out.append(v - 0.05 * sum(1 for n in enemies if n not in front))
        return out
    if not enemies:
        # no enemy adjacent: face where the enemy will come from (the nearest enemy brigade)
        foes = [V.state.zone[e] for e in V.on_map[1 - side]]
        for a in actions:
            front = F.front[z][a.a]
            v = 0.0
            for e in foes:
                d = F.hops[z][e]
                if d < 5 and any(F.hops[f][e] < d for f in front):
                    v += V.strength[V.first.get(e, e)] / (d * d)
            out.append(v)
        return out
    if fast:
        for a in actions:
            front = F.front[z][a.a]
            out.append(sum(V.strength[V.first[n]] for n in enemies if n in front))
        return out
    return one_ply(state, actions)


def _line_scores(state, actions, fast):
    F = facts(state.game)
    V = View(state, F)
    u = actions[0].b
    others = [v for v in V.by_zone.get(state.zone[u], ()) if v != u]
    if not others:
        return [0.0 for _ in actions]
    o = others[0]

    def power(v):
        return V.strength[v] - 1.0 * state.fatigue[v] - (3 if state.routed[v] else 0)
    mine, theirs = power(u), power(o)
    return [(mine - theirs) if a.a == 1 else (theirs - mine) for a in actions]


# -- 7.2 headquarters, 7.3 the train -------------------------------------------------------------------
def hq_value(V: View, side: int, z: int) -> float:
    """A HQ in zone z: divisions within 8 MP (10), away from enemy brigades."""
    F = V.F
    v = COMMAND * command_cover(V, side, z)
    contact = F.contact[z]
    for n, s in V.zside.items():
        if s != side:
            if n == z or n in contact:
                v -= 1.0
            elif F.hops[z][n] <= 2:
                v -= 0.1
    return v


def hq_target(V: View, side: int, start: int, mp: int) -> tuple:
    F = V.F
    best_z, best_v = start, hq_value(V, side, start) + 0.05
    for z in range(F.n):
        if F.mp[start][z] <= mp and V.zside.get(z, side) == side:
            v = hq_value(V, side, z)
            if v > best_v:
                best_z, best_v = z, v
    return best_z, best_v


def train_target(V: View, start: int, mp: int) -> int:
    """Toward the Confederate brigades without markers, not next to the Union."""
    F, st = V.F, V.state
    carrying = {m for m in st.marker_unit if m >= 0}
    wanted = [st.zone[u] for u in V.on_map[CONFEDERATE] if u not in carrying]
    best_z, best_v = start, -INF
    for z in range(F.n):
        if F.mp[start][z] > mp or V.zside.get(z, CONFEDERATE) != CONFEDERATE:
            continue
        v = sum(1 for w in wanted if F.hops[z][w] <= 3) - (3 if in_contact(V, z, CONFEDERATE) else 0)
        v -= 0.01 * F.mp[start][z]
        if v > best_v:
            best_z, best_v = z, v
    return best_z


def _hq_scores(state, actions, fast):
    F = facts(state.game)
    V = View(state, F)
    side = UNION if state.to_act == "union" else CONFEDERATE
    hz = hq_zone(state, side)
    in_hqmove = any(a.kind == "hq_stop" for a in actions)
    out = []
    target = None
    for a in actions:
        k = a.kind
        if k == "hq_enter":
            out.append(5.0 if a.b == 0 else 4.0)
        elif k == "deploy":
            v = a.a
            out.append(3.0 + 0.1 * V.strength[v] + (1.0 if in_contact(V, state.zone[v], CONFEDERATE) else 0.0)
                       + (0.5 if state.line[v] == 1 else 0.0))
        elif k == "end_hq":
            out.append(0.5)
        elif k == "hq_stop":
            out.append(0.5)
        elif k == "hq_move":
            piece = a.b
            if piece == 0:
                mp = state.piece_mp if in_hqmove else F.t.movement.hq_mp
                if target is None:
                    target = hq_target(V, side, hz, mp)
                tz, tv = target
                if tz == hz:
                    out.append(0.0)
                else:
                    out.append(1.0 + tv - F.mp[a.a][tz] * 0.05)
            else:
                tz0 = state.train_zone
                mp = state.piece_mp if in_hqmove else F.t.movement.train_mp
                tz = train_target(V, tz0, mp)
                if tz == tz0:
                    out.append(0.0)
                else:
                    out.append(1.0 - F.mp[a.a][tz] * 0.05)
        else:
            out.append(0.0)
    return out


def _displace_scores(state, actions, fast):
    F = facts(state.game)
    V = View(state, F)
    side = UNION if state.to_act == "union" else CONFEDERATE
    return [hq_value(V, side, a.a) for a in actions]


# -- 11.2 order of attacks; 11.4 hits, retreats, advances --------------------------------------------
def _resolve_scores(state, actions, fast):
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


def orderly_chance(state, u: int) -> float:
    """11.4: the retreat roll; 1-4 orderly after modifiers."""
    F = facts(state.game)
    t = F.t.retreat
    m = 0
    if F.star[u]:
        m += t.command
    if F.side[u] == UNION and state.turn <= t.union_early_last_turn:
        m += t.union_early
    if state.fatigue[u] >= 2 or state.routed[u]:
        m += t.fatigue_2
    if state.losses[u] >= 2:
        m += t.two_losses
    return min(1.0, max(0.0, (t.orderly_max - m) / 6))


def escape_cost(V: View, u: int, z: int, zones: int = 1) -> float:
    """Expected strength points lost crossing enemy fronts (11.4) when brigade u falls back
    ``zones`` zones from z: each zone entered in an enemy brigade's front costs a point; the
    way back picks, step by step, a zone out of every front when there is one. A brigade with
    nowhere to go loses a point (counted as 1)."""
    F, st = V.F, V.state
    side = F.side[u]
    fronts = V.cache.get(("fronts", side))
    if fronts is None:
        fronts = set()
        for f in V.first.values():
            if F.side[f] != side:
                fronts |= st.front(f)
        V.cache[("fronts", side)] = fronts
    edge = F.edge[side]
    cost = 0.0
    here, seen = z, {z}
    for _ in range(zones):
        options = [n for n in F.adj[here] if V.zside.get(n, side) == side and n not in seen]
        if not options:
            return cost + 1.0
        n = min(options, key=lambda n: (n in fronts, edge[n]))
        cost += 1.0 if n in fronts else 0.0
        seen.add(n)
        here = n
    return cost


def hold_or_retreat(state, u: int) -> tuple:
    """11.4 Hit: (value of holding, value of retreating) for the hit brigade's side, in VP.
    Holding costs a step for sure and tires an enemy; retreating gives up the zone (a victory
    zone, or a good position) and risks a disorderly retreat: a step, and a rout when half the
    strength is gone or for the Union on turns 1-2."""
    F = facts(state.game)
    V = View(state, F)
    z = state.zone[u]
    s = V.strength[u]
    side = F.side[u]
    p_ord = orderly_chance(state, u)
    zone_val = F.vp_value.get(z, 0.0) * 0.9 + 0.1 * F.best_terrain[z]
    if F.vp_value.get(z) and state.control[z] == side:
        zone_val += 0.3
    hold = -1.0 + FATIGUE
    if s <= 1:
        hold -= 0.5 + 0.3 * F.printed[u]       # the brigade is gone
    elif state.losses[u] + 1 >= 2:
        hold -= 0.2                            # its next retreat roll gets +1
    half = 2 * (state.losses[u] + 1) >= F.printed[u]
    early = side == UNION and state.turn <= F.t.retreat.union_early_last_turn
    rout_cost = ROUTED * (0.5 + 0.08 * s) + 0.4
    routs = half or early
    dis = -1.0 - (rout_cost if routs else 0.2) - escape_cost(V, u, z, 3 if routs else 2)
    retreat = -zone_val - 0.15 + p_ord * -escape_cost(V, u, z, 1) + (1 - p_ord) * dis
    if s - escape_cost(V, u, z, 1) <= 0:
        retreat -= 0.5 + 0.3 * F.printed[u]
    if V.second.get(z, -1) >= 0:
        retreat -= 0.15                        # the support falls back and tires too
    return hold, retreat


def _hit_scores(state, actions, fast):
    u = actions[0].a
    hold, retreat = hold_or_retreat(state, u)
    return [hold if a.kind == "hold" else retreat for a in actions]


def _hold_fatigue_scores(state, actions, fast):
    F = facts(state.game)
    V = View(state, F)
    out = []
    for a in actions:
        w = a.a
        out.append(-(unit_condition(V, w, min(2, state.fatigue[w] + 1)) - unit_condition(V, w)))
    return out


def _retreat_scores(state, actions, fast):
    if fast:
        F = facts(state.game)
        V = View(state, F)
        out = []
        for a in actions:
            if a.kind == "retreat_stop":
                out.append(0.1)
            else:
                u = a.b
                side = F.side[u]
                out.append(-0.5 * in_contact(V, a.a, side) + 0.1 * F.vp_value.get(a.a, 0)
                           + 0.2 * can_stack(V, u, a.a))
        return out
    return one_ply(state, actions)


def _advance_scores(state, actions, fast):
    if fast:
        F = facts(state.game)
        out = []
        for a in actions:
            if a.kind == "no_advance":
                out.append(0.0)
            else:
                z = a.b
                side = F.side[a.a]
                v = F.vp_value.get(z, 0) + (0.2 if side == CONFEDERATE and state.turn <= 3 else -0.1)
                out.append(v)
        return out
    return one_ply(state, actions)


_HANDLERS = {
    "tactical_retreat": _tactical_scores,
    "activate": _divisions_scores,
    "brigade": _brigades_scores, "end_division": _brigades_scores,
    "pass": _move_scores, "rest": _move_scores, "rout": _move_scores, "mount": _move_scores,
    "dismount": _move_scores, "extra_mp": _move_scores, "enter": _move_scores, "move": _move_scores,
    "attack": _move_scores, "charge": _move_scores, "stop": _move_scores,
    "face": _facing_scores,
    "line": _line_scores,
    "hq_displace": _displace_scores,
    "end_hq": _hq_scores, "hq_move": _hq_scores, "hq_enter": _hq_scores, "hq_stop": _hq_scores,
    "deploy": _hq_scores,
    "resolve": _resolve_scores,
    "hold": _hit_scores, "retreat": _hit_scores,
    "fatigue": _hold_fatigue_scores,
    "retreat_to": _retreat_scores, "retreat_stop": _retreat_scores,
    "advance": _advance_scores, "no_advance": _advance_scores,
}

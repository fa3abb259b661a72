"""Combat: attack declaration (11.1), resolution (11.2), modifiers (11.3), results (11.4),
and the exact preview of an attack's odds.

A combat is held in ``state.combats`` as a tuple (targets, attackers, resolved, advanced):
the enemy zones attacked, the attacking brigades, whether it has been fought, and the
brigades that advanced after it.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product
from types import SimpleNamespace

from ...engine.actions import Action
from .state import CONFEDERATE, ELIMINATED, OFF_MAP, UNION, decision, process

TRAIN_TARGET = -3   # marks the train as the defender of a combat
OUTCOMES = ("tie", "attacker_fatigue", "defender_fatigue", "attacker_hit", "defender_hit")   # 11.4


# -- 11.1 attack declaration ----------------------------------------------------------------------
def lone_train_zone(state, side: int) -> int:
    """7.3: an undeployed train alone in its zone may be attacked by the Union."""
    tz = state.train_zone
    if side == UNION and tz >= 0 and tz not in state.occupied_by(CONFEDERATE):
        return tz
    return -1


def combat_of_zone(state, z: int) -> int:
    for cid, c in enumerate(state.combats):
        if z in c[0]:
            return cid
    return -1


def attack_targets(state, u: int) -> list[int]:
    """Zones brigade u may attack now (11.1): adjacent, enemy-held, not yet attacked this
    round unless u can join that attack."""
    g = state.game
    side = g.brigades[u].side
    z = state.zone[u]
    if z < 0:
        return []
    enemy = state.occupied_by(1 - side)
    train = lone_train_zone(state, side)
    board = g.board
    if train < 0 and enemy.isdisjoint(board.adj[z]):
        return []
    if any(state.attack[v] >= 0 for v in state.brigades_in(z) if v != u):
        return []                          # the first line already attacks; u only supports
    out = []
    for n in board.adj[z]:
        if n not in enemy and n != train:
            continue
        cid = combat_of_zone(state, n)
        if cid >= 0:
            targets, attackers, resolved = state.combats[cid][:3]
            if resolved:
                continue                   # 11.1: a zone is attacked once a round
            zones = {state.zone[a] for a in attackers}
            if len(targets) > 1 and zones != {z}:
                continue                   # 11.1: no combined attack on several zones
            if not all(a == z or a in board.adj[z] for a in zones):
                continue                   # 11.1: combining zones must be adjacent
        out.append(n)
    return out


def declare_attack(state, u: int, n: int, charge: bool) -> None:
    g = state.game
    cid = combat_of_zone(state, n)
    if cid >= 0:
        targets, attackers, resolved, advanced = state.combats[cid]
        state.combats[cid] = (targets, attackers + (u,), resolved, advanced)
    else:
        cid = len(state.combats)
        state.combats.append(((n,), (u,), False, ()))
    state.attack[u] = cid
    state.charging[u] = charge
    verb = "charges" if charge else "attacks"
    zones = g.board.zones
    state.note("10.3" if charge else "11.1", f"{g.brigades[u].name} {verb} {g.zone_name(n)}.",
               data={"kind": "attack", "unit": g.brigades[u].id, "attackers": [g.brigades[u].id],
                     "targets": [zones[n].id], "origins": [zones[state.zone[u]].id], "charge": charge})


@process("obligations")
def obligations(state, frame) -> None:
    """11.1, before the attacks are resolved: each attacker's front must be fully engaged."""
    for cid in range(len(state.combats)):
        for u in state.combats[cid][1]:
            if state.zone[u] >= 0:
                extend_to_front(state, u)


def extend_to_front(state, u: int) -> None:
    """11.1: an attacker must attack every enemy zone in its front that no other attack takes
    (possible only when all its combat's attackers stand in its zone: 11.1, last sentence)."""
    cid = state.attack[u]
    if cid < 0:
        return
    targets, attackers, resolved, advanced = state.combats[cid]
    if {state.zone[a] for a in attackers} != {state.zone[u]}:
        return
    enemy = state.occupied_by(1 - state.game.brigades[u].side)
    extra = tuple(z for z in sorted(state.front(u)) if z in enemy and combat_of_zone(state, z) < 0)
    if extra:
        state.combats[cid] = (targets + extra, attackers, resolved, advanced)
        names = ", ".join(state.game.zone_name(z) for z in extra)
        state.note("11.1", f"{state.game.brigades[u].name} must also attack {names}, in its front.")


# -- 11.3 modifiers -------------------------------------------------------------------------------
def ratio_bonus(tables, big: int, small: int) -> int:
    """11.3: the greater strength's bonus, by the first ratio step it reaches."""
    for num, den, bonus in tables.ratio.steps:
        if big * den >= num * max(small, 1):
            return bonus
    return 0


def can_support(state, v: int) -> bool:
    """11.3: a second-line brigade supports if it has the strength and is neither at fatigue 2
    nor routed."""
    return (state.strength(v) >= state.game.tables.combat.support_min_strength
            and state.fatigue[v] < 2 and not state.routed[v])


def surprise_penalty(state) -> int:
    """11.3: the Union's modifier for the surprise on turns 1 and 2 (0 later, or with the
    ``no_surprise`` option)."""
    if state.option("no_surprise", False) or state.turn > 2:
        return 0
    t = state.game.tables.combat
    return t.surprise_turn_1 if state.turn == 1 else t.surprise_turn_2


def terrain_bonus(game, target: int, attack_zones) -> list[tuple]:
    """11.3: the defender's terrain: higher ground or a ravine, bridge or ford, woods, town
    (a feature of the connections counts when every attacking zone attacks across it)."""
    t = game.tables.combat
    board = game.board
    zone = board.zones[target]
    links = [board.links[a, target] for a in attack_zones]
    mods = []
    if all(board.zones[a].elevation < zone.elevation for a in attack_zones):
        mods.append(("higher elevation", "11.3", t.higher_or_ravine))
    elif links and all(lk.ravine for lk in links):
        mods.append(("across a ravine", "11.3", t.higher_or_ravine))
    if links and all(lk.crossing in ("bridge", "ford") for lk in links):
        mods.append(("across a bridge or ford", "11.3", t.bridge_or_ford))
    if zone.woods:
        mods.append(("woods", "11.3", t.woods))
    if zone.town:
        mods.append(("town", "11.3", t.town))
    total = sum(m[2] for m in mods)
    if total > t.terrain_max:
        mods.append(("terrain at most +3", "11.3", t.terrain_max - total))
    return mods


def assess(state, attackers, targets, charging) -> SimpleNamespace:
    """Everything about a combat that is known before the dice: both sides' fixed modifiers
    and the artillery and sharpshooter rolls each may make (11.3)."""
    g = state.game
    t = g.tables.combat
    board = g.board
    att_side = g.brigades[attackers[0]].side
    def_side = 1 - att_side
    att_zones = sorted({state.zone[a] for a in attackers})
    att_support = [v for z in att_zones for v in state.brigades_in(z) if v not in attackers]
    def_front, def_support = [], []
    for z in targets:
        stack = state.brigades_in(z)
        lead = [v for v in stack if state.line[v] == 1] or stack[:1]
        def_front += lead
        def_support += [v for v in stack if v not in lead]
    train = not def_front and lone_train_zone(state, att_side) in targets
    A, D = [], []
    ar, dr = [], []
    sa = sum(state.strength(a) for a in attackers)
    sd = g.train.strength if train else sum(state.strength(d) for d in def_front)
    if sa >= sd:
        A.append((f"strength {sa} to {sd}", "11.3", ratio_bonus(g.tables, sa, sd)))
    else:
        D.append((f"strength {sd} to {sa}", "11.3", ratio_bonus(g.tables, sd, sa)))

    def supports(stack_support, out):
        zones_with = {state.zone[v] for v in stack_support if can_support(state, v)}
        for _ in zones_with:
            out.append(("supporting brigade", "11.3", t.support))

    supports(att_support, A)
    supports(def_support, D)

    def rolls(units, out, charging_units=()):
        for v in units:
            name = g.brigades[v].name
            art = state.artillery(v)
            if art and v not in charging_units:
                out.append((f"{name} artillery", "11.3", art))
            ss = state.sharpshooters(v)
            if ss:
                out.append((f"{name} sharpshooters", "11.3", ss))

    rolls(list(attackers) + att_support, ar, charging)
    rolls(def_front + def_support, dr)
    for a in attackers:
        if a in charging:
            A.append((f"{g.brigades[a].name} charges", "10.3", t.charge))
    if any(g.brigades[a].star for a in attackers):
        A.append(("command bonus", "11.3", t.command))
    if any(g.brigades[d].star for d in def_front):
        D.append(("command bonus", "11.3", t.command))
    pen = surprise_penalty(state)
    if pen:
        (A if att_side == UNION else D).append((f"turn {state.turn} surprise", "11.3", pen))
    terrain = [terrain_bonus(g, z, [a for a in att_zones if a in board.adj[z]] or att_zones) for z in targets]
    D += min(terrain, key=lambda mods: sum(m[2] for m in mods))
    fa = max(state.fatigue[a] for a in attackers)
    if fa:
        A.append((f"fatigue {fa}", "11.3", t.fatigue_per_level * fa))
    if def_front:
        fd = max(2 if state.routed[d] else state.fatigue[d] for d in def_front)
        if fd:
            D.append((f"fatigue {fd}" if fd < 2 or not any(state.routed[d] for d in def_front)
                      else "routed (fatigue 2)", "11.3", t.fatigue_per_level * fd))
        if any(z in board.adj[state.zone[d]] and z not in state.front(d) for d in def_front for z in att_zones):
            D.append(("attacked in the flank", "11.3", t.flank_attacked))
    under_attack = {z for c in state.combats for z in c[0]} | set(targets)
    enemy_zones = state.occupied_by(def_side)
    for a in attackers:
        flank = set(board.adj[state.zone[a]]) - state.front(a)
        if any(z in enemy_zones and z not in under_attack for z in flank):
            A.append(("unattacked enemy on the flank", "11.3", t.unattacked_flank))
            break
    return SimpleNamespace(att_side=att_side, def_side=def_side, attackers=tuple(attackers),
                           att_support=att_support, def_front=def_front, def_support=def_support,
                           train=train, targets=tuple(targets), att_zones=att_zones, att_strength=sa, def_strength=sd,
                           att_mods=A, def_mods=D, att_rolls=ar, def_rolls=dr)


# -- 11.2 resolution ----------------------------------------------------------------------------
def live_attackers(state, cid: int) -> list[int]:
    targets, attackers = state.combats[cid][:2]
    board = state.game.board
    return [a for a in attackers if state.zone[a] >= 0 and state.attack[a] == cid
            and any(z in board.adj[state.zone[a]] for z in targets)]


def live_targets(state, cid: int) -> list[int]:
    targets, attackers = state.combats[cid][:2]
    if not attackers:
        return []
    side = state.game.brigades[attackers[0]].side
    enemy = state.occupied_by(1 - side)
    train = lone_train_zone(state, side)
    return [z for z in targets if z in enemy or z == train]


def _resolve_legal(state, frame):
    return [Action("resolve", cid) for cid, c in enumerate(state.combats)
            if not c[2] and live_attackers(state, cid) and live_targets(state, cid)]


def _resolve_apply(state, frame, action):
    state.stack.append(frame)
    fight(state, action.a)


decision("resolve")((_resolve_legal, _resolve_apply))


def _fmt(mods) -> str:
    return ", ".join(f"{m[0]} {m[2]:+d}" for m in mods) or "none"


def fight(state, cid: int) -> None:
    """11.2-11.4: roll the support dice, then each side's die; compare the totals."""
    g = state.game
    attackers = live_attackers(state, cid)
    targets = live_targets(state, cid)
    c = state.combats[cid]
    state.combats[cid] = (c[0], c[1], True, c[3])
    charging = {a for a in attackers if state.charging[a]}
    x = assess(state, attackers, targets, charging)
    dice = []
    att_bonus = def_bonus = 0
    extra_a, extra_d = [], []
    for rollers, extra in ((x.att_rolls, extra_a), (x.def_rolls, extra_d)):
        for name, rule, potential in rollers:
            r = state.roll()
            dice.append(r)
            if r <= potential:
                extra.append((name, rule, g.tables.combat.artillery))
    ra, rd = state.roll(), state.roll()
    dice += [ra, rd]
    mods_a = x.att_mods + extra_a
    mods_d = x.def_mods + extra_d
    ta = max(1, ra + sum(m[2] for m in mods_a))
    td = max(1, rd + sum(m[2] for m in mods_d))
    names_a = " and ".join(g.brigades[a].name for a in attackers)
    names_d = " and ".join(g.brigades[d].name for d in x.def_front) or f"the {g.train.name} train"
    outcome = compare(ta, td)
    text = {"tie": "equal totals: the attacker tires", "attacker_fatigue": "the attacker tires",
            "defender_fatigue": "the defender tires", "attacker_hit": "the attacker is hit",
            "defender_hit": "the defender is hit"}[outcome]
    verb = "attack" if len(attackers) > 1 else "attacks"
    state.note("11.2", f"{names_a} {verb} {names_d}. Attacker: {_fmt(mods_a)}; rolls {ra}, total {ta}. "
               f"Defender: {_fmt(mods_d)}; rolls {rd}, total {td}.", tuple(dice),
               data=_combat_data(g, x, attackers, (ra, rd), (ta, td), (mods_a, mods_d), outcome, text))
    loser_front = []
    if outcome in ("tie", "attacker_fatigue", "attacker_hit"):
        loser_side, loser_front, winner_front = x.att_side, list(attackers), x.def_front
    else:
        loser_side, loser_front, winner_front = x.def_side, x.def_front, list(attackers)
    hit = outcome in ("attacker_hit", "defender_hit")
    state.note("11.4", f"Result: {text}.")
    if x.train and loser_side == x.def_side:
        if hit:
            state.train_zone = -2
            for m, where in enumerate(state.marker_zone):
                if where == OFF_MAP:                   # the markers still in the train
                    state.marker_zone[m] = ELIMINATED
            state.note("7.3", f"The {g.train.name} artillery train is destroyed.",
                       data={"kind": "eliminated", "unit": g.train.id, "at": g.board.zones[x.targets[0]].id})
        loser_front = []
    for v in loser_front:
        state.fatigue[v] = min(2, state.fatigue[v] + 1)
    loser_zones = tuple(sorted({state.zone[v] for v in loser_front}))
    state.stack.append(("combat_end", -1, cid))
    if hit and loser_front:
        state.stack.append(("after_combat", -1, cid, 1 - loser_side, loser_zones, tuple(winner_front)))
        for v in reversed(loser_front):
            state.stack.append(("hit", loser_side, v, cid, tuple(winner_front)))


def _combat_data(g, x, attackers, rolls, totals, mods, outcome, text) -> dict:
    """The log's picture of a resolved combat (engine.log): who fought from where, both dice,
    both totals with their modifiers, and the result."""
    zones, brigades = g.board.zones, g.brigades
    return {"kind": "combat", "attackers": [brigades[a].id for a in attackers],
            "defenders": [brigades[d].id for d in x.def_front] or [g.train.id],
            "targets": [zones[z].id for z in x.targets], "origins": [zones[z].id for z in x.att_zones],
            "rolls": {"attacker": rolls[0], "defender": rolls[1]},
            "totals": {"attacker": totals[0], "defender": totals[1]},
            "modifiers": {"attacker": [list(m) for m in mods[0]], "defender": [list(m) for m in mods[1]]},
            "result": outcome, "result_text": text}


def compare(ta: int, td: int) -> str:
    """11.4: equal, the attacker tires; higher wins and the lower tires; twice, a hit too."""
    if ta == td:
        return "tie"
    if ta > td:
        return "defender_hit" if ta >= 2 * td else "defender_fatigue"
    return "attacker_hit" if td >= 2 * ta else "attacker_fatigue"


@process("combat_end")
def combat_end(state, frame) -> None:
    """10.3: a charging brigade takes a fatigue level at the end of its combat."""
    cid = frame[2]
    for a in state.combats[cid][1]:
        if state.charging[a] and state.zone[a] >= 0:
            state.fatigue[a] = min(2, state.fatigue[a] + 1)
            state.note("10.3", f"{state.game.brigades[a].name} tires after its charge.")


# -- the exact odds and the preview ----------------------------------------------------------------
@lru_cache(maxsize=None)
def totals_odds(fa: int, fd: int, number=Fraction) -> tuple:
    """11.2, 11.4: the chance of each outcome (in ``OUTCOMES`` order) when the attacker's and
    the defender's fixed modifiers add up to fa and fd; ``number`` is Fraction (exact) or
    float (fast)."""
    counts = dict.fromkeys(OUTCOMES, 0)
    for ra, rd in product(range(1, 7), repeat=2):
        counts[compare(max(1, ra + fa), max(1, rd + fd))] += 1
    return tuple(number(counts[k]) / 36 for k in OUTCOMES)


def bonus_distribution(potentials, number=Fraction) -> dict:
    """11.3: {bonus: chance} of the artillery and sharpshooter rolls with these potentials
    (each succeeds on a die at most its potential and adds the artillery bonus: +1)."""
    dist = {0: number(1)}
    for potential in potentials:
        p = number(min(potential, 6)) / 6
        nxt = {}
        for k, q in dist.items():
            nxt[k + 1] = nxt.get(k + 1, 0) + q * p
            nxt[k] = nxt.get(k, 0) + q * (1 - p)
        dist = nxt
    return dist


def outcome_odds(fa: int, fd: int, att_potentials=(), def_potentials=(), number=Fraction) -> tuple:
    """11.2-11.4: the chance of each outcome (``OUTCOMES`` order) of a combat with fixed
    modifiers fa and fd and the support rolls of these potentials, every die enumerated."""
    if not att_potentials and not def_potentials:
        return totals_odds(fa, fd, number)
    out = [number(0)] * len(OUTCOMES)
    for ba, pa in bonus_distribution(att_potentials, number).items():
        for bd, pd in bonus_distribution(def_potentials, number).items():
            o = totals_odds(fa + ba, fd + bd, number)
            w = pa * pd
            for i in range(len(OUTCOMES)):
                out[i] += w * o[i]
    return tuple(out)

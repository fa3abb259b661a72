"""19.0 Special rules: terrain (19.1), artillery (19.2), exiting the map (19.3), stacking
(19.4), Bowen's counterattack (19.5) and ammunition depletion (19.6)."""

from __future__ import annotations

from fractions import Fraction

from ...engine.actions import Action
from ...systems.blue_and_gray.results import advance_into
from ...systems.blue_and_gray.state import DOUBLE_QUICK, NORMAL

UNION, CONFEDERATE = 0, 1
TRIPLED = ("Bowen's counterattack: tripled", "19.53 i", Fraction(3))
DIE_LESS_ONE = ("Bowen's counterattack", "19.53 ii", -1)


# -- 19.1 terrain ------------------------------------------------------------------------------------
def may_enter(s, u: int, a: int, b: int) -> bool:
    """19.12 is in the terrain chart (the stream hexside closed to artillery but at a bridge or
    ford). 19.13: artillery enters and leaves the wooded hexes east of Jackson's Creek near the
    Middle Road only by road."""
    if s.kind(u) != "artillery" or a < 0:
        return True                                            # 5.1: entering, it comes by the road
    road_only = s.game.art_road_only
    if (a in road_only or b in road_only) and "road" not in s.game.board.features(a, b):
        return False
    return True


def obligation_side(s, a: int, b: int) -> bool:
    """19.15: attacks across a Baker's Creek bridge hexside are optional (8.1 otherwise)."""
    feats = s.game.board.features(a, b)
    if "creek" in feats and "bridge" in feats:
        return False
    return s.can_attack_across(a, b)


# -- 19.2 artillery -----------------------------------------------------------------------------------
def range_modifier(s, u: int, distance: int):
    """9.1: two-thirds at range 3; 19.2: Union artillery at range 4 reduced by one third
    (decision: to two-thirds, option ``union_range4_factor = "one_third"``: to one third)."""
    if distance >= 4:
        if s.game.option("union_range4_factor") == "one_third":
            return ("bombards at range 4 (option: one third)", "19.2", Fraction(1, 3))
        return ("bombards at range 4, reduced by one third", "19.2", Fraction(2, 3))
    return ("bombards at range 3", "9.1", Fraction(2, 3)) if distance >= 3 else None


def may_bombard(s, u: int) -> bool:
    """19.2: Union artillery may not bombard after strategic movement."""
    if s.kind(u) != "artillery":
        return False
    return not (s.side_of(u) == UNION and s.strat[u])


# -- 19.3 exiting ----------------------------------------------------------------------------------
def may_exit(s, u: int, h: int) -> bool:
    """19.3: along a road off the map edge, in the unit's own Movement Phase."""
    return h in s.game.exit_hexes


# -- 19.4 stacking --------------------------------------------------------------------------------------
def stack_ok(s, h: int, side: int, adding=(), removing=()) -> bool:
    """19.4: up to five friendly units, no more than one brigade; 18.2: the train never counts."""
    there = s.units_by_hex.get(h, ())
    if len(adding) <= 1 and len(there) <= 1 and (not there or there[0] in adding):
        return True                                            # one unit alone is always within the limit
    units = s.game.units
    count = brigades = 0
    for v in [v for v in there if v not in adding and v not in removing] + list(adding):
        if units[v].type != "train":
            count += 1
            brigades += units[v].size == "brigade"
    return count <= 5 and brigades <= 1


# -- 19.5 Bowen's counterattack -------------------------------------------------------------------------
def bowen_brigades(s) -> tuple:
    g = s.game
    return tuple(v for v in (g.GREEN, g.COCKRELL, g.OOA.get(g.GREEN), g.OOA.get(g.COCKRELL)) if v is not None)


def move_mode(s, u: int) -> int:
    """19.51: on the Game-Turn of Bowen's release his infantry brigades double-quick (9 MP)."""
    g = s.game
    if u in (g.GREEN, g.COCKRELL) and s.bowen_release_turn == s.turn:
        return DOUBLE_QUICK
    return NORMAL


def normal_allowance(s, u: int) -> int:
    if move_mode(s, u) == DOUBLE_QUICK:
        return 9
    return s.movement_allowance(u)


def _bonus_applies(s, attackers) -> bool:
    """19.52: on their first attack, if both brigades attack this Combat Phase and are stacked
    with or adjacent to each other. Decision: judged when the first attack in which either
    takes part is resolved; the other brigade must be in that attack or in an enemy zone of
    control (so 8.1 obliges it to attack this phase); otherwise the bonuses are lost."""
    g = s.game
    if s.bowen_bonus == 1:
        return True
    if s.bowen_bonus != 0 or not s.released[g.BOWEN]:
        return False
    pair = (g.GREEN, g.COCKRELL)
    if not any(u in attackers for u in pair):
        return False
    s.bowen_bonus = 2
    hg, hc = s.hex[g.GREEN], s.hex[g.COCKRELL]
    if hg < 0 or hc < 0 or not (hg == hc or g.board.are_adjacent(hg, hc)):
        s.note("19.52", "Bowen's counterattack bonuses are lost (the brigades are not together).")
        return False
    for u in pair:
        if u not in attackers and (s.attacked[u] or not s.in_enemy_zoc(u)):
            s.note("19.52", "Bowen's counterattack bonuses are lost (both brigades must attack).")
            return False
    s.bowen_bonus = 1
    s.note("19.53", "Bowen's counterattack: Green and Cockrell tripled, die -1, advances up to four hexes.")
    return True


def attack_modifier(s, u: int):
    """19.53 i: both brigades tripled for that Player-Turn."""
    g = s.game
    if s.bowen_bonus == 1 and u in (g.GREEN, g.COCKRELL):
        return TRIPLED
    return None


def die_modifiers(s, attackers) -> tuple:
    """19.53 ii: the die of their attacks is reduced by one."""
    g = s.game
    if s.phasing == CONFEDERATE and any(u in (g.GREEN, g.COCKRELL) for u in attackers) and _bonus_applies(s, attackers):
        return (DIE_LESS_ONE,)
    return ()


def after_advance(s, u: int, frame) -> None:
    """19.53 iii: a counterattacking brigade may go on advancing, up to four hexes in all; and
    (exception a) the other brigade, if it fought in the same combat, may advance too."""
    g = s.game
    if s.bowen_bonus != 1 or u not in (g.GREEN, g.COCKRELL):
        return
    other = g.COCKRELL if u == g.GREEN else g.GREEN
    if other in frame[3] and s.hex[other] >= 0:
        s.stack.append(("bowen_join", CONFEDERATE, other, frame[2]))
    _go_on(s, u)


def _go_on(s, u: int) -> None:
    s.bowen_adv = max(s.bowen_adv, 1)
    if s.hex[u] not in s.zoc(UNION):                           # 19.53 iii-d
        s.stack.append(("bowen_advance", CONFEDERATE, u, 1))


def _join_hexes(s, u: int, vacated) -> list:
    """19.53 iii-a, c: the second brigade's first hex is one the enemy vacated, even if the first
    brigade stands there; then (stacking at the end of its advance, 19.4) it must be able to go
    on, so the hex must be outside enemy zones (iii-d) and lead to a hex where it may stop."""
    board = s.game.board
    out = []
    for t in vacated:
        if not board.are_adjacent(s.hex[u], t) or t in s.occupied(UNION) or s.move_cost(u, s.hex[u], t) is None:
            continue
        if stack_ok(s, t, CONFEDERATE, (u,)) or (t not in s.zoc(UNION) and _onward(s, u, t)):
            out.append(t)
    return out


def _onward(s, u: int, h: int) -> list:
    """19.53 iii-b: the hexes u may advance on into from h (no prohibited hexside, no enemy)."""
    return [b for b in s.game.board.adjacent[h]
            if b not in s.occupied(UNION) and s.move_cost(u, h, b) is not None and stack_ok(s, b, CONFEDERATE, (u,))]


def _bowen_join_legal(s, frame):
    u = frame[2]
    if s.hex[u] < 0:
        return []
    return [Action("advance", u, t) for t in _join_hexes(s, u, frame[3])] + [Action("no_advance")]


def _bowen_join_apply(s, frame, action):
    if action.kind == "no_advance":
        return
    advance_into(s, action.a, action.b, "19.53", "also advances (Bowen's counterattack)")
    _go_on(s, action.a)


def _bowen_advance_legal(s, frame):
    u = frame[2]
    h = s.hex[u]
    out = [Action("advance_more", b, u) for b in _onward(s, u, h)]
    if stack_ok(s, h, CONFEDERATE, (u,)):                      # 19.4 at the end of its advance
        out.append(Action("halt", u))
    return out


def _bowen_advance_apply(s, frame, action):
    if action.kind == "halt":
        return
    u, n = frame[2], frame[3] + 1
    ids = s.game.board.ids
    s.note("19.53", f"{s.game.units[u].name} advances on {ids[s.hex[u]]} -> {ids[action.a]}.",
           data={"kind": "advance", "unit": s.game.units[u].id, "from": ids[s.hex[u]], "to": ids[action.a]})
    s.set_hex(u, action.a)
    s.on_moved(u, action.a)
    s.bowen_adv = max(s.bowen_adv, n)
    if n < 4 and action.a not in s.zoc(UNION):
        s.stack.append(("bowen_advance", CONFEDERATE, u, n))


def player_end(s, side: int) -> None:
    if side == CONFEDERATE and s.bowen_bonus == 1:
        s.bowen_bonus = 3                                      # spent; 19.61 roll next Game-Turn
        s.ammo_turn = s.turn + 1


# -- 19.6 ammunition -------------------------------------------------------------------------------
def ammunition(s, side: int) -> None:
    """19.61-19.62: at the start of the Confederate Movement Phase after the counterattack, on
    1-2 (less one for every hex after the first of the longer advance, at most three) both
    brigades run out of ammunition and are replaced by their Out of Ammo counters."""
    if side != CONFEDERATE or s.ammo_turn != s.turn or s.ammo_turn == 0:
        return
    g = s.game
    s.ammo_turn = 0
    mod = min(3, max(0, s.bowen_adv - 1))
    r = s.roll()
    s.note("19.6", f"Ammunition roll for Green and Cockrell: {r} - {mod} = {r - mod}.", (r,))
    if r - mod > 2:
        return
    for b in (g.GREEN, g.COCKRELL):
        h = s.hex[b]
        if h >= 0:
            o = g.OOA[b]
            s.set_hex(o, h)                                    # first: the hex is never empty (21.2)
            s.set_hex(b, -1)
            for f in ("moved", "attacked", "defended", "retreated", "strat"):
                getattr(s, f)[o] = getattr(s, f)[b]
            s.note("19.61", f"{g.units[b].name} is out of ammunition.")


def register(rules) -> None:
    rules.decision("bowen_advance")((_bowen_advance_legal, _bowen_advance_apply))
    rules.decision("bowen_join")((_bowen_join_legal, _bowen_join_apply))

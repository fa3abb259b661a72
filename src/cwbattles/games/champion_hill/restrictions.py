"""17.0 Movement restrictions: Bowen's and Loring's divisions (17.1, 17.2), the Union 9th and
14th divisions (17.3, 17.4) and the 2nd Ohio battery (17.5), and their releases."""

from __future__ import annotations

from fractions import Fraction

UNION, CONFEDERATE = 0, 1
HALF_STRENGTH = ("restricted 9th division: half strength", "17.3 i", Fraction(1, 2))


def restricted(s, u: int) -> bool:
    return not s.released[s.game.units[u].division]


def release(s, d: int, why: str) -> None:
    if not s.released[d]:
        s.released[d] = True
        s.release_due[d] = False
        g = s.game
        s.note("17", f"{g.divisions[d].name} is released ({why}).")
        if d == g.BOWEN:
            s.bowen_release_turn = s.turn                      # 19.51: double-quick this Game-Turn


def may_move(s, u: int) -> bool:
    """17.5: the 2nd Ohio battery may not move until released."""
    return not (u == s.game.OHIO2 and not s.ohio_free)


def may_enter(s, u: int, a: int, b: int) -> bool:
    """17.1-17.4: what a restricted unit may not enter, from a (OFF_MAP when it enters the map:
    5.4 makes entering a step like any other)."""
    g = s.game
    unit = g.units[u]
    d = unit.division
    if s.released[d]:
        return True
    zoc = s.zoc(1 - unit.side)
    if d in (g.BOWEN, g.LORING):
        # 17.1, 17.2: not more than two hexes from its set-up hex, nor into an enemy zone
        if b in zoc:
            return False
        home = unit.setup
        dist = g.board.distance
        return dist(home, b) <= max(2, dist(home, a) if a >= 0 else 0)
    if d == g.CARR:
        return b not in zoc                                    # 17.4
    if d == g.OSTERHAUS and unit.restriction == "17.3-ii":
        # 17.3 ii: the 2nd brigade and 1st Wisconsin battery stay out of enemy zones until turn 4
        # or the Movement Phase after the 1st brigade suffered Ae or Ar
        return b not in zoc or s.turn >= 4 or s.ost2_due == 2
    return True


def attack_modifier(s, u: int, bombarding: bool):
    """17.3 i: the restricted 9th division attacks at half strength (bombardment excepted)."""
    g = s.game
    if not bombarding and g.units[u].division == g.OSTERHAUS and not s.released[g.OSTERHAUS]:
        return HALF_STRENGTH
    return None


# 17.1 iii-iv, 17.2 iii-iv, 17.3 iii-iv, 17.4: the Game-Turn of each held division's release roll
# (a 6 frees it); it is free on the Game-Turn after at the latest.
RELEASE_ROLL_TURN = {"bowen": 3, "loring": 4, "osterhaus": 5, "carr": 5}


def latest_release(g, d: int) -> int:
    """The Game-Turn held division d is free at the latest (17.1 iv, 17.2 iv, 17.3 iv, 17.4)."""
    return RELEASE_ROLL_TURN[g.divisions[d].id] + 1


def movement_start(s, side: int) -> None:
    """17.0: releases caused in the enemy's Player-Turn, and timed and die-roll releases,
    take effect at the start of the division's own Movement Phase."""
    g = s.game
    for d, due in enumerate(s.release_due):
        if due and g.divisions[d].side == side:
            release(s, d, "attacked in the enemy Player-Turn")
    t = s.turn
    if side == CONFEDERATE:
        for d in (g.BOWEN, g.LORING):                          # 17.1 iii-iv, 17.2 iii-iv
            if s.released[d]:
                continue
            roll_turn = RELEASE_ROLL_TURN[g.divisions[d].id]
            if t == roll_turn:
                r = s.roll()
                s.note("17", f"Release roll for {g.divisions[d].name}: {r}.", (r,))
                if r == 6:
                    release(s, d, "a 6 on the release roll")
            elif t > roll_turn:
                release(s, d, f"Game-Turn {roll_turn + 1}")
    else:
        if s.ost2_due == 1:
            s.ost2_due = 2                                     # 17.3 ii-b
            s.note("17.3", "The 9th division's 2nd brigade and 1st Wisconsin battery may now enter enemy zones.")
        for d in (g.OSTERHAUS, g.CARR):                        # 17.3 iii-iv, 17.4
            if s.released[d]:
                continue
            roll_turn = RELEASE_ROLL_TURN[g.divisions[d].id]
            if t == roll_turn:
                r = s.roll()
                s.note("17.3", f"Release roll for {g.divisions[d].name}: {r}.", (r,))
                if r == 6:
                    release(s, d, "a 6 on the release roll")
            elif t > roll_turn:
                release(s, d, f"Game-Turn {roll_turn + 1}")
        if not s.ohio_free and t >= 5:                         # 17.5 ii
            s.ohio_free = True
            s.note("17.5", "The 2nd Ohio battery is released (Game-Turn 5).")


def on_attack(s, targets, attackers, bombard_only, result) -> None:
    g = s.game
    side = g.units[attackers[0]].side
    defenders = [v for t in targets for v in s.units_at(t)]
    ddivs = {g.units[v].division for v in defenders}
    if side == UNION:
        if not bombard_only and ddivs & {g.BOWEN, g.LORING}:
            # 17.1 i-ii, 17.2 i-ii: attacked by an adjacent Union unit releases both divisions
            for d in (g.BOWEN, g.LORING):
                if not s.released[d] and not s.release_due[d]:
                    s.release_due[d] = True
                    s.note("17.1", f"{g.divisions[d].name} will be released in its next Movement Phase.")
        if not bombard_only:
            from ...systems.blue_and_gray.combat import adjacent_role
            for u in attackers:
                if adjacent_role(s, u):
                    s.div_fought[g.units[u].division] = True   # 17.3 i: a non-bombardment attack
        if result in ("Ae", "Ar") and g.OSTERHAUS_1 in attackers and s.ost2_due == 0:
            s.ost2_due = 1                                     # 17.3 ii-b
    else:
        if bombard_only and not g.option("osterhaus_release_by_bombardment"):
            return
        for d in (g.OSTERHAUS, g.CARR):                        # 17.3 i, 17.4
            if d in ddivs and not s.released[d] and not s.div_fought[d] and not s.release_due[d]:
                s.release_due[d] = True
                s.note("17.3", f"{g.divisions[d].name} is attacked: released in its next Movement Phase.")
                if d == g.OSTERHAUS and g.option("carr_released_with_osterhaus"):
                    s.release_due[g.CARR] = True


def player_end(s, side: int) -> None:
    """At the end of a Confederate Player-Turn: 17.3 ii (Jackson's force off the Middle Road)
    and 17.5 i (a Confederate unit within three hexes of the 2nd Ohio's set-up hex)."""
    if side != CONFEDERATE:
        return
    g = s.game
    if not (s.released[g.OSTERHAUS] and s.released[g.CARR]):
        if g.option("jackson_force") == "unit":
            blockers = [g.JACKSON] if s.hex[g.JACKSON] >= 0 else []
        else:
            blockers = [u for u in g.side_units[CONFEDERATE] if s.hex[u] >= 0 and s.is_combat_unit(u)]
        blocked = False
        for u in blockers:
            h = s.hex[u]
            if h in g.middle_road_east:
                blocked = True
            for m in g.middle_road_east:
                if g.board.are_adjacent(h, m) and s.zoc_crosses(h, m):
                    blocked = True
        if not blocked:
            for d in (g.OSTERHAUS, g.CARR):
                if not s.released[d]:
                    s.release_due[d] = True
                    s.note("17.3", f"Jackson's force no longer blocks the Middle Road: {g.divisions[d].name} "
                                   "will be released.")
    if not s.ohio_free:
        home = g.units[g.OHIO2].setup
        if any(g.board.distance(home, h) <= 3 for h in s.combat_occupied(CONFEDERATE)):
            s.ohio_free = True
            s.note("17.5", "A Confederate unit is within three hexes: the 2nd Ohio battery is released.")

"""18.0 The Union train: no strength (18.1), ignores stacking (18.2), no zone of control and
eliminated alone in an enemy zone (18.3), one hex a Game-Turn by road once released (18.4)."""

from __future__ import annotations

from ...systems.blue_and_gray.combat import adjacent_role

UNION, CONFEDERATE = 0, 1


def may_move(s, u: int) -> bool:
    return u != s.game.TRAIN or s.train_free                   # 18.4


def may_enter(s, u: int, a: int, b: int) -> bool:
    """18.4 (roads only: move_cost); the program does not let the train walk alone into an
    enemy zone, where 18.3 would eliminate it at once."""
    if u != s.game.TRAIN:
        return True
    return b not in s.zoc(CONFEDERATE) or any(s.is_combat_unit(v) for v in s.units_at(b) if v != u)


def moved(s, u: int, h: int) -> None:
    g = s.game
    if u == g.TRAIN and not s.train_left and h != g.units[u].setup:
        s.train_left = True
        s.vp_conf += 5                                         # 21.3: 5 VP if the train leaves its hex
        s.note("21.3", "The Union train leaves its set-up hex: 5 VP to the Confederate player.")


def check(s) -> None:
    """18.3: the train alone in an enemy zone of control is eliminated."""
    t = s.game.TRAIN
    h = s.hex[t]
    if h < 0 or s.bombarding:
        return
    if s.in_zoc(CONFEDERATE, h) and not any(s.is_combat_unit(v) for v in s.units_at(h)):
        s.eliminate(t, "18.3", "alone in an enemy zone of control")


def eliminated(s, u: int) -> None:
    """21.3: 50 VP to the Confederate player for eliminating the train, however it happens
    (18.3, or a combat result on its hex, 18.1)."""
    if u == s.game.TRAIN:
        s.vp_conf += 50
        s.note("21.3", "The Union train is eliminated: 50 VP to the Confederate player.")


def on_attack(s, targets, attackers, bombard_only=None) -> None:
    """21.3: 5 VP each Game-Turn in which Confederate artillery bombards the train's hex."""
    g = s.game
    t = g.TRAIN
    if s.hex[t] in targets and g.units[attackers[0]].side == CONFEDERATE \
            and any(s.kind(u) == "artillery" and not adjacent_role(s, u) for u in attackers) \
            and s.train_bombed_turn != s.turn:
        s.train_bombed_turn = s.turn                           # 21.3: 5 VP once a Game-Turn
        s.vp_conf += 5
        s.note("21.3", "Confederate artillery bombards the Union train: 5 VP to the Confederate player.")


def turn_end(s) -> None:
    """18.4: released when a Confederate unit is three hexes or less away at the end of a Game-Turn."""
    g = s.game
    h = s.hex[g.TRAIN]
    if s.train_free or h < 0:
        return
    if any(g.board.distance(h, e) <= 3 for e in s.combat_occupied(CONFEDERATE)):
        s.train_free = True
        s.note("18.4", "A Confederate unit is within three hexes: the Union train may move.")

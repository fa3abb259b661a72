"""Leaders of the revised series, as Hooker and Lee's 23.5-23.59 state them (the revised
standard rules have no leader chapter; the series' games that have leaders give them in their
exclusive rules, so the rule numbers cited are 23.5x). A game with leaders gives its units
``stars`` (0 for combat units), a leader's command as ``game.command[leader]`` (the combat units
he commands) and ``game.no_save`` (leaders who give no disruption saving roll, 23.55), and
keeps a ``killed`` list (23.58: leaders eliminated by the enemy score).

Leaders are units without combat strength (``is_combat_unit`` is False): no zone of control,
no part in combat (7.4), never attacked alone (23.54).
"""

from __future__ import annotations

from .state import ELIMINATED


def is_leader(s, u: int) -> bool:
    return s.facts.unit_kind[u] == "leader"


def leaders_at(s, h: int) -> list:
    kinds = s.facts.unit_kind
    return [v for v in s.units_at(h) if kinds[v] == "leader"]


def stack_leader(s, h: int, exclude=()) -> int | None:
    """23.52, 23.55: the one leader who affects the units of hex h: the highest-ranking (most
    stars; the first in the order of battle among equals), leaving out ``exclude``."""
    best, stars = None, 0
    units = s.game.units
    for v in leaders_at(s, h):
        if v not in exclude and units[v].stars > stars:
            best, stars = v, units[v].stars
    return best


# -- 23.51 movement ---------------------------------------------------------------------------------
# (movement allowance and forced march are the game's allowance hooks; strategic movement is
# refused by ``may_march``)


# -- 23.52-23.53 stacking ------------------------------------------------------------------------------
def stacking_ok(s, units: list) -> bool:
    """23.53: a one-star leader may stack only with combat units of his own command, unless a
    leader of more stars is in the hex. ``units``: the hex's units after the change."""
    g = s.game
    kinds = s.facts.unit_kind
    ones = [v for v in units if kinds[v] == "leader" and g.units[v].stars == 1]
    if not ones:
        return True
    if any(kinds[v] == "leader" and g.units[v].stars > 1 for v in units):
        return True
    combat = [v for v in units if kinds[v] != "leader"]
    return all(v in g.command[one] for one in ones for v in combat)


# -- 23.54 enemy entry ------------------------------------------------------------------------------------
def enemy_entered(s, u: int, h: int) -> None:
    """23.54: an enemy combat unit that moves into or through a leader's hex eliminates him
    (a leader alone does not block: enemy-occupied means occupied by combat units here)."""
    side = s.facts.unit_side[u]
    for v in leaders_at(s, h):
        if s.facts.unit_side[v] != side:
            kill(s, v, "23.54", f"{s.game.units[u].name} enters his hex")


def kill(s, v: int, rule: str, why: str) -> None:
    """23.58: a leader eliminated by the enemy scores twice his stars for the other side."""
    s.killed[v] = True
    s.eliminate(v, rule, why)


# -- 23.55 combat ------------------------------------------------------------------------------------------
def strength_bonus(s, u: int, engaged=None):
    """23.55: a leader of more than one star adds one strength point to each non-artillery
    combat unit he is stacked with (one leader affects a stack): (label, rule, 1) or None.
    23.52: in an attack (``engaged``: u's side's units in it) only the highest ranking leader
    in the attack affects combat, so a stack whose leader is outranked by another in the same
    attack gets nothing (option ``attack_leader = "hex"``: each hex's leader counts)."""
    h = s.hex[u]
    if h < 0 or s.facts.unit_kind[u] in ("artillery", "leader"):
        return None
    best = stack_leader(s, h)
    if best is None or s.game.units[best].stars <= 1:
        return None
    if engaged is not None and s.game.option("attack_leader") != "hex" and attack_leader(s, engaged) != best:
        return None
    return (f"+1 with {s.game.units[best].name}", "23.55", 1)


def attack_leader(s, engaged) -> int | None:
    """23.52: the highest ranking leader in an attack among the leaders stacked with the units
    ``engaged`` (one side's units in it): the most stars, the first in the order of battle
    among equals."""
    best, stars = None, 0
    units = s.game.units
    for h in sorted({s.hex[u] for u in engaged if s.hex[u] >= 0}):
        v = stack_leader(s, h)
        if v is not None and (units[v].stars > stars or (units[v].stars == stars and v < best)):
            best, stars = v, units[v].stars
    return best


def disruption_save(s, u: int) -> bool:
    """23.55: a unit stacked with a leader (not one of ``game.no_save``: Hooker) rolls to cancel
    a disruption result: 1-3 voids it. The leader is the highest one who can give the roll."""
    h = s.hex[u]
    if h < 0:
        return False
    leader = stack_leader(s, h, exclude=s.game.no_save)
    if leader is None:
        return False
    roll = s.roll()
    saved = roll <= 3
    s.note("23.55", f"{s.game.units[u].name} is stacked with {s.game.units[leader].name}: saving roll {roll}, "
                    + ("the disruption is void." if saved else "no save."), (roll,))
    return saved


def rally_leader(s, u: int):
    """23.57: the leader with whom a unit rallies automatically (any leader in its hex)."""
    h = s.hex[u]
    return stack_leader(s, h) if h >= 0 else None


# -- 23.56 a stack destroyed ----------------------------------------------------------------------------------
def unit_destroyed(s, h: int, side: int) -> None:
    """23.56: a combat unit of ``side`` in hex h has been eliminated: each of his leaders there
    rolls a die ("for each Leader present with the destroyed combat unit"): 1 he is killed;
    otherwise he is placed at once with the nearest unit of his command (in the hex itself if
    one is left there; 23.53: removed if his command has no unit left on the map). Option
    ``leader_loss = "stack"``: the roll only when the last combat unit of his side in the hex
    is eliminated (the program's reading before issue 25)."""
    if s.game.option("leader_loss") == "stack" and any(
            s.facts.unit_side[v] == side and s.is_combat_unit(v) for v in s.units_at(h)):
        return
    for v in leaders_at(s, h):
        if s.facts.unit_side[v] != side:
            continue
        roll = s.roll()
        name = s.game.units[v].name
        if roll == 1:
            s.note("23.56", f"{name} rolls {roll} for the unit destroyed with him and is killed.", (roll,))
            kill(s, v, "23.56", "killed with a unit of his stack")
            continue
        target = nearest_of_command(s, v, h)
        if target is None:
            s.note("23.56", f"{name} rolls {roll} for the unit destroyed with him and survives.", (roll,))
            remove(s, v)
        elif target == h:
            s.note("23.56", f"{name} rolls {roll} for the unit destroyed with him, survives and stays "
                            f"with the unit of his command in {s.game.board.ids[h]}.", (roll,))
        else:
            ids = s.game.board.ids
            s.note("23.56", f"{name} rolls {roll} for the unit destroyed with him, survives and joins "
                            f"the nearest unit of his command at {ids[target]}.", (roll,),
                   data={"kind": "move", "unit": s.game.units[v].id, "from": ids[h], "to": ids[target]})
            s.set_hex(v, target)


def nearest_of_command(s, v: int, h: int):
    """23.56: the hex of the nearest combat unit of leader v's command to h, h itself included
    (ties: the first such unit in the order of battle), or None."""
    best, dist = None, None
    distance = s.game.board.distance
    for u in sorted(s.game.command[v]):
        uh = s.hex[u]
        if uh < 0:
            continue
        d = distance(h, uh)
        if dist is None or d < dist:
            best, dist = uh, d
    return best


def remove(s, v: int) -> None:
    """23.53: a leader whose command has no unit left is removed from play (no victory points:
    the enemy did not eliminate him)."""
    if s.hex[v] >= 0 or s.hex[v] == -1:
        s.set_hex(v, ELIMINATED)
        s.note("23.53", f"{s.game.units[v].name} has no unit of his command left: removed from play.",
               data={"kind": "eliminated", "unit": s.game.units[v].id, "at": None})


def command_check(s, u: int) -> None:
    """23.53: after combat unit u is eliminated, a leader whose whole command is gone (no unit
    on the map or still to arrive) is removed."""
    for v in s.game.commanders_of[u]:
        if s.hex[v] in (ELIMINATED, -3):
            continue
        if not any(s.hex[w] >= 0 or s.hex[w] == -1 for w in s.game.command[v]):
            remove(s, v)


def follow(s, u: int, old: int, new: int) -> None:
    """Decision (docs/rules-notes/chancellorsville.md, 23.54): leaders go with the last combat
    unit of their side that leaves their hex by retreat or advance (a Combat Phase), rather than
    stay behind alone where the advancing enemy would take them."""
    side = s.facts.unit_side[u]
    if any(s.facts.unit_side[v] == side and s.is_combat_unit(v) for v in s.units_at(old)):
        return
    for v in leaders_at(s, old):
        if s.facts.unit_side[v] == side:
            s.set_hex(v, new)

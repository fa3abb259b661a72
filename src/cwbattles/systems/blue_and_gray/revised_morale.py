"""12.0 Morale of the revised rules (Disrupted, Shaken, Routed; 12.4 rally; 11.3 the night's
effect), as the program reconstructs it: the numbers are the table ``data/morale.toml``; the
reasons are in docs/rules-notes/chancellorsville.md ("12 Morale"). Games that use it keep a
``morale`` list (0 good .. 3 routed) and call these functions from their hooks; Champion Hill
does not (its exclusive rules never speak of morale: docs/rules-notes/champion-hill.md).

A unit's morale level only ever changes here: ``disrupt`` (a combat's disruption result, 12.1),
``rally`` (12.4) and ``night_recovery`` (11.3).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from ...engine.actions import Action
from ...engine.datafile import load_toml
from ...engine.errors import DataError

DATA = Path(__file__).parent / "data" / "morale.toml"
GOOD, DISRUPTED, SHAKEN, ROUTED = 0, 1, 2, 3


@lru_cache(maxsize=2)
def table(path: str = str(DATA)) -> dict:
    """The morale table, checked: levels, hits, effects per level, rally numbers, night steps."""
    doc = load_toml(Path(path))
    levels = tuple(doc["meta"]["levels"])
    if levels != ("good", "disrupted", "shaken", "routed"):
        raise DataError(path, "meta.levels", "expected the ladder good, disrupted, shaken, routed")
    for lv in levels:
        if lv not in doc["effect"]:
            raise DataError(path, f"effect.{lv}", "missing")
    hits = dict(doc["hits"])
    for k, v in hits.items():
        if v not in ("attackers", "defenders"):
            raise DataError(path, f"hits.{k}", f"expected 'attackers' or 'defenders', got {v!r}")
    return {"levels": levels, "hits": hits, "routed_hit": doc["meta"].get("routed_hit", "eliminated"),
            "attack": tuple(Fraction(doc["effect"][lv]["attack"]).limit_denominator() for lv in levels),
            "enter_zoc": tuple(bool(doc["effect"][lv]["enter_enemy_zoc"]) for lv in levels),
            "rally": (0,) + tuple(int(doc["rally"][lv]) for lv in levels[1:]),
            "night_steps": int(doc["night"]["steps"])}


def level_name(level: int) -> str:
    return table()["levels"][level]


# -- 12.1 disruption results --------------------------------------------------------------------
def combat_hits(s, result: str, attackers: tuple, defenders: tuple) -> None:
    """12.1: the units a result disrupts (morale.toml ``hits``): each goes one step down."""
    who = table()["hits"].get(result)
    if who is None:
        return
    for u in attackers if who == "attackers" else defenders:
        if s.hex[u] >= 0 and s.is_combat_unit(u):
            disrupt(s, u, result)


def disrupt(s, u: int, why: str) -> None:
    """12.1 with 23.55: one step down the ladder, unless the unit's leader saves it (the
    state's ``disruption_save`` rolls the die); a Routed unit hit again is eliminated."""
    name = s.game.units[u].name
    if s.disruption_save(u):
        return
    level = s.morale[u]
    if level == ROUTED:
        s.eliminate(u, "12.1", "routed and disrupted again")
        return
    s.morale[u] = level + 1
    s.note("12.1", f"{name} is {level_name(level + 1)} ({why}).",
           data={"kind": "morale", "unit": s.game.units[u].id, "level": level_name(level + 1)})


# -- 12.2-12.3 effects --------------------------------------------------------------------------
def attack_modifier(s, u: int):
    """12.2: (label, rule, factor) of a unit's morale on its attack strength, or None."""
    level = s.morale[u]
    if level == GOOD:
        return None
    return (f"{level_name(level)}", "12.2", table()["attack"][level])


def may_attack(s, u: int) -> bool:
    """12.2: a unit whose state leaves it no attack strength may not attack (nor must it)."""
    return table()["attack"][s.morale[u]] > 0


def may_enter_enemy_zoc(s, u: int) -> bool:
    """12.3: Shaken and Routed units may not move into an enemy zone of control."""
    return table()["enter_zoc"][s.morale[u]]


# -- 12.4 rally ------------------------------------------------------------------------------------
def rally_options(s, offered) -> list:
    """12.4: ``rally`` for each unit below Good among ``offered`` (units that may start a move
    now: on the map, not yet moved, out of enemy zones of control)."""
    morale = s.morale
    return [Action("rally", u) for u in offered if morale[u]]


def rally(s, u: int) -> None:
    """12.4: one die, success on the table's number or less; 23.57: automatic with a leader.
    The unit may not move in this phase whether or not it rallies."""
    s.moved[u] = True
    level = s.morale[u]
    name = s.game.units[u].name
    leader = s.rally_leader(u)
    if leader is not None:
        s.morale[u] = level - 1
        s.note("23.57", f"{name} rallies with {s.game.units[leader].name}: now {level_name(level - 1)}.",
               data={"kind": "morale", "unit": s.game.units[u].id, "level": level_name(level - 1)})
        return
    need = table()["rally"][level]
    roll = s.roll()
    if roll <= need:
        s.morale[u] = level - 1
        s.note("12.4", f"{name} tries to rally (needs {need} or less): rolls {roll}, now {level_name(level - 1)}.",
               (roll,), data={"kind": "morale", "unit": s.game.units[u].id, "level": level_name(level - 1)})
    else:
        s.note("12.4", f"{name} tries to rally (needs {need} or less): rolls {roll}, stays {level_name(level)}.",
               (roll,))


# -- 11.3 night ------------------------------------------------------------------------------------
def night_recovery(s) -> None:
    """11.3: at the end of a night Game-Turn every unit below Good and not in an enemy zone of
    control goes up the ladder by the table's number of steps."""
    if not s.night():
        return
    steps = table()["night_steps"]
    better = []
    for u, level in enumerate(s.morale):
        if level and s.hex[u] >= 0 and not s.in_enemy_zoc(u):
            s.morale[u] = max(GOOD, level - steps)
            better.append(s.game.units[u].name)
    if better:
        s.note("11.3", f"The night restores order: {', '.join(better)} recover{'s' if len(better) == 1 else ''}.")

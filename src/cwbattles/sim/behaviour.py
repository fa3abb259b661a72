"""What the bots do in whole games, beside what happened in history (issue 29, point 7).

One module for every battle: the facts are read from the structured log events every game
writes (``engine/log.py``: ``kind``, ``unit``, ``from``, ``to``, ``targets``, ``result``...) and
from the state through the public game API (``to_position``, ``result``, ``counters``,
``geometry``), with snapshots taken at each player-turn. The little a battle adds (which
eliminations mean "lost surrounded", the Union right and rear at Chancellorsville, its
historical numbers with their sources) is data: ``games/<battle>/data/behaviour.toml``.

Definitions (the table's rows):

- *combats*: resolved combats (``combat`` events), by the side of the first attacker, and by
  their type (GBACW ``fire`` and ``melee``; Blue & Gray ``attack`` and ``bombardment``).
- *odds*: the column of each combat: the odds (Blue & Gray, GBACW melee), the fire column (GBACW
  fire), or at Cedar Creek (opposed rolls, no odds) the attacker's modifiers less the defender's.
- *victory places taken*: a victory hex or zone passing to this side from the other or from nobody,
  between two player-turn snapshots (the game's own reading of control, ``result``).
- *contested*: a victory place attacked, or approached within ``contest_radius`` (hexes, or zones
  along the map's links) by a combat unit of a side not holding it at that moment; a place
  nobody holds, once both sides have come that near (or one attacks it).
- *reinforcements*: units entering the map (``enter`` events, an HQ moving ``from`` nowhere), with
  their game-turn, beside the turn the scenario schedules.
- *lost surrounded*: eliminations the battle's data names (8.7 "no hex to retreat into"...).
- *idle marches*: a unit that moved during a player-turn (``move`` events) and ended it where it
  began.
- *back and forth*: a unit ending a game-turn in a hex it had left at least two game-turns
  before by its own marches, having changed place on more than two game-turns of the trip
  (issue 29: "no unit marches back and forth for more than two game-turns"): no combat result
  (a retreat, rout, advance or displacement) moved it in between, since a unit driven out that
  marches back retakes its ground rather than wasting its marches, and a unit that stepped
  aside, stood, and stepped back marched on two game-turns.
  *returns* counts the same returns whatever moved the unit (the measure before 2026-11-29).
"""

from __future__ import annotations

import importlib
import math
from collections import Counter, defaultdict
from pathlib import Path

from cwbattles.engine.datafile import Checker, load_toml
from cwbattles.engine.errors import DataError
from cwbattles.games import GAMES
from cwbattles.sim.runner import _game, game_seed, play_one

SIDES = ("union", "confederate")
PLACE_KINDS = ("move", "enter", "retreat", "rout", "advance", "hq", "displaced", "exit")
DRIVEN_KINDS = ("retreat", "rout", "advance", "displaced")   # moved by a combat's result, not a march
CONTEST_SHARE = 0.8      # issue 29: every victory hex contested in at least 80% of games


# -- the battle's facts (data) ----------------------------------------------------------------

def load_facts(name: str) -> dict:
    """``games/<battle>/data/behaviour.toml``, checked: what the counts need and the history."""
    path = Path(importlib.import_module(GAMES[name]).__file__).parent / "data" / "behaviour.toml"
    doc = load_toml(path)
    src = str(path)
    top = Checker(src, doc.get("behaviour", {}), "behaviour")
    facts = {"contest_radius": top.int_range("contest_radius", 1, 5),
             "melee_every_game": top.get("melee_every_game", bool, False),
             "hq_enters_every_game": top.get("hq_enters_every_game", str, ""),
             "no_back_and_forth": top.get("no_back_and_forth", bool, False),
             "surrounded": [], "flank": None, "history": [], "outcome": None}
    for i, row in enumerate(doc.get("surrounded", [])):
        c = Checker(src, row, f"surrounded[{i}]")
        facts["surrounded"].append({"rule": c.get("rule", str), "text": c.get("text", str, ""),
                                    "after": c.get("after", str, "")})
    if "flank" in doc:
        c = Checker(src, doc["flank"], "flank")
        facts["flank"] = {"side": c.choice("side", SIDES), "name": c.get("name", str),
                          "section": c.get("section", str), "min_row": c.int_range("min_row", 1, 99),
                          "max_column": c.int_range("max_column", 0, 99),
                          "share": float(c.get("share", (int, float)))}
    if "outcome" in doc:
        c = Checker(src, doc["outcome"], "outcome")
        low, high = c.int_range("margin_low", -999, 999), c.int_range("margin_high", -999, 999)
        if low > high:
            raise DataError(src, "outcome.margin_low", "above margin_high")
        facts["outcome"] = {"margin": (low, high), "winner": c.choice("winner", SIDES),
                            "level": c.get("level", str, None), "source": c.get("source", str)}
    for i, row in enumerate(doc.get("history", [])):
        c = Checker(src, row, f"history[{i}]")
        facts["history"].append({"metric": c.get("metric", str), "side": c.choice("side", SIDES + ("both",)),
                                 "value": c.get("value", str), "source": c.get("source", str),
                                 "confidence": c.choice("confidence", ("verified", "reconstructed"))})
    return facts


# -- the map: which places are near ----------------------------------------------------------

class Nearness:
    """Distance on the game's drawn map: hexes by their centres (within a map section), zones
    by their links."""

    def __init__(self, geometry: dict):
        self.kind = geometry["kind"]
        if self.kind == "hexes":
            self.centre = {h["id"]: h["center"] for h in geometry["hexes"]}
            self.spacing = geometry["size"] * math.sqrt(3)
            prefixes = sorted((s["prefix"] for s in geometry.get("sections", []) if s["prefix"]), key=len)
            self.section = {h: next((p for p in prefixes if h.startswith(p)), "") for h in self.centre}
        else:
            self.links = defaultdict(set)
            for link in geometry["links"]:
                self.links[link["a"]].add(link["b"])
                self.links[link["b"]].add(link["a"])

    def within(self, a, b, radius: int) -> bool:
        if a is None or b is None:
            return False
        if self.kind == "hexes":
            if a not in self.centre or b not in self.centre or self.section[a] != self.section[b]:
                return False
            (x1, y1), (x2, y2) = self.centre[a], self.centre[b]
            # ring r of a hex lies within r spacings, ring r + 1 beyond r + 0.7 of one
            return math.hypot(x1 - x2, y1 - y2) <= (radius + 0.05) * self.spacing
        seen, frontier = {a}, {a}
        for _ in range(radius):
            frontier = {n for z in frontier for n in self.links[z]} - seen
            seen |= frontier
        return b in seen


def in_flank(hex_id: str, flank: dict) -> bool:
    """A hex id of ``section`` + column (2 digits) + row (2 digits) in the flank region."""
    if not hex_id or not hex_id.startswith(flank["section"]):
        return False
    digits = hex_id[len(flank["section"]):]
    if len(digits) != 4 or not digits.isdigit():
        return False
    column, row = int(digits[:2]), int(digits[2:])
    return row >= flank["min_row"] or column <= flank["max_column"]


# -- the units ------------------------------------------------------------------------------

def unit_table(game) -> dict:
    """unit id -> (side, combat unit?, scheduled entry turn or 0) from the counters."""
    table = {}
    for key, value in game.counters().items():
        for d in value if isinstance(value, list) else [value]:
            if isinstance(d, dict) and "id" in d and d.get("side") in SIDES and d["id"] not in table:
                combat = key != "hqs" and d.get("type") != "leader"
                table[d["id"]] = (d["side"], combat, int(d.get("entry_turn") or 0))
    for b in getattr(game, "brigades", ()):      # Cedar Creek: arrivals kept by brigade and division
        if getattr(b, "setup_zone", 0) < 0 and b.id in table:
            first = game.divisions[b.division].first_turn
            side, combat, _ = table[b.id]
            table[b.id] = (side, combat, max(b.arrives, first, 1))
    return table


def _positions(doc: dict) -> dict:
    out = {}
    for key in ("units", "hqs"):
        for u in doc.get(key, []):
            out[u["id"]] = u.get("hex", u.get("zone"))
    return out


def _control(state, places) -> dict:
    res = state.result
    held = res.get("control") or res.get("zones") or {}
    return {p: held.get(p) for p in places}


def victory_places(game, state) -> list[str]:
    res = state.result
    return list(game.geometry().get("victory_hexes") or res.get("control") or res.get("zones") or [])


# -- playing and watching ---------------------------------------------------------------------

class Watch:
    """Snapshots (log length, control of the victory places, positions) at each player-turn."""

    def __init__(self, places):
        self.places, self.snaps, self.key, self.state = places, [], None, None

    def snap(self, state):
        self.snaps.append((len(state.log), _control(state, self.places), _positions(state.to_position())))

    def __call__(self, state):
        self.state = state
        key = (state.turn, getattr(state, "round", 0))
        if key != self.key or state.is_over:
            self.key = key
            self.snap(state)


def observe_one(task: tuple) -> dict:
    """Play one game (``runner.play_one``: the same seeds as ``cwbattles simulate``) and count."""
    name, options = task[0], task[1]
    game = _game(name, options)
    start = game.new_game(seed=game_seed(task[4], task[5]))
    places = victory_places(game, start)
    watch = Watch(places)
    watch.snap(start)
    row = play_one(task, watch=watch, game=game)
    out = {"index": row["index"], "seed": row["seed"], "winner": row.get("winner"), "margin": row.get("margin"),
           "error": row["error"]}
    if not row["error"] and watch.state is not None:
        out.update(count(game, load_facts(name), watch.state.log, watch.snaps, places))
    return out


def count(game, facts, log, snaps, places) -> dict:
    """The facts of one game from its log and snapshots (see the module's docstring)."""
    units = unit_table(game)
    near = Nearness(game.geometry())
    side_of = {u: t[0] for u, t in units.items()}
    per = {s: {"combats": 0, "types": Counter(), "odds": Counter(), "taken": 0, "entered": [],
               "surrounded": 0, "idle": 0, "back_and_forth": 0, "returns": 0} for s in SIDES}
    contested = {p: False for p in places}
    flank_attacks = 0
    hq_entered = 0

    snap_at = [s[0] for s in snaps]
    k = 0
    control = dict(snaps[0][1])
    position = dict(snaps[0][2])
    for before, after in zip(snaps, snaps[1:]):           # victory places changing hands
        for p in places:
            if after[1][p] is not None and after[1][p] != before[1][p]:
                per[after[1][p]]["taken"] += 1

    near_unheld = {p: set() for p in places}             # the sides that came near a hex nobody holds

    def approach(unit, where):
        side = side_of.get(unit)
        if side is None or not units[unit][1]:
            return
        for p in places:
            if control[p] != side and near.within(where, p, facts["contest_radius"]):
                if control[p] is not None:
                    contested[p] = True
                else:                                      # nobody's: contested once both come
                    near_unheld[p].add(side)
                    contested[p] = contested[p] or len(near_unheld[p]) == 2

    for unit, where in position.items():
        approach(unit, where)
    moves = defaultdict(list)            # (turn, round, unit) -> [(from, to, kind)]
    turn_end = defaultdict(dict)         # game-turn -> unit -> place at its end
    driven = defaultdict(set)            # unit -> game-turns a combat result moved it in
    last_turn = 1
    prev_text = ""
    for i, ev in enumerate(log):
        while k + 1 < len(snaps) and snap_at[k + 1] <= i:
            k += 1
            control = dict(snaps[k][1])
        if ev.turn != last_turn:
            turn_end[last_turn] = dict(position)
            last_turn = ev.turn
        d = ev.data or {}
        kind = d.get("kind")
        unit = d.get("unit") or d.get("hq")
        if kind in PLACE_KINDS and unit:
            where = d.get("to")
            moves[(ev.turn, ev.round, unit)].append((d.get("from"), where, kind))
            position[unit] = where
            approach(unit, where)
            if kind in DRIVEN_KINDS:
                driven[unit].add(ev.turn)
            if kind in ("enter", "hq") and d.get("from") is None and unit in side_of:
                if units[unit][1]:                        # combat units; leaders and HQs apart
                    per[side_of[unit]]["entered"].append((unit, ev.turn, units[unit][2]))
                if unit == facts["hq_enters_every_game"]:
                    hq_entered = hq_entered or ev.turn
        elif kind == "combat" and d.get("attackers"):
            side = side_of.get(d["attackers"][0])
            if side:
                kind_of = d.get("combat") or ("bombardment" if d.get("bombardment") else "attack")
                mine = per[side]
                mine["combats"] += 1
                mine["types"][kind_of] += 1
                mine["odds"][f"{kind_of} {odds_label(d)}"] += 1
                for t in d.get("targets", []):
                    if t in contested and control.get(t) != side:
                        contested[t] = True
                if facts["flank"] and side == facts["flank"]["side"] and any(
                        in_flank(t, facts["flank"]) for t in d.get("targets", [])):
                    flank_attacks += 1
        elif kind == "eliminated":
            if any(ev.rule == p["rule"] and p["text"] in ev.text and p["after"] in prev_text
                   for p in facts["surrounded"]):
                for u in d.get("units") or [d.get("unit")]:
                    if u in side_of:
                        per[side_of[u]]["surrounded"] += 1
            for u in d.get("units") or [d.get("unit")]:
                position[u] = None
        prev_text = ev.text
    turn_end[last_turn] = dict(position)

    for (turn, rnd, unit), steps in moves.items():        # idle marches
        if unit in side_of and any(kind in ("move", "hq") and f is not None for f, _, kind in steps):
            if steps[0][0] is not None and steps[0][0] == steps[-1][1]:
                per[side_of[unit]]["idle"] += 1
    for unit in side_of:                                   # back and forth
        if back_and_forth(unit, turn_end, driven.get(unit, set())):
            per[side_of[unit]]["back_and_forth"] += 1
        if back_and_forth(unit, turn_end):
            per[side_of[unit]]["returns"] += 1

    out = {s: {**v, "types": dict(v["types"]), "odds": dict(v["odds"])} for s, v in per.items()}
    out.update({"contested": contested, "flank_attacks": flank_attacks, "hq_entered": hq_entered,
                "start_control": snaps[0][1], "end_control": snaps[-1][1]})
    return out


def back_and_forth(unit, turn_end, driven=None) -> bool:
    """True when the unit ends a game-turn in a place it had left two or more game-turns before.

    With ``driven`` (the game-turns a combat result moved it in) only a march counts: no such
    game-turn falls in between, and the unit changed place on more than two game-turns of the
    trip (issue 29: "marches back and forth for more than two game-turns"; a unit that stepped
    aside, stood and stepped back marched on two). Without it, every return counts."""
    last_at, prev = {}, None
    moved = []                                   # game-turns at whose end it stood elsewhere
    for t in sorted(turn_end):
        h = turn_end[t].get(unit)
        if h is None:
            prev = None
            continue
        if prev is not None and h != prev:
            moved.append(t)
        if h != prev and h in last_at and t - (last_at[h] + 1) >= 2:
            if driven is None:
                return True
            since = last_at[h]
            if (not any(since < d <= t for d in driven)
                    and sum(1 for m in moved if since < m <= t) > 2):
                return True
        last_at[h], prev = t, h
    return False


def odds_label(d: dict) -> str:
    if d.get("combat") == "fire":
        return d.get("column", "none")              # an empty hex, or strength below the table
    if "odds" in d:
        return d["odds"]
    if "totals" in d and "rolls" in d:                    # Cedar Creek: opposed rolls, modifiers
        diff = (d["totals"]["attacker"] - d["rolls"]["attacker"]) - (d["totals"]["defender"] - d["rolls"]["defender"])
        return f"mods {diff:+d}"
    return "?"

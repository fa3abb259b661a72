"""Exact Champion Hill positions for rule tests: an empty map with the given units placed,
in the middle of a phase, with scripted dice."""

from __future__ import annotations

from cwbattles.games.champion_hill import load as _load
from tests.actions import act, legal  # noqa: F401 (the games' tests import them from here)

_GAME = {}


def game(**options):
    key = tuple(sorted(options.items()))
    if key not in _GAME:
        _GAME[key] = _load(options)
    return _GAME[key]


def idx(h: str) -> int:
    """The board index of hex ``h`` ("XXYY"); the map is the same whatever the options."""
    return game().board.index[h]


def position(g, units, *, turn=2, side="union", phase="movement", frames=(), released=(), dice=(), flags=None,
             control=None, **scalars):
    """units: {unit id: hex} (None = off map). phase: "movement" or "combat". flags: {unit id:
    {"retreated": True, ...}} (the unit flags of a position). control: {hex: "union" |
    "confederate" | None} for the controlled hexes that do not start so (21.2)."""
    si = ("union", "confederate").index(side)
    base = g.new_game(0).to_position()
    del base["to_act"]                      # who acts follows from the stack built here
    out = []
    for u in base["units"]:
        if u["id"] in units and units[u["id"]] is not None:
            out.append(dict({"id": u["id"], "hex": units[u["id"]], "status": "on_map"}, **(flags or {}).get(u["id"], {})))
        else:
            out.append({"id": u["id"], "hex": None, "status": "off_map"})
    divs = base["divisions"]
    for d in released:
        divs[d]["released"] = True
    stack = [["turn_end", -1]]
    if si == g.first_player:
        stack.append(["player_turn", 1 - si])
    stack.append(["player_end", si])
    if phase in ("movement", "combat") and turn not in g.night_turns:   # 11.2
        stack.append(["combat", si])
    if phase == "movement":
        stack.append(["movement", si])
    stack += [list(f) for f in frames]
    sc = dict(base["scalars"])
    sc.update({"phasing": si, "mv_unit": -1, "mv_mp": 0, "mv_mode": 0})
    sc.update(scalars)
    pos = dict(base, control=dict(base["control"], **(control or {})), turn=turn, round=1 if si == g.first_player else 2, units=out, divisions=divs,
               dice={"state": 99, "calls": 0, "script": list(dice)} if dice else {"state": 99, "calls": 0},
               scalars=sc, stack=stack, over=False)
    return g.from_position(pos, source="test")


def hexof(s, uid):
    h = s.hex[s.game.unit_index[uid]]
    return s.game.board.ids[h] if h >= 0 else {-1: "off", -2: "elim", -3: "exited"}[h]

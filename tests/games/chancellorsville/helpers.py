"""Exact Chancellorsville positions for rule tests on a small synthetic two-section board
(``data/``): the units given placed, in the middle of a phase, with scripted dice."""

from __future__ import annotations

from pathlib import Path

from cwbattles.games.chancellorsville.game import ChancellorsvilleGame
from tests.actions import act, legal  # noqa: F401 (the games' tests import them from here)

DATA = Path(__file__).parent / "data"
_GAME = {}


def game(**options):
    key = tuple(sorted(options.items()))
    if key not in _GAME:
        _GAME[key] = ChancellorsvilleGame(DATA, options)
    return _GAME[key]


def idx(h: str) -> int:
    return game().board.index[h]


def position(g, units, *, turn=2, side="union", phase="movement", frames=(), dice=(), flags=None, **extra):
    """units: {unit id: hex} (None or absent = off map). phase: "movement" or "combat".
    flags: {unit id: {"morale": "shaken", "moved": True, ...}}. Restrictions (23.14) are
    lifted unless ``released`` says otherwise."""
    si = ("union", "confederate").index(side)
    base = g.new_game(0).to_position()
    del base["to_act"]                      # who acts follows from the stack built here
    del base["control"]                     # 23.61: the units placed decide, unless ``control`` is given
    out = []
    for u in base["units"]:
        if units.get(u["id"]) is not None:
            out.append(dict({"id": u["id"], "hex": units[u["id"]], "status": "on_map"}, **(flags or {}).get(u["id"], {})))
        else:
            out.append(dict({"id": u["id"], "hex": None, "status": "off_map"}, **(flags or {}).get(u["id"], {})))
    stack = [["turn_end", -1]]
    if si == g.first_player:
        stack.append(["player_turn", 1 - si])
    stack.append(["player_end", si])
    if phase in ("movement", "combat") and turn not in g.night_turns:
        stack.append(["combat", si])
    if phase == "movement":
        stack.append(["movement", si])
    stack += [list(f) for f in frames]
    sc = dict(base["scalars"], phasing=si, mv_unit=-1, mv_mp=0, mv_mode=0)
    sc.update(extra.pop("scalars", {}))
    extra.setdefault("released", {name: True for name in base["released"]})
    pos = dict(base, turn=turn, round=1 if si == g.first_player else 2, units=out,
               dice={"state": 99, "calls": 0, "script": list(dice)} if dice else {"state": 99, "calls": 0},
               scalars=sc, stack=stack, over=False, **extra)
    return g.from_position(pos, source="test")


def hexof(s, uid):
    h = s.hex[s.game.unit_index[uid]]
    return s.game.board.ids[h] if h >= 0 else {-1: "off", -2: "elim", -3: "exited"}[h]


def fight(s, target: str, *attackers: str) -> None:
    """Declare an attack on ``target`` by ``attackers`` and resolve it (the attack itself may
    have been chosen already when it was the only legal action)."""
    top = s.stack[-1]
    if not (top[0] == "declare" and s.game.board.ids[top[2][0]] == target):
        act(s, "attack", target)
    for u in attackers:
        if s.game.unit_index[u] not in s.stack[-1][3]:         # a lone candidate joins by itself
            act(s, "attacker", u)
    act(s, "resolve")

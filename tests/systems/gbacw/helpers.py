"""Exact GBACW positions for rule tests: the test map with the given counters placed, in a given
phase of a Player-Turn, with scripted dice. Used by the system's tests and the game's."""

from __future__ import annotations

from pathlib import Path

from cwbattles.systems.gbacw.game import GBACWGame
from tests.actions import act, legal  # noqa: F401 (the games' tests import them from here)

DATA = Path(__file__).parent / "data"
_GAMES: dict = {}

PHASES = ("command", "movement", "declarations", "defensive_fire", "offensive_fire", "rbm", "melee", "rally")


def game(data=DATA):
    key = str(data)
    if key not in _GAMES:
        _GAMES[key] = GBACWGame(data)
    return _GAMES[key]


def phase_frames(g, side: int, phase: str) -> list:
    """The machine's frames of a Player-Turn of ``side`` from ``phase`` on (sequence.py)."""
    frames = [["turn_end", -1]]
    if side == g.first_player:
        frames.append(["player_turn", 1 - side])
    full = [["player_end", side], ["final_command", side], ["rally_phase", side], ["melee_phase", side],
            ["rbm_phase", 1 - side, []], ["fire", side, 1], ["fire", 1 - side, 0], ["declarations", side],
            ["movement", side]]
    if phase == "command":
        return frames + full + [["command", side]]
    cut = {"movement": 9, "declarations": 8, "defensive_fire": 7, "offensive_fire": 6, "rbm": 5, "melee": 4,
           "rally": 3}[phase]
    return frames + full[:cut]


def position(g, units: dict, *, turn=2, side="union", phase="movement", frames=(), dice=(), flags=None,
             melees=(), strength=None, cleared=(), broken=(), lost=(), **changes):
    """units: {id: hex} or {id: (hex, facing, formation)}; everything else is off the map.
    flags: {id: [flag names]}; strength: {id: strength points}; melees: [(target, [attackers])];
    broken: brigade ids that have lost their effectiveness (24.0); lost: leader ids killed
    earlier (17.5), their posts vacant."""
    si = ("union", "confederate").index(side)
    base = g.new_game(0).to_position()
    del base["to_act"]                      # who acts follows from the stack built here
    flags = flags or {}
    strength = strength or {}
    out, stacks = [], {}
    for u in base["units"]:
        d = dict(u)
        d.pop("flags", None)
        spec = units.get(u["id"])
        if spec is None:
            d.update(hex=None, status="off_map")
        else:
            if isinstance(spec, str):
                spec = (spec,)
            d.update(hex=spec[0], status="on_map")
            if len(spec) > 1:
                d["facing"] = spec[1]
            if len(spec) > 2:
                d["formation"] = spec[2]
            stacks.setdefault(spec[0], []).append(u["id"])
        if u["id"] in strength:
            d["strength"] = strength[u["id"]]
        if u["id"] in flags:
            d["flags"] = list(flags[u["id"]])
        out.append(d)
    order = list(units)                                   # counters stack in the order given
    stacks = {h: sorted(ids, key=order.index) for h, ids in stacks.items()}
    stack = phase_frames(g, si, phase) + [list(f) for f in frames]
    pos = dict(base, turn=turn, round=1 if si == g.first_player else 2, units=out, stacks=stacks,
               dice={"state": 99, "calls": 0, "script": list(dice)} if dice else {"state": 99, "calls": 0},
               stack=stack, over=False, cleared=list(cleared),
               melees=[{"target": t, "attackers": list(a)} for t, a in melees],
               scalars=dict(base["scalars"], phasing=si, mv_unit=-1, mv_mp=0, mv_hexes=0))
    brigades = {k: dict(v) for k, v in base["brigades"].items()}
    for b in broken:
        brigades[b].update(bce_out=True, bce_loss=g.oob.brigades[g.oob.brigade_index[b]].bce_limit)
    pos["brigades"] = brigades
    divisions = {k: dict(v) for k, v in base["divisions"].items()}
    for lid in lost:
        for d in out:
            if d["id"] == lid:
                d.update(hex=None, status="eliminated")
        for table in (brigades, divisions):
            for v in table.values():
                if v["commander"] == lid:
                    v["commander"] = None
    pos["divisions"] = divisions
    pos["leader_fates"] = dict(base.get("leader_fates", {}), **{lid: 2 for lid in lost})
    for k, v in changes.items():
        pos[k] = v
    return g.from_position(pos, source="test")


def hexof(s, uid):
    h = s.hex[s.game.unit_index[uid]]
    return s.game.board.ids[h] if h >= 0 else {-1: "off", -2: "elim", -3: "exited", -4: "captured", -5: "wounded"}[h]


def unit(s, uid) -> int:
    return s.game.unit_index[uid]


def log_text(s) -> str:
    return "\n".join(str(e) for e in s.log)


def facing_toward(g, a: str, b: str) -> str:
    """The compass name of the facing from hex a most nearly toward hex b (for set-ups)."""
    from cwbattles.engine.hexgrid import AXIAL_STEPS
    board = g.board
    ha, hb = board.hexes[board.index[a]], board.hexes[board.index[b]]
    dq, dr = hb.q - ha.q, hb.r - ha.r

    def dot(d):
        fq, fr = AXIAL_STEPS[d]
        return dq * fq + dr * fr + (dq + dr) * (fq + fr)
    return board.compass[max(range(6), key=dot)]

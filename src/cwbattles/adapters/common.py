"""What every adapter shares: a fixed, indexed action space, an observation tensor, returns,
and a driver that exposes every die of the engine as an explicit chance node.
"""

from __future__ import annotations

import numpy as np

import cwbattles
from cwbattles.engine.dice import Dice

SIDES = ("union", "confederate")


class ActionSpace:
    """The game's whole action space with a stable integer index per action."""

    def __init__(self, game):
        self.actions = game.all_actions()
        self.index = {a: i for i, a in enumerate(self.actions)}
        self.size = len(self.actions)

    def __deepcopy__(self, memo):
        return self                       # static: shared by every copy of a state

    def mask(self, state) -> np.ndarray:
        m = np.zeros(self.size, dtype=np.int8)
        for a in state.legal_actions():
            m[self.index[a]] = 1
        return m

    def legal_indices(self, state) -> list[int]:
        return sorted(self.index[a] for a in state.legal_actions())


# -- observations ------------------------------------------------------------------------------
ZONE_FEATURES = ("union_brigades", "confederate_brigades", "union_strength", "confederate_strength",
                 "union_fatigue", "confederate_fatigue", "union_routed", "confederate_routed",
                 "union_control", "confederate_control", "moving_brigade_here", "victory_value")
PHASES = ("tactical", "divisions", "brigades", "move", "facing", "line", "hqphase", "hqmove", "displace",
          "resolve", "hit", "hold_fatigue", "retreat", "advance", "contact")
GLOBAL_FEATURES = ("turn", "round", "union_to_act", "confederate_to_act", "sheridan_in_command",
                   "tactical_retreat_this_turn", "moving_mp") + tuple(f"phase_{p}" for p in PHASES)


OBS_HIGH = 100.0   # no feature comes near it: counts of brigades, strengths / 10, fractions


HEX_FEATURES = ("union_units", "confederate_units", "union_strength", "confederate_strength",
                "union_control", "confederate_control", "moving_unit_here")
HEX_GLOBAL = ("turn", "union_to_act", "confederate_to_act", "union_phasing", "night", "moving_mp")


_PHASES_OF: dict = {}      # id(game) -> (game, its decisions' kinds): asked for at every observation


def _hex_phases(game) -> tuple:
    known = _PHASES_OF.get(id(game))
    if known is None or known[0] is not game:
        known = _PHASES_OF[id(game)] = (game, tuple(sorted(game.new_game(seed=0).RULES.decisions)))
    return known[1]


def observation_size(game) -> int:
    if hasattr(game, "n_zones"):
        return game.n_zones * len(ZONE_FEATURES) + len(GLOBAL_FEATURES)
    return len(game.board) * len(HEX_FEATURES) + len(HEX_GLOBAL) + len(_hex_phases(game))


def hex_observation(state) -> np.ndarray:
    """Hex-map games: per hex (in map order) HEX_FEATURES, then HEX_GLOBAL and a one-hot of the
    pending decision's kind (kinds in alphabetical order)."""
    g = state.game
    n = len(g.board)
    h = np.zeros((n, len(HEX_FEATURES)), dtype=np.float32)
    for u, where in enumerate(state.hex):
        if where < 0:
            continue
        side = state.side_of(u)
        h[where, side] += 1
        h[where, 2 + side] += state.strength(u) / 10.0
    control = getattr(state, "control", None)
    places = getattr(g, "control_hexes", None) or range(n)    # control kept per hex, or per victory hex
    if control is not None:
        for place, holder in zip(places, control):
            if holder in (0, 1):
                h[place, 4 + holder] = 1
    if state.mv_unit >= 0 and state.hex[state.mv_unit] >= 0:
        h[state.hex[state.mv_unit], 6] = 1
    phases = _hex_phases(g)
    glob = np.zeros(len(HEX_GLOBAL) + len(phases), dtype=np.float32)
    glob[0] = state.turn / 12.0
    if state.to_act:
        glob[1 + SIDES.index(state.to_act)] = 1
    glob[3] = float(state.phasing == 0)
    glob[4] = float(state.night())
    glob[5] = state.mv_mp / 10.0
    if state.stack and state.stack[-1][0] in phases:
        glob[len(HEX_GLOBAL) + phases.index(state.stack[-1][0])] = 1
    return np.concatenate([h.reshape(-1), glob])


def observation(state) -> np.ndarray:
    """A fixed-size float32 vector: per zone (in map order) the ZONE_FEATURES, then the
    GLOBAL_FEATURES. Strengths are divided by 10, fatigue by 2, turn by 9, round by 5.
    Before the set-up's first dice (state None) it is all zeros."""
    if state is None:
        return None
    if hasattr(state, "hex"):
        return hex_observation(state)
    g = state.game
    nz = g.n_zones
    z = np.zeros((nz, len(ZONE_FEATURES)), dtype=np.float32)
    for u, zone in enumerate(state.zone):
        if zone < 0:
            continue
        side = g.brigades[u].side
        z[zone, side] += 1
        z[zone, 2 + side] += state.strength(u) / 10.0
        z[zone, 4 + side] = max(z[zone, 4 + side], state.fatigue[u] / 2.0)
        if state.routed[u]:
            z[zone, 6 + side] = 1
    for zone in range(nz):
        holder = state.control[zone]
        if holder >= 0:
            z[zone, 8 + holder] = 1
        z[zone, 11] = sum(g.board.zones[zone].vp) / 4.0
    if state.mv_unit >= 0 and state.zone[state.mv_unit] >= 0:
        z[state.zone[state.mv_unit], 10] = 1
    glob = np.zeros(len(GLOBAL_FEATURES), dtype=np.float32)
    glob[0] = state.turn / 9.0
    glob[1] = state.round / 5.0
    if state.to_act:
        glob[2 + SIDES.index(state.to_act)] = 1
    glob[4] = float(state.sheridan_in)
    glob[5] = float(state.retreat_turn == state.turn)
    glob[6] = state.mv_mp / 10.0
    if state.stack and state.stack[-1][0] in PHASES:
        glob[7 + PHASES.index(state.stack[-1][0])] = 1
    return np.concatenate([z.reshape(-1), glob])


def observation_text(state) -> str:
    if state is None:
        return "setting up"
    pos = state.to_position()
    where = "zone" if "zone" in pos["units"][0] else "hex"
    units = " ".join(f"{u['id']}@{u[where]}:{u.get('strength', '')}"
                     f"{'f%d' % u['fatigue'] if u.get('fatigue') else ''}{'R' if u.get('routed') else ''}"
                     for u in pos["units"] if u.get(where))
    return f"T{pos['turn']}.{pos['round']} {pos['to_act']} {state.stack[-1][0] if state.stack else 'over'} | {units}"


def returns(state) -> list[float]:
    """+1 to the winner, -1 to the loser at the end (the Union wins ties: rule 4); 0 before."""
    if not state.is_over:
        return [0.0, 0.0]
    return [1.0, -1.0] if state.result["winner"] == "union" else [-1.0, 1.0]


# -- explicit chance -----------------------------------------------------------------------------
class NeedDie(Exception):
    """Raised by InjectedDice when the engine asks for a die no one has supplied yet."""


class InjectedDice(Dice):
    """Dice that only give the rolls supplied from outside (by chance nodes)."""

    def roll(self) -> int:
        self.calls += 1
        if self.script:
            return self.script.pop(0)
        raise NeedDie()


class ChanceDriver:
    """Runs the engine so that every die becomes a chance node with outcomes 1-6.

    A player's action is applied to a copy of the state with dice that raise NeedDie when they
    run out; until the action completes, the driver sits at a chance node, and each chance
    outcome adds one roll and tries again from the saved state. The engine's code is unchanged."""

    SETUP = "setup"

    def __init__(self, game):
        self.game = game
        self.state = None
        self.base = None
        self.pending = self.SETUP
        self.rolls: list[int] = []
        self._try()

    def clone(self) -> "ChanceDriver":
        c = ChanceDriver.__new__(ChanceDriver)
        c.game = self.game
        c.state = self.state.clone() if self.state is not None else None
        c.base = self.base
        c.pending = self.pending
        c.rolls = list(self.rolls)
        return c

    def __deepcopy__(self, memo):
        return self.clone()               # frameworks deep-copy states: use the engine's cheap clone

    @property
    def is_chance(self) -> bool:
        return self.pending is not None

    def _try(self) -> None:
        dice = InjectedDice(0)
        dice.script = list(self.rolls)
        try:
            if self.pending == self.SETUP:
                state = self.game.new_game(seed=0, dice=dice)
            else:
                state = self.base.clone()
                state.dice = dice
                state.apply(self.pending)
        except NeedDie:
            return
        self.state, self.pending, self.base, self.rolls = state, None, None, []

    def apply_chance(self, roll: int) -> None:
        assert self.is_chance and 1 <= roll <= 6
        self.rolls.append(roll)
        self._try()

    def apply_action(self, action) -> None:
        assert not self.is_chance
        if action not in self.state.legal_actions():
            raise cwbattles.IllegalAction(f"{self.game.describe(action)} is not legal now")
        self.base = self.state
        self.pending = action
        self.rolls = []
        self._try()

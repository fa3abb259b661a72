"""After the die: retreats (8.7-8.8), the bombarding guns' choice (9.1), exchange losses
(8.6), advances after combat (8.7, 19.53).

- A retreat goes where the unit is safest: next to friendly units, away from the enemy, on
  terrain that doubles its defence, toward its own lines of communication (20.2, 20.3). A
  displacement (8.8) pushes the weakest unit out.
- Bombarding artillery on Ar stands: it is out of the enemy's zones and suffered nothing.
- An exchange (Ex) is paid with as few strength points as the rule allows: the smallest unit
  that covers what is still owed, else the largest that does not.
- An advance takes a victory hex at once (21.2: passing through takes it); otherwise it is
  made only by a unit strong enough not to be caught alone; Bowen's brigades (19.53) go on
  only into victory hexes, since every extra hex worsens their ammunition roll (19.6).
"""

from __future__ import annotations

from .facts import UNION, facts

VICTORY = 6.0


def safety(state, u: int, h: int) -> float:
    F = facts(state.game)
    side = F.side[u]
    board = state.game.board
    friends = enemies = 0
    for n in board.adjacent[h]:
        for v in state.units_at(n):
            if v == F.train:
                continue
            if F.side[v] == side:
                friends += 1
            else:
                enemies += 1
    ends = state.game.union_loc if side == UNION else state.game.conf_loc
    home = min(board.distance(h, e) for e in ends)
    return 0.5 * friends - enemies + float(F.defence[h] - 1) - 0.2 * home


def retreat_scores(state, actions, fast: bool) -> list:
    F = facts(state.game)
    frame = state.stack[-1]
    if frame[0] == "retreat_option":
        return [1.0 if a.kind == "stand" else 0.0 for a in actions]
    out = []
    for a in actions:
        if a.kind == "retreat_to":
            out.append(safety(state, a.b, a.a))
        else:                                              # displace (8.8)
            out.append(-5.0 - F.strength[a.a])
    return out


def exchange_loss(strengths, need: int) -> int:
    """8.6 Ex: the printed strength the attacker loses when it pays ``need`` points from units
    of these strengths the way ``exchange_scores`` does (the attack's worth counts it)."""
    left, lost = sorted(strengths), 0
    while need > 0 and left:
        covering = [x for x in left if x >= need]
        x = covering[0] if covering else left[-1]
        left.remove(x)
        need -= x
        lost += x
    return lost


def exchange_scores(state, actions, fast: bool) -> list:
    F = facts(state.game)
    need = state.stack[-1][2]
    return [100.0 - F.strength[a.a] if F.strength[a.a] >= need else float(F.strength[a.a]) for a in actions]


def advance_scores(state, actions, fast: bool) -> list:
    F = facts(state.game)
    out = []
    for a in actions:
        if a.kind in ("no_advance", "halt"):
            out.append(0.5)
            continue
        u, t = (a.a, a.b) if a.kind == "advance" else (a.b, a.a)
        v = VICTORY if t in F.control_index else 0.0
        if a.kind == "advance":
            v += 1.0 if F.strength[u] >= 5 else -0.5
        out.append(v)
    return out

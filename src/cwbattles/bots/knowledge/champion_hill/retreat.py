"""After the die: retreats (8.7-8.8) and advances after combat (8.7, 19.53); the bombarding
guns' choice (9.1) and exchange losses (8.6) are the series' (``blue_and_gray.retreat``).

- A retreat goes where the unit is safest: next to friendly units, away from the enemy, on
  terrain that doubles its defence, toward its own lines of communication (20.2, 20.3).
- An advance into a victory hex takes it at once (21.2: passing through takes it), worth what
  holding it is worth as likely as the unit would keep it through the enemy's reply
  (``ground.capture_value``), less the unit as likely as it would be lost there (issue 30: a
  brigade that advanced into 1309 alone was met by 40 points at 6-1); otherwise an advance is
  made only by a unit strong enough not to be caught alone; Bowen's brigades (19.53) go on
  only into victory hexes, since every extra hex worsens their ammunition roll (19.6).
"""

from __future__ import annotations

from functools import partial

from ..blue_and_gray import retreat
from .facts import UNION, facts
from .ground import capture_value, keep_chance


def safety(state, u: int, h: int) -> float:
    F = facts(state.game)
    side = F.side[u]
    board = state.game.board
    friends, enemies = retreat.neighbours(state, side, h, lambda v: v != F.train)
    ends = state.game.union_loc if side == UNION else state.game.conf_loc
    home = min(board.distance(h, e) for e in ends)
    return 0.5 * friends - enemies + float(F.defence[h] - 1) - 0.2 * home


retreat_scores = partial(retreat.retreat_scores, safety=safety)


def advance_scores(state, actions, fast: bool) -> list:
    F = facts(state.game)
    out = []
    for a in actions:
        if a.kind in ("no_advance", "halt"):
            out.append(0.5)
            continue
        u, t = (a.a, a.b) if a.kind == "advance" else (a.b, a.a)
        v = 0.0
        if t in F.control_index:
            keep = keep_chance(state, F.side[u], t, F.strength[u])
            v = capture_value(state, F.side[u], t, F.strength[u]) - (1.0 - keep) * F.vp_strength[u]
        elif a.kind == "advance":
            v += 1.0 if F.strength[u] >= 5 else -0.5
        out.append(v)
    return out

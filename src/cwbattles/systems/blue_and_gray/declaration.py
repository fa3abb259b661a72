"""8.2, 8.9 Declaring one attack: the ("declare", side, targets, attackers) frame - add a
``target`` hex (before any attacker), add an ``attacker``, ``resolve`` at the odds, or
``resolve_at`` a lower column (8.9). Above ``combat`` (who may attack what, the odds) and
``results`` (the die and its result), which it joins.
"""

from __future__ import annotations

from ...engine.actions import Action
from .combat import adjacent_role, candidates, odds, resolvable_at, stacks_complete, targetable
from .results import resolve


def _declare_legal(s, frame):
    side, targets, attackers = frame[1], frame[2], frame[3]
    out = []
    if not attackers:
        board = s.game.board
        near = set()
        for t in targets:
            near.update(board.adjacent[t])
        for t2 in sorted(near & s.occupied(1 - side)):
            if t2 in targets or not targetable(s, side, t2):
                continue
            both = targets + (t2,)
            if any(adjacent_role(s, u) for u in candidates(s, side, both)):
                out.append(Action("target", t2))
    for u in candidates(s, side, targets):
        if u not in attackers:
            out.append(Action("attacker", u))
    o = odds(s, targets, attackers) if attackers else None
    if o is not None and resolvable_at(s, targets, o) and stacks_complete(s, side, targets, attackers):
        out.append(Action("resolve"))
        # 8.9: the attacker may declare any lower column before the die is rolled
        out += [Action("resolve_at", c) for c in range(o["column"])]
    return out


def _declare_apply(s, frame, action):
    side, targets, attackers = frame[1], frame[2], frame[3]
    if action.kind == "target":
        s.stack.append(("declare", side, targets + (action.a,), attackers))
    elif action.kind == "attacker":
        s.stack.append(("declare", side, targets, attackers + (action.a,)))
    else:
        resolve(s, side, targets, attackers, action.a if action.kind == "resolve_at" else None)


def register(rules) -> None:
    rules.decision("declare")((_declare_legal, _declare_apply))

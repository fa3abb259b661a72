"""23.14 (reconstructed by the scenario, docs/data-notes/chancellorsville-scenario.md): units
held by Hooker's orders. Each [[restriction]] of ``scenario.toml`` names divisions that may not
move or attack (artillery may still bombard, as Champion Hill's 17.0 in the same rulebook) until
a Game-Turn, or until an enemy unit attacks one of them from an adjacent hex, or until another
restriction is lifted (``released_with``). Once released, a restriction is lifted for good.
``s.released`` holds one flag per restriction."""

from __future__ import annotations


def held(s, u: int) -> int:
    """The index of the restriction holding u, or -1."""
    i = s.game.unit_restriction[u]
    return i if i >= 0 and not s.released[i] else -1


def may_move(s, u: int) -> bool:
    i = held(s, u)
    return i < 0 or "move" not in s.game.restrictions[i]["may_not"]


def may_attack_adjacent(s, u: int) -> bool:
    i = held(s, u)
    return i < 0 or "attack" not in s.game.restrictions[i]["may_not"]


def release(s, i: int, why: str) -> None:
    if s.released[i]:
        return
    r = s.game.restrictions[i]
    s.released[i] = True
    s.note(r["rule"], f"{r['name']} released ({why}).", data={"kind": "release", "restriction": r["name"]})
    for j, other in enumerate(s.game.restrictions):
        if f"released_with:{r['name']}" in other["if"]:
            release(s, j, f"with {r['name']}")


def movement_start(s, side: int) -> None:
    """The Game-Turn of release, checked when the Movement Phase begins."""
    for i, r in enumerate(s.game.restrictions):
        if not s.released[i] and s.turn >= r["turn"]:
            release(s, i, f"Game-Turn {r['turn']}")


def on_attack(s, targets, adjacent_attackers) -> None:
    """An attack by adjacent enemy units on a held unit releases its restriction."""
    if not adjacent_attackers:
        return
    for t in targets:
        for v in s.units_at(t):
            i = held(s, v)
            if i >= 0 and "unit_attacked_by_adjacent_enemy" in s.game.restrictions[i]["if"]:
                release(s, i, f"{s.game.units[v].name} attacked")

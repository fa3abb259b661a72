"""Object of the game (4): victory points for losses and for the zones held."""

from __future__ import annotations

SIDES = ("union", "confederate")


def step_losses(state, side: int) -> int:
    """4: each side counts its brigades' step losses (Artillerie markers do not count, 7.3)."""
    g = state.game
    total = 0
    for b in g.brigades:
        if b.side != side:
            continue
        if state.zone[b.index] == -2:
            total += max(state.losses[b.index], b.strength)   # an eliminated brigade lost every step
        else:
            total += state.losses[b.index]
    return total


def result(state) -> dict:
    """Victory points by category and side, their totals (``vp``), and the winner (the Union wins ties)."""
    g = state.game
    losses = [step_losses(state, s) for s in (0, 1)]
    loss_vp = [0, 0]
    if losses[0] != losses[1]:
        fewer = 0 if losses[0] < losses[1] else 1
        loss_vp[fewer] = abs(losses[0] - losses[1])
    zone_vp = [0, 0]
    zones = {}
    for z in g.vp_zones:
        holder = state.control[z]
        zone = g.board.zones[z]
        if holder >= 0:
            zone_vp[holder] += zone.vp[holder]
        zones[zone.id] = SIDES[holder] if holder >= 0 else None
    totals = [loss_vp[s] + zone_vp[s] for s in (0, 1)]
    out = {SIDES[s]: {"losses": losses[s], "loss_vp": loss_vp[s], "zone_vp": zone_vp[s], "total": totals[s]}
           for s in (0, 1)}
    out["vp"] = {SIDES[s]: totals[s] for s in (0, 1)}      # the totals, as every game's result gives them
    out["zones"] = zones
    out["winner"] = "union" if totals[0] >= totals[1] else "confederate"
    out["margin"] = totals[0] - totals[1]
    out["final"] = state.over
    return out

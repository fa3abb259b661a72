"""Positions to count a player-turn's clicks on: a game played by the heuristic bots (seeded as the
server seeds its bots) up to a given action, as a record the server continues (POST /api/records
with ``play``). Shared by the per-battle browser measures (issue 27, "Measures")."""

from __future__ import annotations

import cwbattles
from cwbattles.bots import make_bot
from cwbattles.engine.records import Recorder


def bot_record(game_name: str, seed: int, actions: int, options: dict | None = None) -> dict:
    """The record of ``game_name`` (seed ``seed``) after the heuristic bots' first ``actions``."""
    game = cwbattles.load(game_name, options=options)
    rec = Recorder(game, seed)
    # the server seeds a game's bots with seed * 2 + the side's place in the players (union 0)
    bots = {"union": make_bot("heuristic", seed=seed * 2), "confederate": make_bot("heuristic", seed=seed * 2 + 1)}
    while len(rec.actions) < actions:
        s = rec.state
        rec.apply(bots[s.to_act].choose(s.clone()))
    return rec.to_json()

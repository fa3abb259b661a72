"""What the server tells a client about a game: nothing that predicts a die.

The engine's positions carry the dice generator's state, as they must to continue a game
exactly; a client that saw it (or the seed) could compute every roll before choosing. Every
position, lobby line and record leaves the server through this module, which keeps only the
number of dice rolled so far. Fairness is checked afterwards instead: when a game is created
the server publishes a commitment to its seed (``records.seed_commitment``: SHA-256 over the
game, the seed and a 128-bit salt), and when the game ends it reveals the seed and the salt,
so that anyone can check the commitment and replay the record with ``cwbattles replay
--verify``. Checksums of positions are kept back while a game runs too: they are digests of
positions with the dice in them.
"""

from __future__ import annotations

import secrets

from cwbattles.engine.records import FORMAT, seed_commitment, with_intent

from . import intents

HASH = "sha256"


def new_salt() -> str:
    return secrets.token_hex(16)


def public_position(position: dict) -> dict:
    """A position with the dice generator's state (and any scripted rolls) taken out; the count
    of dice rolled stays."""
    out = dict(position)
    dice = position.get("dice")
    if isinstance(dice, dict):
        out["dice"] = {"calls": dice.get("calls", 0)}
    return out


def fairness(game: str, seed: int, salt: str, over: bool) -> dict:
    """The seed's commitment, and once the game is over the seed and salt that open it. A game
    stored before commitments existed (no salt) has none, and shows its seed only at the end.
    The seed goes out as a decimal string: a 64-bit number read by JavaScript is rounded."""
    doc = {"hash": HASH, "commitment": seed_commitment(game, seed, salt) if salt else None,
           "scheme": "sha256('cwbattles-seed-v1:' + game + ':' + seed + ':' + salt)"}
    if over:
        doc.update(seed=str(seed), salt=salt)
    return doc


def lobby_entry(row: dict) -> dict:
    """A lobby line: the seed and salt only of a game that is over, the commitment always."""
    out = {k: v for k, v in row.items() if k not in ("seed", "salt")}
    if "damaged" not in row:
        out["fairness"] = fairness(row["game"], row["seed"], row.get("salt", ""), bool(row.get("over")))
    return out


def client_record(session) -> dict:
    """The game's record as a client may have it. Over: the whole record (seed, salt, the
    checksum after every action, the result) that ``cwbattles replay --verify`` checks. In
    progress: the actions and the commitment only. The bots' intentions go with their actions when
    the game may show them (``intents.visible``: over, or a game between bots)."""
    game, state = session.game, session.state
    doc = {"format": FORMAT, "game": game.name, "version": game.version,
           "options": dict(sorted(game.options.items())),
           "fairness": fairness(session.name, session.seed, session.salt, state.is_over)}
    shown = session.intents if intents.visible(session) else {}
    if not state.is_over:
        doc["actions"] = [with_intent({"action": a}, shown.get(i)) for i, a in enumerate(session.actions)]
        return doc
    doc.update(seed=session.seed, initial=session.initial_checksum,
               actions=[with_intent({"action": a, "checksum": c}, shown.get(i))
                        for i, (a, c) in enumerate(zip(session.actions, session.checksums))],
               result=state.result)
    return doc

"""Game records: scenario, version, seed, every action, and a checksum after each.

Like a PGN for chess, but exact: replaying the actions from the seed must reproduce every
checksum, so a divergence is caught at the first action where it happens.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .errors import DataError, ReplayMismatch

FORMAT = 1


def position_checksum(state) -> str:
    doc = state.to_position()
    return hashlib.sha256(json.dumps(doc, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


def seed_commitment(game: str, seed: int, salt: str) -> str:
    """The SHA-256 (hex) of ``cwbattles-seed-v1:GAME:SEED:SALT``: published when a game starts,
    it binds the server to the seed (revealed with the salt when the game ends) without telling
    it. The salt (128 random bits) keeps it from being searched seed by seed."""
    return hashlib.sha256(f"cwbattles-seed-v1:{game}:{seed}:{salt}".encode()).hexdigest()


def random_game_fingerprint(game, seed: int) -> dict:
    """Play ``new_game(seed)`` choosing with ``random.Random(seed)`` and summarise what happened:
    the number of actions, a digest of every legal-action list offered (in order: the choice
    indexes into it), a digest of the log, the final position checksum and the result's VP.
    Two versions of the engine that behave the same give equal fingerprints."""
    import random
    rng = random.Random(seed)
    s = game.new_game(seed=seed)
    offered = hashlib.sha256()
    n = 0
    while not s.is_over:
        legal = s.legal_actions()
        offered.update(repr(legal).encode())
        s.apply(rng.choice(legal))
        n += 1
    log = hashlib.sha256("\n".join(f"{e.rule}|{e.text}|{e.dice}" for e in s.log).encode())
    return {"seed": seed, "actions": n, "offered": offered.hexdigest()[:16], "log": log.hexdigest()[:16],
            "checksum": position_checksum(s), "vp": s.result["vp"]}


class Recorder:
    """Wraps a state: every ``apply`` goes through it and is written down."""

    def __init__(self, game, seed: int, state=None):
        self.game = game
        self.seed = seed
        self.state = state if state is not None else game.new_game(seed=seed)
        self.actions: list[dict] = []
        self.checksums: list[str] = []
        self.initial = position_checksum(self.state)

    def apply(self, action) -> None:
        self.state.apply(action)
        self.actions.append(self.game.action_to_json(action))
        self.checksums.append(position_checksum(self.state))

    def to_json(self) -> dict:
        doc = {"format": FORMAT, "game": self.game.name, "version": self.game.version, "seed": self.seed,
               "options": dict(sorted(self.game.options.items())), "initial": self.initial,
               "actions": [{"action": a, "checksum": c} for a, c in zip(self.actions, self.checksums)]}
        if self.state.is_over:
            doc["result"] = self.state.result
        return doc

    def save(self, path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1))


def load_record(path) -> dict:
    path = str(path)
    try:
        doc = json.loads(Path(path).read_text())
    except FileNotFoundError:
        raise DataError(path, "-", "file not found") from None
    except json.JSONDecodeError as e:
        raise DataError(path, "-", f"not valid JSON: {e}") from None
    if not isinstance(doc, dict):
        raise DataError(path, "-", "a record is a JSON object")
    for key, kind in (("game", str), ("seed", int), ("actions", list)):
        if not isinstance(doc.get(key), kind) or isinstance(doc.get(key), bool):
            raise DataError(path, key, f"missing or not a {kind.__name__}")
    return doc


def replay(doc: dict, source: str = "record", verify: bool = True):
    """Replay a record from its seed; with ``verify`` raise ReplayMismatch at the first action
    whose checksum differs. Returns the final state."""
    import cwbattles
    game = cwbattles.load(doc["game"], options=doc.get("options") or None)
    if doc.get("version", game.version) != game.version:
        raise ReplayMismatch(f"{source}: recorded with rules version {doc.get('version')}, "
                             f"this program plays version {game.version}")
    state = game.new_game(seed=doc["seed"])
    if verify and doc.get("initial") and position_checksum(state) != doc["initial"]:
        raise ReplayMismatch(f"{source}: the initial position differs (data files changed?)")
    for i, entry in enumerate(doc["actions"]):
        if not isinstance(entry, dict) or "action" not in entry:
            raise DataError(source, f"actions[{i}]", "expected an object with 'action' and 'checksum'")
        action = game.action_from_json(entry["action"], f"{source}: actions[{i}].action")
        try:
            state.apply(action)
        except Exception as e:
            raise ReplayMismatch(f"{source}: action {i + 1} ({entry['action']}) cannot be played: {e}") from None
        if verify and "checksum" in entry and position_checksum(state) != entry["checksum"]:
            raise ReplayMismatch(f"{source}: divergence at action {i + 1} ({game.describe(action)}): "
                                 f"checksum {position_checksum(state)} != recorded {entry['checksum']}")
    return state

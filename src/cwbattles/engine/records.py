"""Game records: scenario, version, seed, every action, and a checksum after each.

Like a PGN for chess, but exact: replaying the actions from the seed must reproduce every
checksum, so a divergence is caught at the first action where it happens. An action may also
carry an ``intent``: what the bot that chose it said it intended (``bots.intent``), an
annotation that replaying and verifying never read, as a comment in a PGN.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .errors import CwbattlesError, DataError, ReplayMismatch
from .machine import short_repr
from .resign import apply_doc, resigning_side

FORMAT = 1


def position_checksum(state) -> str:
    return checksum_of(state.to_position())


def checksum_of(position: dict) -> str:
    """The checksum of a position document (for a caller that has it already)."""
    return hashlib.sha256(json.dumps(position, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


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
        self.intents: dict[int, dict] = {}        # action index -> the intent it was chosen with
        self.initial = position_checksum(self.state)

    def apply(self, action, intent: dict | None = None) -> None:
        if intent:
            self.intents[len(self.actions)] = intent
        self.state.apply(action)
        self.actions.append(self.game.action_to_json(action))
        self.checksums.append(position_checksum(self.state))

    def to_json(self) -> dict:
        doc = {"format": FORMAT, "game": self.game.name, "version": self.game.version, "seed": self.seed,
               "options": dict(sorted(self.game.options.items())), "initial": self.initial,
               "actions": [with_intent({"action": a, "checksum": c}, self.intents.get(i))
                           for i, (a, c) in enumerate(zip(self.actions, self.checksums))]}
        if self.state.is_over:
            doc["result"] = self.state.result
        return doc

    def save(self, path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1))


def with_intent(entry: dict, intent: dict | None) -> dict:
    """A record's action entry, with the intent it was chosen with if there is one."""
    if intent:
        entry["intent"] = intent
    return entry


def load_record(path) -> dict:
    """A record file, checked for its shape (``check_record``); DataError naming the key."""
    path = str(path)
    try:
        doc = json.loads(Path(path).read_text())
    except FileNotFoundError:
        raise DataError(path, "-", "file not found") from None
    except (ValueError, RecursionError) as e:      # bad JSON, an integer of thousands of digits, deep nesting
        raise DataError(path, "-", f"not valid JSON: {short_repr(e)}") from None
    return check_record(doc, path)


def check_record(doc, source: str = "record") -> dict:
    """The record's shape: what ``replay`` needs, each of the right type, or DataError."""
    def fail(key, problem):
        raise DataError(source, key, problem)

    if not isinstance(doc, dict):
        fail("-", "a record is a JSON object")
    if doc.get("format") != FORMAT or isinstance(doc.get("format"), bool):
        fail("format", f"this program reads records of format {FORMAT}, got {short_repr(doc.get('format'))}")
    for key, kind in (("game", str), ("seed", int), ("actions", list)):
        if not isinstance(doc.get(key), kind) or isinstance(doc.get(key), bool):
            fail(key, f"missing or not a {kind.__name__}")
    if not -(1 << 63) <= doc["seed"] < 1 << 64:
        fail("seed", "out of range (a seed is a 64-bit number)")
    for key, kinds in (("version", (str,)), ("initial", (str,)), ("options", (dict, type(None))),
                       ("result", (dict,)), ("fairness", (dict,))):
        if key in doc and not isinstance(doc[key], kinds):
            fail(key, f"expected {'/'.join('null' if k is type(None) else k.__name__ for k in kinds)}, "
                      f"got {short_repr(doc[key])}")
    for i, entry in enumerate(doc["actions"]):
        if not isinstance(entry, dict) or not isinstance(entry.get("action"), dict):
            fail(f"actions[{i}]", "expected an object with 'action' (an object) and 'checksum'")
        if "checksum" in entry and not isinstance(entry["checksum"], str):
            fail(f"actions[{i}].checksum", f"expected a string, got {short_repr(entry['checksum'])}")
    return doc


def replay(doc: dict, game, source: str = "record", verify: bool = True):
    """Replay a record of ``game`` (the Game loaded with the record's options: ``cwbattles.replay``
    finds it by the record's name) from its seed; return the final state. With ``verify`` the
    record must carry the initial position's checksum and one after every action, every one must
    match (ReplayMismatch at the first that differs), the result must be the one the replay
    reaches (and present exactly when the game is over), and a seed commitment, if any, must open."""
    check_record(doc, source)
    if doc["game"] != game.name:
        raise DataError(source, "game", f"a record of {doc['game']!r}, replayed as {game.name!r}")
    if doc.get("version", game.version) != game.version:
        raise ReplayMismatch(f"{source}: recorded with rules version {doc.get('version')}, "
                             f"this program plays version {game.version}")
    if verify:
        _require_checksums(doc, source)
        _check_commitment(doc, source)
    state = game.new_game(seed=doc["seed"])
    if verify and position_checksum(state) != doc["initial"]:
        raise ReplayMismatch(f"{source}: the initial position differs (data files changed?)")
    for i, entry in enumerate(doc["actions"]):
        where = f"{source}: actions[{i}].action"
        if resigning_side(entry["action"], where) is None:
            game.action_from_json(entry["action"], where)           # a malformed action: DataError
        try:
            action = apply_doc(state, entry["action"], where)       # a resignation too (engine.resign)
        except CwbattlesError as e:
            raise ReplayMismatch(f"{source}: action {i + 1} ({short_repr(entry['action'])}) cannot be played: "
                                 f"{e}") from None
        if verify and position_checksum(state) != entry["checksum"]:
            what = game.describe(action) if action is not None else "resign"
            raise ReplayMismatch(f"{source}: divergence at action {i + 1} ({what}): "
                                 f"checksum {position_checksum(state)} != recorded {entry['checksum']}")
    if verify:
        _check_result(doc, state, source)
    return state


def _require_checksums(doc: dict, source: str) -> None:
    if "initial" not in doc:
        raise DataError(source, "initial", "missing: a record is verified from its initial position's checksum")
    for i, entry in enumerate(doc["actions"]):
        if "checksum" not in entry:
            raise DataError(source, f"actions[{i}].checksum", "missing: every action's checksum is verified")


def _check_result(doc: dict, state, source: str) -> None:
    if not state.is_over:
        if "result" in doc:
            raise ReplayMismatch(f"{source}: the record gives a result, but its actions end with the game "
                                 f"still going (turn {state.turn}): actions missing?")
        return
    if "result" not in doc:
        raise ReplayMismatch(f"{source}: the game is over after these actions, but the record gives no result")
    if json.loads(json.dumps(state.result)) != doc["result"]:
        raise ReplayMismatch(f"{source}: the recorded result is not the one the actions reach "
                             f"({state.result.get('winner')} win, {state.result['union']['total']} to "
                             f"{state.result['confederate']['total']} VP)")


COMMITMENT_HASH = "sha256"


def commitment_of(doc: dict) -> str:
    """"opened" if the record carries a seed commitment (a web game's ``fairness``) and it opens,
    "none" if it carries none (a game played without one: nothing shows its seed was fixed
    before play); ReplayMismatch if it carries one that does not open (another hash, a seed
    or salt that do not go with it)."""
    _check_commitment(doc, "record")
    fair = doc.get("fairness")
    return "opened" if isinstance(fair, dict) and fair.get("commitment") is not None else "none"


def _check_commitment(doc: dict, source: str) -> None:
    """A record from the web server carries the commitment published when the game started:
    it must open, by the one scheme this program knows."""
    fair = doc.get("fairness")
    if not fair or fair.get("commitment") is None:
        return
    if fair.get("hash") != COMMITMENT_HASH or not isinstance(fair["commitment"], str):
        raise ReplayMismatch(f"{source}: fairness: a commitment by {short_repr(fair.get('hash'))} is not one this "
                             f"program opens (only {COMMITMENT_HASH})")
    if str(fair.get("seed")) != str(doc["seed"]) or not isinstance(fair.get("salt"), str):
        raise ReplayMismatch(f"{source}: fairness: the revealed seed and salt do not go with this record")
    if seed_commitment(doc["game"], doc["seed"], fair["salt"]) != fair["commitment"]:
        raise ReplayMismatch(f"{source}: fairness: the seed does not open the commitment published at the "
                             "game's start")

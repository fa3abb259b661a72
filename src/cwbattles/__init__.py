"""cwbattles: American Civil War board wargames with every rule enforced.

>>> import cwbattles
>>> game = cwbattles.load("cedar-creek")
>>> state = game.new_game(seed=1)
>>> action = state.legal_actions()[0]
>>> state.apply(action)
"""

from importlib import import_module

from . import _compiled

_compiled.install()      # before any other submodule: the compiled core where it is current

from .engine.actions import Action  # noqa: E402
from .engine.errors import CwbattlesError, DataError, IllegalAction, ReplayMismatch  # noqa: E402
from .games import GAMES  # noqa: E402

__all__ = ["load", "games", "replay", "Action", "CwbattlesError", "DataError", "IllegalAction", "ReplayMismatch"]
__version__ = "0.1.0"


def games() -> list[str]:
    """Names of the games this package can load."""
    return sorted(GAMES)


def load(name: str, options: dict | None = None):
    """The Game (static facts: map, order of battle, tables) named ``name``."""
    if name not in GAMES:
        raise CwbattlesError(f"unknown game {name!r}; known games: {', '.join(games())}")
    return import_module(GAMES[name]).load(options)


def replay(doc: dict, source: str = "record", verify: bool = True):
    """Replay a game record (``engine.records``) with the game it names, loaded with its options;
    return the final state. DataError for a malformed record, ReplayMismatch where it diverges."""
    from .engine.records import check_record, replay as replay_game
    check_record(doc, source)
    return replay_game(doc, load(doc["game"], options=doc.get("options") or None), source, verify)

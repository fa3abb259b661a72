"""Errors the public API raises. Each says what is wrong and, for files, where."""


class CwbattlesError(Exception):
    """Base class of every error this package raises on purpose."""


class IllegalAction(CwbattlesError):
    """The action is not among the state's legal actions; the state is unchanged."""


class DataError(CwbattlesError):
    """A scenario, map, position or record file is malformed.

    The message names the file, the key and what is wrong with it.
    """

    def __init__(self, source: str, key: str, problem: str):
        self.source, self.key, self.problem = source, key, problem
        super().__init__(f"{source}: {key}: {problem}")


class ReplayMismatch(CwbattlesError):
    """A game record does not replay to the checksums it carries."""

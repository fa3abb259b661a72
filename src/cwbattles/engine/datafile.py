"""Reading data files (TOML) with errors that name the file, the key and the problem."""

from __future__ import annotations

import tomllib
from pathlib import Path

from .errors import DataError


def load_toml(path: Path) -> dict:
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise DataError(str(path), "-", "file not found") from None
    except tomllib.TOMLDecodeError as e:
        raise DataError(str(path), "-", f"not valid TOML: {e}") from None


class Checker:
    """Typed access to a table of a data file; every failure names file and key."""

    def __init__(self, source: str, table: dict, where: str):
        self.source, self.table, self.where = source, table, where

    def _fail(self, key: str, problem: str):
        raise DataError(self.source, f"{self.where}.{key}", problem)

    def get(self, key: str, kind: type | tuple, default=...):
        if key not in self.table:
            if default is ...:
                self._fail(key, "missing")
            return default
        value = self.table[key]
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
            self._fail(key, f"expected {names}, got {value!r}")
        return value

    def choice(self, key: str, options, default=...):
        value = self.get(key, str, default)
        if value not in options:
            self._fail(key, f"must be one of {sorted(options)}, got {value!r}")
        return value

    def int_range(self, key: str, lo: int, hi: int, default=...):
        value = self.get(key, int, default)
        if not lo <= value <= hi:
            self._fail(key, f"must be between {lo} and {hi}, got {value}")
        return value

    def fail(self, key: str, problem: str):
        self._fail(key, problem)

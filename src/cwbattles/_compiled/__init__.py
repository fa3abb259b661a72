"""The compiled build of the hot core, and the import hook that uses it only while it is current.

``setup.py`` compiles a slice of the package's modules (Cython, from their unchanged ``.py``
sources) into this directory and writes ``manifest.json``: for each module the sha256 of the
source it was compiled from and its ``.so`` file. ``install()`` (called first thing by
``cwbattles/__init__.py``) puts a finder in front of ``sys.meta_path`` that loads a module from its
``.so`` only while the ``.py`` beside the reader still hashes the same; an edited source (a stale
``.so``), a missing file or ``CWBATTLES_PURE=1`` gives the pure module. ``build()`` names the
build that runs, for ``cwbattles --version``.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from importlib.machinery import ExtensionFileLoader, ModuleSpec
from pathlib import Path

HERE = Path(__file__).parent
PACKAGE = HERE.parent


def source_of(module: str) -> Path:
    """cwbattles.engine.hexboard -> .../cwbattles/engine/hexboard.py, the reference source."""
    return PACKAGE.joinpath(*module.split(".")[1:]).with_suffix(".py")


def read_manifest(directory: Path = HERE) -> dict:
    """The manifest written by the build, or an empty one where nothing was compiled."""
    try:
        return json.loads((directory / "manifest.json").read_text())
    except (OSError, ValueError):
        return {"compiler": None, "modules": {}}


def pure_forced() -> bool:
    return os.environ.get("CWBATTLES_PURE", "") not in ("", "0")


class CompiledLoader(ExtensionFileLoader):
    """Loads the compiled module with ``__file__`` naming its source: data files are found beside
    the source (``Path(__file__).parent / "data"``), as in the pure build."""

    def __init__(self, name: str, path: str, source: Path):
        super().__init__(name, path)
        self.source = source

    def exec_module(self, module) -> None:
        module.__file__ = str(self.source)
        super().exec_module(module)


class CompiledFinder:
    """A meta path finder for the modules in the manifest whose source is unchanged."""

    def __init__(self, manifest: dict, directory: Path = HERE):
        self.manifest = manifest
        self.directory = directory
        self.loaded: set[str] = set()
        self.stale: set[str] = set()

    def current_file(self, module: str) -> Path | None:
        """The module's .so while it was compiled from the source as it is now, else None."""
        entry = self.manifest["modules"].get(module)
        if entry is None:
            return None
        compiled = self.directory / entry["file"]
        try:
            current = hashlib.sha256(source_of(module).read_bytes()).hexdigest() == entry["sha256"]
        except OSError:
            current = False
        if not current or not compiled.is_file():
            self.stale.add(module)
            return None
        return compiled

    def find_spec(self, fullname: str, path=None, target=None):
        compiled = self.current_file(fullname)
        if compiled is None:
            return None
        self.loaded.add(fullname)
        return ModuleSpec(fullname, CompiledLoader(fullname, str(compiled), source_of(fullname)),
                          origin=str(compiled))

    def find_module(self, fullname, path=None):   # pragma: no cover - the pre-3.4 protocol
        return None


_finder: CompiledFinder | None = None


def install() -> CompiledFinder | None:
    """Put the finder first on sys.meta_path (once), unless CWBATTLES_PURE=1 or nothing is built."""
    global _finder
    if _finder is None and not pure_forced():
        manifest = read_manifest()
        if manifest["modules"]:
            _finder = CompiledFinder(manifest)
            sys.meta_path.insert(0, _finder)
    return _finder


def build() -> str:
    """Which build runs: 'compiled (N of M modules, Cython x.y)' or 'pure Python (why)'."""
    if pure_forced():
        return "pure Python (CWBATTLES_PURE=1)"
    manifest = read_manifest()
    if not manifest["modules"] or _finder is None:
        return f"pure Python ({manifest.get('pure') or 'no compiled modules built: `make compile`'})"
    usable = [m for m in manifest["modules"] if _finder.current_file(m) is not None]
    stale = sorted(set(manifest["modules"]) - set(usable))
    text = f"compiled ({len(usable)} of {len(manifest['modules'])} modules, {manifest['compiler']})"
    if stale:
        text += f"; stale, running pure: {', '.join(m.split('.', 1)[1] for m in stale)}"
    return text

"""Build of cwbattles: the pure-Python package, and where a C compiler is present a compiled copy
of the hot core (Cython, pure-Python mode) in ``cwbattles/_compiled``.

The ``.py`` files stay the reference and the code a reader reads: each module in ``COMPILED`` is
compiled from its unchanged source into ``cwbattles/_compiled/<path>.so`` (never beside the
source), and ``cwbattles/_compiled/manifest.json`` records the sha256 of every source compiled. At
import ``cwbattles._compiled`` loads a compiled module only while its source still has that hash;
otherwise the pure module runs (docs/speed.md).

    python setup.py build_ext --inplace --parallel 2     # what `make compile` runs
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE = Path(__file__).parent / "src"

# The hot core: the modules that took most of the time of random playouts of all four battles
# under cProfile (docs/speed.md says how to measure again). Modules that only load data stay pure.
COMPILED = [
    "cwbattles.engine.hexboard",
    "cwbattles.engine.hexgrid",
    "cwbattles.engine.hexunits",
    "cwbattles.engine.machine",
    "cwbattles.engine.board",
    "cwbattles.systems.blue_and_gray.movement",
    "cwbattles.systems.blue_and_gray.state",
    "cwbattles.systems.blue_and_gray.leaders",
    "cwbattles.systems.blue_and_gray.combat",
    "cwbattles.systems.blue_and_gray.game",
    "cwbattles.systems.blue_and_gray.fieldworks",
    "cwbattles.systems.blue_and_gray.revised_morale",
    "cwbattles.systems.blue_and_gray.strength",
    "cwbattles.systems.gbacw.movement",
    "cwbattles.systems.gbacw.stacking",
    "cwbattles.systems.gbacw.state",
    "cwbattles.systems.gbacw.command",
    "cwbattles.systems.gbacw.reinforcements",
    "cwbattles.systems.gbacw.fire",
    "cwbattles.systems.gbacw.formations",
    "cwbattles.games.chancellorsville.state",
    "cwbattles.games.chancellorsville.forced_march",
    "cwbattles.games.chancellorsville.command",
    "cwbattles.games.cedar_creek.movement",
    "cwbattles.games.cedar_creek.state",
    "cwbattles.games.cedar_creek.placement",
    "cwbattles.games.cedar_creek.activation",
    "cwbattles.games.champion_hill.special",
]

# Directives that keep Python's semantics: annotations stay hints (an ``x: int`` would otherwise
# reject a bool or a subclass), Python's exceptions and introspection are kept.
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": True, "embedsignature": False}
# Cython 3.3.1 recurses without end inferring the type of the log's nested pairs
# (``chain = (chain, event)`` in Machine.__setstate__); that module is compiled without inference.
MODULE_DIRECTIVES = {"cwbattles.engine.machine": {"infer_types": False}}


def source_of(module: str) -> Path:
    return SOURCE.joinpath(*module.split(".")).with_suffix(".py")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compiled_name(module: str) -> str:
    """cwbattles.engine.hexboard -> cwbattles._compiled.engine.hexboard: where its .so goes."""
    return "cwbattles._compiled." + module.split(".", 1)[1]


def why_pure() -> str | None:
    """The reason the compiled core cannot be built here, or None."""
    if os.environ.get("CWBATTLES_PURE") == "1":
        return "CWBATTLES_PURE=1"
    try:
        import Cython  # noqa: F401
    except ImportError:
        return "Cython is not installed"
    cc = os.environ.get("CC") or "cc"
    if shutil.which(cc.split()[0]) is None and shutil.which("gcc") is None:
        return "no C compiler found"
    return None


def directive_groups(extensions: list[Extension]) -> list[tuple[dict, list[Extension]]]:
    """The extensions grouped by their Cython directives (one cythonize call, in parallel, each)."""
    groups: dict[str, tuple[dict, list[Extension]]] = {}
    for ext in extensions:
        directives = {**DIRECTIVES, **MODULE_DIRECTIVES.get(ext.name, {})}
        groups.setdefault(json.dumps(directives, sort_keys=True), (directives, []))[1].append(ext)
    return list(groups.values())


class BuildCompiledCore(build_ext):
    """build_ext that compiles the slice into cwbattles/_compiled and writes its manifest, or
    prints one line and builds nothing where that cannot be done."""

    def finalize_options(self) -> None:
        self.why_pure = why_pure()
        if self.why_pure:
            self.distribution.ext_modules = []
        else:
            from Cython.Build import cythonize
            self.distribution.ext_modules = [
                compiled for directives, exts in directive_groups(self.distribution.ext_modules)
                for compiled in cythonize(exts, compiler_directives=directives, quiet=True,
                                          build_dir=os.path.join("build", "cython"), nthreads=os.cpu_count() or 1)]
            for ext in self.distribution.ext_modules:
                ext.extra_compile_args = ["-O2", "-g0"]     # no debug information: a third less compile time
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def get_ext_fullname(self, ext_name: str) -> str:
        # The module keeps its own name inside (pickling, __module__, relative imports);
        # only the file goes to the _compiled package.
        return compiled_name(super().get_ext_fullname(ext_name))

    def run(self) -> None:
        if self.why_pure:
            print(f"cwbattles: pure Python build ({self.why_pure})")
            if self.why_pure != "CWBATTLES_PURE=1":      # a forced pure run keeps what was built
                self.write_manifests(pure=self.why_pure)
            return
        super().run()
        self.write_manifests()

    def copy_extensions_to_source(self) -> None:
        build_py = self.get_finalized_command("build_py")
        for ext in self.extensions:
            self.mkpath(os.path.dirname(self._get_inplace_equivalent(build_py, ext)[0]))
        super().copy_extensions_to_source()

    def write_manifests(self, pure: str | None = None) -> None:
        """manifest.json beside the .so files: the sha256 of each source compiled, or (pure) why
        nothing was, for ``cwbattles --version``."""
        if pure:
            doc = json.dumps({"compiler": None, "modules": {}, "pure": pure})
        else:
            from Cython import __version__ as cython_version
            entries = {ext.name: {"sha256": sha256(source_of(ext.name)),
                                  "file": self.get_ext_filename(ext.name.split(".", 1)[1])}
                       for ext in self.extensions}
            doc = json.dumps({"compiler": f"Cython {cython_version}", "modules": entries}, indent=1, sort_keys=True)
        targets = [Path(self.build_lib) / "cwbattles" / "_compiled"]
        if self.inplace:
            targets.append(SOURCE / "cwbattles" / "_compiled")
        for target in targets:
            target.mkdir(parents=True, exist_ok=True)
            (target / "manifest.json").write_text(doc + "\n")


setup(
    ext_modules=[Extension(m, [str(source_of(m).relative_to(Path(__file__).parent))]) for m in COMPILED],
    cmdclass={"build_ext": BuildCompiledCore},
)

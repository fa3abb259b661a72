"""The compiled core (cwbattles/_compiled, docs/speed.md): a .so is used only while the source it
was compiled from is unchanged, CWBATTLES_PURE=1 gives pure Python, and both builds play the same
games. Tests that need a compiled build skip where none was built (no C compiler)."""

import hashlib
import json
import os
import shutil
import subprocess
import sys

import pytest

import cwbattles
from cwbattles import _compiled

MANIFEST = _compiled.read_manifest()
COMPILED = sorted(MANIFEST["modules"])
needs_build = pytest.mark.skipif(not COMPILED, reason="no compiled core built here (make compile)")


def run_python(code: str, pure: bool) -> str:
    """Run ``code`` in a fresh interpreter on the pure or the compiled build; its stdout."""
    env = {k: v for k, v in os.environ.items() if k != "CWBATTLES_PURE"}
    if pure:
        env["CWBATTLES_PURE"] = "1"
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=True).stdout


@needs_build
def test_the_manifest_holds_the_hash_of_every_source_compiled_and_its_file_exists():
    for module in COMPILED:
        entry = MANIFEST["modules"][module]
        source = _compiled.source_of(module)
        assert hashlib.sha256(source.read_bytes()).hexdigest() == entry["sha256"], module
        assert (_compiled.HERE / entry["file"]).is_file(), module


@needs_build
def test_a_current_module_loads_from_its_so_with_its_own_name_and_its_source_as_file():
    if _compiled.pure_forced():
        pytest.skip("this run is pure Python (CWBATTLES_PURE=1)")
    import cwbattles.engine.hexboard as hexboard
    assert hexboard.__spec__.origin.endswith(".so")
    assert hexboard.__name__ == "cwbattles.engine.hexboard"
    assert hexboard.HexBoard.__module__ == "cwbattles.engine.hexboard"    # pickles by this name
    assert hexboard.__file__ == str(_compiled.source_of("cwbattles.engine.hexboard"))


def copy_of_one_module(tmp_path, module):
    """A manifest of one module in tmp_path with that module's .so copied there."""
    entry = dict(MANIFEST["modules"][module])
    shutil.copy(_compiled.HERE / entry["file"], tmp_path / "compiled.so")
    entry["file"] = "compiled.so"
    return {"compiler": MANIFEST["compiler"], "modules": {module: entry}}


@needs_build
def test_a_module_whose_source_changed_since_it_was_compiled_runs_pure(tmp_path):
    module = "cwbattles.engine.hexboard"
    manifest = copy_of_one_module(tmp_path, module)
    current = _compiled.CompiledFinder(manifest, tmp_path)
    assert current.find_spec(module).origin == str(tmp_path / "compiled.so")
    manifest["modules"][module]["sha256"] = hashlib.sha256(b"an older source").hexdigest()
    stale = _compiled.CompiledFinder(manifest, tmp_path)
    assert stale.find_spec(module) is None         # the pure module's finder takes over
    assert stale.stale == {module}


@needs_build
def test_a_missing_so_falls_back_to_the_pure_module(tmp_path):
    module = "cwbattles.engine.hexboard"
    manifest = copy_of_one_module(tmp_path, module)
    (tmp_path / "compiled.so").unlink()
    finder = _compiled.CompiledFinder(manifest, tmp_path)
    assert finder.find_spec(module) is None
    assert finder.stale == {module}


def test_a_module_outside_the_manifest_is_left_to_the_ordinary_import():
    finder = _compiled.CompiledFinder({"compiler": None, "modules": {}})
    assert finder.find_spec("cwbattles.engine.hexboard") is None
    assert finder.stale == set()


def test_cwbattles_pure_runs_every_module_from_its_py_file_and_the_version_says_so():
    code = ("import sys, cwbattles, cwbattles.cli\n"
            "from cwbattles import _compiled\n"
            "cwbattles.load('chancellorsville')\n"
            "print(sorted(m for m, mod in sys.modules.items() if m.startswith('cwbattles')\n"
            "             and (getattr(mod, '__spec__', None) and (mod.__spec__.origin or '').endswith('.so'))))\n"
            "print(_compiled.build())\n")
    compiled_modules, build = run_python(code, pure=True).splitlines()
    assert compiled_modules == "[]"
    assert build == "pure Python (CWBATTLES_PURE=1)"


@needs_build
def test_the_version_names_the_compiled_build():
    out = run_python("import cwbattles; from cwbattles import _compiled; print(_compiled.build())", pure=False)
    assert out.strip() == f"compiled ({len(COMPILED)} of {len(COMPILED)} modules, {MANIFEST['compiler']})"


@needs_build
def test_random_games_of_every_battle_play_the_same_on_both_builds():
    code = ("import json, cwbattles\n"
            "from cwbattles.engine.records import random_game_fingerprint\n"
            f"print(json.dumps({{name: random_game_fingerprint(cwbattles.load(name), 7) for name in {cwbattles.games()!r}}}))\n")
    pure = json.loads(run_python(code, pure=True))
    compiled = json.loads(run_python(code, pure=False))
    assert set(pure) == {"cedar-creek", "cedar-mountain", "champion-hill", "chancellorsville"}
    assert compiled == pure

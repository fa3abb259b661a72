# Two commands set up a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test install compile browser bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# The editable install leaves the compiled core to `compile` (below), which builds it in place and
# keeps its intermediate files in build/ for the next, incremental, build (a plain `pip install .`
# compiles it too, into the wheel).
$(STAMP): $(BIN)/python pyproject.toml setup.py
	CWBATTLES_PURE=1 $(BIN)/pip install --quiet -e '.[test,build]'
	touch $(STAMP)

install: $(STAMP)

# Compile the hot core where a C compiler is present (Cython, from the unchanged .py sources), or
# what changed since the last build (a stale module runs pure until then); prints the one line
# naming the build: compiled, or pure Python and why (no C compiler: everything runs, slower).
compile: $(STAMP)
	@$(BIN)/python setup.py -q build_ext --inplace >/dev/null
	@$(BIN)/cwbattles --version

# The main job: the web app on 127.0.0.1:8000 with its SQLite database (cwbattles.sqlite3).
play: compile
	$(BIN)/cwbattles serve --host 127.0.0.1 --port 8000 --db cwbattles.sqlite3

# Browser tests drive Debian's chromium (never a downloaded browser).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; fi; }

# All tests on the build that runs (compiled where it could be built), then the rules suites again
# on pure Python, the reference (docs/speed.md).
test: compile browser
	$(BIN)/python -m pytest -n 2 -p no:cacheprovider tests
	CWBATTLES_PURE=1 $(BIN)/python -m pytest -n 2 -p no:cacheprovider tests/engine tests/systems tests/games

bench: $(STAMP)
	$(BIN)/python bench/cedar_creek_speed.py
	$(BIN)/python bench/champion_hill_speed.py
	$(BIN)/python bench/cedar_mountain_speed.py
	$(BIN)/python bench/chancellorsville_speed.py

clean:
	rm -rf $(VENV) .pytest_cache build src/cwbattles/_compiled/*/ src/cwbattles/_compiled/manifest.json

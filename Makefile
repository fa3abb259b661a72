# Two commands set up a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test install browser bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

# The main job: the web app on 127.0.0.1:8000 with its SQLite database (cwbattles.sqlite3).
play: $(STAMP)
	$(BIN)/cwbattles serve --host 127.0.0.1 --port 8000 --db cwbattles.sqlite3

# Browser tests drive Debian's chromium (never a downloaded browser).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; fi; }

test: $(STAMP) browser
	$(BIN)/python -m pytest -n 2 -p no:cacheprovider tests

bench: $(STAMP)
	$(BIN)/python bench/cedar_creek_speed.py
	$(BIN)/python bench/champion_hill_speed.py
	$(BIN)/python bench/cedar_mountain_speed.py
	$(BIN)/python bench/chancellorsville_speed.py

clean:
	rm -rf $(VENV) .pytest_cache

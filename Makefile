# Two commands set up a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test install bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

# The main job. Until the web app exists this is the terminal game (human Union vs random Confederates).
play: $(STAMP)
	$(BIN)/cwbattles play cedar-creek --union human --confederate random

test: $(STAMP)
	$(BIN)/python -m pytest -n 2 tests

bench: $(STAMP)
	$(BIN)/python bench/cedar_creek_speed.py

clean:
	rm -rf $(VENV) .pytest_cache

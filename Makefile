# Two commands from a fresh clone: `make run` (serve the site) and `make test`.

PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run run-scaled test lint bench-check clean

run: $(VENV)/.installed
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	$(PY) manage.py tidy
	$(VENV)/bin/daphne -b 127.0.0.1 -p 8000 teaching.asgi:application

# nginx in front of WORKERS daphne processes on PostgreSQL and Redis (deploy/run_scaled.py).
WORKERS ?= 2
run-scaled: $(VENV)/.installed
	$(PY) deploy/run_scaled.py --workers $(WORKERS)

# Two processes (pytest-xdist): the browser tests wait on their servers and Chromium, so the
# suite takes about two thirds of the time; TEST_PROCESSES=0 runs it in this one. The tests
# that kill servers and time the reconnections (marked "alone") run afterwards, by themselves.
# The fifteen slowest tests are listed at the end: where to look when CI nears its 20 minutes.
TEST_PROCESSES ?= 2
test: $(VENV)/.installed-test
	$(PY) -m pytest -q -n $(TEST_PROCESSES) --dist worksteal -m "not alone" --durations=15
	$(PY) -m pytest -q -m alone

# ruff, then mypy over the files [tool.mypy] in pyproject.toml lists, then the engine once
# more under --strict: every function typed, no Any returned where a type is promised.
lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/mypy --strict games

# What a MiniBridge card costs the server in machine instructions, counted under Debian's
# valgrind: fails when it costs more than 5 % above its figure in bench/card_instructions.json
# (`python bench/card_instructions.py --record` writes it; `--check` alone checks every game
# the file holds, a minute and a half each).
bench-check: $(VENV)/.installed-test
	$(PY) bench/card_instructions.py --check --game minibridge

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache *.egg-info

$(PY):
	$(PYTHON) -m venv $(VENV)

# Stamps make a second run quick: pip runs again only when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e .
	touch $@

# The test extra is a superset of the runtime install, so it stamps both.
$(VENV)/.installed-test: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[test]'
	touch $@ $(VENV)/.installed

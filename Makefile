# One command to run the site, one to test it. Both build .venv with Python 3.12+ first,
# with exactly the versions of requirements/dev.txt (`make lock` upgrades them on purpose).
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# The lock: every platform and Python 3.12+ in one file each, with hashes (uv pip compile).
COMPILE := $(VENV)/bin/uv pip compile pyproject.toml --universal --generate-hashes --quiet \
	--python-version 3.12 --group build

.PHONY: run test lint install lock bench clean

$(STAMP): requirements/dev.txt pyproject.toml setup.py games/engine/_doubledummy.c
	@if [ ! -x $(PY) ]; then \
		python=$$(bin/find-python) || exit 1; \
		echo "Creating $(VENV) with $$python"; \
		"$$python" -m venv $(VENV) || exit 1; \
	fi
	$(PY) -m pip install --quiet --require-hashes --no-deps -r requirements/dev.txt
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	$(PY) -m pip check
	@touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	@$(PY) manage.py migrate --noinput --verbosity 0
	@$(PY) manage.py demo_data
	@$(PY) manage.py demo_events
	@$(PY) -m config.devstack

# The layer contracts (pyproject.toml's [tool.importlinter]) are checked with the style.
lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(VENV)/bin/lint-imports --no-cache --no-logo

# Uses DATABASE_URL / REDIS_URL when set; otherwise SQLite and an embedded Redis.
# PYTEST_ARGS="-k engine -x" runs only that; without it, the whole suite (bin/test).
test: lint
	@if [ -n "$$REDIS_URL" ]; then \
		PYTHON=$(PY) bin/test $(PYTEST_ARGS); \
	else \
		$(PY) -m config.embedded_redis env PYTHON=$(PY) bin/test $(PYTEST_ARGS); \
	fi

# Upgrades every locked package to the newest release that pyproject.toml allows (or one:
# make lock UPGRADE="--upgrade-package django"), runtime first, then dev on top of it.
UPGRADE ?= --upgrade
lock: $(STAMP)
	$(COMPILE) $(UPGRADE) -o requirements/base.txt
	$(COMPILE) --extra dev --constraint requirements/base.txt $(UPGRADE) -o requirements/dev.txt

# Every bench at its real size, one after another (tests/test_benches.py runs them at a smoke
# size). actions.py and load.py need a PostgreSQL database and a Redis of their own, e.g.
#   createdb -h 127.0.0.1 -U postgres spades_bench
#   make bench DATABASE_URL=postgres://postgres@127.0.0.1:5432/spades_bench \
#              REDIS_URL=redis://127.0.0.1:6379/5
# About 14 minutes on 2 cores: the arena's 100 games (expert against standard) take 7,
# doubledummy.py 2 (ours against DDS, 100 positions);
# load.py 2: 100 tables as browsers (--mix, 2 s between a table's actions), the bare echo
# with the same traffic then the game (--compare), 30 s measured each.
bench: $(STAMP)
	@case "$$DATABASE_URL" in postgres*) ;; *) echo "make bench: set DATABASE_URL" \
		"(PostgreSQL) and REDIS_URL for actions.py and load.py; see the Makefile"; exit 2;; esac
	@[ -n "$$REDIS_URL" ] || { echo "make bench: set REDIS_URL; see the Makefile"; exit 2; }
	$(PY) bench/engine.py
	$(PY) bench/history.py
	$(PY) bench/table_render.py
	$(PY) bench/chat_words.py
	$(PY) bench/analysis.py
	$(PY) bench/analysis.py --seed 2
	$(PY) bench/doubledummy.py
	$(PY) bench/ratings.py
	$(PY) bench/duplicate.py
	$(PY) bench/arena.py --a expert --b standard
	$(PY) manage.py migrate --noinput -v 0
	$(PY) bench/actions.py
	$(PY) bench/load.py --tables 100 --mix --compare --seconds 30

clean:
	rm -rf $(VENV) var staticfiles test-artifacts *.egg-info build dist games/engine/*.so

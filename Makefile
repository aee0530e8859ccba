# One command to run the site, one to test it. Both build .venv with Python 3.12+ first.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint install clean

$(STAMP): pyproject.toml setup.py games/engine/_doubledummy.c
	@if [ ! -x $(PY) ]; then \
		python=$$(bin/find-python) || exit 1; \
		echo "Creating $(VENV) with $$python"; \
		"$$python" -m venv $(VENV) || exit 1; \
	fi
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	@touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo_data
	$(PY) -m config.devstack

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

# Uses DATABASE_URL / REDIS_URL when set; otherwise SQLite and an embedded Redis.
test: lint
	@if [ -n "$$REDIS_URL" ]; then \
		$(PY) -m pytest $(PYTEST_ARGS); \
	else \
		$(PY) -m config.embedded_redis $(PY) -m pytest $(PYTEST_ARGS); \
	fi

clean:
	rm -rf $(VENV) var staticfiles test-artifacts *.egg-info build games/engine/*.so

# Two commands set everything up: `make run` and `make test`.
# `make run` installs the runtime only; `make test` adds the dev tools. The venv is rebuilt
# when pyproject.toml changes or when PYTHON names another interpreter. Install output goes
# to .venv/install.log and is shown only when something fails.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INTERPRETER := $(shell $(PYTHON) -c 'import sys; print(sys.version.split()[0], sys.executable)' 2>/dev/null)
LOG := $(VENV)/install.log
QUIET = > $(LOG) 2>&1 || { cat $(LOG); echo "install failed; the log is $(LOG)"; exit 1; }

.PHONY: run test quick e2e fmt migration lint typecheck unit bench bench-smoke lock clean FORCE

# Which interpreter built the venv; a different one (PYTHON=python3.12) rebuilds it.
$(VENV)/.python: FORCE
	@test -n "$(INTERPRETER)" || { echo "$(PYTHON) not found; set PYTHON=python3.11 or newer"; exit 1; }
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "recount needs Python 3.11 or newer; set PYTHON=python3.11")'
	@if [ ! -x $(BIN)/python ] || [ "$$(cat $@ 2>/dev/null)" != "$(INTERPRETER)" ]; then \
		rm -rf $(VENV) && $(PYTHON) -m venv $(VENV) && echo "$(INTERPRETER)" > $@; \
	fi

# The runtime exactly as pinned in requirements.lock (the image and deploy/install.sh use
# the same file), then recount itself without resolving anything again.
$(VENV)/.runtime: pyproject.toml requirements.lock $(VENV)/.python
	@echo "installing recount's runtime into $(VENV) ..."
	@$(BIN)/python -m pip install --upgrade pip $(QUIET)
	@$(BIN)/python -m pip install -r requirements.lock $(QUIET)
	@$(BIN)/python -m pip install --no-deps -e . $(QUIET)
	@touch $@

$(VENV)/.dev: $(VENV)/.runtime
	@echo "installing the dev tools (pytest, mypy, ruff, hypothesis) ..."
	@$(BIN)/python -m pip install -e '.[dev]' $(QUIET)
	@touch $@

run: $(VENV)/.runtime
	$(BIN)/recount run

test: lint typecheck unit

lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(VENV)/.dev
	$(BIN)/mypy --strict domain handlers bot tests bench

unit: $(VENV)/.dev
	$(BIN)/pytest -n auto --dist worksteal -rs

# The loop while working: every test but the slow ones (server processes, the fuzz, long
# properties), on every core, without lint and type checks (its time: README.md).
quick: $(VENV)/.dev
	$(BIN)/pytest -n auto --dist worksteal -rs -m "not slow"

# Only the tests that start a process (the bot, gunicorn, the command line): tests/e2e/.
e2e: $(VENV)/.dev
	$(BIN)/pytest -n auto --dist worksteal tests/e2e

# Formats and sorts imports in place (what `make lint` checks).
fmt: $(VENV)/.dev
	$(BIN)/ruff check --select I --fix .
	$(BIN)/ruff format .

# The next watch-database migration from the models: make migration MESSAGE="add a column".
# Writes bot/store/migrations/versions/NNNN_....py; read and edit it, then commit it. With no
# model change it writes nothing and says so.
migration: $(VENV)/.dev
	@test -n "$(MESSAGE)" || { echo 'say what it does: make migration MESSAGE="..."'; exit 2; }
	$(BIN)/python -c 'import sys; from bot.store.database import new_migration; made = new_migration(sys.argv[1]); print(made or "no change in bot/store/models.py: no migration written")' "$(MESSAGE)"

# The bot against a bare Bolt app, and the scan against its floor, side by side (about a
# minute). Writes bench/out/RESULTS.md; `make bench UPDATE=1` updates the committed copy.
bench: $(VENV)/.dev
	$(BIN)/python -m bench.run $(if $(UPDATE),--update,)

# One short pass of every part of the bench (CI runs it): it must not break unnoticed.
bench-smoke: $(VENV)/.dev
	$(BIN)/python -m bench.run --smoke

# Regenerates requirements.lock: the runtime (with the postgres extra) resolved afresh in a
# throwaway venv and pinned. Commit the result with the change that needed it.
lock: FORCE
	@rm -rf .lock-venv && $(PYTHON) -m venv .lock-venv
	@.lock-venv/bin/python -m pip install --quiet --upgrade pip
	@.lock-venv/bin/python -m pip install --quiet '.[postgres]' 2>/dev/null || .lock-venv/bin/python -m pip install '.[postgres]'
	@{ echo "# The runtime of recount, pinned: make lock regenerates it ($$(.lock-venv/bin/python -c 'import platform; print("Python", platform.python_version())'))."; \
		.lock-venv/bin/python -m pip freeze --exclude mt-recount; } > requirements.lock
	@rm -rf .lock-venv
	@echo "requirements.lock: $$(grep -vc '^#' requirements.lock) packages pinned"

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis bench/out

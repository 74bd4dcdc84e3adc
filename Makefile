# The project's commands. Each makes .venv (and installs what it needs) by itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
DOVECOT := /usr/sbin/dovecot
NGINX := /usr/sbin/nginx
PORT ?= 5000
export PBEM_CHROMIUM ?= $(CHROMIUM)

.PHONY: run test test-all bench bench-long lint audit lock dist clean

# Installs exactly the locked versions (hashes checked), then the project itself.
$(STAMP): pyproject.toml requirements-dev.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet --require-hashes -r requirements-dev.lock
	$(BIN)/pip install --quiet --no-deps -e .
	touch $@

# Browser tests drive Debian's chromium (Playwright's own download cannot work here).
$(CHROMIUM):
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core

# The IMAP poller is tested against Debian's dovecot (the tests start it themselves).
$(DOVECOT):
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dovecot-imapd

# The deployment kit's nginx site is checked with `nginx -t` (Debian 12's nginx 1.22).
$(NGINX):
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light

# make run PORT=8080 serves on another port.
run: $(STAMP)
	$(BIN)/flask --app pbem --debug pbem dev --port $(PORT)

test: $(STAMP) $(CHROMIUM) $(DOVECOT) $(NGINX)
	$(BIN)/python -m pytest -n 2 --dist loadgroup

# Everything, with the long versions: the bots' strength runs (slow), the whole bad-input sweep
# and the full random-game stress runs (2,000 games each) that `make test` samples (a sample
# that moves from day to day: tests/samples.py).
test-all: $(STAMP) $(CHROMIUM) $(DOVECOT) $(NGINX)
	PBEM_STAX_GAMES=2000 PBEM_TRIUMVIRATE_GAMES=2000 $(BIN)/python -m pytest -n 2 --dist loadgroup -m ''

bench: $(STAMP)
	$(BIN)/python -m bench

# The bots' level-ordering table (100 games a cell, 40 for level 4): days of CPU on a small
# host; PBEM_BENCH_LONG_ONLY="spike 2p" runs a part of it (see bench/bench_bots_long.py).
bench-long: $(STAMP)
	$(BIN)/python -m bench bots_long

lint: $(STAMP)
	$(BIN)/ruff check pbem tests bench

# Known vulnerabilities in the locked dependencies (pip-audit); see .ci/audit.py.
audit: $(STAMP)
	$(BIN)/python .ci/audit.py

# Write the lock files again from pyproject.toml (newest versions allowed, existing pins kept):
# requirements-dev.lock for development and CI, then requirements.lock for a server (and
# deploy/Dockerfile) held to the same versions, and deploy/constraints.txt from it.
lock: $(STAMP)
	$(BIN)/pip install --quiet uv
	$(BIN)/uv pip compile pyproject.toml --extra dev --python-version 3.11 --generate-hashes \
		--quiet --custom-compile-command "make lock" -o requirements-dev.lock
	grep -E '^[A-Za-z0-9_.-]+==' requirements-dev.lock | sed 's/ .*//' > $(VENV)/dev-pins.txt
	$(BIN)/uv pip compile pyproject.toml --python-version 3.11 --generate-hashes --quiet \
		--constraint $(VENV)/dev-pins.txt --custom-compile-command "make lock" -o requirements.lock
	{ sed -n '1,3p' deploy/constraints.txt; grep -E '^[A-Za-z0-9_.-]+==' requirements.lock \
		| sed 's/ .*//'; } > deploy/constraints.txt.new && mv deploy/constraints.txt.new deploy/constraints.txt

clean:
	rm -rf $(VENV) instance/*.sqlite* .pytest_cache dist build

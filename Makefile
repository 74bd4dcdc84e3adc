# The project's commands. Each makes .venv (and installs what it needs) by itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
export PBEM_CHROMIUM ?= $(CHROMIUM)

.PHONY: run test bench lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

# Browser tests drive Debian's chromium (Playwright's own download cannot work here).
$(CHROMIUM):
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core

run: $(STAMP)
	$(BIN)/flask --app pbem pbem dev

test: $(STAMP) $(CHROMIUM)
	$(BIN)/python -m pytest -n 2 --dist loadgroup

bench: $(STAMP)
	$(BIN)/python -m bench

lint: $(STAMP)
	$(BIN)/ruff check pbem tests bench

clean:
	rm -rf $(VENV) instance/*.sqlite* .pytest_cache

# One entry point for every task. `make sim` and `make test` work on a fresh clone:
# they create .venv (pinned packages) and node_modules (pinned MicroPython) first.
PY      := .venv/bin/python
VENV    := .venv/.installed
NODE    := node_modules/.installed
BOARD   ?= pybadge
ARGS    ?=

.PHONY: sim test bench bundle deploy screenshots setup clean

setup: $(VENV) $(NODE)

$(VENV): requirements.txt
	python3 -m venv .venv
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(NODE): package.json package-lock.json
	npm ci --silent --no-audit --no-fund
	touch $@

sim: $(VENV)
	$(PY) -m sim --board $(BOARD) $(ARGS)

test: $(VENV) $(NODE)
	$(PY) -m pytest -q $(ARGS)

bench: $(VENV) $(NODE)
	$(PY) -m sim.bench $(ARGS)

# the README's pictures, made by the simulator (sim/screenshots.py)
screenshots: $(VENV)
	$(PY) -m sim.screenshots

bundle: $(VENV)
	$(PY) -m sim.bundle

# make deploy DRIVE=/media/you/CIRCUITPY
deploy: bundle
	$(PY) -m sim.bundle --deploy "$(DRIVE)"

clean:
	rm -rf build .pytest_cache

# One entry point for every task. `make sim` and `make test` work on a fresh clone:
# they create .venv (pinned packages) and node_modules (pinned MicroPython) first.
PY      := .venv/bin/python
VENV    := .venv/.installed
NODE    := node_modules/.installed
BOARD   ?= pybadge
ARGS    ?=

.PHONY: sim test bench bundle deploy screenshots winrate winnable setup clean

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

# two workers (pytest-xdist), a test file to each at a time: module fixtures such as the heap
# budget's MicroPython session run once; a clean clone here passes in 7 minutes instead of 14
test: $(VENV) $(NODE)
	$(PY) -m pytest -q -n 2 --dist loadfile $(ARGS)

bench: $(VENV) $(NODE)
	$(PY) -m sim.bench $(ARGS)

# the win-rate table (sim/winrate.py): under PyPy when it is installed (`apt install pypy3`;
# about six times faster, same verdicts: the caps count nodes, not seconds), else the venv's
# Python. make winrate ARGS="--game terrace --mode 0 --profile classic"
SOLVER_PY ?= $(shell command -v pypy3 || echo $(PY))
winrate: $(VENV)
	$(SOLVER_PY) -m sim.winrate $(ARGS)

# the winnable-deal tables in assets/winnable/ (sim/winnable.py), the same bytes on either
winnable: $(VENV)
	$(SOLVER_PY) -m sim.winnable make $(ARGS)

# the README's pictures, made by the simulator (sim/screenshots.py)
screenshots: $(VENV)
	$(PY) -m sim.screenshots

# make bundle: build/CIRCUITPY/ compiled to .mpy for CircuitPython 10, and its zip
# [SOURCE=1: .py files instead] [MPY_CROSS=path of CircuitPython's own mpy-cross]
BUNDLE_ARGS = $(if $(MPY_CROSS),--mpy-cross "$(MPY_CROSS)") $(if $(SOURCE),--source)
bundle: $(VENV)
	$(PY) -m sim.bundle $(BUNDLE_ARGS)

# make deploy DRIVE=/media/you/CIRCUITPY [SOURCE=1] [MPY_CROSS=...]: bundle, copy onto the board
deploy: $(VENV)
	$(PY) -m sim.bundle $(BUNDLE_ARGS) --deploy "$(DRIVE)"

clean:
	rm -rf build .pytest_cache

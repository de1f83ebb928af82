# xq65 — `make` sets up what is missing and builds build/xiangqi.nes; `make test` runs
# the whole suite. Both are idempotent: nothing is installed or rebuilt twice.

PYTHON  ?= python3
VENV    := .venv
PY      := $(VENV)/bin/python
XQ65    := $(VENV)/bin/xq65
PYTEST  := $(VENV)/bin/pytest
STAMP   := $(VENV)/.xq65-installed
ROM     := build/xiangqi.nes

# Debian installs fceux and fairy-stockfish in /usr/games, which root's PATH may lack.
export PATH := $(PATH):/usr/games

# apt-get as root, or through sudo; `apt-get update` only when something is missing.
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
define apt_need
	@missing=""; for pair in $(1); do cmd=$${pair%%:*}; pkg=$${pair##*:}; \
	  command -v $$cmd >/dev/null 2>&1 || missing="$$missing $$pkg"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing >/dev/null \
	  || { echo "error: could not install$$missing (apt-get failed)"; exit 2; }; \
	fi
endef

.PHONY: all setup toolchain test-deps test bench play screenshots clean distclean web web-serve web-deps

all: setup
	@$(XQ65) build

setup: toolchain $(STAMP)

toolchain:
	$(call apt_need,ca65:cc65 ld65:cc65)

test-deps:
	$(call apt_need,fceux:fceux Xvfb:xvfb fairy-stockfish:fairy-stockfish xauth:xauth chromium:chromium chromedriver:chromium-driver npm:npm xboard:xboard uci2wb:uci2wb maxqi:fairymax)

$(STAMP): pyproject.toml
	@[ -x $(PY) ] || { echo "creating $(VENV)"; $(PYTHON) -m venv $(VENV); }
	@echo "installing the Python packages into $(VENV)"
	@$(PY) -m pip install -q --disable-pip-version-check -e . 2>&1 | grep -v '^WARNING: Location' || true
	@$(PY) -c "import py65, cynes, click, pytest, pytest_timeout, xdist, pyffish, PIL, selenium" \
	  || { echo "error: Python dependencies did not install"; exit 2; }
	@touch $@

# The tests that play in real time (the browser page, FCEUX: they wait on frames, and a
# late frame fails them) run on their own, beside the rest, which runs on TEST_JOBS
# workers (pytest-xdist, the tests marked `slow` first) under `nice -n 10`: started by
# the same `make`, the page and the emulators get the CPU whenever they ask for it.
# Their report follows the others' (also in build/test_realtime.log).
TEST_JOBS ?= auto
REALTIME_LOG := build/test_realtime.log
test: setup test-deps web
	@$(PYTEST) -q -p no:cacheprovider -m "web or fceux" > $(REALTIME_LOG) 2>&1 & rt=$$!; \
	nice -n 10 $(PYTEST) -q -n $(TEST_JOBS) --dist loadgroup -m "not web and not fceux" \
	  --durations=15; suite=$$?; \
	wait $$rt; realtime=$$?; \
	echo "the browser and FCEUX tests, run beside the others ($(REALTIME_LOG)):"; \
	cat $(REALTIME_LOG); \
	[ $$suite -eq 0 ] && [ $$realtime -eq 0 ]

bench: all
	$(XQ65) bench movegen
	$(XQ65) bench -j 0 --plot build/bench_levels.png

play: all
	@$(XQ65) play

screenshots: all
	@mkdir -p docs/screens
	$(PY) tools/docs/ui_screens.py docs/screens

# The browser page (web/): jsnes from the npm registry, pinned by web/package-lock.json
# and installed by `npm ci` into web/node_modules; the page goes to build/web/.
WEB_STAMP := web/node_modules/.xq65-installed
WEB_PORT  ?= 8065

$(WEB_STAMP): web/package.json web/package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "error: npm is missing (Debian: apt-get install npm)"; exit 2; }
	@echo "installing the page's npm packages (npm ci in web/)"
	@cd web && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

web-deps: $(WEB_STAMP)

web: setup web-deps
	@$(PY) -m pyharness.rom.web

web-serve: web
	@echo "serving build/web at http://127.0.0.1:$(WEB_PORT)/ (Ctrl-C stops)"
	$(PY) -m http.server $(WEB_PORT) --bind 127.0.0.1 -d build/web

clean:
	rm -rf build .pytest_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) *.egg-info web/node_modules

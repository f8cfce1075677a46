# specdiag developer tasks. `make test` and `make demo` work from a fresh clone.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip
STAMP  := $(VENV)/.installed
TORCH_VERSION ?= 2.13.0
# pytest-xdist workers for the tests without real servers (one per core of a 2-core CI machine;
# each worker holds ~0.6 GB); the integration tests start real servers and always run serially
TEST_WORKERS ?= 2
XDIST  := -n $(TEST_WORKERS) --dist worksteal
# The test runs write bytecode even where the environment sets PYTHONDONTWRITEBYTECODE (an empty
# value is unset for Python): without it every worker compiles each module it imports, specdiag's
# and the tests' (whose asserts pytest rewrites on each import), ~10 s of CPU a worker a run. The
# .pyc files go to __pycache__/ folders, which git ignores (.gitignore); each is written by a
# rename, so two workers writing one at once cannot leave a torn file.
BYTECODE := PYTHONDONTWRITEBYTECODE=

.PHONY: install lint fmt typecheck test test-fast demo bench clean realservers prometheus chromium

install: $(STAMP)

# torch is pinned to the CPU build first, so the [tensors] range installs nothing more.
# editable_mode=compat puts the repo on sys.path with a plain .pth file: no import hook, faster start.
$(STAMP): pyproject.toml setup.py csrc/fastlogs.c csrc/fastscan.c  # setup.py: the optional C parts (logs, inspect-dump)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q "torch==$(TORCH_VERSION)"
	@# a C compiler for the optional compiled part of `specdiag logs` (best effort: without one
	@# the install still succeeds and `specdiag logs` notes that it runs its Python path)
	@command -v cc >/dev/null 2>&1 || [ "$$(id -u)" != 0 ] || { DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends gcc libc6-dev; } >/dev/null 2>&1 || true
	$(PIP) install -q -e ".[tensors,server,dev,hf,report]" --config-settings editable_mode=compat
	@$(PY) -c "import sys; from specdiag.core.logs import fast; s = fast.status(); s and print('note:', s, file=sys.stderr)"
	@$(PY) -c "import sys; from specdiag.core.hidden import inspect as i; i.scan_engine() == 'torch' and print('note: the compiled scan of inspect-dump is not built; it uses its torch path', file=sys.stderr)"
	touch $(STAMP)

lint: install
	$(VENV)/bin/ruff check specdiag tests benchmarks
	$(VENV)/bin/ruff format --check specdiag tests benchmarks
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

fmt: install
	$(VENV)/bin/ruff check --fix specdiag tests benchmarks
	$(VENV)/bin/ruff format specdiag tests benchmarks

# Real llama.cpp, vLLM and SGLang servers for the integration tests, built once into the cache
# (SPECDIAG_CACHE_DIR, default ~/.cache/specdiag): first run ~7 min, then < 1 s. docs/testing.md.
realservers:
	bash scripts/realservers/setup_all.sh

# Prometheus and promtool (Debian's `prometheus` package) for the fleet/exporter tests and
# benchmark: installed when missing (as root: apt-get update + install; idempotent). Nothing is
# left running: a service that apt starts under systemd is stopped again.
prometheus:
	@if command -v prometheus >/dev/null 2>&1 && command -v promtool >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" != 0 ]; then \
	  echo "make prometheus: prometheus/promtool missing; run as root or: sudo apt-get install prometheus" >&2; exit 1; \
	else \
	  DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus && \
	  { if [ -d /run/systemd/system ]; then systemctl disable --now prometheus >/dev/null 2>&1 || true; fi; }; \
	fi

# Chromium (Debian's `chromium` package) for the report page tests: a real headless browser
# opens the page over the DevTools protocol. Installed when missing (as root), like prometheus.
chromium:
	@if command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" != 0 ]; then \
	  echo "make chromium: chromium missing; run as root or: sudo apt-get install chromium" >&2; exit 1; \
	else \
	  DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium; \
	fi

# SPECDIAG_REQUIRE_COMPILED=1: a compiled part that did not build fails its tests instead of
# skipping them; hypothesis runs its thorough `ci` profile whether or not CI is set (docs/testing.md)
test: install lint realservers prometheus chromium
	$(BYTECODE) SPECDIAG_REQUIRE_COMPILED=1 HYPOTHESIS_PROFILE=ci $(PY) -m pytest -q -m "not integration" $(XDIST)
	$(BYTECODE) SPECDIAG_REQUIRE_COMPILED=1 HYPOTHESIS_PROFILE=ci $(PY) -m pytest -q -m integration

# the suite without real servers, Prometheus or end-to-end subprocesses, in $(TEST_WORKERS)
# processes (docs/testing.md)
test-fast: install
	$(BYTECODE) $(PY) -m pytest -q -m "not integration" $(XDIST)

demo: install
	$(VENV)/bin/specdiag demo

bench: install prometheus
	$(PY) benchmarks/run_all.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info

# Two commands on a fresh machine: `make demo` and `make test`. Everything installs into .venv from
# constraints.txt (pinned, reproducible); no system service is needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: venv test demo lint format bench clean

venv: $(STAMP)

# kassist needs Python 3.11+ with its venv module: say so (and what to do) in one line before venv or
# pip fails on it. Debian and Ubuntu ship ensurepip (what venv installs pip with) in python3.X-venv;
# without it `python3 -m venv` printed ten lines and left a .venv without pip behind.
GOALS := $(or $(MAKECMDGOALS),venv)
$(STAMP): pyproject.toml constraints.txt
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
	  echo "kassist needs Python 3.11 or newer; '$(PYTHON)' is $$($(PYTHON) --version 2>/dev/null || echo missing)." \
	  "Run: make PYTHON=python3.11 $(GOALS)"; exit 1; }
	@$(PYTHON) -c 'import ensurepip, venv' 2>/dev/null || { \
	  echo "'$(PYTHON)' has no venv module with pip (ensurepip): on Debian and Ubuntu run" \
	  "sudo apt install python$$($(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])')-venv," \
	  "then make $(GOALS) again (or make PYTHON=<another python3.11+> $(GOALS))"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q --no-compile -c constraints.txt -e ".[dev,serve]"
	@# pip byte-compiles what it installs one file after another (~23 s of CPU for 10,756 files): the
	@# same files compiled here, one process per core. Every process the suite starts reads them (with
	@# PYTHONDONTWRITEBYTECODE set, as on the CI machine, nothing else would write them). A file that does
	@# not compile is left as pip leaves it (its own compile ignores failures too).
	$(BIN)/python -m compileall -qq -j 0 $$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])') || :
	touch $(STAMP)

# One pytest-xdist worker more than the machine has cores (3 on CI's 2), each with its own embedded
# PostgreSQL. A worker's tests wait part of the time with no process of theirs running (the kill and
# restart tests' sleeps and timeouts, servers coming up, sockets, fsyncs): ~420 s of the suite, measured
# by sampling each worker's process tree (session 35, docs/benchmarks.md "The suite's time"). With one
# worker per core those seconds left a core idle; the extra worker uses them, for ~20 s more CPU (its
# collection, PostgreSQL and shared servers) and ~0.8 GB more memory. PYTEST_WORKERS=2 is the old
# setting, PYTEST_WORKERS=0 runs the suite in one process. The slowest files go first and the 15
# slowest tests and files are listed at the end (tests/file_times_support.py: a file runs whole on
# one worker; xdist's own order, by number of tests, put the slowest last). The suite's budget is
# 15 minutes on 2 cores. langsmith's pytest plugin (installed with langsmith, used by no test) is not
# loaded: ~0.6 s of imports in each pytest process.
# At most 3 by default: each worker holds ~0.8 GB (its PostgreSQL, shared servers, zygote), and nproc
# reports a host's cores inside a container whose CPU quota is lower (65 workers on a 64-core host).
PYTEST_WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 2); echo $$(( n + 1 < 3 ? n + 1 : 3 )))
test: $(STAMP) browser compiled
	@$(BIN)/python tests/rewrite_support.py  # pytest's rewritten test modules, once (see the file)
	$(BIN)/python -m pytest -q -p no:cacheprovider -p no:langsmith_plugin -p tests.file_times_support \
	  -n $(PYTEST_WORKERS) --dist loadfile \
	  --no-loadscope-reorder --durations=15 $(PYTEST_ARGS)

# Our own modules byte-compiled once, in parallel, before anything runs them: with
# PYTHONDONTWRITEBYTECODE set (as on the CI machine) no __pycache__ is ever written, and every process
# the suite starts (servers, kassist children, langgraph dev) compiled them from source again.
# compileall writes them whatever that variable says; imports still read them (git ignores them).
COMPILED_DIRS := cli kassist checkpointer memory knowledge graph server tests
.PHONY: compiled
compiled: $(STAMP)
	$(BIN)/python -m compileall -q -j 0 $(COMPILED_DIRS)

# The operator console's browser tests drive Debian's chromium (tests/test_console_browser.py):
# installed here when missing and we run as root with apt; otherwise those tests skip, saying why.
# Only the browser, its driver and one font (what headless pages need): no recommended packages
# (systemd, udev, avahi and cups helpers came with them).
BROWSER_PACKAGES := chromium chromium-driver fonts-liberation
.PHONY: browser
browser:
	@if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing $(BROWSER_PACKAGES) for the console's browser tests (apt, --no-install-recommends)"; \
	  apt-get install -y -q --no-install-recommends $(BROWSER_PACKAGES) || \
	  { apt-get update -q && apt-get install -y -q --no-install-recommends $(BROWSER_PACKAGES); } || \
	  echo "could not install chromium: the console's browser tests will skip"; \
	else echo "chromium is not installed (and we are not root): the console's browser tests will skip"; fi

demo: $(STAMP) compiled
	$(BIN)/kassist demo

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: $(STAMP)
	$(BIN)/python bench/cli_startup.py
	$(BIN)/python bench/checkpointers.py
	@if [ -f bench/memory.py ]; then $(BIN)/python bench/memory.py; fi
	@if [ -f bench/embeddings.py ]; then $(BIN)/python bench/embeddings.py; fi
	@if [ -f bench/retrieval.py ]; then $(BIN)/python bench/retrieval.py; fi

# What make and the tools made (pip's build/ and kassist.egg-info/ too: make venv's editable
# install and README's `pip install /path/to/kassist` leave them in the checkout), never .kassist/:
# it holds the default database of every kassist command (threads, memories, documents, API keys),
# which `make clean` used to delete with the venv.
clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build kassist.egg-info
	@if [ -e .kassist ]; then echo "kept .kassist/ (the default database of kassist and make demo: your" \
	  "threads, memories and documents); rm -rf .kassist deletes it"; fi

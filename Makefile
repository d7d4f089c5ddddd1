# Two commands on a fresh machine: `make demo` and `make test`. Everything installs into .venv from
# constraints.txt (pinned, reproducible); no system service is needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: venv test demo lint format bench clean

venv: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -c constraints.txt -e ".[dev,serve]"
	touch $(STAMP)

# Two workers (pytest-xdist), each with its own embedded PostgreSQL: the suite takes about half as
# long on 2 cores. PYTEST_WORKERS=0 runs it in one process.
PYTEST_WORKERS ?= 2
test: $(STAMP)
	$(BIN)/python -m pytest -q -p no:cacheprovider -n $(PYTEST_WORKERS) --dist loadfile $(PYTEST_ARGS)

demo: $(STAMP)
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

clean:
	rm -rf $(VENV) .kassist .pytest_cache .mypy_cache .ruff_cache

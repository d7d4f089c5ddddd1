"""A finished run is told from its head checkpoint: ``kassist ingest`` again and ``kassist runs resume``
say it is finished and exit 0 without building the ingestion graph (issue 29: the ingestion and runs
commands start in under 1 s). Real subprocesses on a real SQLite file; what was imported is read
from the process's own ``sys.modules``. A run that is not finished still runs through the graph."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = """
import json, sys
from cli.main import app
code = 0
try:
    app(sys.argv[1:])
except SystemExit as exc:
    code = exc.code or 0
print(json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""
# What building or running the graph imports: LangGraph's runtime, langsmith's run trees, the nodes
# and their audit (datasketch, scipy), report (jinja2) and pipeline modules, the index, the model.
HEAVY_ROOTS = ("langsmith", "scipy", "datasketch", "jinja2", "onnxruntime", "tokenizers", "numpy")
HEAVY_PREFIXES = (
    "langgraph.graph", "langgraph.pregel", "langgraph.types", "graph.ingestion.graph",
    "graph.ingestion.nodes", "graph.ingestion.pipeline", "knowledge.index", "knowledge.embedders",
    "knowledge.audit", "memory",
)  # fmt: skip


def _kassist(args: list[str], env: dict[str, str]) -> tuple[int, str, set[str]]:
    done = subprocess.run(
        [sys.executable, "-P", "-c", PROBE, *args], env=env, capture_output=True, text=True, check=False
    )
    report = json.loads(done.stderr.strip().splitlines()[-1])
    return int(report["code"]), done.stdout, set(report["modules"])


def _heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in HEAVY_ROOTS or m.startswith(HEAVY_PREFIXES))


def _setup(tmp_path: Path) -> tuple[dict[str, str], list[str]]:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nNew joiners accrue 2.33 days of leave per month.\n")
    (docs / "travel.md").write_text("# Travel\n\nBook economy class for flights under six hours.\n")
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        COLUMNS="100",
        KASSIST_DATABASE_URL=f"sqlite:///{tmp_path / 'runs.db'}",
        KASSIST_REPORTS_DIR=str(tmp_path / "reports"),
    )
    ingest = ["ingest", str(docs), "--tenant", "acme", "--run-id", "r1", "--embedder", "hashing"]
    return env, [*ingest, "--batch-size", "1"]


def test_a_finished_run_says_so_without_building_the_graph(tmp_path: Path) -> None:
    env, ingest = _setup(tmp_path)
    code, out, modules = _kassist(ingest, env)
    assert code == 0, out
    assert "graph.ingestion.graph" in modules  # the first run did go through the graph

    for args in (ingest, ["runs", "resume", "r1", "--tenant", "acme"]):
        code, out, modules = _kassist(args, env)
        assert code == 0, (args, out)
        assert "run r1 already completed; not executed again" in out, out
        assert "2 documents indexed" in out, out  # the run's own counters, read from its head
        assert "graph.ingestion.runner" in modules  # it went through the runner ...
        assert not _heavy(modules), (args, _heavy(modules))  # ... which built no graph

    code, out, _ = _kassist([*ingest, "--json"], env)
    assert code == 0
    assert json.loads(out)["started"] == "finished"


def test_a_paused_run_still_runs_through_the_graph(tmp_path: Path) -> None:
    """Not finished (paused by --max-steps): the runner builds the graph and completes the run."""
    env, ingest = _setup(tmp_path)
    code, out, _ = _kassist([*ingest, "--max-steps", "2"], env)
    assert code == 8, out  # paused
    code, out, modules = _kassist(["runs", "resume", "r1", "--tenant", "acme"], env)
    assert code == 0, out
    assert "resuming run r1" in out and "already completed" not in out, out
    assert "graph.ingestion.graph" in modules
    code, out, modules = _kassist(["runs", "resume", "r1", "--tenant", "acme"], env)
    assert code == 0 and "already completed" in out, out
    assert not _heavy(modules), _heavy(modules)

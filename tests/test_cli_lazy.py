"""``kassist --help`` answers without importing langgraph or any component (real subprocesses), and
lists every command of the table with its one-line help; a command loads only its own module."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from cli.main import COMMANDS, app

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("langgraph", "langchain_core", "psycopg", "numpy", "checkpointer", "memory", "knowledge", "graph")

PROBE = """
import json, sys
from cli.main import app
try:
    app(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})), file=sys.stderr)
"""


def loaded_after(args: list[str]) -> tuple[str, set[str]]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="80")
    done = subprocess.run(
        [sys.executable, "-P", "-c", PROBE, *args], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout, set(json.loads(done.stderr.strip().splitlines()[-1]))


def test_help_lists_every_command_without_importing_them() -> None:
    output, modules = loaded_after(["--help"])
    assert not modules & set(HEAVY), modules & set(HEAVY)
    flat = " ".join(output.split())
    for name, (_target, help_line) in COMMANDS.items():
        assert name in output
        assert " ".join(help_line.split()[:3]) in flat


def test_a_command_imports_only_its_own_component() -> None:
    _, modules = loaded_after(["memory", "--help"])
    assert "memory" in modules
    assert not modules & {"checkpointer", "graph", "server"}, modules


def test_help_of_every_sub_app_through_the_runner() -> None:
    runner = CliRunner()
    for name in COMMANDS:
        result = runner.invoke(app, [name, "--help"])
        assert result.exit_code == 0, result.output


def test_help_promises_only_commands_that_exist() -> None:
    """Each sub-app's help ("Name: a, b (c), d.") names its commands; every one of them exists (the
    old checkpoints help promised a "retention" command there was not)."""
    from cli.main import load_command

    for name, (target, help_line) in COMMANDS.items():
        command = load_command(name, target)
        subcommands = getattr(command, "commands", None)
        if not subcommands:
            continue
        for text in (help_line, command.help or ""):
            promised = [item.split()[0] for item in text.split(":", 1)[1].rstrip(".").split(",")]
            assert set(promised) <= set(subcommands), (name, promised, sorted(subcommands))


def test_a_mistyped_command_gets_a_suggestion_from_the_table() -> None:
    result = CliRunner().invoke(app, ["memroy"])
    assert result.exit_code == 2 and "Did you mean 'memory'" in " ".join(result.output.split())


def test_memory_commands_load_neither_langgraph_nor_the_store_nor_the_screen(tmp_path: Path) -> None:
    """`kassist memory list` reads memories: it needs the manager, not the LangGraph store (whose
    BaseStore pulls in langchain-core) or the poisoning screen's phrase banks (compiled on the first
    screened write), about 0.8 s of start-up together."""
    probe = PROBE.replace("{m.split('.')[0] for m in sys.modules}", "set(sys.modules)")
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="80")
    url = f"sqlite:///{tmp_path / 'missing.db'}"
    done = subprocess.run(
        [sys.executable, "-P", "-c", probe, "memory", "list", "--tenant", "acme", "--user", "asha",
         "--database-url", url],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    modules = set(json.loads(done.stderr.strip().splitlines()[-1]))
    assert "memory.manager" in modules  # the command did import its component
    heavy = {m for m in modules if m.split(".")[0] in ("langgraph", "langchain_core")}
    heavy |= {m for m in modules if m.startswith(("memory.store", "memory.manager.screen.match"))}
    assert not heavy, sorted(heavy)


def test_runs_list_and_show_read_the_head_without_the_graph(tmp_path: Path) -> None:
    """`kassist runs list` and `runs show` read a run's head checkpoint and registry row: neither the
    ingestion graph (langgraph.graph, the nodes and their audit, pipeline and memory modules), nor
    the knowledge index, an embedder or onnxruntime (issue 29: the runs commands start in under 1 s)."""
    url = f"sqlite:///{tmp_path / 'runs.db'}"
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nNew joiners accrue 2.33 days of leave per month.\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="80", KASSIST_DATABASE_URL=url)
    ingest = ["ingest", str(docs), "--tenant", "acme", "--run-id", "r1", "--embedder", "hashing"]
    subprocess.run(
        [sys.executable, "-P", "-m", "cli.main", *ingest], env=env, capture_output=True, check=True
    )
    probe = PROBE.replace("{m.split('.')[0] for m in sys.modules}", "set(sys.modules)")
    for args in (["runs", "list", "--tenant", "acme"], ["runs", "show", "r1", "--tenant", "acme"]):
        done = subprocess.run(
            [sys.executable, "-P", "-c", probe, *args], env=env, capture_output=True, text=True, check=True
        )
        assert "completed" in done.stdout, done.stdout  # the command did read the run
        modules = set(json.loads(done.stderr.strip().splitlines()[-1]))
        assert "graph.ingestion.store" in modules
        heavy = {
            m
            for m in modules
            if m.split(".")[0] in ("onnxruntime", "tokenizers", "scipy", "datasketch", "jinja2", "langsmith")
            or m.startswith(("langgraph.graph", "langgraph.pregel", "graph.ingestion.runner"))
            or m.startswith(("graph.ingestion.nodes", "graph.ingestion.resources", "knowledge", "memory"))
        }
        assert not heavy, (args, sorted(heavy))

"""Every shell and Python example in README.md and docs/*.md runs as written (issue 15 §4).

Each document gets a scratch directory, whose ``.kassist/kassist.db`` is the default database the
examples use (no ``KASSIST_*`` variable leaks in from the environment);
``kassist`` on PATH is this checkout's command line. A document's Python blocks run in order as one
script (later blocks use earlier names), then its shell blocks run in order with ``bash -e``.
Paths in examples are relative to the repository root: the scratch directory links its entries.

A block that cannot run offline (a long-running server, an API key, minutes of benchmark) says so
on the line just before its fence, with a reason::

    <!-- docs-test: skip: needs a running langgraph dev server -->

Documents are found by glob, so a new docs/*.md page is tested without touching this file.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SKIP = re.compile(r"<!--\s*docs-test:\s*skip:\s*(?P<reason>[^>]*?)\s*-->")
FENCE = re.compile(r"^```(?P<lang>[\w-]*)[^\n]*\n(?P<body>.*?)^```", re.S | re.M)
SHELL = {"bash", "sh", "shell"}
# Python examples of these documents run in their own tests, with stronger assertions on output.
OWN_TEST = {"checkpointer.md": "test_checkpointer_docs.py", "memory-store.md": "test_memory_store_docs.py"}
# Runs a document's Python examples as one module; top-level ``await`` / ``async with`` allowed (the
# async APIs are shown the way a notebook or ``python -m asyncio`` runs them).
RUNNER = """
import ast, asyncio, inspect, sys
source = open(sys.argv[1]).read()
code = compile(source, sys.argv[1], "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT, dont_inherit=True)
result = eval(code, {"__name__": "__main__"})
if inspect.iscoroutine(result):
    asyncio.run(result)
"""
# Hidden from the scratch directory: state that must not leak in, and the project's own databases.
NOT_LINKED = {".git", ".kassist", ".langgraph_api", ".pytest_cache", ".mypy_cache", ".ruff_cache"}


@dataclass(frozen=True)
class Block:
    doc: Path
    line: int
    lang: str
    body: str
    skip: str | None


def blocks(doc: Path) -> list[Block]:
    text = doc.read_text()
    found = []
    for m in FENCE.finditer(text):
        before = text[: m.start()].rstrip().rsplit("\n", 1)[-1]
        marker = SKIP.search(before)
        if marker is not None:
            assert marker["reason"], f"{doc.name}: a docs-test skip marker needs a reason"
        line = text.count("\n", 0, m.start()) + 1
        found.append(Block(doc, line, m["lang"], m["body"], marker["reason"] if marker else None))
    return found


def test_skip_markers_stay_few() -> None:
    skipped = [b for doc in DOCS for b in blocks(doc) if b.skip]
    assert len(skipped) <= 15, [(b.doc.name, b.line, b.skip) for b in skipped]


def scratch(tmp_path: Path) -> dict[str, str]:
    for entry in ROOT.iterdir():
        if entry.name not in NOT_LINKED:
            (tmp_path / entry.name).symlink_to(entry)
    bin_dir = tmp_path / ".bin"
    bin_dir.mkdir()
    wrapper = bin_dir / "kassist"
    wrapper.write_text(f'#!/bin/sh\nexec {sys.executable} -P -m kassist.cli "$@"\n')
    wrapper.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KASSIST_", "OPENAI_"))}
    env |= {
        "PATH": f"{bin_dir}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        "PYTHONPATH": str(ROOT),
        "COLUMNS": "80",
    }
    return env


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.name)
def test_examples_run(doc: Path, tmp_path: Path) -> None:
    runnable = [b for b in blocks(doc) if not b.skip]
    python = [b for b in runnable if b.lang == "python" and doc.name not in OWN_TEST]
    shell = [b for b in runnable if b.lang in SHELL]
    if not python and not shell:
        pytest.skip(f"{doc.name} has no runnable shell or Python example")
    env = scratch(tmp_path)
    if python:
        script = "\n\n".join(f"# --- {doc.name} line {b.line}\n{b.body}" for b in python)
        (tmp_path / "docs_example.py").write_text(script)
        done = subprocess.run(
            [sys.executable, "-P", "-c", RUNNER, "docs_example.py"], cwd=tmp_path, env=env,
            capture_output=True, text=True, timeout=600, check=False,
        )  # fmt: skip
        assert done.returncode == 0, (
            f"{doc.name} Python examples failed:\n{done.stdout}\n{done.stderr[-4000:]}"
        )
    for b in shell:
        done = subprocess.run(
            ["bash", "-e", "-o", "pipefail", "-c", b.body], cwd=tmp_path, env=env,
            capture_output=True, text=True, timeout=600, check=False,
        )  # fmt: skip
        assert done.returncode == 0, (
            f"{doc.name} line {b.line} failed ({done.returncode}):\n{b.body}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        )


MERMAID = re.compile(r"<!-- mermaid: (?P<target>[\w.]+:\w+)[^>]*-->\n```mermaid\n(?P<body>.*?)```", re.S)


def test_graph_pictures_are_what_langgraph_draws() -> None:
    """A diagram marked ``<!-- mermaid: module:graph -->`` is the compiled graph's own drawing."""
    import importlib

    found = [m for doc in DOCS for m in MERMAID.finditer(doc.read_text())]
    assert found, "README's concepts section shows the graph"
    for m in found:
        module, attribute = m["target"].split(":")
        drawn = getattr(importlib.import_module(module), attribute).get_graph().draw_mermaid()
        assert m["body"].strip() == drawn.strip(), f"redraw {m['target']} into the docs"

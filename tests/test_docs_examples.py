"""Every shell and Python example in README.md and docs/*.md runs as written (issue 15 §4).

Each document gets a scratch directory, whose ``.kassist/kassist.db`` is the default database the
examples use (no ``KASSIST_*`` variable leaks in from the environment);
``kassist`` on PATH is this checkout's command line (``python -P -m cli.main``; in
:func:`test_examples_run`, a child of the worker's zygote through tests/zygote_client.py, which
execs that command itself where a forked child would differ: the ~40 commands of the docs paid
~1.3 s of imports each. The console script itself runs in test_wheel and the newcomer tests). A document's blocks run in the order a reader
meets them: its Python blocks in one interpreter (later blocks use earlier names), its shell blocks
with ``bash -e`` in between. Paths in examples are relative to the repository root: the scratch
directory links the repository's own entries (those git tracks), never what the user made in the
checkout (the ``corpus/`` and ``reports/`` of README's commands run by hand): an example would
find them in its way, or write into them through the link.

A block that cannot run offline (an API key, minutes of benchmark) says so on the line just before
its fence, with a reason::

    <!-- docs-test: skip: needs an API key -->

A server example is a shell block marked ``<!-- docs-test: server: NAME ... -->`` (it ingests what the
server needs, then starts it) and its clients are blocks marked ``<!-- docs-test: client: NAME ... -->``:
:func:`test_server_examples` runs the server block in the background, waits until it answers, runs
the clients against it and stops it. A document's servers run one after another in one scratch
directory of their own (its default database fresh for the first), as a reader follows the
document: what the first server block ingests, the next finds unchanged instead of embedding it
again. The only edit to the text is the port (a free one instead of the documented one).

Documents are found by glob, so a new docs/*.md page is tested without touching this file.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
from contextlib import suppress
from dataclasses import dataclass, replace
from pathlib import Path

import httpx
import pytest
import zygote

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SKIP = re.compile(r"<!--\s*docs-test:\s*(?P<role>skip|server|client):\s*(?P<reason>[^>]*?)\s*-->")
FENCE = re.compile(r"^```(?P<lang>[\w-]*)[^\n]*\n(?P<body>.*?)^```", re.S | re.M)
SHELL = {"bash", "sh", "shell"}
# Python examples of these documents run in their own tests, with stronger assertions on output.
OWN_TEST = {"checkpointer.md": "test_checkpointer_docs.py", "memory-store.md": "test_memory_store_docs.py"}
# Runs a document's Python examples as one module; top-level ``await`` / ``async with`` allowed (the
# async APIs are shown the way a notebook or ``python -m asyncio`` runs them).
RUNNER = """
import ast, asyncio, inspect, json, subprocess, sys
steps = json.load(open(sys.argv[1]))
namespace = {"__name__": "__main__"}
loop = asyncio.new_event_loop()  # one loop: an object an async block opens serves the next blocks
for step in steps:
    print(f"--- {step['where']}", flush=True)
    if step["lang"] != "python":
        done = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", step["body"]])
        if done.returncode:
            sys.exit(f"{step['where']} failed ({done.returncode})")
        continue
    code = compile(step["body"], step["where"], "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT, dont_inherit=True)
    result = eval(code, namespace)
    if inspect.iscoroutine(result):
        loop.run_until_complete(result)
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
    role: str | None = None  # "server" / "client" (of ``server``, its name): run by test_server_examples
    server: str | None = None


def blocks(doc: Path) -> list[Block]:
    text = doc.read_text()
    found = []
    for m in FENCE.finditer(text):
        before = text[: m.start()].rstrip().rsplit("\n", 1)[-1]
        marker = SKIP.search(before)
        if marker is not None:
            assert marker["reason"], f"{doc.name}: a docs-test marker needs a reason (or a server name)"
        line = text.count("\n", 0, m.start()) + 1
        if marker is not None and marker["role"] != "skip":
            name = re.sub(r"\s*\(.*", "", marker["reason"])  # "langgraph dev (what it shows)"
            found.append(Block(doc, line, m["lang"], m["body"], None, marker["role"], name))
        else:
            found.append(Block(doc, line, m["lang"], m["body"], marker["reason"] if marker else None))
    return found


def test_skip_markers_stay_few() -> None:
    skipped = [b for doc in DOCS for b in blocks(doc) if b.skip]
    assert len(skipped) <= 15, [(b.doc.name, b.line, b.skip) for b in skipped]


def repository_entries() -> list[Path]:
    """The checkout's top-level entries the repository holds: git's tracked names (every entry but
    NOT_LINKED outside a git checkout, e.g. an unpacked sdist)."""
    entries = [e for e in ROOT.iterdir() if e.name not in NOT_LINKED]
    try:
        done = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True, timeout=60)
    except (OSError, subprocess.SubprocessError):  # no git here
        return entries
    if done.returncode != 0:
        return entries
    tracked = {path.split("/", 1)[0] for path in done.stdout.decode().split("\0") if path}
    return [e for e in entries if e.name in tracked]


def scratch(tmp_path: Path, forked: bool = False) -> dict[str, str]:
    """The scratch folder's links and environment, and its ``kassist`` (``forked``: through a zygote)."""
    for entry in repository_entries():
        (tmp_path / entry.name).symlink_to(entry)
    bin_dir = tmp_path / ".bin"
    bin_dir.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KASSIST_", "OPENAI_"))}
    # Except the suite's folder for the screen's bank vectors (conftest, docs/cli.md): read bit for bit
    # as embedded, keyed by model, runtime and bank text, so an example's output is the same; without
    # it each example process that screens a memory embeds the banks again (~1 s of CPU, 7 in a run).
    if os.environ.get("KASSIST_CACHE_DIR"):
        env["KASSIST_CACHE_DIR"] = os.environ["KASSIST_CACHE_DIR"]
    env |= {
        "PATH": f"{bin_dir}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        "PYTHONPATH": str(ROOT),
        "COLUMNS": "80",
    }
    command = f"{shlex.quote(sys.executable)} -P -m cli.main"
    if forked and zygote.SUPPORTED:  # -S -E -s -B: standard library only, no bytecode written
        client = f"{shlex.quote(str(zygote.CLIENT))} {shlex.quote(str(zygote.serving(env)))}"
        command = f"{shlex.quote(sys.executable)} -S -E -s -B {client}"
    wrapper = bin_dir / "kassist"
    wrapper.write_text(f'#!/bin/sh\nexec {command} "$@"\n')
    wrapper.chmod(0o755)
    return env


def steps_file(folder: Path, steps: list[Block], name: str = "docs_example.json") -> str:
    """The blocks as the runner's steps (``where`` names the document and line in failures)."""
    data = [{"where": f"{b.doc.name} line {b.line}", "lang": b.lang, "body": b.body} for b in steps]
    (folder / name).write_text(json.dumps(data))
    return name


@pytest.mark.timeout(900)  # README's ingestion job embeds 60 documents on the CPU; slower on a busy machine
@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.name)
def test_examples_run(doc: Path, tmp_path: Path) -> None:
    steps = [
        b for b in blocks(doc)
        if not b.skip and b.role is None
        and ((b.lang == "python" and doc.name not in OWN_TEST) or b.lang in SHELL)
    ]  # fmt: skip
    if not steps:
        pytest.skip(f"{doc.name} has no runnable shell or Python example")
    env = scratch(tmp_path, forked=True)
    done = subprocess.run(
        [sys.executable, "-P", "-c", RUNNER, steps_file(tmp_path, steps)], cwd=tmp_path, env=env,
        capture_output=True, text=True, timeout=900, check=False,
    )  # fmt: skip
    assert done.returncode == 0, f"{doc.name} examples failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"


# In the order a reader meets them: a document's servers share a scratch directory (below).
SERVERS = list(dict.fromkeys((b.doc, b.server) for doc in DOCS for b in blocks(doc) if b.role == "server"))
PORT = re.compile(r"(--port |127\.0\.0\.1:)(\d{4,5})\b")


@pytest.fixture(scope="module")
def server_folders() -> dict[Path, tuple[Path, dict[str, str]]]:
    """Per document, the scratch directory (and environment) its server examples share."""
    return {}


@pytest.mark.timeout(600)
@pytest.mark.parametrize(("doc", "server"), SERVERS, ids=[f"{d.name}:{s}" for d, s in SERVERS])
def test_server_examples(
    doc: Path,
    server: str,
    server_folders: dict[Path, tuple[Path, dict[str, str]]],
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The document's server block, as written but for the port, in the document's scratch
    directory for servers (the first server's fresh); then its clients, in order, against it."""
    found = [b for b in blocks(doc) if b.server == server]
    [start] = [b for b in found if b.role == "server"]
    clients = [b for b in found if b.role == "client"]
    assert clients, f"{doc.name}: the server {server!r} has no client example"
    port = free_port()
    if doc not in server_folders:
        folder = tmp_path_factory.mktemp(f"servers-{doc.stem}")
        server_folders[doc] = (folder, scratch(folder))
    tmp_path, env = server_folders[doc]
    name = re.sub(r"\W+", "-", server)
    log_path = tmp_path / f"{name}.log"
    with log_path.open("wb") as log:
        proc = subprocess.Popen(
            ["bash", "-e", "-o", "pipefail", "-c", PORT.sub(rf"\g<1>{port}", start.body)],
            cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        try:
            wait_until_serving(proc, port, log_path, server)
            moved = [replace(b, body=PORT.sub(rf"\g<1>{port}", b.body)) for b in clients]
            done = subprocess.run(
                [sys.executable, "-P", "-c", RUNNER, steps_file(tmp_path, moved, f"{name}-clients.json")], cwd=tmp_path,
                env=env, capture_output=True, text=True, timeout=300, check=False,
            )  # fmt: skip
        finally:
            stop_session(proc)
    assert done.returncode == 0, (
        f"{doc.name} {server} clients failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}\n"
        f"server log:\n{log_path.read_text()[-3000:]}"
    )
    for text in EXPECTED_OUTPUT.get((doc.name, server), []):  # what the clients' comments say they print
        assert text in done.stdout.lower(), done.stdout


# What the clients print, per their comments in the document.
EXPECTED_OUTPUT = {
    ("README.md", "langgraph dev"): ["leave policy handbook 2026"],
    ("README.md", "kassist serve"): ["probation"],
}


def stop_session(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the session we started (bash and the server it runs), SIGKILL after 20 s."""
    with suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    with suppress(ProcessLookupError):  # a server that outlived its bash
        os.killpg(proc.pid, signal.SIGKILL)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until_serving(proc: subprocess.Popen[bytes], port: int, log: Path, what: str) -> None:
    """Until ``/ok`` answers 200 (the block ingests first, then the server starts)."""
    deadline = time.monotonic() + 300
    while True:
        if proc.poll() is not None:
            pytest.fail(f"{what} exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/ok", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, f"{what} not serving after 300 s:\n{log.read_text()[-3000:]}"
        time.sleep(0.5)


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


def test_the_activated_venv_puts_the_readmes_commands_on_path() -> None:
    """README's quick start: `source .venv/bin/activate` puts `kassist` and `langgraph` on PATH (the
    examples here call a wrapper instead), and both answer --help from the environment's bin."""
    text = (ROOT / "README.md").read_text()
    assert "source .venv/bin/activate   # puts kassist and langgraph on PATH" in text
    bin_dir = Path(sys.executable).parent  # the environment the suite runs in (make: .venv/bin)
    for tool in ("kassist", "langgraph"):
        done = subprocess.run(
            [str(bin_dir / tool), "--help"], capture_output=True, text=True, timeout=120, check=False
        )
        assert done.returncode == 0, f"{bin_dir / tool}: {done.stderr[-2000:]}"

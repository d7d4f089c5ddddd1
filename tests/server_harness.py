"""Start real servers for the server tests: ``langgraph dev`` on the repo's langgraph.json, isolated
in a temp directory, with two API keys (tenants ``acme`` and ``globex``)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from databases import fresh_database
from zygote import Child

ROOT = Path(__file__).resolve().parent.parent
ACME_KEY = "acme-key-0123456789abcdef"
GLOBEX_KEY = "globex-key-0123456789abcdef"
ACME_ADMIN_KEY = "acme-admin-key-0123456789abcdef"
KEYS = {
    ACME_KEY: {"identity": "alice", "tenant_id": "acme"},
    GLOBEX_KEY: {"identity": "bob", "tenant_id": "globex"},
    ACME_ADMIN_KEY: {"identity": "olga", "tenant_id": "acme", "role": "admin"},
}
ERIN_KEY = "acme-erin-key-0123456789abcdef"
"""A second member of acme (another member's thread is "not found" to a member): ten probe files
each defined it and ``{**KEYS, ERIN_KEY: ...}``; serve ``WITH_ERIN`` as KASSIST_API_KEYS instead."""
WITH_ERIN = {**KEYS, ERIN_KEY: {"identity": "erin", "tenant_id": "acme"}}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


TENANTS = ("acme", "globex")


def server_env(db_url: str, ingest_root: Path | None = None) -> dict[str, str]:
    """A server's environment on ``db_url``; served ingestion runs read only under
    ``ingest_root/<tenant>`` (graph/ingestion/served.py), and nothing without one."""
    env = {**os.environ, "KASSIST_DATABASE_URL": db_url, "KASSIST_API_KEYS": json.dumps(KEYS)}
    # langgraph-cli posts usage analytics from a thread of its own while langgraph dev starts: a network
    # call the tests have no business making (the machine's network is closed), and the one other thread
    # alive while uvicorn sets logging up - a langgraph dev of the session-36 clean clone died there
    # ("'StreamHandler' object has no attribute 'lock'" in logging's shutdown of a half-made handler).
    env["LANGGRAPH_CLI_NO_ANALYTICS"] = "1"
    for name in ("KASSIST_API_KEYS_FILE", "KASSIST_TENANT", "KASSIST_NOTIFY_HOSTS", "KASSIST_INGEST_ROOT"):
        env.pop(name, None)
    env.pop("KASSIST_INGEST_ROOT_SHARED", None)
    if ingest_root is not None:
        env["KASSIST_INGEST_ROOT"] = str(ingest_root)
    return env


def tenant_corpus(tmp_path: Path) -> Path:
    """An ingestion root with each tenant's own copy of the shipped handbook:
    ``<root>/<tenant>/files`` (24 documents), what :func:`corpus_of` names."""
    root = tmp_path / "ingest-root"
    for tenant in TENANTS:
        if not (root / tenant / "files").exists():
            shutil.copytree(ROOT / "knowledge" / "corpus" / "files", root / tenant / "files")
    return root


def corpus_of(tmp_path: Path, tenant: str) -> Path:
    """``tenant``'s copy of the shipped handbook under :func:`tenant_corpus`'s root."""
    return tmp_path / "ingest-root" / tenant / "files"


def isolated_config(tmp_path: Path) -> Path:
    """The repo's langgraph.json with its relative paths made absolute, so the server's working files
    (.langgraph_api/) go to a temp dir instead of the shared source tree."""
    config = json.loads((ROOT / "langgraph.json").read_text())
    config["dependencies"] = [str(ROOT)]
    config["graphs"] = {k: str(ROOT / v.removeprefix("./")) for k, v in config["graphs"].items()}
    # The tenancy tests drive the tiny document graph (one cheap step a run); it is not a product graph.
    config["graphs"].setdefault("documents", str(ROOT / "tests/doc_steps.py:graph"))
    config["auth"]["path"] = str(ROOT / config["auth"]["path"].removeprefix("./"))
    path = tmp_path / "langgraph.json"
    path.write_text(json.dumps(config))
    return path


def wait_ready(
    proc: subprocess.Popen[bytes], url: Callable[[], str], log: Path, what: str, timeout: float = 45.0
) -> None:
    """Poll ``url()`` until it answers 200; fail with the server's log if it exits or stays silent."""
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            text = log.read_text()
            if "address already in use" in text.lower():
                pytest.skip(f"the port was taken by another process: {text[-300:]}")
            pytest.fail(f"{what} exited with {proc.returncode}:\n{text[-3000:]}")
        try:
            if httpx.get(url(), timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            pytest.fail(f"{what} not ready in {timeout:.0f} s:\n{log.read_text()[-3000:]}")
        time.sleep(0.25)


def log_of(log_dir: Path, what: str) -> Path:
    """Where :func:`running` writes the output of the server it calls ``what``."""
    return log_dir / f"{what.replace(' ', '_')}.log"


@dataclass(frozen=True)
class Served:
    """A started server: what a caller that must tell it alive from dead needs besides its URL
    (its process: another server may take its port once it has exited; its log)."""

    base: str
    db_url: str
    proc: subprocess.Popen[bytes]
    log: Path


@contextmanager
def running(
    argv: list[str], *, cwd: Path, log_dir: Path, env: dict[str, str], ready: Callable[[], str], what: str
) -> Iterator[subprocess.Popen[bytes]]:
    """Run ``argv`` until the block ends and yield its process; ``ready()`` is the URL that answers
    200 once it serves (asked again on every poll: a server may announce a different port than it
    was given). Its output goes to :func:`log_of` ``(log_dir, what)``. A ``kassist serve``
    (``python -m server.langserve_app``) is forked by the test process's zygote (tests/zygote.py: a real
    process, without ~2 s of CPU of imports) where its environment lets it; anything else is exec'd."""
    log_path = log_of(log_dir, what)
    with log_path.open("w") as log:
        proc = Child(argv, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_ready(proc, ready, log_path, what)
            yield proc
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def langgraph_dev_argv(tmp_path: Path, port: int) -> list[str]:
    """The command line of ``langgraph dev`` on the repo's langgraph.json (isolated in ``tmp_path``)."""
    cli = shutil.which("langgraph", path=str(Path(sys.executable).parent))
    if cli is None or importlib.util.find_spec("langgraph_runtime_inmem") is None:
        pytest.skip("langgraph-cli[inmem] is not installed in this environment")
    argv = [cli, "dev", "--no-browser", "--no-reload", "--port", str(port)]
    return [*argv, "--config", str(isolated_config(tmp_path))]


def langgraph_dev_refusing(tmp_path: Path, env: Mapping[str, str]) -> str:
    """The log of a ``langgraph dev`` that must not start with ``env`` added to :func:`server_env`
    (a bad setting): asserts it exited non-zero, returns its stdout and stderr."""
    done = subprocess.run(
        langgraph_dev_argv(tmp_path, free_port()),
        cwd=tmp_path,
        env={**server_env(f"sqlite:///{tmp_path / 'k.db'}"), **env},
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert done.returncode != 0, done.stdout + done.stderr
    return done.stdout + done.stderr


@contextmanager
def langgraph_dev(tmp_path: Path, env: dict[str, str] | None = None) -> Iterator[tuple[str, str]]:
    """``(base_url, database_url)`` of a ``langgraph dev`` serving the repo's langgraph.json on a fresh
    SQLite file, its ingestion root :func:`tenant_corpus` (each tenant's own handbook: see
    :func:`corpus_of`); ``env`` adds to (or overrides) :func:`server_env`."""
    with serving_langgraph_dev(tmp_path, env) as served:
        yield served.base, served.db_url


@contextmanager
def serving_langgraph_dev(tmp_path: Path, env: dict[str, str] | None = None) -> Iterator[Served]:
    """:func:`langgraph_dev`, with its process and log."""
    db_url = f"sqlite:///{tmp_path / 'kassist.db'}"
    port = free_port()
    argv = langgraph_dev_argv(tmp_path, port)
    log = log_of(tmp_path, "langgraph dev")

    def base() -> str:
        # When the port is taken between free_port() and the bind, langgraph dev does not fail: it
        # logs "Port P is already in use, using port Q instead" and serves on Q.
        moved = re.search(r"already in use, using port (\d+)", log.read_text()) if log.exists() else None
        return f"http://127.0.0.1:{moved.group(1) if moved else port}"

    with running(
        argv,
        cwd=tmp_path,
        log_dir=tmp_path,
        env={**server_env(db_url, tenant_corpus(tmp_path)), **(env or {})},
        ready=lambda: f"{base()}/ok",
        what="langgraph dev",
    ) as proc:
        yield Served(base(), db_url, proc, log)


@contextmanager
def backend_database(request: pytest.FixtureRequest, tmp: Path, name: str) -> Iterator[str]:
    """The database of a module's server for ``request.param`` (``"sqlite"``: a file in ``tmp``;
    ``"postgres"``: a fresh database ``name`` on the suite's server, dropped afterwards)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp / 'kassist.db'}"
        return
    with fresh_database(str(request.getfixturevalue("pg_server_url")), name) as url:
        yield url


@contextmanager
def kassist_serve(
    tmp_path: Path,
    db_url: str | None = None,
    *,
    env: Mapping[str, str | None] | None = None,
    env_db_url: str | None = None,
) -> Iterator[str]:
    """The base URL of :func:`serving_kassist`'s server."""
    with serving_kassist(tmp_path, db_url, env=env, env_db_url=env_db_url) as served:
        yield served.base


@contextmanager
def serving_kassist(
    tmp_path: Path,
    db_url: str | None = None,
    *,
    env: Mapping[str, str | None] | None = None,
    env_db_url: str | None = None,
) -> Iterator[Served]:
    """A ``kassist serve`` (LangServe app, runs API, console: its base URL, database, process and log)
    on ``db_url`` (given with ``--database-url``; default a fresh SQLite file in ``tmp_path``), with
    the hashing embedder,
    no language model, reports and uploads under ``tmp_path`` (``reports/``, ``uploads/``).
    ``env`` adds to (or overrides; None: removes) :func:`server_env`; ``env_db_url`` is the
    environment's ``KASSIST_DATABASE_URL`` when it should differ from ``db_url``."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    db_url = db_url or f"sqlite:///{tmp_path / 'kassist.db'}"
    environment = server_env(env_db_url or db_url)
    environment.update({"KASSIST_EMBEDDER": "hashing", "OPENAI_API_KEY": "", "OPENAI_BASE_URL": ""})
    environment.update(
        {"KASSIST_REPORTS_DIR": str(tmp_path / "reports"), "KASSIST_UPLOADS_DIR": str(tmp_path / "uploads")}
    )
    for name, value in (env or {}).items():
        if value is None:
            environment.pop(name, None)
        else:
            environment[name] = value
    argv = [sys.executable, "-m", "server.langserve_app", "--port", str(port), "--database-url", db_url]
    with running(
        argv, cwd=ROOT, log_dir=tmp_path, env=environment, ready=lambda: f"{base}/ok", what="kassist serve"
    ) as proc:
        yield Served(base, db_url, proc, log_of(tmp_path, "kassist serve"))

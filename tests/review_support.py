"""What the review race tests share: a document whose audit finding stops a run at its review, and
a LangChain callback that acts at the exact moment one node's task ends (its writes not yet
checkpointed) - the graph's own config, nothing of ours replaced.

And what session 33's probes and reviews of a served run share: two tenants' folders under one
ingestion root, a member's run accepted by the runs API and carried out as the server's worker does,
a folder swapped for a link to another tenant's, what ended up indexed, and a cron schedule's
firings as langgraph-api's scheduler computes them.

And what session 34's probes and reviews of held documents and chunk settings share: a policy changed
while a run waits for its review, an admin's collection made through the runs API, the documents a
search finds, a one-route HTTP server (an upstream that refuses), and a served run's review approved
from the operator's shell.

And what session 35's probes of langgraph dev runs and threads share: a served folder of one-page
documents and the settings a client sends for it, a door's answer (its refusal as '<status> <detail>'),
``kassist serve``'s app in process on a shared database and one turn through it, and what the
full-text index finds of a word in either backend."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any
from uuid import UUID

import pytest
from croniter import croniter
from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.runnables import RunnableConfig
from raw_sql import raw
from typer.testing import CliRunner, Result

from cli.main import app
from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources, bind
from graph.ingestion.runner import RunOutcome, config_for, execute
from graph.ingestion.state import Settings
from server import run_reports
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.names import ApiError
from server.runs.service import RunsService

if TYPE_CHECKING:
    import httpx
    from fastapi import FastAPI

# A private key in a document is a critical finding: the run waits for a person's review.
KEY_DOC = (
    "# Deploy notes\n\nUse this key for prod:\n-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEA7bq98Kj3lm2vW0cUKx9D8s7K2x1Yt5pZ0a1b2c3d4e5f6g7h8i9j\n-----END RSA PRIVATE KEY-----\n"
)


class AtNodeEnd(BaseCallbackHandler):
    """Calls ``act`` once, when ``node``'s task ends (before the superstep's checkpoint), and keeps
    what it answered: its own line, or the API's refusal as '<status> <detail>'."""

    def __init__(self, node: str, act: Callable[[], str]) -> None:
        self.node = node
        self.act = act
        self.tasks: set[UUID] = set()
        self.answers: list[str] = []

    def on_chain_start(
        self,
        serialized: dict[str, Any] | None,
        inputs: Any,
        *,
        run_id: UUID,
        tags: list[str] | None = None,
        metadata: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        task = any(tag.startswith("graph:step") for tag in tags or [])
        if task and (metadata or {}).get("langgraph_node") == self.node:
            self.tasks.add(run_id)

    def on_chain_end(self, outputs: Any, *, run_id: UUID, **kwargs: Any) -> None:
        if run_id not in self.tasks or self.answers:
            return
        self.answers.append(answered(self.act))


def answered(act: Callable[[], object]) -> str:
    """What a door answered: ``act``'s result as text, or the runs API's refusal as '<status> <detail>'."""
    try:
        return str(act())
    except ApiError as refused:
        return f"{refused.status} {refused.detail}"


PAGE = "# Page {name}\n\nPage {name} of the office handbook.\n"


def served_pages(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    names: str = "abc",
    folder: str = "docs",
    page: str = PAGE,
) -> Path:
    """acme's folder ``folder`` of one-page documents, ``<name>.md`` for each letter of ``names`` (``page``
    with the letter as ``{name}``), under a served ingestion root (KASSIST_INGEST_ROOT set for the test):
    a langgraph dev run's source, one batch a page (:func:`dev_settings`)."""
    root = tmp_path / "root"
    docs = root / "acme" / folder
    docs.mkdir(parents=True)
    for name in names:
        (docs / f"{name}.md").write_text(page.format(name=name))
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(root))
    return docs


def dev_settings(docs: Path, collection: str = "c") -> dict[str, Any]:
    """The settings a langgraph dev client sends for ``docs``: the hashing embedder, one page a batch."""
    return {"source": str(docs), "collection": collection, "embedder": "hashing", "batch_size": 1}


def key_docs(tmp_path: Path) -> Path:
    """A source folder of one document holding :data:`KEY_DOC`: its run stops at the review."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "deploy.md").write_text(KEY_DOC)
    return docs


def wait_for_review(res: Resources, docs: Path, tenant: str, run: str) -> None:
    """Run ``run`` of ``docs`` (the hashing embedder) until it waits for a person's review."""
    settings = Settings(source=str(docs), collection="c", embedder="hashing")
    assert execute(res, tenant, run, settings=settings).started == "needs_review"


# Another tenant's file: it must never be indexed in acme's collection.
SECRET = "GLOBEX ONLY: the chief executive's salary is 900,000 zebras."
ALICE = Principal(identity="alice", tenant_id="acme", role="member")


def tenant_folders(tmp_path: Path, path: str = "docs") -> tuple[Path, Path, Path]:
    """``(root, acme's folder, globex's folder)``: ``root/<tenant>/<path>`` made for both tenants
    (the ingestion root a server's ``KASSIST_INGEST_ROOT`` names)."""
    root = tmp_path / "root"
    acme, globex = root / "acme" / path, root / "globex" / path
    acme.mkdir(parents=True)
    globex.mkdir(parents=True)
    return root, acme, globex


def four_pages_and_globex_d(acme: Path, globex: Path) -> None:
    """a.md to d.md in acme's folder and globex's own d.md, holding :data:`SECRET`. With one page per
    batch a batch loads the next two ahead, never d.md before a swap made after discover."""
    for name in "abcd":
        (acme / f"{name}.md").write_text(f"# {name.upper()}\n\nPage {name} of the office handbook.\n")
    (globex / "d.md").write_text(f"# D\n\n{SECRET}\n")


def swap_for_link(folder: Path, target: Path, kept: str = "docs.before") -> None:
    """The member's swap: ``folder`` renamed to ``kept`` (beside it), a link to ``target`` in its place."""
    folder.rename(folder.with_name(kept))
    folder.symlink_to(target, target_is_directory=True)


def served_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, root: Path) -> None:
    """The server's settings in this process's environment: its ingestion root and uploads folder."""
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(root))
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "up"))


def served_run(
    tmp_path: Path,
    body: CreateRun,
    *,
    within: bool = False,
    stop: threading.Event | None = None,
    mark_done: bool = True,
) -> tuple[str, RunOutcome]:
    """acme's member alice's ``body`` accepted by the runs API (``RunsService.create``, the settings of
    this process's environment: :func:`served_env`), then carried out once as the server's worker does:
    its registered settings and ``max_steps``, read within the folder the server serves it when
    ``within``, stopped after its first node when ``stop`` is set, its job marked done at the end when
    ``mark_done``. ``(database URL, outcome)``; one SQLite file in ``tmp_path``, closed again."""
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    res = Resources.open(url, reports_dir=tmp_path / "reports")
    try:
        service = RunsService(res, RunsConfig.from_env(os.environ))
        service.create(ALICE, body, None)
        jobs = JobStore(res.runs).for_tenant("acme")
        job = jobs.get(body.run_id or "")
        assert job is not None and job.settings is not None
        outcome = execute(
            res,
            "acme",
            job.run_id,
            settings=Settings.model_validate(job.settings),
            max_steps=job.max_steps,
            stop=stop,
            within=service.served_folder(job) if within else None,
            on_finish=(lambda _: jobs.done(job.run_id, job.seq)) if mark_done else None,
        )
    finally:
        res.close()
    return url, outcome


def resume_after_swap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, path: str, swap: str, *, root_in_shell: bool = True
) -> tuple[Result, dict[str, str]]:
    """The command line's resume of a served run whose folder (or a parent) was swapped for a link.

    acme's member's run of ``root/acme/<path>`` (:func:`four_pages_and_globex_d`, one page per batch)
    accepted by the runs API and paused after its discover, as the server's worker leaves it; then
    the member swaps ``swap`` (``path`` itself or a parent of it, inside acme's folder) for a link to
    globex's; then the operator's ``kassist runs resume r --tenant acme`` in process (typer's runner),
    from a shell with the server's ``KASSIST_INGEST_ROOT`` unless not ``root_in_shell``.
    ``(the command's result, acme's collection c: path -> text)``."""
    root, acme, globex = tenant_folders(tmp_path, path)
    four_pages_and_globex_d(acme, globex)
    served_env(monkeypatch, tmp_path, root)
    options = RunOptions(embedder="hashing", batch_size=1, max_steps=1)  # discover only
    url, first = served_run(tmp_path, CreateRun(path=path, collection="c", run_id="r", options=options))
    assert (first.state.status, first.state.batch_cursor) == ("paused", 0), first.state
    swap_for_link(root / "acme" / swap, root / "globex" / swap, kept=f"{Path(swap).name}.before")
    if not root_in_shell:  # the operator's shell, not the server's service unit
        monkeypatch.delenv("KASSIST_INGEST_ROOT")
    done = CliRunner().invoke(app, ["runs", "resume", "r", "--tenant", "acme", "--database-url", url])
    return done, indexed_at(url, tmp_path)


def indexed(res: Resources, collection: str = "c", tenant: str = "acme") -> dict[str, str]:
    """Each document of ``tenant``'s ``collection`` (hashing embedder) with its text, its chunks joined."""
    kb = res.index("hashing").for_tenant(tenant)
    return {
        path: " ".join(chunk.text or "" for chunk in kb.document(path, collection, text=True).outline)
        for _, path in kb.documents(collection)
    }


def indexed_at(url: str, tmp_path: Path, collection: str = "c") -> dict[str, str]:
    """:func:`indexed` of acme's ``collection`` in the database at ``url`` (opened and closed again)."""
    res = Resources.open(url, reports_dir=tmp_path / "reports")
    try:
        return indexed(res, collection)
    finally:
        res.close()


def document_text(res: Resources, path: str, collection: str = "c") -> str | None:
    """The text of acme's ``path`` in ``collection`` (its chunks joined); None when it is not indexed."""
    try:
        document = res.index("hashing").for_tenant("acme").document(path, collection, text=True)
    except LookupError:
        return None
    return " ".join(chunk.text or "" for chunk in document.outline)


def member_config(res: Resources, run: str, identity: str = "maria") -> RunnableConfig:
    """acme's ``run`` config as ``langgraph dev`` gives it: an authenticated member in its configurable
    (so the nodes check the client's settings: ``check_served``)."""
    config = bind(config_for("acme", run), res)
    config["configurable"]["langgraph_auth_user"] = {
        "identity": identity,
        "tenant_id": "acme",
        "role": "member",
    }
    return config


def firing_gaps(schedule: str, count: int = 200) -> list[float]:
    """Seconds between ``count`` firings of ``schedule`` as langgraph-api computes them
    (langgraph_api.utils.next_cron_date: a new croniter from the last firing, each time, so its random
    ``R`` fields are drawn again at every firing), from 2026-12-06 21:00 UTC."""
    at, gaps = datetime(2026, 12, 6, 21, 0, tzinfo=UTC), []
    for _ in range(count):
        following = croniter(schedule, at).get_next(datetime)
        gaps.append((following - at).total_seconds())
        at = following
    return gaps


# acme's leave policy as an admin's first run indexes it, and the change a later run holds for review.
LEAVE = "# Leave\n\nEvery zebracorn employee takes twenty-five days of leave.\n"
LEAVE_CHANGED = "# Leave\n\nEvery quokkafish employee takes thirty days of leave.\n"


def held_change(res: Resources, tmp_path: Path) -> Settings:
    """acme's folder ``tmp_path/docs`` run as r1 (:data:`LEAVE`, completed), then its policy changed
    (:data:`LEAVE_CHANGED`) beside :data:`KEY_DOC`: r2 waits for a review, the change held. The
    folder's settings (collection hb, hashing embedder)."""
    root = tmp_path / "docs"
    root.mkdir()
    (root / "policy.md").write_text(LEAVE)
    folder = Settings(source=str(root), collection="hb", embedder="hashing")
    assert execute(res, "acme", "r1", settings=folder).state.status == "completed"
    (root / "policy.md").write_text(LEAVE_CHANGED)
    (root / "deploy.md").write_text(KEY_DOC)
    assert execute(res, "acme", "r2", settings=folder).state.status == "needs_review"
    return folder


def found(res: Resources, word: str, tenant: str = "acme") -> list[str]:
    """The documents of ``tenant`` (hashing embedder) whose search hits for ``word`` hold
    it, sorted: what a member's search lets in."""
    kb = res.index("hashing").for_tenant(tenant)
    return sorted({h.source_path for h in kb.search(word, k=5, mode="hybrid") if word in h.text})


OLGA = Principal(identity="olga", tenant_id="acme", role="admin")


def admin_collection(res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> RunsService:
    """acme's collection hb made by olga (an admin) through the runs API from ``root/acme/hr`` (one
    page of alpha text, chunked 256/32), run r1 carried out as the server's worker does; the
    service, with this process's environment as the server's (:func:`served_env`)."""
    root = tmp_path / "root"
    docs = root / "acme" / "hr"
    docs.mkdir(parents=True)
    (docs / "a.md").write_text("# A\n\n" + "Alpha text about the leave policy. " * 50)
    served_env(monkeypatch, tmp_path, root)
    service = RunsService(res, RunsConfig.from_env(os.environ))
    service.create(
        OLGA, CreateRun(path="hr", collection="hb", run_id="r1", options=RunOptions(embedder="hashing")), None
    )
    first = Settings(source=str(docs), collection="hb", embedder="hashing")
    assert execute(res, "acme", "r1", settings=first, within=docs.parent).state.status == "completed"
    return service


@contextmanager
def serving(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """``handler`` served on 127.0.0.1 from a thread: its base URL (``http://127.0.0.1:<port>``)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def report_findings(url: str, tmp_path: Path, *fields: str) -> set[tuple[Any, ...]]:
    """The findings of acme's stored JSON report of run r in the database at ``url``, each as the
    tuple of its ``fields``."""
    res = Resources.open(url, reports_dir=tmp_path / "reports")
    try:
        stored = run_reports.read_report(res, "acme", "r", "json")
    finally:
        res.close()
    assert stored is not None
    return {tuple(f[name] for name in fields) for f in json.loads(stored)["findings"]}


def held_served_run(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    options: RunOptions,
    files: dict[str, str] | None = None,
) -> str:
    """acme's run r of ``root/acme/docs`` (:data:`KEY_DOC` in deploy.md, a critical finding, and
    ``files``: path under ``root/acme`` -> text) accepted by the runs API with ``options`` and carried
    out as the server's worker does (:func:`served_run`, within the folder): it waits for a review, and
    the shell still has the server's ``KASSIST_INGEST_ROOT``. The database's URL."""
    root = tmp_path / "root"
    (root / "acme" / "docs").mkdir(parents=True)
    (root / "acme" / "docs" / "deploy.md").write_text(KEY_DOC)
    for path, text in (files or {}).items():
        (root / "acme" / path).write_text(text)
    served_env(monkeypatch, tmp_path, root)
    url, first = served_run(tmp_path, CreateRun(path="docs", run_id="r", options=options), within=True)
    assert first.started == "needs_review", first.state.status
    return url


def approved_rootless(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, near: str, *fields: str
) -> tuple[set[tuple[Any, ...]], set[tuple[Any, ...]]]:
    """acme's served run r of ``root/acme/docs`` waits for its review (:func:`held_served_run`) - a.md
    (``text``) and b.md (``near``, a near duplicate of it) beside the key, the tenant's own rules file
    enabling secrets alone - then the operator approves it with ``kassist runs approve`` (typer's
    runner) from a shell without the server's ``KASSIST_INGEST_ROOT``. The stored report's findings
    (:func:`report_findings` of ``fields``) the admin reviewed, and after the approval."""
    files = {"docs/a.md": text, "docs/b.md": near, "rules.toml": 'enabled = ["secret"]\n'}
    options = RunOptions(embedder="hashing", audit_rules="rules.toml")
    url = held_served_run(tmp_path, monkeypatch, options, files)
    reviewed = report_findings(url, tmp_path, *fields)
    monkeypatch.delenv("KASSIST_INGEST_ROOT")  # the operator's shell, not the server's service unit
    done = CliRunner().invoke(app, ["runs", "approve", "r", "--tenant", "acme", "--database-url", url])
    assert done.exit_code == 0, done.output[-400:]
    return reviewed, report_findings(url, tmp_path, *fields)


def offline_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    """Assistant turns in this process answered by the offline extractive responder, and no run worker
    started by a ``kassist serve`` app (it would poll the shared database)."""
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("KASSIST_RUN_WORKERS", "0")


def serve_app(url: str, keys: dict[str, dict[str, str]]) -> FastAPI:
    """``kassist serve``'s app in process on the database at ``url``, taking ``keys`` (the hashing
    embedder; :func:`offline_turns` first)."""
    # Imported here: the LangServe app's imports are for the few tests that serve turns.
    from graph.assistant.services import Services
    from knowledge.embedders import HashingEmbedder
    from server.keys import KeyTable
    from server.langserve_app import create_app

    services = Services.from_url(url, embedder=HashingEmbedder())
    return create_app(url, KeyTable.model_validate({"keys": keys}), services=services)


def serve_turn(app: FastAPI, key: str, thread: str, said: str) -> httpx.Response:
    """One turn through :func:`serve_app`'s ``app`` (its lifespan run) as ``key``'s member, saying
    ``said`` on ``thread``: the HTTP response."""
    from fastapi.testclient import TestClient

    with TestClient(app) as serve:
        return serve.post(
            "/assistant/invoke",
            headers={"x-api-key": key},
            json={
                "input": {"messages": [{"type": "human", "content": said}]},
                "config": {"configurable": {"thread_id": thread}},
            },
        )


def full_text_hits(url: str, word: str) -> list[tuple[Any, ...]]:
    """``[(n,)]``: how many chunks the full-text index of the database at ``url`` finds for ``word``
    (SQLite: FTS5's MATCH of the phrase; PostgreSQL: the chunks' tsvector)."""
    if url.startswith("sqlite"):
        match = "SELECT count(*) FROM kassist_kb_chunks_fts WHERE kassist_kb_chunks_fts MATCH %s"
        return raw(url, match, (f'"{word}"',))
    return raw(
        url, "SELECT count(*) FROM kassist_kb_chunks WHERE tsv @@ plainto_tsquery('english', %s)", (word,)
    )

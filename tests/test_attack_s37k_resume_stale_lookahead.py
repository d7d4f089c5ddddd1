"""A paused run resumed by the server that paused it reads its files as they are at the resume, not as
its look-ahead read them before the pause (h19 s37).

Two batches are loaded ahead of the one being written, on helper threads (graph/ingestion/pipeline.py:
"a run paused or failed between batches leaves its look-ahead behind"), keyed by the batch's files by
name and the run's settings - not by what the files hold. ``kassist serve`` runs every run in its own
process, so a run it paused (``options.max_steps``) or failed and resumes later finds its next two
batches loaded at the pause, however long ago, and writes them: a file edited since is indexed with
its old text, and a file deleted since - the wrong document, removed before the run was resumed - is
indexed all the same (its audit from the old text too). The command line's resume, a new process,
reads them afresh: the edited file's new text, the deleted file failed "no such file" (listed at
discover, gone at its load) and the run waiting for its review - the reference here.

The runs API's service and its worker in process (one server), batch size 1, four one-line files:
paused after its first batch, p2.md rewritten and p3.md deleted, then resumed. SQLite, ~5 s."""

from __future__ import annotations

import time
from pathlib import Path

from graph.ingestion.resources import Resources
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.service import RunsService

ALICE = Principal(identity="alice", tenant_id="acme", role="admin")


def _carried_out(service: RunsService) -> None:
    assert service.worker.poll_once() == [("acme", "r1")]
    deadline = time.monotonic() + 60
    while service.worker.active():
        assert time.monotonic() < deadline, "the worker did not carry the run out"
        time.sleep(0.05)


def test_a_paused_run_resumed_in_its_server_reads_its_files_as_they_are(tmp_path: Path) -> None:
    docs = tmp_path / "root" / "acme" / "docs"
    docs.mkdir(parents=True)
    for i in range(1, 5):
        (docs / f"p{i}.md").write_text(f"# Page {i}\n\nPage {i}: the first draft.\n")
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    env = {
        "KASSIST_INGEST_ROOT": str(tmp_path / "root"),
        "KASSIST_UPLOADS_DIR": str(tmp_path / "up"),
        "KASSIST_RUN_WORKERS": "1",
    }
    service = RunsService(res, RunsConfig.from_env(env))
    try:
        options = RunOptions(embedder="hashing", batch_size=1, max_steps=2)  # discover, batch 1
        service.create(ALICE, CreateRun(path="docs", collection="c", run_id="r1", options=options), None)
        _carried_out(service)
        assert service.view(ALICE, "r1").status == "paused"
        (docs / "p2.md").write_text("# Page 2\n\nPage 2: the final text.\n")
        (docs / "p3.md").unlink()  # the wrong document: removed before the run goes on
        service.resume(ALICE, "r1", None, None)
        _carried_out(service)
        # As a fresh resume (a new process) reads it: p3.md, listed at discover and gone at its load,
        # fails "no such file" and the run waits for the review that failure asks for (the lead's
        # decision x13-1: a file gone since discover is not a removal); not indexed from a look-ahead.
        view = service.view(ALICE, "r1").model_dump()
        assert view["status"] == "needs_review", view
        failed = [(d["path"], d["reason"]) for d in view["errors"]["failed_documents"]]
        assert failed == [("p3.md", "unreadable: no such file")], failed
        service.decide(ALICE, "r1", "approve", None)  # the admin lets the rest into search
        _carried_out(service)
        assert service.view(ALICE, "r1").status == "completed"
        kb = res.index("hashing-384").for_tenant("acme")
        indexed = {path for _, path in kb.documents("c")}
        p2 = [h.text for h in kb.search("Page 2 text", k=4, doc_id=None) if h.source_path == "p2.md"]
    finally:
        service.worker.stop()
        res.close()
    assert "p3.md" not in indexed, indexed
    assert p2 and all("final text" in t for t in p2), p2

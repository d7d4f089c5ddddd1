"""A run killed after its batch removed a gone document's chunks, before it recorded that, counts
them on resume (h19 s37).

graph/ingestion/pipeline.run_batch promises "a redone batch counts exactly what an uninterrupted one
would have": what each document does is recorded in the manifest before the index is written, first
write wins. A document whose file is gone is the exception: its chunks are deleted
(``kb.delete_document``, its own commit) and only then is "removed, N chunks" recorded. ``kassist
ingest`` killed in between (SIGKILL, OOM, a restart) leaves the chunks deleted and the row
unrecorded; the resumed batch deletes again, finds nothing, and records 0. The run's counters (runs
show, the report, the notification's payload, the summary in memory) say "chunks 0 removed" for a
run that removed 2: the same run uninterrupted says 2.

The child is held in the window by the database (triggers stall the manifest's "removed" update, or the
batch's checkpoint, once the chunks are deleted: tests/sqlite_stall.py, as the session 35-36 kill tests
do), then killed. SQLite, six one-line
documents, hashing embedder: a few seconds."""

from __future__ import annotations

import signal
from pathlib import Path

from ingest_harness import kassist, show, spawn
from sqlite_stall import before_checkpoint, counted, kill_in_window, stalled

TENANT = "acme"
STALL = "h19_stall_removed"


def _corpus(root: Path) -> Path:
    root.mkdir()
    for i in range(1, 7):
        (root / f"p{i}.md").write_text(f"# Page {i}\n\nPage {i} of the office handbook, on leave rule {i}.\n")
    return root


def test_a_run_killed_after_removing_a_gone_documents_chunks_counts_them_on_resume(tmp_path: Path) -> None:
    path = tmp_path / "kb.db"
    db_url = f"sqlite:///{path}"
    root = _corpus(tmp_path / "docs")
    args = ["--tenant", TENANT, "--collection", "c", "--embedder", "hashing", "--database-url", db_url]
    first = kassist("ingest", str(root), "--run-id", "r1", *args, cwd=tmp_path)
    assert first.returncode == 0, first.stdout + first.stderr
    (root / "p5.md").unlink()
    (root / "p6.md").unlink()  # two one-chunk documents gone: the next run removes 2 chunks

    # Held once the two documents' chunks are deleted: at the manifest's "removed" update (recorded
    # after the delete, as now) or at the batch's checkpoint (recorded before it, as a fix may).
    gone = "(SELECT count(*) FROM kassist_kb_documents WHERE collection = 'c') = 4"
    heads = (f"BEFORE UPDATE ON kassist_ingest_manifest WHEN NEW.outcome = 'removed' AND {gone}",)
    with stalled(path, STALL, *heads, *before_checkpoint(gone)):
        child = spawn("ingest", str(root), "--run-id", "r2", *args, cwd=tmp_path)
        deleted = counted(
            "SELECT count(*) FROM kassist_kb_documents WHERE tenant_id = ? AND collection = 'c'",
            TENANT,
            want=lambda n: n == 4,
        )
        out, err, reached = kill_in_window(child, path, deleted)
    assert child.returncode == -signal.SIGKILL, out + err  # killed before its end, not finished
    assert reached  # the kill landed after the deletes committed

    again = kassist("runs", "resume", "r2", "--tenant", TENANT, "--database-url", db_url, cwd=tmp_path)
    assert again.returncode == 0, again.stdout + again.stderr
    got = show(db_url, TENANT, "r2", tmp_path)
    assert got["status"] == "completed"
    counters = got["counters"]
    assert (counters["documents_removed"], counters["chunks_removed"]) == (2, 2), counters

"""SIGKILL during ingest: every document is either fully indexed or absent, and re-ingest completes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from knowledge.embedders import HashingEmbedder
from knowledge.index import KnowledgeIndex
from knowledge.ingest import ingest_directory

DOCS = 120
SECTIONS = 3

WORKER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from knowledge.embedders import HashingEmbedder
    from knowledge.index import KnowledgeIndex
    from knowledge.ingest import ingest_directory

    url, root = sys.argv[1], Path(sys.argv[2])
    with KnowledgeIndex.from_url(url, embedder=HashingEmbedder()) as index:
        ingest_directory(index.for_tenant("acme"), root, collection="handbook",
                         on_document=lambda d: print("doc", d.source_path, flush=True))
    print("done", flush=True)
    """
)


def write_corpus(root: Path) -> None:
    root.mkdir()
    for i in range(DOCS):
        sections = "\n\n".join(
            f"## Section {s}\n\nPolicy {i} rule {s}: employees must file form {i}-{s} within {s + 2} days."
            for s in range(SECTIONS)
        )
        (root / f"policy-{i:03d}.md").write_text(f"# Policy {i}\n\n{sections}\n")


def test_sigkill_mid_ingest_leaves_whole_documents_only(db_url: str, tmp_path: Path) -> None:
    root = tmp_path / "docs"
    write_corpus(root)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    proc = subprocess.Popen(
        [sys.executable, "-c", WORKER, db_url, str(root)], stdout=subprocess.PIPE, text=True, env=env
    )
    assert proc.stdout is not None
    seen = 0
    deadline = time.monotonic() + 60
    while seen < 10 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        assert line and not line.startswith("done"), "ingest finished before it could be killed"
        seen += line.startswith("doc")
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL

    with KnowledgeIndex.from_url(db_url, embedder=HashingEmbedder()) as index:
        kb = index.for_tenant("acme")
        [before] = kb.stats()
        # Each file chunks into the same number of chunks: a half-written document would break this.
        per_doc = ingest_directory(kb, root, collection="handbook").results
        expected = {r.doc_id: r.chunks_added + r.chunks_unchanged for r in per_doc}
        n = next(iter(set(expected.values())))
        assert set(expected.values()) == {n}
        assert 9 <= before.documents < DOCS
        assert before.chunks == n * before.documents
        [after] = kb.stats()
        assert (after.documents, after.chunks) == (DOCS, n * DOCS)
        assert sum(r.chunks_unchanged for r in per_doc) == before.chunks

"""Two ``kassist ingest`` of one folder into one tenant's collection at once index each document once
(session 30 probes, h5: /tmp/h5s30/findings.md #3).

A new run on a corpus already indexed finds its documents "unchanged", not indexed twice (README).
Two runs at once (two operators, a cron and a person, two servers' workers: different run ids, so
the run lease does not keep them apart) each read the collection before the other wrote it: both
embedded and wrote every document, and each run's counters, report, notification and memory said
it indexed them (of 12 documents: SQLite 12 + 12, PostgreSQL 4 + 12). The embedder's work (an
API's cost with OpenAI) was paid twice and the runs' records add up to more documents than exist.
On SQLite only: there the two runs overlap in every try (11 of 11, two threads taking turns at the
one writer lock); on PostgreSQL one run sometimes finished its batches before the other read them
(1 of 4 tries): there the test would pass by luck without the collection's claim (f187233).
"""

from __future__ import annotations

import threading
from pathlib import Path

TENANT = "acme"
DOCS = 8


def test_two_ingests_of_one_folder_at_once_index_each_document_once(sqlite_url: str, tmp_path: Path) -> None:
    from graph.ingestion import resources
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Counters, Settings

    docs = tmp_path / "docs"
    docs.mkdir()
    for i in range(DOCS):
        (docs / f"policy-{i:02d}.md").write_text(
            f"# Policy {i}\n\nEmployees file form {i} within {i + 2} days.\n"
        )
    settings = Settings(source=str(docs), collection="handbook", embedder="hashing", batch_size=2)
    with resources.installed(resources.Resources.open(sqlite_url)) as res:
        counted: dict[str, Counters] = {}
        refused: dict[str, Exception] = {}
        together = threading.Barrier(2)

        def ingest(run_id: str) -> None:
            together.wait(30)
            try:
                counted[run_id] = execute(res, TENANT, run_id, settings=settings).state.counters
            except Exception as exc:  # one of them told "busy" is an answer too
                refused[run_id] = exc

        workers = [threading.Thread(target=ingest, args=(run_id,)) for run_id in ("monday", "cron")]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(120)
        assert counted, refused
        indexed = sum(c.documents_indexed for c in counted.values())
        embedded = sum(c.embedded for c in counted.values())
        assert (indexed, embedded) == (DOCS, DOCS), {run: c.model_dump() for run, c in counted.items()}

"""The ingestion manifest is indexed on doc_id (graph/ingestion/adoption.py joins it there at every
door of a collection holding documents of no recorded writer), added by the one migration runner on
both backends: a database an older kassist made gets it when it is next opened. One database per
backend; ~1 s each."""

from __future__ import annotations

from raw_sql import raw

from graph.ingestion.sql_sqlite import MANIFEST, MIGRATIONS
from graph.ingestion.store import RunStore

INDEX = "kassist_ingest_manifest_doc"


def _indexed(db_url: str) -> bool:
    if db_url.startswith("sqlite"):
        return bool(raw(db_url, "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = %s", (INDEX,)))
    return bool(raw(db_url, "SELECT 1 FROM pg_indexes WHERE indexname = %s", (INDEX,)))


def test_an_older_database_gets_the_manifest_index_on_open(db_url: str) -> None:
    RunStore.from_url(db_url).close()
    assert _indexed(db_url)
    # As the release before this migration left the database: no index, its version not recorded.
    raw(db_url, f"DROP INDEX {INDEX}")
    version = next(n for n, steps in enumerate(MIGRATIONS, 1) if any(INDEX in step for step in steps))
    raw(
        db_url,
        "DELETE FROM kassist_schema_versions WHERE component = 'ingestion' AND version = %s",
        (version,),
    )
    assert not _indexed(db_url)
    store = RunStore.from_url(db_url)
    try:
        assert _indexed(db_url)
        assert version in store.versions("ingestion")
    finally:
        store.close()
    if db_url.startswith("sqlite"):  # the writers' lookup reads it
        plan = raw(
            db_url, f"EXPLAIN QUERY PLAN SELECT run_id FROM {MANIFEST} WHERE tenant_id = 'a' AND doc_id = 'd'"
        )
        assert any(INDEX in str(row) for row in plan), plan

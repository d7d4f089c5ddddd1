"""A database with today's ingestion tables (migrations 1-2: registry rows without settings, no
report table) migrates in place, on both backends: its runs keep working, a row without settings
takes them from the run's checkpoint (or needs them given), and reports go to the new table."""

from __future__ import annotations

from pathlib import Path

import pytest
from ingest_harness import opened, write_corpus
from raw_sql import raw
from test_db_migrate_legacy import LEGACY_POSTGRES, LEGACY_SQLITE

from graph.ingestion import sql_postgres, sql_sqlite
from graph.ingestion.registration import NoSettings
from graph.ingestion.reports import read_report, report_formats
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from kassist.db import migrate as runner

TENANT = "acme"


def todays_schema(db_url: str) -> None:
    """The ingestion tables as the previous release left them: migrations 1 and 2, recorded."""
    sqlite = db_url.startswith("sqlite")
    create, record = (LEGACY_SQLITE if sqlite else LEGACY_POSTGRES)[runner.INGESTION]
    raw(db_url, create)
    q = sql_sqlite.SQL if sqlite else sql_postgres.SQL
    for version, statements in enumerate(q.migrations[:2], start=1):
        for statement in statements:
            raw(db_url, statement)
        raw(db_url, record, (version,))
    raw(
        db_url,
        "INSERT INTO kassist_ingest_runs (tenant_id, run_id, source, collection, created_at) "
        "VALUES (%s, 'legacy', '/srv/old', 'old', 1)",
        (TENANT,),
    )


def test_todays_database_migrates_and_its_runs_go_on(db_url: str, tmp_path: Path) -> None:
    todays_schema(db_url)
    root = write_corpus(tmp_path / "docs", extra=0)
    settings = Settings(source=str(root), collection="handbook", embedder="hashing", batch_size=6)
    with opened(db_url, tmp_path / "reports") as res:
        [[version]] = raw(
            db_url, "SELECT max(version) FROM kassist_schema_versions WHERE component = 'ingestion'"
        )
        assert version == len(sql_sqlite.SQL.migrations)  # every migration applied, the newest last
        legacy = res.runs.for_tenant(TENANT).registration("legacy")
        assert legacy is not None and legacy.settings is None  # registered before settings were
        with pytest.raises(NoSettings, match="registered without its settings"):
            execute(res, TENANT, "legacy")
        done = execute(res, TENANT, "legacy", settings=settings).state  # given: registered, then run
        assert done.status == "completed" and done.settings == settings
        assert report_formats(res.runs, TENANT, "legacy") == ["html", "json", "markdown"]

        # A row without settings whose run has a checkpoint (started before the migration): they
        # come from the checkpoint, and are registered.
        paused = execute(
            res, TENANT, "mid", settings=settings.model_copy(update={"collection": "mid"}), max_steps=2
        )
        assert paused.state.status == "paused"
        raw(db_url, "UPDATE kassist_ingest_runs SET settings = NULL WHERE run_id = %s", ("mid",))
        resumed = execute(res, TENANT, "mid").state
        assert resumed.status == "completed" and resumed.settings.collection == "mid"
        again = res.runs.for_tenant(TENANT).registration("mid")
        assert again is not None and again.settings == resumed.settings
        assert read_report(res.runs, TENANT, "mid", "markdown")

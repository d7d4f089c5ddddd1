"""A member's run keeps its collection's settings (TenantKnowledgeIndex.check_kept_settings, the one
check of every door): when a run breaks two of them, every door names the same refusal first. The
collection's audit rules not known (indexed before the index kept them, no admin's record to adopt)
comes before other chunk settings: it is the one refusal the member cannot mend by her options (an
admin's run records the rules), so she is not sent to change her chunking only to be refused again.
Before session 39 the runs API's door said the rules, langgraph dev's door and the run's start the
chunking. The three doors: the runs API (409 on body.collection), langgraph dev's
(server/job_threads.kept_settings_refusal, 422) and the run's start (discover: the run fails saying
why). SQLite, hashing; ~3 s."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from raw_sql import raw
from review_support import member_config

from graph.ingestion.resources import Resources, installed
from graph.ingestion.runner import _compiled, execute
from graph.ingestion.state import Settings
from server.job_threads import kept_settings_refusal
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.names import ApiError
from server.runs.service import RunsService

MARIA = Principal(identity="maria", tenant_id="acme", role="member")
UNKNOWN = "indexed before kassist kept the audit rules it is audited with"
CHUNKING = "chunked at 256/32"


def test_a_run_breaking_unknown_rules_and_other_chunking_is_told_the_rules_at_every_door(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = tmp_path / "root" / "acme" / "docs"
    docs.mkdir(parents=True)
    (docs / "leave.md").write_text("# Leave\n\n" + "Every employee takes twenty-five days of leave. " * 40)
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(tmp_path / "root"))
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "up"))
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    res = Resources.open(url, reports_dir=tmp_path / "reports")
    try:
        folder = Settings(source=str(docs), collection="hb", embedder="hashing")
        # The operator's run: records 256/32 and the defaults as the collection's rules.
        assert execute(res, "acme", "r1", settings=folder, rechunk=True).state.status == "completed"
        # As migration 9 leaves a collection indexed before it, its runs' records pruned: not known.
        raw(url, "UPDATE kassist_kb_collections SET audit_rules = NULL, audit_rules_name = NULL")
        raw(url, "DELETE FROM kassist_ingest_runs")
        small = {**folder.model_dump(), "chunk_tokens": 64, "overlap_tokens": 0}  # and other chunking

        # The runs API's door.
        service = RunsService(res, RunsConfig.from_env(os.environ))
        options = RunOptions(embedder="hashing", chunk_tokens=64, overlap_tokens=0)
        with pytest.raises(ApiError) as refused:
            service.create(MARIA, CreateRun(path="docs", collection="hb", run_id="m0", options=options), None)
        assert refused.value.status == 409 and UNKNOWN in refused.value.detail, refused.value.detail
        assert refused.value.loc == ("body", "collection")

        # langgraph dev's door.
        with installed(Resources.open(url, reports_dir=tmp_path / "reports")):
            said = kept_settings_refusal("acme", small) or ""
        assert UNKNOWN in said and CHUNKING not in said, said

        # The run's start (a run let in before the collection changed).
        member = _compiled(res, "acme").invoke({"settings": small}, member_config(res, "m1"))
        assert member["status"] == "failed", member["status"]
        assert UNKNOWN in member["last_error"] and CHUNKING not in member["last_error"], member["last_error"]
    finally:
        res.close()

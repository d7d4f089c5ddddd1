"""The runs API's workers take the tenants' requests in turns (h16 s36 H16-3, the lead's decision 3;
x11): each tenant's oldest request, then each one's second, oldest first within a turn, on both
backends (jobs_wanted's window function); a tenant whose run this server is running already has had
its turn (worker._in_turns). h16's test asks two free workers; here the order itself is read. The runs
API's service, not started, on SQLite and PostgreSQL."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from review_support import ALICE

from graph.ingestion.resources import Resources
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.service import RunsService
from server.runs.worker import _in_turns

BOB = Principal(identity="bob", tenant_id="globex", role="member")
CARL = Principal(identity="carl", tenant_id="initech", role="member")


def test_requests_are_taken_in_turns_across_tenants(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    for tenant in ("acme", "globex", "initech"):
        (root / tenant / "docs").mkdir(parents=True)
        (root / tenant / "docs" / "a.md").write_text("# A\n\nPage a.\n")
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(root))
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "up"))
    res = Resources.open(db_url, reports_dir=tmp_path / "reports")
    service = RunsService(res, RunsConfig.from_env(os.environ))  # not started: nothing runs
    try:
        for who, run in [(ALICE, "a1"), (ALICE, "a2"), (ALICE, "a3"), (BOB, "g1"), (CARL, "i1"), (BOB, "g2")]:
            body = CreateRun(path="docs", collection="c", run_id=run, options=RunOptions(embedder="hashing"))
            service.create(who, body, None)
            time.sleep(0.002)  # each request newer than the last
        wanted = service.jobs.wanted_in_every_tenant(limit=100)
        assert [j.run_id for j in wanted] == ["a1", "g1", "i1", "a2", "g2", "a3"]
        # acme's run a0 is running here: acme has had its first turn
        assert [j.run_id for j in _in_turns(wanted, [("acme", "a0")])] == ["g1", "i1", "a1", "g2", "a2", "a3"]
    finally:
        res.close()

"""A ``langgraph dev`` ingestion run continued by ``kassist serve`` stays its owner's (session 26
probes, h9's row 95 left: "owner lost after a continue").

A ``langgraph dev`` thread records its owner in every checkpoint's metadata, and the runs API and
the console let only that owner and the tenant's admins reach the run (server/thread_owner.reaches_run
reads the head checkpoint). When the runs API or the console continued such a run, the ingestion
runner wrote checkpoints without the owner, and from then on every member of the tenant could read
the run, its report, and cancel it. Real graph, real SQLite/PostgreSQL checkpoints."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from ingest_harness import opened

from graph.ingestion import runner
from graph.ingestion.head import run_owner
from graph.ingestion.resources import Resources, bind
from graph.ingestion.state import IngestionInput, Settings
from server.keys import Principal
from server.thread_owner import reaches_run

TENANT = "acme"


@pytest.fixture
def res(db_url: str, tmp_path: Path) -> Iterator[Resources]:
    with opened(db_url, tmp_path / "reports") as res:
        yield res


def _docs(root: Path, n: int) -> Path:
    root.mkdir(parents=True)
    for i in range(n):
        (root / f"p{i:02d}.md").write_text(
            f"# Policy {i}\n\nStaff of office {i} file form {i} in {i + 2} days.\n"
        )
    return root


def test_a_run_langgraph_dev_started_stays_its_owners_when_kassist_serve_continues_it(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As a server has it: langgraph dev reads a tenant's folder of KASSIST_INGEST_ROOT, and whoever
    # carries its run on reads only that folder (runner.execute refuses without it: review s33 r1 F12b).
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(tmp_path / "root"))
    settings = Settings(
        source=str(_docs(tmp_path / "root" / TENANT / "docs", 9)), collection="hb", embedder="hashing",
        batch_size=3,
    )  # fmt: skip
    # What langgraph dev does: the run's config carries metadata.owner (server/auth.py), and the
    # run pauses after two steps.
    graph = runner._compiled(res, TENANT)
    config = bind(runner.config_for(TENANT, "r1", max_steps=2), res)
    graph.invoke(
        IngestionInput(settings=settings).model_dump(exclude_none=True),
        {**config, "metadata": {runner.OWNER_KEY: "alice"}},
    )
    assert run_owner(res.saver, TENANT, "r1") == "alice"

    # What the runs API's continue does (POST /v1/runs/{id}/resume, the console's button).
    out = runner.execute(res, TENANT, "r1")
    assert out.state.status == "completed", out.state.last_error
    assert run_owner(res.saver, TENANT, "r1") == "alice"
    erin = Principal(tenant_id=TENANT, identity="erin", role="member")
    alice = Principal(tenant_id=TENANT, identity="alice", role="member")
    assert not reaches_run(erin, res.saver, "r1", started_by=None)
    assert reaches_run(alice, res.saver, "r1", started_by=None)


def test_a_run_of_the_runs_api_stays_its_tenants(res: Resources, tmp_path: Path) -> None:
    settings = Settings(
        source=str(_docs(tmp_path / "docs", 4)), collection="hb", embedder="hashing", batch_size=3
    )
    runner.execute(res, TENANT, "r2", settings=settings, max_steps=2)
    runner.execute(res, TENANT, "r2")
    assert run_owner(res.saver, TENANT, "r2") is None
    erin = Principal(tenant_id=TENANT, identity="erin", role="member")
    assert reaches_run(erin, res.saver, "r2", started_by=None)

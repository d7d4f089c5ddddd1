"""``GET /v1/runs`` reads the checkpoint heads its page needs, not those of every run noted running
(review s32 r1 L3).

A row noted ``running`` that no carrier holds may have ended (langgraph dev notes no end: h9 s32 #6),
so the list looked at its head - at up to 100 such rows on every GET, whatever the page: a tenant's
crashed runs cost 100 checkpoint reads per poll of the list, for good. Now a page reads the heads of
the rows it shows (and a page of ended runs, those of the rows noted running).

The route's function on one SQLite file; each checkpoint read counted by a wrapper around the
tenant checkpointer's own ``get_tuple``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from graph.ingestion.jobs import JobStore, TenantJobStore
from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from server.keys import Principal
from server.runs.listing import runs_page

TENANT = "acme"
ADMIN = Principal(identity="olga", tenant_id=TENANT, role="admin")
CRASHED = 30  # runs noted running whose carrier died (no lease, the head says running)


def _page(res: Resources, status: str | None, limit: int) -> list[tuple[str, str]]:
    jobs = JobStore(res.runs).for_tenant(TENANT)
    page = runs_page(res, jobs, ADMIN, status, limit, None, lambda _tenant, source: source)
    return [(r.run_id, r.status) for r in page.runs]


def _reads(res: Resources, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The thread ids of every checkpoint read from now on."""
    read: list[str] = []
    saver = type(res.saver.for_tenant(TENANT))
    real = saver.get_tuple

    def get_tuple(self: Any, config: Any) -> Any:
        read.append(config["configurable"]["thread_id"])
        return real(self, config)

    monkeypatch.setattr(saver, "get_tuple", get_tuple)
    return read


def _crashed(res: Resources, jobs: TenantJobStore, tmp_path: Path) -> None:
    for n in range(CRASHED):
        run = f"crashed-{n:02d}"
        res.runs.for_tenant(TENANT).register(run, Settings(source=str(tmp_path), collection="c"), "g")
        jobs.note_status(run, "running")


def test_a_page_reads_the_heads_of_its_own_rows_only(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    jobs = JobStore(res.runs).for_tenant(TENANT)
    _crashed(res, jobs, tmp_path)
    read = _reads(res, monkeypatch)
    listed = _page(res, None, 5)
    assert listed == [(f"crashed-{n:02d}", "running") for n in range(CRASHED - 1, CRASHED - 6, -1)]
    # Each run shown: its owner, then its head (noted running, no carrier); the sixth: its owner
    # (the page's end). Before: the 30 heads of every run noted running, then the page's 6 owners.
    assert sorted(set(read)) == sorted(f"crashed-{n:02d}" for n in range(CRASHED - 6, CRASHED)), read
    assert len(read) == 11, read
    read.clear()
    assert _page(res, "needs_review", 5) == [] and read == []  # no run noted running is read


def test_a_run_noted_running_whose_head_ended_is_listed_and_noted_ended(
    res: Resources, tmp_path: Path
) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A\n\nOwner: ops\n")
    settings = Settings(source=str(tmp_path / "docs"), collection="c", embedder="hashing")
    jobs = JobStore(res.runs).for_tenant(TENANT)
    for run in ("ended", "filtered"):
        assert execute(res, TENANT, run, settings=settings).state.status == "completed"
        jobs.note_status(run, "running")  # as langgraph dev leaves it: no end noted
    _crashed(res, jobs, tmp_path)
    # A page of ended runs finds those noted running, wherever they are in the list.
    assert _page(res, "completed", 1) == [("filtered", "completed")]
    for run in ("ended", "filtered"):
        job = jobs.get(run)
        assert job is not None and job.status == "completed", job
    jobs.note_status("ended", "running")
    assert [run for run, _ in _page(res, "running", 100)] == [
        f"crashed-{n:02d}" for n in range(CRASHED - 1, -1, -1)
    ]
    job = jobs.get("ended")  # read past, and noted
    assert job is not None and job.status == "completed"
    jobs.note_status("ended", "running")
    assert _page(res, None, 100)[-2:] == [("filtered", "completed"), ("ended", "completed")]

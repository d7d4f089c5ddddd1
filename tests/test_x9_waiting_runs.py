"""The runs API's waiting-runs bound in the write that queues a run (h14 s35 H7, x9:
graph/ingestion/jobs.check_waiting): per user and per tenant, a run counted while its request is not
carried out, a resume of a run already waiting taking no second place, a cancel's stop never refused,
another tenant's runs not counted. The statements on both backends (~1 s of CPU + PostgreSQL)."""

from __future__ import annotations

import pytest

from graph.ingestion.jobs import JobStore, TooManyWaiting, WaitingBound
from graph.ingestion.store import RunStore

BOUND = WaitingBound(per_user=2, per_tenant=3)


def _request(by: str) -> dict[str, object]:
    return {"settings": {"source": "/srv/x", "collection": "c"}, "goal": "", "by": by}


def test_a_users_and_a_tenants_waiting_runs_are_bounded(db_url: str) -> None:
    store = RunStore.from_url(db_url)
    try:
        acme, globex = JobStore(store).for_tenant("acme"), JobStore(store).for_tenant("globex")
        assert acme.create("r1", "/srv/x", "c", _request("alice"), BOUND)
        assert acme.create("r2", "/srv/x", "c", _request("alice"), BOUND)
        with pytest.raises(TooManyWaiting) as mine:
            acme.create("r3", "/srv/x", "c", _request("alice"), BOUND)
        assert (mine.value.scope, mine.value.count, mine.value.limit) == ("user", 2, 2)
        assert acme.get("r3") is None  # nothing queued, nothing registered
        acme.request("r1", "alice", None, None, BOUND)  # r1 waits already: no second place
        assert acme.create("r4", "/srv/x", "c", _request("erin"), BOUND)
        with pytest.raises(TooManyWaiting) as ours:
            acme.create("r5", "/srv/x", "c", _request("erin"), BOUND)
        assert (ours.value.scope, ours.value.count) == ("tenant", 3)
        assert globex.create("r1", "/srv/x", "c", _request("bob"), BOUND)  # another tenant's places
        acme.request("r2", "alice")  # a cancel's stop: never bounded
        job = acme.get("r1")
        assert job is not None
        acme.done("r1", job.seq)  # carried out: its place is free again
        assert acme.create("r5", "/srv/x", "c", _request("alice"), BOUND)
    finally:
        store.close()

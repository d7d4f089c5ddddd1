"""``langgraph dev`` and ``kassist serve`` on ONE database: a run id chosen on one server is never a
thread of the other (session 20 probes, /tmp/kassist-docs/s20/h1-probes.md).

A runs API run's id names its checkpoint thread, and ``langgraph dev``'s thread ids are UUIDs a
client may choose. Member alice started a runs API run with the id ``<uuid>`` (201), then created
that thread on ``langgraph dev`` (200: its checkpoints record no owner, so nobody's claim stood in
the way), ran the ingestion graph on it and read its state: the run's settings with the server's
own folder (``/srv/.../ingest-root/acme/files``, which the runs API shows only as ``files``), and
the thread was now hers (another member: 409). The other way round, a thread made on ``langgraph
dev`` before any checkpoint could be named as a runs API run id, whose checkpoints its owner then
read. Now the runs API refuses a UUID as a run id (the LangGraph server's thread ids), and
``langgraph dev`` refuses to (re)create a thread that is a run of the runs API or the command line
(checkpoints that record no owner, a registered ingestion run) for every role."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import httpx
import pytest
from server_harness import ACME_ADMIN_KEY, ACME_KEY, corpus_of, kassist_serve, langgraph_dev, tenant_corpus

from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings

Servers = tuple[str, str, str, Path]


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    tmp = tmp_path_factory.mktemp("shared-db")
    with langgraph_dev(tmp) as (dev, db_url):
        root = tenant_corpus(tmp)
        with kassist_serve(
            tmp_path_factory.mktemp("shared-db-serve"), db_url, env={"KASSIST_INGEST_ROOT": str(root)}
        ) as serve:
            yield dev, serve, db_url, tmp


def _client(base: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"x-api-key": key}, timeout=120)


@pytest.mark.parametrize(
    "run_id",
    # Fixed values: pytest-xdist workers must collect the same test ids (random ones broke /tmp/ci1's collection).
    [
        "6d1b13fc-7bfe-4378-a0c6-98dcc716d6a3",
        "c1252db0d13541338738d2c04b86b666",
        "8FC62B4D-05DD-4FE1-AB61-217ED6E5DE0B",
    ],
    ids=["dashed", "hex", "upper"],
)
def test_the_runs_api_refuses_a_uuid_run_id(servers: Servers, run_id: str) -> None:
    _, serve, _, _ = servers
    alice = _client(serve, ACME_KEY)
    made = alice.post("/v1/runs", json={"path": "files", "run_id": run_id, "collection": "shared"})
    assert made.status_code == 422, made.text[:300]
    detail = made.json()["detail"][0]
    assert detail["loc"] == ["body", "run_id"] and "UUID" in detail["msg"], detail
    files = {"files": ("a.md", b"# A\n\nText.\n", "text/markdown")}
    upload = alice.post("/v1/runs/uploads", files=files, data={"run_id": run_id})
    assert upload.status_code == 422, upload.text[:300]
    # A name is still a name.
    assert alice.post("/v1/runs", json={"path": "files", "run_id": f"hr-{run_id[:8]}x"}).status_code == 201


def test_a_command_line_run_is_not_a_thread_of_the_langgraph_server(servers: Servers) -> None:
    dev, _, db_url, tmp = servers
    # A run with a UUID id from code or from before the command line and the runs API refused one:
    # the engine both share, on the servers' database (registered, checkpoints without an owner).
    run_id = str(uuid.uuid4())
    settings = Settings(
        source=str(corpus_of(tmp, "acme")), collection="cli", embedder="hashing", batch_size=12
    )
    with closing(Resources.open(db_url, reports_dir=tmp / "reports")) as res:
        assert execute(res, "acme", run_id, settings=settings).state.status == "completed"
    for key in (ACME_KEY, ACME_ADMIN_KEY):
        client = _client(dev, key)
        claimed = client.post("/threads", json={"thread_id": run_id})
        assert claimed.status_code == 409, claimed.text[:300]
        run = client.post(
            f"/threads/{run_id}/runs/wait",
            json={"assistant_id": "ingestion", "input": {}, "if_not_exists": "create"},
        )
        assert run.status_code == 409, run.text[:300]
        state = client.get(f"/threads/{run_id}/state")
        assert state.status_code == 404, state.text[:300]
        assert str(corpus_of(tmp, "acme")) not in state.text
    # A thread the server made is taken as before.
    alice = _client(dev, ACME_KEY)
    mine = str(uuid.uuid4())
    assert alice.post("/threads", json={"thread_id": mine}).status_code == 200

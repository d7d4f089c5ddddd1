"""Probe (session 29, h3): what the runs API tells a tenant's users of a command-line run.

A run started on the server's command line (``kassist ingest /srv/...``, the operator's) is its
tenant's: every key of the tenant reads it on ``GET /v1/runs/{id}`` (a browser too, with the
sign-in cookie). Its ``source`` is shown as the folder's name only (``RunsConfig.source_label``:
"never a server path outside what the client gave"), its errors and its tenant-level memory name
"(the run's source folder)" (``graph.ingestion.errors.for_client``) - but its ``goal``, the default
``Ingest <source> into <collection>``, was served as stored: the server's absolute path, to every
member.

In process (the runs API's ASGI app, one SQLite file, one small run with the hashing embedder).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from ingest_harness import opened

from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from server.keys import KeyTable, Principal
from server.langserve_app import create_app

MEMBER = "acme-member-0123456789abcdef"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Path]]:
    tmp = tmp_path_factory.mktemp("run-goal")
    db_url = f"sqlite:///{tmp / 'kassist.db'}"
    corpus = tmp / "srv" / "corpora" / "handbook"
    corpus.mkdir(parents=True)
    (corpus / "leave.md").write_text("# Leave\n\nNew joiners get 25 days of annual leave.\n")
    with opened(db_url, tmp / "reports") as res:
        settings = Settings(source=str(corpus), collection="handbook", embedder="hashing")
        assert execute(res, "acme", "cli-run", settings=settings).state.status == "completed"
    keys = KeyTable(keys={MEMBER: Principal(identity="ben", tenant_id="acme")})
    with TestClient(create_app(db_url, keys), base_url="http://127.0.0.1") as client:
        yield client, corpus


def test_a_members_view_of_a_command_line_run_names_no_server_path(served: tuple[TestClient, Path]) -> None:
    client, corpus = served
    view = client.get("/v1/runs/cli-run", headers={"x-api-key": MEMBER})
    assert view.status_code == 200, view.text
    assert view.json()["source"] == "handbook"  # the folder's name only, as documented
    assert str(corpus.parent) not in view.text, view.json()["goal"]

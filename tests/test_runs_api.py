"""The runs API in-process (ASGI, with its background workers): every route, every auth case, the
refusals a client relies on (401 without a key, 404 for another tenant's run, 422 naming the
field, 409 for a request the run's state does not allow, 403 for a member's approve)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from runs_api_harness import ADMIN, GLOBEX, MEMBER, env_for, locs, serving, settle, small_corpus

RUN_ROUTES = [
    ("get", "/v1/runs/{run}"),
    ("post", "/v1/runs/{run}/resume"),
    ("post", "/v1/runs/{run}/approve"),
    ("post", "/v1/runs/{run}/reject"),
    ("post", "/v1/runs/{run}/cancel"),
    ("get", "/v1/runs/{run}/report"),
]
HASHING = {"embedder": "hashing", "batch_size": 4}


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """acme's folder of the server's ingestion root (KASSIST_INGEST_ROOT/<tenant>; GLOBEX's key
    reads its own copy of the corpus under the root's globex folder)."""
    folder = tmp_path / "shared" / "acme"
    folder.mkdir(parents=True)
    small_corpus(folder / "hr")
    small_corpus(tmp_path / "shared" / "globex" / "hr")
    return folder


@pytest.fixture
def client(sqlite_url: str, tmp_path: Path, root: Path, monkeypatch: pytest.MonkeyPatch) -> TestClient:
    with serving(sqlite_url, monkeypatch, env_for(tmp_path, root.parent)) as c:
        yield c  # type: ignore[misc]


def start(client: TestClient, headers: dict[str, str] = ADMIN, **body: object) -> str:
    answer = client.post(
        "/v1/runs", json={"path": "hr", "collection": "handbook", "options": HASHING, **body}, headers=headers
    )
    assert answer.status_code == 201, answer.text
    run_id: str = answer.json()["run_id"]
    return run_id


def test_every_route_refuses_a_request_without_a_valid_key(client: TestClient) -> None:
    routes = [("get", "/v1/runs"), ("post", "/v1/runs"), ("post", "/v1/runs/uploads")]
    routes += [(m, p.format(run="r1")) for m, p in RUN_ROUTES]
    for headers in (
        {},
        {"x-api-key": "not-a-key-0123456789"},
        {"authorization": "Bearer nope-0123456789abc"},
    ):
        for method, path in routes:
            # A malformed body too: the missing key is what the caller is told first.
            answer = client.request(method, path, json={"path": 42}, headers=headers)
            assert answer.status_code == 401, (method, path, answer.text)
            assert "API key" in answer.json()["detail"]
    assert (
        client.get("/v1/runs", headers={"authorization": f"Bearer {ADMIN['x-api-key']}"}).status_code == 200
    )


def test_a_run_over_a_server_folder_executes_in_the_background_with_its_report(
    db_url: str, tmp_path: Path, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with serving(db_url, monkeypatch, env_for(tmp_path, root.parent)) as client:
        answer = client.post(
            "/v1/runs",
            json={"path": "hr", "collection": "handbook", "run_id": "hr-1", "options": HASHING},
            headers=MEMBER,
        )
        assert answer.status_code == 201, answer.text
        created = answer.json()
        assert created["run_id"] == "hr-1" and created["version"] == 0 and created["status"] == "pending"
        assert answer.headers["location"] == "/v1/runs/hr-1"
        view = settle(client, "hr-1", MEMBER)
        assert view["status"] == "completed" and view["version"] > 0
        assert (
            view["source"] == "hr" and view["collection"] == "handbook" and view["embedder"] == "hashing-384"
        )
        assert view["progress"]["counters"]["documents_indexed"] == 10 and view["progress"]["batches"] == 3
        assert view["errors"] == {
            "last_error": None,
            "worker_error": None,
            "failed_documents": [],
            "retry_counts": {},
        }
        assert str(tmp_path) not in json.dumps(view)  # no server path reaches the client

        assert set(view["reports"]) == {"html", "json", "markdown"}
        html = client.get(view["reports"]["html"], headers=MEMBER)
        assert html.status_code == 200 and html.headers["content-type"].startswith("text/html")
        assert "<svg" in html.text and "hr-1" in html.text
        report = client.get("/v1/runs/hr-1/report?format=json", headers=MEMBER)
        assert report.headers["content-type"] == "application/json" and report.json()["run_id"] == "hr-1"
        markdown = client.get("/v1/runs/hr-1/report?format=markdown", headers=MEMBER)
        assert markdown.headers["content-type"].startswith("text/markdown") and "hr-1" in markdown.text
        assert locs(client.get("/v1/runs/hr-1/report?format=pdf", headers=MEMBER)) == [["query", "format"]]

        listed = client.get("/v1/runs", headers=MEMBER).json()
        assert [r["run_id"] for r in listed["runs"]] == ["hr-1"] and listed["runs"][0][
            "status"
        ] == "completed"
        assert client.get("/v1/runs?status=completed", headers=MEMBER).json()["runs"][0]["run_id"] == "hr-1"
        assert client.get("/v1/runs?status=failed", headers=MEMBER).json()["runs"] == []

        # A finished run is not executed again.
        for action, headers in (
            ("resume", MEMBER),
            ("cancel", MEMBER),
            ("approve", ADMIN),
            ("reject", ADMIN),
        ):
            refused = client.post(f"/v1/runs/hr-1/{action}", headers=headers)
            assert refused.status_code == 409, (action, refused.text)
        again = client.post("/v1/runs", json={"path": "hr", "run_id": "hr-1"}, headers=MEMBER)
        assert again.status_code == 409 and "exists already" in again.json()["detail"]


def test_another_tenants_run_is_not_found(client: TestClient) -> None:
    run = start(client, run_id="shared-name")
    settle(client, run, ADMIN)
    for method, path in RUN_ROUTES:
        answer = client.request(method, path.format(run=run), headers=GLOBEX)
        assert answer.status_code == 404, (method, path, answer.text)
        assert answer.json()["detail"] == "run 'shared-name' not found"
    assert client.get("/v1/runs", headers=GLOBEX).json() == {"runs": [], "next_cursor": None}
    # Run ids are per tenant: globex may use the same name for its own run.
    theirs = start(client, GLOBEX, run_id="shared-name")
    assert settle(client, theirs, GLOBEX)["status"] == "completed"
    assert [r["run_id"] for r in client.get("/v1/runs", headers=GLOBEX).json()["runs"]] == ["shared-name"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, ["body", "path"]),
        ({"path": ""}, ["body", "path"]),
        ({"path": "hr", "collection": "no spaces"}, ["body", "collection"]),
        ({"path": "hr", "run_id": "../escape"}, ["body", "run_id"]),
        ({"path": "hr", "options": {"batch_size": 0}}, ["body", "options", "batch_size"]),
        ({"path": "hr", "options": {"embedder": "gpt"}}, ["body", "options", "embedder"]),
        ({"path": "hr", "options": {"batch_sise": 4}}, ["body", "options", "batch_sise"]),
        ({"path": "hr", "options": {"max_steps": -1}}, ["body", "options", "max_steps"]),
        ({"path": "hr", "options": {"notify_url": "ftp://x"}}, ["body", "options", "notify_url"]),
        ({"path": "hr", "tenant_id": "globex"}, ["body", "tenant_id"]),
        ({"path": "hr", "options": {"audit_rules": "missing.toml"}}, ["body", "options", "audit_rules"]),
    ],
)
def test_malformed_input_is_a_422_naming_the_field(
    client: TestClient, body: dict[str, object], field: list[str]
) -> None:
    assert locs(client.post("/v1/runs", json=body, headers=ADMIN)) == [field]


def test_bad_query_parameters_are_a_422_naming_them(client: TestClient) -> None:
    assert locs(client.get("/v1/runs?status=done", headers=ADMIN)) == [["query", "status"]]
    assert locs(client.get("/v1/runs?limit=0", headers=ADMIN)) == [["query", "limit"]]
    assert locs(client.get("/v1/runs?cursor=garbage", headers=ADMIN)) == [["query", "cursor"]]
    assert locs(client.post("/v1/runs/r/resume", json={"max_steps": 0}, headers=ADMIN)) == [
        ["body", "max_steps"]
    ]


def test_a_path_outside_the_ingestion_root_is_a_422(client: TestClient, root: Path, tmp_path: Path) -> None:
    (tmp_path / "secret").mkdir()
    (root / "escape").symlink_to(tmp_path / "secret")
    (root / "file.md").write_text("# not a folder\n")
    for path in ("..", "../secret", "/etc", "escape", "hr/../../secret", "nope", "file.md"):
        answer = client.post("/v1/runs", json={"path": path}, headers=ADMIN)
        assert locs(answer) == [["body", "path"]], path
        assert str(tmp_path) not in answer.text  # the server's layout stays on the server
    rules = client.post(
        "/v1/runs", json={"path": "hr", "options": {"audit_rules": "../secret"}}, headers=ADMIN
    )
    assert locs(rules) == [["body", "options", "audit_rules"]]
    assert client.get("/v1/runs", headers=ADMIN).json()["runs"] == []  # nothing was registered


def test_without_a_root_the_server_takes_uploads_only(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with serving(sqlite_url, monkeypatch, env_for(tmp_path, None)) as client:
        answer = client.post("/v1/runs", json={"path": "hr"}, headers=ADMIN)
        assert locs(answer) == [["body", "path"]] and "KASSIST_INGEST_ROOT" in answer.text


def test_notifications_go_only_to_hosts_the_server_allows(
    sqlite_url: str, tmp_path: Path, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = env_for(tmp_path, root.parent, KASSIST_NOTIFY_HOSTS="hooks.example.com")
    with serving(sqlite_url, monkeypatch, env) as client:
        for url in (
            "http://127.0.0.1:9/x",
            "http://169.254.169.254/latest",
            "https://hooks.example.com.evil.io/",
        ):
            body = {"path": "hr", "options": {"notify_url": url}}
            assert locs(client.post("/v1/runs", json=body, headers=ADMIN)) == [
                ["body", "options", "notify_url"]
            ]
        ok = {"path": "hr", "options": {"notify_url": "https://hooks.example.com/k", "max_steps": 1}}
        assert client.post("/v1/runs", json=ok, headers=ADMIN).status_code == 201


def test_uploaded_files_become_a_run(client: TestClient, root: Path) -> None:
    files = [("files", (f"policies/{p.name}", p.read_bytes())) for p in sorted((root / "hr").iterdir())]
    form = {"collection": "uploaded", "run_id": "up-1", "options": json.dumps(HASHING)}
    answer = client.post("/v1/runs/uploads", files=files, data=form, headers=MEMBER)
    assert answer.status_code == 201, answer.text
    view = settle(client, "up-1", MEMBER)
    assert view["status"] == "completed" and view["source"] == "(uploaded files)"
    assert view["progress"]["counters"]["documents_indexed"] == 10
    taken = client.post("/v1/runs/uploads", files=files[:1], data=form, headers=MEMBER)
    assert taken.status_code == 409


@pytest.mark.parametrize(
    ("name", "form", "field"),
    [
        ("../evil.md", {}, ["body", "files"]),
        ("/etc/evil.md", {}, ["body", "files"]),
        (".hidden.md", {}, ["body", "files"]),
        ("ok.md", {"options": "{not json"}, ["body", "options"]),
        ("ok.md", {"options": '{"batch_size": 0}'}, ["body", "options", "batch_size"]),
        ("ok.md", {"run_id": "a/b"}, ["body", "run_id"]),
        ("ok.md", {"options": '{"audit_rules": "../../x.toml"}'}, ["body", "options", "audit_rules"]),
    ],
)
def test_a_bad_upload_is_a_422_naming_the_field(
    client: TestClient, name: str, form: dict[str, str], field: list[str]
) -> None:
    answer = client.post("/v1/runs/uploads", files=[("files", (name, b"# hi\n"))], data=form, headers=ADMIN)
    assert locs(answer)[0][: len(field)] == field
    assert client.get("/v1/runs", headers=ADMIN).json()["runs"] == []


def test_an_upload_over_the_size_limit_is_refused(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = env_for(tmp_path, None, KASSIST_UPLOAD_MAX_BYTES="1000")
    with serving(sqlite_url, monkeypatch, env) as client:
        answer = client.post("/v1/runs/uploads", files=[("files", ("big.md", b"x" * 2000))], headers=ADMIN)
        assert answer.status_code == 413 and "1000 bytes" in answer.json()["detail"]
        assert not any((tmp_path / "uploads").rglob("*.md"))  # nothing half-written is kept


def test_review_needs_an_admin_to_approve_or_reject(client: TestClient, root: Path) -> None:
    (root / "hr" / "empty.md").write_text("")  # one failed document: over a 0% share, review
    (root / "rules.toml").write_text("needs_review_failure_share = 0.0\n")
    options = {**HASHING, "audit_rules": "rules.toml"}
    for run, decision, status in (("rv-1", "approve", "completed"), ("rv-2", "reject", "cancelled")):
        start(client, MEMBER, run_id=run, options=options)
        waiting = settle(client, run, MEMBER)
        assert waiting["status"] == "needs_review" and "1 of 11 documents failed" in waiting["review"]
        assert waiting["errors"]["failed_documents"] == [
            {"path": "empty.md", "reason": "empty: the file is empty"}
        ]
        assert client.get("/v1/runs?status=needs_review", headers=MEMBER).json()["runs"][0]["run_id"] == run
        assert (
            client.get(waiting["reports"]["html"], headers=MEMBER).status_code == 200
        )  # the reviewer reads it
        refused = client.post(f"/v1/runs/{run}/{decision}", headers=MEMBER)
        assert refused.status_code == 403 and "admin" in refused.json()["detail"]
        assert client.post(f"/v1/runs/{run}/resume", headers=MEMBER).status_code == 409
        assert client.post(f"/v1/runs/{run}/cancel", headers=MEMBER).status_code == 409
        assert client.post(f"/v1/runs/{run}/{decision}", headers=ADMIN).status_code == 202
        done = settle(client, run, MEMBER)
        assert done["status"] == status and done["review"].startswith(f"{decision.rstrip('e')}ed by alice")


def test_max_steps_pauses_resume_continues_and_cancel_stops(client: TestClient) -> None:
    run = start(client, MEMBER, options={**HASHING, "max_steps": 2})
    paused = settle(client, run, MEMBER)
    assert paused["status"] == "paused" and paused["progress"]["batch"] == 1  # discover + one batch
    resumed = client.post(f"/v1/runs/{run}/resume", json={"max_steps": 1}, headers=MEMBER)
    assert resumed.status_code == 202 and resumed.json()["version"] == paused["version"]
    again = settle(client, run, MEMBER)
    assert (
        again["status"] == "paused"
        and again["progress"]["batch"] == 2
        and again["version"] > paused["version"]
    )
    assert client.post(f"/v1/runs/{run}/cancel", headers=MEMBER).status_code == 202
    cancelled = settle(client, run, MEMBER)
    assert cancelled["status"] == "cancelled" and cancelled["progress"]["batch"] == 2
    assert client.post(f"/v1/runs/{run}/resume", headers=MEMBER).status_code == 409
    assert client.get("/v1/runs?status=cancelled", headers=MEMBER).json()["runs"][0]["run_id"] == run


def test_the_list_is_paginated_newest_first(client: TestClient) -> None:
    runs = [start(client, run_id=f"p-{i}", options={**HASHING, "max_steps": 1}) for i in range(3)]
    for run in runs:
        settle(client, run, ADMIN)
    first = client.get("/v1/runs?limit=2", headers=ADMIN).json()
    assert [r["run_id"] for r in first["runs"]] == ["p-2", "p-1"] and first["next_cursor"]
    second = client.get(f"/v1/runs?limit=2&cursor={first['next_cursor']}", headers=ADMIN).json()
    assert [r["run_id"] for r in second["runs"]] == ["p-0"] and second["next_cursor"] is None
    assert [r["status"] for r in first["runs"] + second["runs"]] == ["paused"] * 3
    assert len(client.get("/v1/runs?status=paused&limit=200", headers=ADMIN).json()["runs"]) == 3


def test_runs_started_on_the_command_line_show_up_without_their_server_path(
    client: TestClient, root: Path, tmp_path: Path, sqlite_url: str
) -> None:
    from graph.ingestion.resources import Resources
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Settings

    outside = small_corpus(tmp_path / "operator-folder")
    settings = Settings(source=str(outside), collection="ops", embedder="hashing", batch_size=5)
    res = Resources.open(sqlite_url, tmp_path / "reports")  # the operator's command, on the server's database
    try:
        assert execute(res, "acme", "cli-1", settings=settings).state.status == "completed"
    finally:
        res.close()
    [listed] = client.get("/v1/runs", headers=MEMBER).json()["runs"]
    assert (
        listed["run_id"] == "cli-1"
        and listed["status"] == "completed"
        and listed["source"] == "operator-folder"
    )
    assert (
        client.get("/v1/runs/cli-1", headers=MEMBER).json()["progress"]["counters"]["documents_indexed"] == 10
    )
    assert client.get("/v1/runs/cli-1", headers=GLOBEX).status_code == 404


def test_the_openapi_schema_describes_the_runs_api(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    for path in ("/v1/runs", "/v1/runs/uploads", "/v1/runs/{run_id}", "/v1/runs/{run_id}/report"):
        assert path in paths, path
    for action in ("resume", "approve", "reject", "cancel"):
        assert "post" in paths[f"/v1/runs/{{run_id}}/{action}"]
    assert {"CreateRun", "RunOptions", "RunView", "RunPage", "Accepted"} <= set(
        schema["components"]["schemas"]
    )
    assert client.get("/docs").status_code == 200
    assert os.environ["KASSIST_INGEST_ROOT"]  # the fixture's root, not leaked into the schema
    assert os.environ["KASSIST_INGEST_ROOT"] not in json.dumps(schema)

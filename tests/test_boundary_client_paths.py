"""No server path in what a run's clients read (issue 26): a failed document's reason and a run's
last_error name documents relative to the run's source folder and never an absolute server path,
on ``langgraph dev`` (thread state, run output, the stored audit report) and on ``kassist serve``'s
runs API (the run's view, its report) alike."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import httpx
import pytest
from runs_api_harness import ADMIN, env_for, serving, settle
from shared_servers import SharedServer, file_tenants

from graph.ingestion.resources import Resources

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)


def _folder_with_a_link_outside(folder: Path) -> Path:
    """A folder whose one file is fine and whose other entry links outside the folder."""
    folder.mkdir(parents=True)
    (folder / "leave.md").write_text("# Leave\n\nOwner: HR\n\nEmployees get 25 days of leave a year.\n")
    (folder.parent / "elsewhere.md").write_text("# Elsewhere\n\nnot in the source folder\n")
    (folder / "link.md").symlink_to(folder.parent / "elsewhere.md")
    return folder


def _no_server_path(text: str, *paths: Path) -> None:
    for path in paths:
        assert str(path) not in text, text[:2000]
    assert str(Path("/tmp")) not in text.replace("(a server path)", ""), text[:2000]


def test_langgraph_dev_shows_no_server_path(shared_dev: SharedServer, tmp_path: Path) -> None:
    root = shared_dev.corpus(ME.acme).parents[1]  # the server's KASSIST_INGEST_ROOT
    docs = _folder_with_a_link_outside(root / ME.acme / "docs")
    base, db_url = shared_dev.base, shared_dev.db_url
    acme = httpx.Client(base_url=base, headers={"x-api-key": ME.acme_key}, timeout=120)
    thread = acme.post("/threads", json={}).json()["thread_id"]
    settings = {"source": str(docs), "collection": "paths", "embedder": "hashing"}
    done = acme.post(
        f"/threads/{thread}/runs/wait",
        json={"assistant_id": "ingestion", "input": {"settings": settings}},
    )
    assert done.status_code == 200 and done.json()["counters"]["documents_failed"] == 1, done.text
    res = Resources.open(db_url, tmp_path / "reports")
    try:
        rows = list(res.runs.for_tenant(ME.acme).manifest(thread))
        reasons = [str(r["reason"]) for r in rows if r["outcome"] == "failed"]
        assert reasons == ["outside_root: symlink to (a server path), outside the ingested root"]
        report = res.runs.for_tenant(ME.acme).report(thread, "markdown") or ""
        assert "link.md" in report
        _no_server_path(report, root)
    finally:
        res.close()
    _no_server_path(json.dumps(acme.get(f"/threads/{thread}/state").json()["values"]["step_outputs"]), root)

    # A folder gone by the time the run reads it: the error says what, not where on the server.
    gone = root / ME.acme / "gone"
    gone.mkdir()
    probe = acme.post("/threads", json={}).json()["thread_id"]
    shutil.rmtree(gone)
    failed = acme.post(
        f"/threads/{probe}/runs/wait",
        # Its own collection: "paths" mirrors folder docs, and another folder is refused there first
        # (knowledge/index/sources.py, session 33).
        json={
            "assistant_id": "ingestion",
            "input": {"settings": {**settings, "source": str(gone), "collection": "gone"}},
        },
    ).json()
    assert failed["status"] == "failed", failed
    assert failed["last_error"] == (
        "discover: NotADirectoryError: ingestion root (the run's source folder) is not a directory"
    )
    state = acme.get(f"/threads/{probe}/state").json()["values"]
    assert state["last_error"] == failed["last_error"]


def test_the_runs_api_shows_no_server_path(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    _folder_with_a_link_outside(root / "acme" / "docs")
    (root / "acme" / "gone").mkdir()
    rules = root / "acme" / "rules.toml"
    rules.write_text("")  # valid (no rules of its own) when the run is accepted
    env = env_for(tmp_path, root)
    options = {"embedder": "hashing"}
    with serving(sqlite_url, monkeypatch, {**env, "KASSIST_RUN_WORKERS": "0"}) as client:  # accepts only
        for run, path, extra in (("links", "docs", {}), ("vanished", "gone", {}),
                                 ("rules", "docs", {"audit_rules": "rules.toml"})):  # fmt: skip
            body = {"path": path, "run_id": run, "collection": f"c-{run}", "options": {**options, **extra}}
            assert client.post("/v1/runs", json=body, headers=ADMIN).status_code == 201, body
    shutil.rmtree(root / "acme" / "gone")  # removed after the run was accepted
    rules.write_text("[[rules]]\nthis is = not toml\n")  # broken after it was accepted
    with serving(sqlite_url, monkeypatch, env) as client:
        view = settle(client, "links", ADMIN)
        assert view["errors"]["failed_documents"] == [
            {
                "path": "link.md",
                "reason": "outside_root: symlink to (a server path), outside the ingested root",
            }
        ]
        report = client.get("/v1/runs/links/report?format=markdown", headers=ADMIN)
        assert report.status_code == 200 and "link.md" in report.text
        _no_server_path(report.text, root)
        _no_server_path(json.dumps(view), root, tmp_path)
        vanished = settle(client, "vanished", ADMIN)
        assert vanished["status"] == "failed"
        assert vanished["errors"]["last_error"] == (
            "discover: NotADirectoryError: ingestion root (the run's source folder) is not a directory"
        )
        _no_server_path(json.dumps(vanished), root, tmp_path)
        broken = settle(client, "rules", ADMIN)  # defect 9: the audit_rules error named its server path
        assert broken["status"] == "failed" and broken["errors"]["last_error"], broken
        assert "(a server path)" in broken["errors"]["last_error"], broken["errors"]
        _no_server_path(json.dumps(broken), root, tmp_path)

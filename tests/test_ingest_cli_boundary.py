"""The command line at the run's boundary: bad run ids and changed settings are one-line usage
errors, a run registered without a checkpoint never gives a traceback, and the audit report is
exported from the database on request (``runs report``, ``ingest --reports-dir``), paths whole."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from ingest_harness import kassist, opened, write_corpus
from raw_sql import raw

from graph.ingestion.state import Settings

TENANT = "acme"


def one_line_error(result: object, code: int, *needles: str) -> str:
    out, err, rc = result.stdout, result.stderr, result.returncode  # type: ignore[attr-defined]
    assert rc == code, out + err
    assert "Traceback" not in out + err, out + err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:"), err
    for needle in needles:
        assert needle in lines[0], err
    return str(lines[0])


def ingest(db_url: str, root: Path, run_id: str, *extra: str, cwd: Path) -> object:
    return kassist(
        "ingest", str(root), "--tenant", TENANT, "--run-id", run_id, "--embedder", "hashing",
        "--database-url", db_url, *extra, cwd=cwd,
    )  # fmt: skip


def test_bad_run_ids_and_changed_settings_are_one_line_usage_errors(sqlite_url: str, tmp_path: Path) -> None:
    # Both backends' registration is tested in-process (test_ingest_boundary.py); this is the CLI.
    db_url = sqlite_url
    root = write_corpus(tmp_path / "docs", extra=0)
    for bad in ("../globex/x", "a b"):
        one_line_error(ingest(db_url, root, bad, cwd=tmp_path), 2, "not a plain name")
    # A UUID names a LangGraph server thread (the runs API refuses it too; h1's probe, session 20).
    for thread_like in ("123e4567-e89b-12d3-a456-426614174000", "123E4567E89B12D3A456426614174000"):
        one_line_error(ingest(db_url, root, thread_like, cwd=tmp_path), 2, "is a UUID", "kassist runs resume")
    one_line_error(
        kassist("runs", "show", "../x", "--tenant", TENANT, "--database-url", db_url, cwd=tmp_path),
        2,
        "not a plain name",
    )
    first = ingest(db_url, root, "once", "--collection", "handbook", "--max-steps", "1", cwd=tmp_path)
    assert first.returncode == 8, first.stdout + first.stderr  # type: ignore[attr-defined]
    line = one_line_error(
        ingest(db_url, root, "once", "--collection", "other", "--batch-size", "7", cwd=tmp_path),
        2,
        "collection 'handbook'",
        "batch_size 25",
        "start a new run id",
    )
    assert str(root) not in line
    # The same settings again are the resume they always were.
    again = ingest(db_url, root, "once", "--collection", "handbook", "--json", cwd=tmp_path)
    assert again.returncode == 0 and json.loads(again.stdout)["collection"] == "handbook"  # type: ignore[attr-defined]


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://hooks.example.com/x", "hooks.example.com/x"])
def test_a_notify_url_that_is_not_http_is_refused_before_the_run(
    url: str, sqlite_url: str, tmp_path: Path
) -> None:
    # Else the whole run goes by and its notify step fails at the end (g5's probe, session 22).
    root = write_corpus(tmp_path / "docs", extra=0)
    line = one_line_error(
        ingest(sqlite_url, root, "hooked", "--notify-url", url, cwd=tmp_path), 2, "--notify-url"
    )
    assert "http:// or https://" in line
    shown = kassist("runs", "show", "hooked", "--tenant", TENANT, "--database-url", sqlite_url, cwd=tmp_path)
    assert shown.returncode != 0  # type: ignore[attr-defined]  # nothing was registered


def test_a_run_registered_without_a_checkpoint_never_gives_a_traceback(
    sqlite_url: str, tmp_path: Path
) -> None:
    root = write_corpus(tmp_path / "docs", extra=0)
    with opened(sqlite_url, tmp_path / "unused") as res:  # what a kill right after registering leaves
        res.runs.for_tenant(TENANT).register(
            "kept", Settings(source=str(root), collection="kept", embedder="hashing")
        )
        res.runs.for_tenant(TENANT).register(
            "stop", Settings(source=str(root), collection="stop", embedder="hashing")
        )
    raw(  # and a row queued without settings that nothing can start (e.g. a request lost)
        sqlite_url,
        "INSERT INTO kassist_ingest_runs (tenant_id, run_id, source, collection, created_at) "
        "VALUES (%s, 'bare', '', 'x', 0)",
        (TENANT,),
    )
    common = ("--tenant", TENANT, "--database-url", sqlite_url)
    for decision, run_id in (("approve", "kept"), ("reject", "bare")):
        one_line_error(
            kassist("runs", decision, run_id, *common, cwd=tmp_path), 1, "not waiting for a review"
        )
    one_line_error(
        kassist("runs", "resume", "bare", *common, cwd=tmp_path), 1, "registered without its settings"
    )
    cancelled = kassist("runs", "cancel", "bare", *common, cwd=tmp_path)
    assert cancelled.returncode == 6 and "never started" in cancelled.stdout, cancelled.stderr
    stopped = kassist("runs", "cancel", "stop", *common, "--json", cwd=tmp_path)
    assert stopped.returncode == 6 and json.loads(stopped.stdout)["status"] == "cancelled", stopped.stderr
    resumed = kassist("runs", "resume", "kept", *common, "--json", cwd=tmp_path)
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    data = json.loads(resumed.stdout)
    assert (data["status"], data["collection"], data["source"]) == ("completed", "kept", str(root))
    assert data["counters"]["documents_indexed"] == 24


def test_runs_show_answers_for_a_run_registered_without_a_checkpoint(sqlite_url: str, tmp_path: Path) -> None:
    """A CLI killed right after registering leaves a registry row and no checkpoint: `runs list`
    lists it pending, and `runs show` shows the same run (h1's probe, session 20), not "no run"."""
    root = write_corpus(tmp_path / "docs", extra=0)
    with opened(sqlite_url, tmp_path / "unused") as res:
        res.runs.for_tenant(TENANT).register(
            "kept", Settings(source=str(root), collection="kept", embedder="hashing", batch_size=3)
        )
    raw(  # a row queued without settings
        sqlite_url,
        "INSERT INTO kassist_ingest_runs (tenant_id, run_id, source, collection, created_at) "
        "VALUES (%s, 'bare', '', 'x', 0)",
        (TENANT,),
    )
    common = ("--tenant", TENANT, "--database-url", sqlite_url)
    listed = kassist("runs", "list", *common, "--json", cwd=tmp_path)
    assert {r["run_id"]: r["status"] for r in json.loads(listed.stdout)} == {
        "kept": "pending",
        "bare": "pending",
    }
    shown = kassist("runs", "show", "kept", *common, "--json", cwd=tmp_path)
    assert shown.returncode == 0, shown.stdout + shown.stderr
    data = json.loads(shown.stdout)
    assert (data["run_id"], data["status"], data["collection"], data["source"]) == (
        "kept",
        "pending",
        "kept",
        str(root),
    )
    assert data["version"] is None and data["counters"]["documents_indexed"] == 0
    text = kassist("runs", "show", "kept", *common, cwd=tmp_path)
    assert text.returncode == 0 and "pending" in text.stdout and str(root) in text.stdout, text.stderr
    bare = json.loads(kassist("runs", "show", "bare", *common, "--json", cwd=tmp_path).stdout)
    assert (bare["status"], bare["collection"], bare["source"]) == ("pending", "x", "")
    one_line_error(kassist("runs", "show", "never", *common, cwd=tmp_path), 1, "no ingestion run 'never'")
    other = kassist("runs", "show", "kept", "--tenant", "globex", "--database-url", sqlite_url, cwd=tmp_path)
    one_line_error(other, 1, "no ingestion run 'kept' for tenant 'globex'")


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One finished run, its reports exported on request: its database, which each test copies."""
    cwd = tmp_path_factory.mktemp("finished-run")
    root = write_corpus(cwd / "docs", extra=0)
    out = cwd / "exported"
    db = cwd / "kassist.db"
    result = ingest(
        f"sqlite:///{db}", root, "rep-1", "--collection", "handbook", "--reports-dir", str(out), cwd=cwd
    )
    assert result.returncode == 0, result.stdout + result.stderr  # type: ignore[attr-defined]
    # Each exported path whole, on its own line, whatever the terminal's width.
    assert f"report (html):\n{out.resolve() / 'audit-rep-1@acme.html'}\n" in result.stdout  # type: ignore[attr-defined]
    assert not (cwd / ".kassist").exists()  # nothing written under the working directory
    return db


@pytest.fixture
def done_run(finished_run: Path, tmp_path: Path) -> tuple[str, Path]:
    """The finished run in a database of this test's own: a copy (SQLite's backup) of the one the
    module's run wrote, instead of the same ingest again per test (~3 s of CPU each)."""
    own = tmp_path / "kassist.db"
    with closing(sqlite3.connect(finished_run)) as src, closing(sqlite3.connect(own)) as dst:
        src.backup(dst)
    return f"sqlite:///{own}", tmp_path


def test_runs_report_exports_the_stored_report_for_its_tenant_only(done_run: tuple[str, Path]) -> None:
    db_url, tmp = done_run
    shown = kassist("runs", "show", "rep-1", "--tenant", TENANT, "--database-url", db_url, "--json", cwd=tmp)
    data = json.loads(shown.stdout)
    assert data["reports"] == ["html", "json", "markdown"] and "report_paths" not in data
    assert data["report_export"] == f"kassist runs report rep-1 --tenant {TENANT} --out DIR"
    out = tmp / "again"
    got = kassist(
        "runs", "report", "rep-1", "--tenant", TENANT, "--database-url", db_url, "--out", str(out),
        "--format", "json", "--json", cwd=tmp,
    )  # fmt: skip
    assert got.returncode == 0, got.stderr
    assert json.loads(got.stdout) == {"json": str(out.resolve() / "audit-rep-1@acme.json")}
    report = json.loads((out / "audit-rep-1@acme.json").read_text())
    assert report["run_id"] == "rep-1" and report["tenant_id"] == TENANT
    assert sorted(p.name for p in out.iterdir()) == ["audit-rep-1@acme.json"]
    # Another tenant's run is not found; a bad format or an --out that is a file: usage errors.
    one_line_error(
        kassist(
            "runs",
            "report",
            "rep-1",
            "--tenant",
            "globex",
            "--database-url",
            db_url,
            "--out",
            str(tmp / "g"),
            cwd=tmp,
        ),
        1,
        "no ingestion run 'rep-1' for tenant 'globex'",
    )
    assert not (tmp / "g").exists()
    one_line_error(
        kassist(
            "runs",
            "report",
            "rep-1",
            "--tenant",
            TENANT,
            "--database-url",
            db_url,
            "--out",
            str(out),
            "--format",
            "pdf",
            cwd=tmp,
        ),
        2,
        "--format 'pdf'",
    )


def test_runs_report_replaces_a_planted_symlink_instead_of_writing_through_it(
    done_run: tuple[str, Path],
) -> None:
    # A shared export folder (/tmp, a team share): another local user plants the report's name as a
    # link to a file the operator may write. The export replaces the link; the target is untouched.
    db_url, tmp = done_run
    victim = tmp / "victim.txt"
    victim.write_text("keep me")
    out = tmp / "shared"
    out.mkdir()
    (out / "audit-rep-1@acme.json").symlink_to(victim)
    got = kassist(
        "runs", "report", "rep-1", "--tenant", TENANT, "--database-url", db_url, "--out", str(out),
        "--format", "json", "--json", cwd=tmp,
    )  # fmt: skip
    assert got.returncode == 0, got.stderr
    assert victim.read_text() == "keep me"
    written = out / "audit-rep-1@acme.json"
    assert not written.is_symlink() and json.loads(written.read_text())["run_id"] == "rep-1"
    assert json.loads(got.stdout) == {"json": str(out.resolve() / "audit-rep-1@acme.json")}
    assert sorted(p.name for p in out.iterdir()) == ["audit-rep-1@acme.json"]  # no temporary file left

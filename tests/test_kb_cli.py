"""`kassist kb ingest/search/stats` through typer's CliRunner, on a real SQLite file and a real PostgreSQL.

``kb ingest`` is the ingestion pipeline (the same command as ``kassist ingest``): one way to ingest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_kb_ingest import write_tree
from typer.testing import CliRunner

from cli.kb import app
from cli.runs import app as runs_app

runner = CliRunner()


@pytest.fixture(autouse=True)
def reports_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pipeline's audit reports go to the test's folder, not the checkout's .kassist/."""
    monkeypatch.setenv("KASSIST_REPORTS_DIR", str(tmp_path / "reports"))


def kb(*args: str, url: str) -> tuple[int, str]:
    result = runner.invoke(app, [*args, "--database-url", url])
    return result.exit_code, result.output


def test_ingest_search_stats(db_url: str, tmp_path: Path) -> None:
    root = tmp_path / "docs"
    write_tree(root)
    code, out = kb(
        "ingest",
        str(root),
        "--tenant",
        "acme",
        "--collection",
        "handbook",
        "--embedder",
        "hashing",
        url=db_url,
    )
    # 3 of 5 files fail (over the 10% the audit allows): the run waits for a review (exit 5)
    assert code == 5, out
    assert "hashing: chosen explicitly" in out
    assert "2 documents indexed, 0 unchanged, 3 failed, 0 removed" in out
    assert "Files not indexed" in out
    for name, kind in (
        ("empty.md", "empty"),
        ("logo.png", "unsupported_type"),
        ("latin1.txt", "invalid_utf8"),
    ):
        assert name in out and kind in out
    # the pipeline's audit report is stored with the run; the output says how to export it
    assert "audit report: kassist runs report ingest-" in out and "--tenant acme --out DIR" in out
    run_id = out.split("kassist runs approve ")[1].split()[0]
    approved = runner.invoke(runs_app, ["approve", run_id, "--tenant", "acme", "--database-url", db_url])
    assert approved.exit_code == 3, approved.output  # completed, some files not indexed: partial
    assert "completed" in approved.output and "empty.md" in approved.output

    code, out = kb(
        "ingest", str(root), "-t", "acme", "-c", "handbook", "--embedder", "hashing", "--json", url=db_url
    )
    assert code == 5, out
    report = json.loads(out)
    counters = report["counters"]
    assert (counters["documents_indexed"], counters["chunks_added"], counters["embedded"]) == (0, 0, 0)
    assert counters["documents_unchanged"] == 2 and report["status"] == "needs_review"
    assert sorted((f["path"], f["problem"]) for f in report["failed_documents"]) == [
        ("empty.md", "empty"), ("latin1.txt", "invalid_utf8"), ("logo.png", "unsupported_type"),
    ]  # fmt: skip

    code, out = kb("search", "parental leave weeks", "--tenant", "acme", "--k", "2", "--json", url=db_url)
    assert code == 0, out
    hits = json.loads(out)
    assert len(hits) == 2
    assert hits[0]["source_path"] == "policies/leave.md" and hits[0]["heading"].endswith("Parental leave")
    assert {"chunk_id", "doc_id", "title", "text", "score", "keyword_rank", "vector_rank"} <= hits[0].keys()

    code, out = kb("search", "hotel", "-t", "acme", "-c", "handbook", "--mode", "keyword", url=db_url)
    assert code == 0 and "travel.txt" in out and "keyword search: hotel" in out

    code, out = kb("stats", "--tenant", "acme", "--json", url=db_url)
    [stats] = json.loads(out)
    assert (stats["collection"], stats["documents"], stats["embedder"]) == ("handbook", 2, "hashing-384")
    code, out = kb("stats", "--tenant", "acme", url=db_url)
    assert code == 0 and "handbook" in out and "hashing-384" in out

    # Another tenant sees nothing, and acme's collection is "not found" for it.
    code, out = kb("stats", "--tenant", "globex", "--json", url=db_url)
    assert json.loads(out) == []
    code, out = kb("search", "parental leave", "--tenant", "globex", "--json", url=db_url)
    assert (code, json.loads(out)) == (0, [])
    code, out = kb("search", "parental leave", "--tenant", "globex", "-c", "handbook", url=db_url)
    assert code == 1 and "'handbook' not found for tenant 'globex'" in out


def test_bad_input_gets_clear_errors(sqlite_url: str, tmp_path: Path) -> None:
    code, out = kb("stats", url=sqlite_url)
    assert code == 2 and "--tenant" in out
    code, out = kb("stats", "--tenant", "", url=sqlite_url)
    assert code == 2 and "tenant_id is empty" in out  # exit 2: the command line is wrong (docs/cli.md)
    code, out = kb("stats", "--tenant", "acme", url="mysql://db/kassist")
    assert code == 1 and "unsupported database URL scheme 'mysql'" in out
    code, out = kb(
        "ingest", str(tmp_path / "nope"), "-t", "acme", "-c", "h", "--embedder", "hashing", url=sqlite_url
    )
    assert code == 2 and "nope does not exist" in out  # exit 2: the command line is wrong
    (tmp_path / "file.md").write_text("# Not a folder\n")
    code, out = kb("ingest", str(tmp_path / "file.md"), "-t", "acme", "--embedder", "hashing", url=sqlite_url)
    assert code == 2 and "file.md is not a directory" in out
    code, out = kb("ingest", str(tmp_path), "-t", "acme", "--embedder", "bert", url=sqlite_url)
    assert code == 2 and "unknown --embedder 'bert'" in out
    code, out = kb("ingest", str(tmp_path), "-t", "", "--embedder", "hashing", url=sqlite_url)
    assert code == 2 and "tenant_id is empty" in out
    code, out = kb(
        "ingest", str(tmp_path), "-t", "acme", "--audit-rules", str(tmp_path / "no.toml"), url=sqlite_url
    )
    assert code == 2 and "no.toml" in out
    code, out = kb(
        "ingest", str(tmp_path), "-t", "acme", "-c", "bad name!", "--embedder", "hashing", url=sqlite_url
    )
    assert code == 1 and "not a valid name" in out  # a name the index refuses: failed, as before
    assert not Path(sqlite_url.removeprefix("sqlite:///")).exists()  # refused before opening anything
    code, out = kb("search", "x", "-t", "acme", "--mode", "fuzzy", url=sqlite_url)
    assert code == 2 and "unknown --mode 'fuzzy'" in out
    code, out = kb("search", "x", "-t", "acme", "--from", "2026-13-01", url=sqlite_url)
    assert code == 2 and "YYYY-MM-DD" in out
    code, out = kb("search", "x", "-t", "acme", "--embedder", "nonsense", url=sqlite_url)
    assert code == 2 and "unknown embedder 'nonsense'" in out


def test_environment_variable_picks_the_database(sqlite_url: str, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    root = tmp_path / "docs"
    write_tree(root)
    monkeypatch.setenv("KASSIST_DATABASE_URL", sqlite_url)
    result = runner.invoke(app, ["ingest", str(root), "-t", "acme", "-c", "h", "--embedder", "hashing"])
    assert result.exit_code == 5, result.output  # indexed; 3 of 5 files failed: waits for a review
    result = runner.invoke(app, ["stats", "-t", "acme", "--json"])
    assert json.loads(result.output)[0]["documents"] == 2
    assert Path(sqlite_url.removeprefix("sqlite:///")).exists()


def test_runs_commands_never_create_a_database(tmp_path: Path) -> None:
    """Only `ingest` creates the database: `runs list/show/resume/...` on a mistyped path say so."""
    missing = tmp_path / "no" / "such.db"
    url = f"sqlite:///{missing}"
    for args in (["list"], ["show", "r1"], ["resume", "r1"], ["approve", "r1"], ["cancel", "r1"]):
        result = runner.invoke(runs_app, [*args, "--tenant", "acme", "--database-url", url])
        assert result.exit_code == 1 and "does not exist" in result.output, (args, result.output)
    assert not missing.exists() and not missing.parent.exists()
    result = runner.invoke(runs_app, ["list", "--tenant", "", "--database-url", url])
    assert result.exit_code == 2 and "tenant_id is empty" in result.output

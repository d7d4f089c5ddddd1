"""A served run's listing stays in its tenant's folder (h11 s33 #1's residual).

``load_file(within=)`` refuses a served run's reads through a source folder swapped for a link to
another tenant's folder; the listing at ``discover`` (``walk_files``) opened the source following the
link and put the other tenant's file names in the run's manifest. With ``within`` (the folder the
server lets the run read) every folder is opened from it without following a link. Pure file-system
tests, no database."""

from __future__ import annotations

from pathlib import Path

from graph.ingestion.pipeline import list_source
from knowledge.documents import DocumentError
from knowledge.loaders import walk_files


def _tenants(tmp_path: Path) -> tuple[Path, Path]:
    root = tmp_path / "root"
    acme, globex = root / "acme", root / "globex"
    (acme / "docs.before").mkdir(parents=True)
    (acme / "docs.before" / "handbook.md").write_text("# Handbook\n")
    (globex / "docs").mkdir(parents=True)
    (globex / "docs" / "payroll-2026-ceo-salary.md").write_text("# Secret\n")
    (acme / "docs").symlink_to(Path("..") / "globex" / "docs")  # the member's swap
    return acme, globex


def test_a_served_runs_source_swapped_for_a_link_lists_none_of_the_other_tenants_names(
    tmp_path: Path,
) -> None:
    acme, _ = _tenants(tmp_path)
    items = list(walk_files(acme / "docs", within=acme))
    assert [type(i) for i in items] == [DocumentError]
    error = items[0]
    assert isinstance(error, DocumentError)
    assert error.kind == "unreadable" and "payroll" not in error.reason
    assert "not in the folder this run may read" in error.reason


def test_the_swapped_source_removes_none_of_the_collections_documents(tmp_path: Path) -> None:
    acme, _ = _tenants(tmp_path)
    indexed = [("d1", "handbook.md")]  # what the collection holds from the folder before the swap
    rows = list_source(acme / "docs", "acme", "c", indexed, within=acme)
    assert [r["kind"] for r in rows] == ["error"], rows  # unread: nothing judged gone, no delete row
    assert all("payroll" not in str(r["path"]) for r in rows)


def test_a_folder_inside_the_tenants_folder_is_walked_as_before(tmp_path: Path) -> None:
    acme, _ = _tenants(tmp_path)
    (acme / "docs").unlink()
    (acme / "docs.before").rename(acme / "docs")
    (acme / "docs" / "sub").mkdir()
    (acme / "docs" / "sub" / "faq.md").write_text("# FAQ\n")
    served = [i for i in walk_files(acme / "docs", within=acme)]
    operator = [i for i in walk_files(acme / "docs")]
    assert served == operator
    assert [Path(p).name for p in served if isinstance(p, Path)] == ["handbook.md", "faq.md"]


def test_the_command_lines_run_follows_the_operators_link(tmp_path: Path) -> None:
    # The operator's own run (no within) reads where the operator pointed it, as before.
    acme, _ = _tenants(tmp_path)
    names = [Path(p).name for p in walk_files(acme / "docs") if isinstance(p, Path)]
    assert names == ["payroll-2026-ceo-salary.md"]


def test_the_served_folder_is_in_no_checkpoints_metadata(tmp_path: Path) -> None:
    # The server's folder confines the run's reads; it is not written where thread readers see it
    # (review s33 r1 F10: LangGraph copies scalar configurable values into checkpoint metadata).
    from graph.ingestion.resources import Resources
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Settings

    docs = tmp_path / "root" / "acme" / "docs"
    docs.mkdir(parents=True)
    (docs / "a.md").write_text("# A\n\nhello\n")
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    try:
        settings = Settings(source=str(docs), collection="c", embedder="hashing")
        out = execute(res, "acme", "m1", settings=settings, within=tmp_path / "root" / "acme")
        assert out.state.status == "completed"
        saver = res.saver.for_tenant("acme")
        tuples = list(saver.list({"configurable": {"thread_id": "m1", "checkpoint_ns": ""}}))
        assert tuples
        for t in tuples:
            assert str(tmp_path / "root" / "acme") not in repr(t.metadata), t.metadata
    finally:
        res.close()

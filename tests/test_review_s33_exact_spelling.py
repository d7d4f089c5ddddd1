"""A run whose folder is named through a link that has not moved still reads its files (review s33
r1, of f279f23).

f279f23 reads a run without a server-named folder (the command line's, a run invoked by code) from
its registered folder "taken as it is written" (``load_file(within=<source>, exact=True)``), so that a
link put in the folder's place after discover is refused. It compares each file's real path with the
folder as written: when the folder's own name goes through a link that was there all along - macOS's
``/tmp`` and ``/var`` (links to ``/private/...``), a ``KASSIST_INGEST_ROOT`` spelt through a mount
link that ``langgraph dev``'s clients name and ``kassist runs resume`` then carries on - every file
"resolves outside the folder this run may read" and the run indexes nothing. Only the folder's last
part can have been swapped (its parents are the operator's); the command line registers the folder
resolved, so its own fresh runs are not affected.

Passes since 0dba54f (parents resolved; their safety for a served run's command-line resume is
tests/test_review_s33_cli_resume_parent_swap.py's). ``execute`` as code calls it (and as the command line's resume does, with the registered settings),
one SQLite file, no server; ~2 s."""

from __future__ import annotations

from pathlib import Path

from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings


def test_a_folder_named_through_a_standing_link_is_read(tmp_path: Path) -> None:
    real = tmp_path / "data"
    (real / "acme" / "docs").mkdir(parents=True)
    (real / "acme" / "docs" / "a.md").write_text("# A\n\nThe office opens at nine.\n")
    mount = tmp_path / "srv"  # e.g. /tmp on macOS, or the root's mount link
    mount.symlink_to(real, target_is_directory=True)
    settings = Settings(source=str(mount / "acme" / "docs"), collection="c", embedder="hashing")
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    try:
        outcome = execute(res, "acme", "r", settings=settings)
        failed = JobStore(res.runs).for_tenant("acme").failed_documents("r")
    finally:
        res.close()
    assert outcome.state.counters.documents_indexed == 1, (
        f"the run ended {outcome.state.status} with {outcome.state.counters.documents_failed} failed: {failed}"
    )

"""The command line's resume of a served run reads only that run's tenant's folder (review s33 r1,
the CLI door of h11 s33 #1).

A run the runs API accepted reads ``KASSIST_INGEST_ROOT/<tenant>/<path>``, a folder its tenant
writes. A member who swaps that folder for a link to another tenant's folder once the run is past its
checks has the other tenant's files read (h11 s33 #1, #2; the fix confines a served run's reads to
the folder the server lets it read, ``load_file``/``walk_files`` ``within``, which the runs API's
worker and langgraph dev pass). But the run can also be carried on by the operator: ``kassist runs
resume <run> --tenant acme`` (the command the registration's own message names) runs it with its
registered settings - the member's folder - and passes no such folder: the operator's command reads
where the *member's* link points.

acme's member's run (four files, one per batch) is accepted by the runs API and paused after its
discover (max_steps), as the server's worker leaves it - nothing written yet, so the collection
records no source the swapped folder could differ from; the member swaps acme's folder for a link to
globex's; the operator resumes it with the command line (in process, typer's runner; d.md, the file
globex also has, is one no batch loaded ahead before the swap, as in a command line's own process).
Fails on 3aac96e (h11 #1's fix) and with a source record that resolves links. One SQLite file, ~5 s."""

from __future__ import annotations

from pathlib import Path

import pytest
from review_support import SECRET, resume_after_swap


def test_the_command_lines_resume_of_a_served_run_reads_no_other_tenants_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    done, texts = resume_after_swap(tmp_path, monkeypatch, "docs", "docs")  # the member's swap
    indexed = " ".join(texts.values())
    assert SECRET not in indexed, (
        f"the operator's resume (exit {done.exit_code}) indexed globex's d.md in acme's collection: "
        f"{sorted(texts)}"
    )

"""The command line's resume of a served run stays in its tenant's folder when the operator's shell
does not hold the server's settings (review s33 r1, F12's remainder).

tests/test_review_s33_cli_resume_parent_swap.py: a served run's folder is nested in its tenant's
(``team/docs``) and its member swaps ``acme/team`` for a link to ``globex/team``; ``kassist runs
resume`` must not read globex's file. A fix that confines the resume to the tenant's folder of
``KASSIST_INGEST_ROOT`` *as the operator's environment has it* leaves the case where the operator's
shell has no ``KASSIST_INGEST_ROOT`` (set only in the server's service unit): the run is then the
operator's own to the command line, read with its folder's parents resolved, through the member's
link. Refusing to carry on a run the server accepted without the server's root (or confining it to
its registered folder taken as written) keeps globex's file out.

As the parent-swap test, the resume run with ``KASSIST_INGEST_ROOT`` removed from the environment.
One SQLite file, ~4 s."""

from __future__ import annotations

from pathlib import Path

import pytest
from review_support import SECRET, resume_after_swap


def test_the_command_lines_resume_without_the_servers_root_follows_no_swapped_parent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    done, texts = resume_after_swap(tmp_path, monkeypatch, "team/docs", "team", root_in_shell=False)
    # Refused in one line that says what to do, not read as the operator's own folder.
    assert done.exit_code == 1 and "resume it through the server" in done.output, done.output
    assert "Traceback" not in done.output
    indexed = " ".join(texts.values())
    assert SECRET not in indexed, (
        f"the operator's resume (exit {done.exit_code}) indexed globex's d.md in acme's collection: "
        f"{sorted(texts)}"
    )

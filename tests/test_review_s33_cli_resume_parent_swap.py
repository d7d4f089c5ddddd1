"""The command line's resume of a served run does not follow a link put in place of a *parent* of
its folder (review s33 r1, of 0dba54f).

f279f23 read a command line's run's files from its registered folder "as written" (``exact``), which
refused a link put in place of the folder itself. 0dba54f (review r1's patch 04, the "parents
resolved" half - r1's mistake) resolves the folder's parents, so that a folder named through a link
that never moved (macOS's /tmp, a mount link) is read. But a served run's folder may be nested in
its tenant's folder (``path: "team/docs"``): ``team`` is the tenant's to write, not the operator's.
Its member swaps ``acme/team`` for a link to ``globex/team``; ``kassist runs resume`` resolves the
parent through the link and reads globex's ``team/docs/d.md`` into acme's collection. A run carried
out by the server reads from its tenant's folder without following a link below it (3aac96e).

As tests/test_review_s33_cli_resume_swap.py: acme's member's runs API run paused after discover,
the swap, the operator's resume in process (typer's runner). One SQLite file, ~4 s."""

from __future__ import annotations

from pathlib import Path

import pytest
from review_support import SECRET, resume_after_swap


def test_the_command_lines_resume_follows_no_link_in_place_of_a_parent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The member swaps the run's folder's parent, inside acme's folder.
    done, texts = resume_after_swap(tmp_path, monkeypatch, "team/docs", "team")
    indexed = " ".join(texts.values())
    assert SECRET not in indexed, (
        f"the operator's resume (exit {done.exit_code}) indexed globex's d.md in acme's collection: "
        f"{sorted(texts)}"
    )

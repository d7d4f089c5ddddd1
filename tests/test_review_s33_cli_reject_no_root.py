"""An operator rejects a served run waiting for review from any shell (review s33 r1 F13, of
323c367).

323c367 refuses to carry on a run a server accepted when the command line cannot tell that server's
folder (no ``KASSIST_INGEST_ROOT`` in the operator's shell): read as the operator's own, a parent its
member swapped for a link would be followed. The refusal is taken for every request, a review's
decision too: ``kassist runs reject <run>`` from such a shell exits 1 ("resume it through the
server ... or set KASSIST_INGEST_ROOT") and the run keeps waiting. A decision reads no file (after
the review only record_decision, notify and remember run; a reject ends the run at
record_decision: server/runs/served_again.reads_or_sends), so there is nothing to confine.

acme's member's runs API run (a private key in its folder: it waits for review), carried out as the
server's worker does, then the operator's ``kassist runs reject`` in process (typer's runner) with
``KASSIST_INGEST_ROOT`` removed from the environment. One SQLite file, ~3 s."""

from __future__ import annotations

from pathlib import Path

import pytest
from review_support import held_served_run
from typer.testing import CliRunner

from cli.main import app
from graph.ingestion.head import read_head
from graph.ingestion.resources import Resources
from server.runs.models import RunOptions


def test_the_operators_reject_of_a_served_run_needs_no_root_in_the_shell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = held_served_run(tmp_path, monkeypatch, RunOptions(embedder="hashing"))
    monkeypatch.delenv("KASSIST_INGEST_ROOT")  # the operator's shell, not the server's service unit
    done = CliRunner().invoke(app, ["runs", "reject", "r", "--tenant", "acme", "--database-url", url])
    res = Resources.open(url, reports_dir=tmp_path / "reports")
    try:
        head = read_head(res.saver, "acme", "r").state
    finally:
        res.close()
    # ExitCode.STOPPED: the run ended rejected (cancelled), as with the server's root in the shell.
    assert done.exit_code == 6, f"the operator's reject exited {done.exit_code}: {done.output[-400:]}"
    assert head is not None and head.status == "cancelled", head

"""A cancel the command line refuses on a run waiting for review changes nothing (session 32 probes,
h9: /tmp/h9s32/findings.md #2).

The runs API and the console refuse to cancel a run waiting for review before they write anything
(409 "waiting for a review: an admin stops it with .../reject"). ``kassist runs cancel`` set the
registry's cancel flag first and only then looked: it answered exit 5 "waiting for a review ...
kassist runs approve / reject" (nothing cancelled, by its words), and the admin's approve carried
out later ended the run "cancelled before the notify step": approved, yet never notified nor
remembered, stopped by a cancel that was refused."""

from __future__ import annotations

from pathlib import Path

from review_support import KEY_DOC
from typer.testing import CliRunner

from cli.kit import ExitCode
from cli.main import app
from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings

TENANT, RUN = "acme", "reviewed"
APPROVE = {"decision": "approve", "by": "olga"}  # the runs API's shape, as its worker carries it out


def test_a_cancel_refused_on_a_waiting_review_does_not_stop_the_approve_carried_out_later(
    tmp_path: Path,
) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "deploy.md").write_text(KEY_DOC)  # a critical finding: the run waits for a person
    db_url = f"sqlite:///{tmp_path / 'kassist.db'}"
    res = Resources.open(db_url, reports_dir=tmp_path / "reports")
    try:
        settings = Settings(source=str(docs), collection="c", embedder="hashing")
        assert execute(res, TENANT, RUN, settings=settings).started == "needs_review"
        cancel = CliRunner(env={"COLUMNS": "400"}).invoke(
            app, ["runs", "cancel", RUN, "--tenant", TENANT, "--database-url", db_url]
        )
        if cancel.exit_code == ExitCode.STOPPED:
            return  # a cancel that stops the waiting run and says so is a rule too
        # Not cancelled, by the command's words: the admin's approve is carried out as decided.
        final = execute(res, TENANT, RUN, resume=APPROVE).state
        assert final.status == "completed", (
            f"the command line answered exit {cancel.exit_code} ({cancel.output.strip()[:120]!r}); "
            f"the approve carried out afterwards ended the run {final.status}: {final.last_error}"
        )
    finally:
        res.close()

"""``kassist runs ...``: one app for the commands written in ``cli/ingest.py`` (resume),
``cli/ingest_read.py`` (list, show), ``cli/ingest_steer.py`` (approve, reject, cancel) and
``cli/ingest_report.py`` (report). Assembled here so that those modules import ``cli/ingest.py`` and
it imports none of them (no import loop)."""

from __future__ import annotations

import typer

from cli import ingest, ingest_read
from cli.ingest_report import report
from cli.ingest_steer import approve, cancel, reject

app = typer.Typer(
    help="Ingestion runs: list, show, report, resume, approve, reject, cancel.", no_args_is_help=True
)
app.command("list")(ingest_read.list_runs)
app.command("show")(ingest_read.show)
app.command("resume")(ingest.resume)
app.command("approve")(approve)
app.command("reject")(reject)
app.command("cancel")(cancel)
app.command("report")(report)

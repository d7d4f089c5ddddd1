"""`kassist` sub-commands of the knowledge package."""

from __future__ import annotations

import typer

app = typer.Typer(help="Knowledge base: ingest, search, stats.", no_args_is_help=True)

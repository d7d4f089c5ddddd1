"""`kassist` sub-commands of the checkpointer package."""

from __future__ import annotations

import typer

app = typer.Typer(
    help="Checkpoint operations: prune, retention, import from stock savers.", no_args_is_help=True
)

"""`kassist` sub-commands of the memory package."""

from __future__ import annotations

import typer

app = typer.Typer(help="Long-term memory: remember, list, history, forget, review.", no_args_is_help=True)

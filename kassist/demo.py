"""``kassist demo``: the main job on the embedded default (SQLite, offline, no API key)."""

from __future__ import annotations

import typer


def demo() -> None:
    """Run the end-to-end demo on the embedded default."""
    typer.echo("demo: not built yet")

"""The ``kassist`` command line: one typer app, each component contributing its own sub-app."""

from __future__ import annotations

import typer

from checkpointer.cli import app as checkpoints_app
from graph.ingestion.cli import ingest, runs_app
from kassist.demo import demo
from knowledge.cli import app as kb_app
from knowledge.corpus.cli import demo_corpus
from memory.cli import app as memory_app

app = typer.Typer(
    name="kassist",
    help="Enterprise knowledge assistant on LangGraph: durable, tenant-aware state.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(checkpoints_app, name="checkpoints")
app.add_typer(memory_app, name="memory")
app.add_typer(kb_app, name="kb")
app.add_typer(runs_app, name="runs")
app.command("ingest")(ingest)
app.command("demo")(demo)
app.command("demo-corpus")(demo_corpus)


@app.command("serve")
def serve(
    port: int = typer.Option(8001, help="TCP port to listen on"),
    host: str = typer.Option("127.0.0.1", help="interface to bind"),
    database_url: str | None = typer.Option(None, help="default: $KASSIST_DATABASE_URL"),
) -> None:
    """Serve the document graph over LangServe; callers authenticate with an API key (docs/serving.md)."""
    from server.langserve_app import main

    argv = ["--port", str(port), "--host", host]
    if database_url:
        argv += ["--database-url", database_url]
    main(argv)


if __name__ == "__main__":
    app()

"""`kassist kb ...`: ingest a directory, search, and show per-collection stats, on SQLite or PostgreSQL.

``kb ingest`` is the ingestion pipeline itself (``graph.ingestion.cli.ingest``, the same command as
``kassist ingest``), so there is one way to ingest."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from graph.ingestion.cli import ingest as pipeline_ingest
from kassist.clikit import (
    DatabaseUrlOption,
    ExitCode,
    FullOption,
    JsonOption,
    TenantOption,
    check_tenant,
    database_url,
    excerpt,
    fail,
    row,
    table,
)
from kassist.dburl import DatabaseUnavailable, UnsupportedDatabaseURL
from kassist.tenancy import TenantRequired
from knowledge.embedders import (
    Embedder,
    EmbedderUnavailable,
    HashingEmbedder,
    select_embedder,
)
from knowledge.index import KnowledgeIndex, KnowledgeIndexError, SearchMode
from knowledge.index.sync_index import TenantKnowledgeIndex

app = typer.Typer(help="Knowledge base: ingest, search, stats.", no_args_is_help=True)
out = Console()
err = Console(stderr=True)

TenantOpt = TenantOption
UrlOpt = DatabaseUrlOption
JsonOpt = JsonOption
EXPECTED = (
    KnowledgeIndexError,
    TenantRequired,
    DatabaseUnavailable,
    UnsupportedDatabaseURL,
    EmbedderUnavailable,
    FileNotFoundError,
    NotADirectoryError,
    ValueError,
)


def _fail(message: str, code: int = ExitCode.FAILED) -> NoReturn:
    fail(message, code)


@contextmanager
def _open(
    url: str | None, embedder: Embedder, tenant: str, *, read_only: bool
) -> Iterator[TenantKnowledgeIndex]:
    """The index bound to ``tenant``; ``read_only`` commands never create the database file."""
    tenant = check_tenant(tenant)
    chosen = database_url(url, must_exist=read_only)
    try:
        with KnowledgeIndex.from_url(chosen, embedder=embedder) as index:
            yield index.for_tenant(tenant)
    except EXPECTED as exc:
        _fail(str(exc))


def _embedder_named(name: str) -> Embedder:
    """The embedder that produced vectors recorded under ``name``, so searches compare like with like."""
    if name.startswith("hashing-") and name.removeprefix("hashing-").isdigit():
        return HashingEmbedder(int(name.removeprefix("hashing-")))
    candidates = ["local"] if not name.startswith("openai:") else ["openai"]
    for choice in candidates:
        embedder, _ = select_embedder(choice)
        if embedder.name == name:
            return embedder
    raise EmbedderUnavailable(
        f"the collection was indexed with {name!r}, which is not available with this configuration; "
        "pass --embedder matching it"
    )


# One way to ingest: `kassist kb ingest` IS the ingestion pipeline (`kassist ingest`): a durable graph
# run with a progress bar, resumable when killed, with the audit report and the summary in memory.
app.command("ingest")(pipeline_ingest)


@app.command()
def search(
    query: Annotated[str, typer.Argument(help="What to look for, in plain words.")],
    tenant: TenantOpt,
    collection: Annotated[list[str] | None, typer.Option("--collection", "-c", help="Repeatable.")] = None,
    k: Annotated[int, typer.Option("--k", help="How many results.")] = 10,
    mode: Annotated[str, typer.Option(help="hybrid | keyword | vector")] = "hybrid",
    doc_id: Annotated[str | None, typer.Option(help="Only this document.")] = None,
    effective_from: Annotated[
        str | None, typer.Option("--from", help="Effective on/after YYYY-MM-DD.")
    ] = None,
    effective_to: Annotated[str | None, typer.Option("--to", help="Effective on/before YYYY-MM-DD.")] = None,
    embedder: Annotated[
        str | None, typer.Option(help="Default: the model the collections were indexed with.")
    ] = None,
    database_url: UrlOpt = None,
    as_json: JsonOpt = False,
    full: FullOption = False,
) -> None:
    """Hybrid (keyword + vector, reciprocal rank fusion) search over the tenant's collections."""
    try:
        dates = [date.fromisoformat(v) if v else None for v in (effective_from, effective_to)]
    except ValueError as exc:
        _fail(f"{exc}; give dates as YYYY-MM-DD", ExitCode.USAGE)
    if mode not in ("hybrid", "keyword", "vector"):
        _fail(f"unknown --mode {mode!r}; use hybrid, keyword or vector", ExitCode.USAGE)
    chosen: SearchMode = mode  # type: ignore[assignment]
    try:
        model: Embedder = select_embedder(embedder)[0] if embedder else HashingEmbedder()
    except EmbedderUnavailable as exc:
        _fail(str(exc))
    except ValueError as exc:  # not an embedder's name
        _fail(str(exc), ExitCode.USAGE)
    with _open(database_url, model, tenant, read_only=True) as kb:
        try:
            if embedder is None and chosen != "keyword":
                names = {s.embedder for s in kb.stats() if not collection or s.collection in collection}
                if len(names) > 1:
                    _fail(
                        f"these collections were indexed with different embedders ({', '.join(sorted(names))}); "
                        "pick one with --collection or --embedder"
                    )
                if names:
                    kb = TenantKnowledgeIndex(
                        KnowledgeIndex(kb._index.driver, _embedder_named(names.pop()), kb._index.url),
                        kb.tenant_id,
                    )
            hits = kb.search(
                query,
                k=k,
                mode=chosen,
                collections=collection or None,
                doc_id=doc_id,
                effective_from=dates[0],
                effective_to=dates[1],
            )
        except EXPECTED as exc:
            _fail(str(exc))
    if as_json:
        out.print_json(json.dumps([h.model_dump(mode="json") for h in hits]))
        return
    if not hits:
        Console().print("no results")
        return
    # 80 columns: rank, score, where the hit comes from, and the text shortened at a word boundary
    # (--full: the whole chunk and the keyword / vector ranks).
    columns = ["#", "score", "document", "text"] + (["kw", "vec"] if full else [])
    hits_table = table(f"{mode} search: {query}", columns, no_wrap=("#", "score"), wide=("text",))
    for i, h in enumerate(hits, start=1):
        where = Text(h.title)
        section = (h.heading or "").split(" > ")[-1]
        if section:
            where.append(f"\n{section}", style="italic")
        where.append(f"\n{h.source_path}", style="dim")
        cells = [str(i), f"{h.score:.3f}", where, excerpt(h.text, full, limit=160)]
        if full:
            cells += [str(h.keyword_rank or "-"), str(h.vector_rank or "-")]
        hits_table.add_row(*row(*cells))
    Console().print(hits_table)


@app.command()
def stats(tenant: TenantOpt, database_url: UrlOpt = None, as_json: JsonOpt = False) -> None:
    """Documents, chunks and bytes per collection of the tenant."""
    with _open(database_url, HashingEmbedder(), tenant, read_only=True) as kb:
        try:
            rows = kb.stats()
        except EXPECTED as exc:
            _fail(str(exc))
    if as_json:
        out.print_json(json.dumps([s.model_dump(mode="json") for s in rows]))
        return
    if not rows:
        Console().print(f"tenant {tenant!r} has no collections yet; index some with `kassist kb ingest`")
        return
    stats_table = table(
        f"Knowledge base of {tenant}", ["collection", "documents", "chunks", "bytes", "embedder"]
    )
    for s in rows:
        stats_table.add_row(
            *row(s.collection, s.documents, s.chunks, f"{s.bytes:,}", f"{s.embedder} ({s.dimensions}d)")
        )
    Console().print(stats_table)

"""`kassist kb ...`: ingest a directory, search, and show per-collection stats, on SQLite or PostgreSQL.

``kb ingest`` is the ingestion pipeline itself (``cli.ingest.ingest``, the same command as
``kassist ingest``), so there is one way to ingest."""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from typing import Annotated, Any

import typer
from rich.text import Text

from cli import kit
from cli.ingest import ingest as pipeline_ingest
from kassist.dburl import DatabaseUnavailable, UnsupportedDatabaseURL
from kassist.tenancy import TenantRequired
from knowledge.embedders import (
    Embedder,
    EmbedderUnavailable,
    HashingEmbedder,
    select_embedder,
)
from knowledge.embedders.select import embedder_named
from knowledge.index import KnowledgeIndex, KnowledgeIndexError, SearchMode
from knowledge.index.models import DocumentSummary, Removal
from knowledge.index.sync_index import TenantKnowledgeIndex

app = typer.Typer(
    help="Knowledge base: ingest, search, stats, collections, documents.",
    no_args_is_help=True,
)
collections_app = typer.Typer(help="The tenant's collections: list, delete.", no_args_is_help=True)
documents_app = typer.Typer(help="The tenant's documents: list, show, delete.", no_args_is_help=True)
app.add_typer(collections_app, name="collections")
app.add_typer(documents_app, name="documents")
out = kit.console()
err = kit.console(stderr=True)

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


@contextmanager
def _open(
    url: str | None, embedder: Embedder, tenant: str, *, read_only: bool
) -> Iterator[TenantKnowledgeIndex]:
    """The index bound to ``tenant``; ``read_only`` commands never create the database file; the
    index's errors (here or in the command's block) are one ``error:`` line."""
    opener = lambda chosen: KnowledgeIndex.from_url(chosen, embedder=embedder)  # noqa: E731
    with kit.open_for_tenant(opener, url, tenant, read_only=read_only, errors=EXPECTED) as (index, checked):
        yield index.for_tenant(checked)


def _embedder_named(name: str) -> Embedder:
    """The embedder that produced vectors recorded under ``name``, so searches compare like with like."""
    try:
        return embedder_named(name)
    except EmbedderUnavailable:
        raise EmbedderUnavailable(
            f"the collection was indexed with {name!r}, which is not available with this configuration; "
            "pass --embedder matching it"
        ) from None


# One way to ingest: `kassist kb ingest` IS the ingestion pipeline (`kassist ingest`): a durable graph
# run with a progress bar, resumable when killed, with the audit report and the summary in memory.
app.command("ingest")(pipeline_ingest)


@app.command()
@kit.common()
def search(
    query: Annotated[str, typer.Argument(help="What to look for, in plain words.")],
    tenant: kit.TenantOption,
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
    opts: kit.Common = kit.COMMON,
) -> None:
    """Hybrid (keyword + vector, reciprocal rank fusion) search over the tenant's collections."""
    try:
        dates = [date.fromisoformat(v) if v else None for v in (effective_from, effective_to)]
    except ValueError as exc:
        kit.fail(f"{exc}; give dates as YYYY-MM-DD", kit.ExitCode.USAGE)
    if mode not in ("hybrid", "keyword", "vector"):
        kit.fail(f"unknown --mode {mode!r}; use hybrid, keyword or vector", kit.ExitCode.USAGE)
    chosen: SearchMode = mode  # type: ignore[assignment]
    try:
        model: Embedder = select_embedder(embedder)[0] if embedder else HashingEmbedder()
    except EmbedderUnavailable as exc:
        kit.fail(str(exc))
    except ValueError as exc:  # not an embedder's name
        kit.fail(str(exc), kit.ExitCode.USAGE)
    with _open(opts.database_url, model, tenant, read_only=True) as kb:
        if embedder is None and chosen != "keyword":
            names = {s.embedder for s in kb.stats() if not collection or s.collection in collection}
            if len(names) > 1:
                kit.fail(
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
        # A tenant id typed another way ("Acme" for "acme") answered "no results" like a search that
        # found nothing in the tenant's documents: say when the tenant has none at all.
        no_documents = not hits and not kb.stats()
    if opts.as_json:
        out.print_json(json.dumps([h.model_dump(mode="json") for h in hits]))
        return
    if not hits:
        kit.console().print("no results")
        if no_documents:
            kit.whole_line(
                kit.err_console(),
                f"note: tenant {tenant!r} has no documents (tenant ids are exact, letter case included); "
                f"index some with: kassist kb ingest DIR --tenant {shlex.quote(tenant)} --collection NAME",
            )
        return
    if opts.full:  # every field whole: the chunk's text, its ids, the keyword and vector ranks
        records = [{"rank": i, **h.model_dump(mode="json")} for i, h in enumerate(hits, start=1)]
        kit.print_records(kit.console(), f"{mode} search: {query}", records)
        return
    # 80 columns: rank, score, where the hit comes from, and the text shortened at a word boundary.
    hits_table = kit.table(
        f"{mode} search: {query}", ["#", "score", "document", "text"], no_wrap=("#", "score"), wide=("text",)
    )
    for i, h in enumerate(hits, start=1):
        where = Text(h.title)
        section = (h.heading or "").split(" > ")[-1]
        if section:
            where.append(f"\n{section}", style="italic")
        where.append(f"\n{h.source_path}", style="dim")
        hits_table.add_row(*kit.row(str(i), f"{h.score:.3f}", where, kit.excerpt(h.text, limit=160)))
    kit.print_table(kit.console(), hits_table)


def _collection_stats(
    tenant: str, opts: kit.Common, title: str, columns: list[str], cells: Callable[[Any], tuple[Any, ...]]
) -> None:
    """The tenant's per-collection stats for ``stats`` and ``collections list``: JSON, ``--full``
    records, the 'no collections' line, or a table of ``columns`` filled by ``cells``."""
    with _open(opts.database_url, HashingEmbedder(), tenant, read_only=True) as kb:
        rows = kb.stats()
    if opts.as_json:
        out.print_json(json.dumps([s.model_dump(mode="json") for s in rows]))
    elif not rows:
        kit.console().print(f"tenant {tenant!r} has no collections yet; index some with `kassist kb ingest`")
    elif opts.full:
        kit.print_records(
            kit.console(), f"Collections of {tenant}", [s.model_dump(mode="json") for s in rows]
        )
    else:
        t = kit.table(title, columns)
        for s in rows:
            t.add_row(*kit.row(*cells(s)))
        kit.print_table(kit.console(), t)


@app.command()
@kit.common()
def stats(tenant: kit.TenantOption, opts: kit.Common = kit.COMMON) -> None:
    """Documents, chunks and bytes per collection of the tenant."""
    _collection_stats(
        tenant, opts, f"Knowledge base of {tenant}",
        ["collection", "documents", "chunks", "bytes", "embedder"],
        lambda s: (s.collection, s.documents, s.chunks, f"{s.bytes:,}", f"{s.embedder} ({s.dimensions}d)"),
    )  # fmt: skip


# ---- kb collections / kb documents: browse and delete (knowledge/index/catalog.py) ----------------

CollectionOpt = Annotated[
    str | None, typer.Option("--collection", "-c", help="Only this collection (default: every one).")
]
DryRunOpt = Annotated[bool, typer.Option("--dry-run", help="Say exactly what would go; change nothing.")]
YesOpt = Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")]


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _removal(r: Removal, as_json: bool) -> None:
    if as_json:
        out.print_json(r.model_dump_json())
        return
    what = (
        f"document {r.source_path} ({r.doc_id}) of collection {r.collection!r}"
        if r.doc_id
        else (f"collection {r.collection!r}")
    )
    verb = "would delete" if r.dry_run else "deleted"
    line = (
        f"{verb} {what} of tenant {r.tenant!r}: {_n(r.documents, 'document')}, {_n(r.chunks, 'chunk')} "
        f"(with their vectors and keyword-index rows), {_n(r.cached_vectors, 'cached vector')}"
    )
    kit.whole_line(kit.console(soft_wrap=True), line + ("; nothing changed (--dry-run)" if r.dry_run else ""))


@collections_app.command("list")
@kit.common()
def collections_list(tenant: kit.TenantOption, opts: kit.Common = kit.COMMON) -> None:
    """The tenant's collections with their documents, chunks, size and embedder."""
    _collection_stats(
        tenant, opts, f"Collections of {tenant}",
        ["collection", "documents", "chunks", "embedder", "created"],
        lambda s: (s.collection, s.documents, s.chunks, s.embedder, s.created_at.date().isoformat()),
    )  # fmt: skip


@collections_app.command("delete")
@kit.common(full=False)
def collections_delete(
    name: Annotated[str, typer.Argument(help="The collection to delete, with all its documents.")],
    tenant: kit.TenantOption,
    dry_run: DryRunOpt = False,
    yes: YesOpt = False,
    opts: kit.Common = kit.COMMON,
) -> None:
    """Delete a collection: its documents, chunks, vectors and keyword rows, in one transaction."""
    with _open(opts.database_url, HashingEmbedder(), tenant, read_only=True) as kb:
        plan = kb.remove_collection(name, dry_run=True)
        if not dry_run:
            what = f"{_n(plan.documents, 'document')}, {_n(plan.chunks, 'chunk')}"
            kit.confirm_deletion(
                f"collection {name!r} of tenant {kb.tenant_id!r} ({what})", yes=yes, type_to_confirm=name
            )
            plan = kb.remove_collection(name)
    _removal(plan, opts.as_json)


@documents_app.command("list")
@kit.common()
def documents_list(
    tenant: kit.TenantOption,
    collection: CollectionOpt = None,
    limit: Annotated[int, typer.Option("--limit", "-L", min=1, max=1000, help="Documents per page.")] = 50,
    offset: Annotated[
        int, typer.Option("--offset", min=0, max=kit.ROWS_MAX, help="Skip this many (the next page).")
    ] = 0,
    opts: kit.Common = kit.COMMON,
) -> None:
    """The tenant's documents by collection and path: id, title, path, chunks, effective date."""
    with _open(opts.database_url, HashingEmbedder(), tenant, read_only=True) as kb:
        page = kb.list_documents(collection, limit=limit, offset=offset)
    if opts.as_json:
        out.print_json(page.model_dump_json())
        return
    scope = f"collection {collection!r} of {tenant!r}" if collection else f"tenant {tenant!r}"
    if not page.documents:
        more = f" past --offset {offset} (there are {page.total})" if page.total else ""
        kit.console().print(f"no documents in {scope}{more}")
        return
    first, last = offset + 1, offset + len(page.documents)
    title = f"Documents {first}-{last} of {page.total} in {scope}"
    console = kit.console()
    if opts.full:
        kit.print_records(console, title, [d.model_dump(mode="json") for d in page.documents])
    else:
        t = kit.table(
            title,
            ["id", "document", "chunks", "effective"],
            no_wrap=("id", "chunks", "effective"),
            wide=("document",),
        )
        for doc in page.documents:
            t.add_row(
                *kit.row(doc.doc_id[:12], _where(doc, collection is None), doc.chunks, doc.effective_date)
            )
        kit.print_table(console, t)
    if last < page.total:
        console.print(f"next page: --offset {last}")


def _where(doc: DocumentSummary, with_collection: bool) -> Text:
    """Title, then the path on its own line, whole (wrapped, never cut)."""
    cell = Text(doc.title)
    cell.append(f"\n{doc.collection}/{doc.source_path}" if with_collection else f"\n{doc.source_path}", "dim")
    return cell


DocArg = Annotated[
    str, typer.Argument(help="Document id (or its first 6+ digits) or path, as `documents list` shows.")
]


@documents_app.command("show")
def documents_show(
    doc: DocArg,
    tenant: kit.TenantOption,
    collection: CollectionOpt = None,
    database_url: kit.DatabaseUrlOption = None,
    as_json: kit.JsonOption = False,
    full: Annotated[bool, typer.Option("--full", help="Print each chunk's whole text.")] = False,
) -> None:
    """A document's metadata and its chunks' headings (--full: their text)."""
    with _open(database_url, HashingEmbedder(), tenant, read_only=True) as kb:
        detail = kb.document(doc, collection, text=full)
    if as_json:
        out.print_json(detail.model_dump_json())
        return
    console = kit.console(soft_wrap=True)
    fields = {
        "title": detail.title, "id": detail.doc_id, "collection": detail.collection,
        "path": detail.source_path, "type": detail.media_type, "size": f"{detail.size_bytes:,} bytes",
        "effective": detail.effective_date or "-", "modified": detail.modified_at.isoformat(timespec="seconds"),
        "indexed": detail.indexed_at.isoformat(timespec="seconds"), "chunks": detail.chunks,
    }  # fmt: skip
    # What a document's author wrote (its name, title, headings) is shown as stored: one line each,
    # its newlines and escapes spelt out, as documents list's cells are (review s39 R4-1: a name
    # holding a newline forged a 'chunks:' line, an ESC sequence reached the terminal).
    for name, value in fields.items():
        kit.whole_line(console, f"{name + ':':<12}{value}")
    if full:
        for c in detail.outline:
            console.print()
            heading = kit.one_line(f"[{c.position}] {c.heading or '(no heading)'} ({c.token_count} tokens)")
            console.print(Text(heading, "bold"))
            console.print(Text(kit.shown(c.text or "")))  # a chunk's body keeps its lines
        return
    t = kit.table(None, ["#", "heading", "tokens"], no_wrap=("#", "tokens"), wide=("heading",))
    for c in detail.outline:
        t.add_row(*kit.row(c.position, c.heading or "(no heading)", c.token_count))
    kit.print_table(console, t)


@documents_app.command("delete")
@kit.common(full=False)
def documents_delete(
    doc: DocArg,
    tenant: kit.TenantOption,
    collection: CollectionOpt = None,
    dry_run: DryRunOpt = False,
    yes: YesOpt = False,
    opts: kit.Common = kit.COMMON,
) -> None:
    """Delete a document: its chunks, vectors and keyword rows, in one transaction."""
    with _open(opts.database_url, HashingEmbedder(), tenant, read_only=True) as kb:
        found = kb.document(doc, collection)
        plan = kb.remove_document(found.collection, found.doc_id, dry_run=True)
        if not dry_run:
            kit.confirm_deletion(
                f"document {found.source_path} of collection {found.collection!r} ({_n(plan.chunks, 'chunk')})",
                yes=yes,
            )
            plan = kb.remove_document(found.collection, found.doc_id)
    _removal(plan, opts.as_json)

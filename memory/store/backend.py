"""Opening a store's backend from a URL: the dialect, the driver, the index and the clock."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from kassist.dburl import parse_database_url
from knowledge.embedders.base import Embedder
from knowledge.embedders.hashing import HashingEmbedder
from memory.store.indexing import IndexSettings
from memory.store.postgres_driver import PostgresDriver
from memory.store.postgres_sql import PostgresDialect
from memory.store.program import Dialect
from memory.store.sqlite_driver import SqliteDriver
from memory.store.sqlite_search import SqliteDialect

Driver = SqliteDriver | PostgresDriver
Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass
class Backend:
    """Shared by a store and every tenant view made from it."""

    dialect: Dialect
    driver: Driver
    index: IndexSettings
    clock: Clock
    where: str
    """Where the data lives, safe to print (no password)."""
    checked: bool = False


def open_backend(
    url: str,
    *,
    embedder: Embedder | None,
    index_fields: Sequence[str],
    clock: Clock | None,
    pool_size: int,
) -> Backend:
    if isinstance(index_fields, str):
        raise TypeError(f"index_fields must be a sequence of field paths, e.g. ({index_fields!r},)")
    if embedder is not None and not isinstance(embedder, Embedder):
        raise TypeError(
            f"embedder must implement knowledge.embedders.Embedder (name, dimensions, embed_documents, "
            f"embed_query); got {type(embedder).__name__}"
        )
    if pool_size < 1:
        raise ValueError(f"pool_size must be at least 1, got {pool_size}")
    parsed = parse_database_url(url)
    index = IndexSettings(embedder or HashingEmbedder(), tuple(index_fields))
    dialect: Dialect
    driver: Driver
    if parsed.backend == "sqlite":
        assert parsed.sqlite_path is not None
        sqlite = SqliteDialect(index.dims)
        dialect = sqlite
        driver = SqliteDriver(parsed.sqlite_path, on_commit=sqlite.committed, on_rollback=sqlite.discard)
    else:
        assert parsed.conninfo is not None
        driver = PostgresDriver(parsed.conninfo, pool_size=pool_size)
        driver.probe()
        dialect = PostgresDialect(fields_per_item=len(index.fields))
    return Backend(dialect, driver, index, clock or utc_now, parsed.describe())

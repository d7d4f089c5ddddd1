"""Opening a store's backend from a URL: the dialect, the driver, the index and the clock."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import import_module

from kassist.db import open_database
from kassist.dburl import parse_database_url
from knowledge.embedders.base import Embedder
from knowledge.embedders.hashing import HashingEmbedder
from memory.store.database import StoreDriver
from memory.store.indexing import IndexSettings
from memory.store.keywords import SearchMode
from memory.store.program import StoreDialect

Driver = StoreDriver
Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass
class StoreBackend:
    """Shared by a store and every tenant view made from it."""

    dialect: StoreDialect
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
    pool_size: int | None,
    search: SearchMode = "hybrid",
) -> StoreBackend:
    if isinstance(index_fields, str):
        raise TypeError(f"index_fields must be a sequence of field paths, e.g. ({index_fields!r},)")
    if embedder is not None and not isinstance(embedder, Embedder):
        raise TypeError(
            f"embedder must implement knowledge.embedders.Embedder (name, dimensions, embed_documents, "
            f"embed_query); got {type(embedder).__name__}"
        )
    if pool_size is not None and pool_size < 1:
        raise ValueError(f"pool_size must be at least 1, got {pool_size}")
    parsed = parse_database_url(url)
    index = IndexSettings(embedder or HashingEmbedder(), tuple(index_fields), search)
    # The one choice of dialect: the database's backend names the SQL module
    # (memory/store/sql_<backend>.py, each with the same open_dialect), as for the other components.
    db = open_database(parsed, pool_size=pool_size)
    dialect, driver = import_module(f"memory.store.sql_{db.backend}").open_dialect(db, index)
    return StoreBackend(dialect, driver, index, clock or utc_now, parsed.describe())

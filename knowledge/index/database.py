"""The knowledge index's use of the shared database (kassist.db): its operations yield
:class:`kassist.db.Stmt` directly (see :mod:`knowledge.index.dialect`), rows come back as tuples,
and on SQLite vectors are ranked in numpy from a per-index matrix cache (PostgreSQL ranks them in
SQL). Sync and async indexes differ only in which entry point of the one executor they call.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, TypeVar

from kassist.db import Database
from kassist.db.handle import Handle
from kassist.db.migrate import no_vector, server_words, vector_extension
from kassist.db.statements import Options
from knowledge.index import ops
from knowledge.index.dialect import Dialect, Op
from knowledge.index.errors import IndexVectorExtensionUnavailable
from knowledge.index.matrix import MatrixCache

T = TypeVar("T")
CLOSED = "this knowledge index is closed; open a new one with KnowledgeIndex.from_url"


def _no_vector(exc: Any) -> IndexVectorExtensionUnavailable:
    return IndexVectorExtensionUnavailable(
        f"PostgreSQL cannot provide the pgvector extension ({server_words(exc)}); install "
        "pgvector on the server (https://github.com/pgvector/pgvector) or have an administrator run "
        "'CREATE EXTENSION vector' in this database"
    )


class _IndexDriver:
    def __init__(self, db: Database) -> None:
        # The one choice of dialect: the database's backend names the SQL module
        # (knowledge/index/sql_<backend>.py), so a new backend adds that file and nothing here.
        self.dialect: Dialect = import_module(f"knowledge.index.sql_{db.backend}").DIALECT
        # A dialect that loads vectors (load_matrix) ranks them in numpy, from a per-index cache.
        self.matrices: MatrixCache | None = MatrixCache() if self.dialect.load_matrix else None
        self.pgvector = db.backend == "postgres"
        self._handle = Handle(db, Options(), closed=CLOSED)


class SyncIndexDriver(_IndexDriver):
    def run(self, op: Op[T], *, write: bool) -> T:
        return self._handle.run(op, write=write)

    def migrate(self) -> None:
        if self.pgvector:
            try:
                self._handle.run(vector_extension(), write=True)
            except Exception as exc:
                if not no_vector(exc):
                    raise  # the server's doing, not pgvector's
                raise _no_vector(exc) from exc
        self._handle.set_up(ops.up_to_date(self.dialect), ops.migrate(self.dialect), 0)

    def close(self) -> None:
        self._handle.close()


class AsyncIndexDriver(_IndexDriver):
    async def run(self, op: Op[T], *, write: bool) -> T:
        return await self._handle.arun(op, write=write)

    async def migrate(self) -> None:
        if self.pgvector:
            try:
                await self._handle.arun(vector_extension(), write=True)
            except Exception as exc:
                if not no_vector(exc):
                    raise  # the server's doing, not pgvector's
                raise _no_vector(exc) from exc
        await self._handle.aset_up(ops.up_to_date(self.dialect), ops.migrate(self.dialect), 0)

    async def close(self) -> None:
        await self._handle.aclose()

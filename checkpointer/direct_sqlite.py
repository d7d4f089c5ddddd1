"""The SQLite checkpointer's two hot calls as single statements, without an operation.

A graph step puts one checkpoint that extends the head and reads it back; on SQLite each is one
statement (``sql_sqlite_step.PUT_NEXT``, ``GET_LATEST_ROW``). Run through the general executor, the
statement is a small part of the call: the operation generator, its ``Query`` and ``Stmt``, the
compile step and the driver's loop cost as much Python as the stock saver's whole call. Here the
saver hands the row a pure function planned (``ops_write.plan_put``) or the request it resolved
straight to :meth:`kassist.db.SqliteDatabase.run_one`; every rule stays in the pure modules, and
anything else (a miss, blob values, pending writes) takes the general path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from checkpointer.codec import dumps_json
from checkpointer.ops_read import NO_BLOBS, TupleRequest
from checkpointer.query import ROW_FIELDS, Request, Steps
from checkpointer.sql_sqlite_step import (
    GET_BY_ID_ROW,
    GET_LATEST_AND_BLOB,
    GET_LATEST_AND_BLOBS,
    GET_LATEST_OWN,
    GET_LATEST_ROW,
    PUT_NEXT,
    PUT_NEXT_VALUE,
)
from kassist.db import SqliteDatabase, Stmt
from kassist.db.handle import Handle

ROW_LEN = len(ROW_FIELDS)  # a planned row without a value held in it (query.VALUE_FIELDS)


def _steps(request: Request) -> Steps[None]:
    yield request


class SqliteDirect:
    """``put_next`` and ``read_row`` on one SQLite database, for one checkpointer's handle."""

    __slots__ = ("_closed", "_handle", "_run")
    reads_unhinted = True  # reads by id and reads of a head this process has not seen

    def __init__(self, db: SqliteDatabase, handle: Handle, closed: str) -> None:
        self._handle = handle
        self._run = db.run_one
        self._closed = closed

    def put_next(self, row: tuple[Any, ...]) -> bool:
        """Store the planned row at the hinted version + 1 if its parent is still the head at that
        version (the compare-and-set is in the statement); False: nothing was written."""
        if self._handle.closed:
            raise RuntimeError(self._closed)
        return bool(self._run(PUT_NEXT if len(row) == ROW_LEN else PUT_NEXT_VALUE, row, write=True))

    def write(self, request: Request) -> None:
        """A put_writes call (``ops_write.writes_request``): its one multi-row INSERT alone, as its
        own transaction; a call with more rows than one statement takes (an executemany) runs
        through the general path."""
        if self._handle.closed:
            raise RuntimeError(self._closed)
        if type(request) is Stmt and request.many is None and not request.fetch:
            self._run(request.sql, request.params, write=True)
        else:
            self._handle.run(_steps(request), write=True, single=True)

    def read_row(
        self,
        request: TupleRequest,
        blobs: Mapping[str, str] | None,
        held: Mapping[str, str] = NO_BLOBS,
        head: str | None = None,
    ) -> list[Sequence[Any]]:
        """The checkpoint row ``get_tuple`` reads first (``ops_read.get_one``), as a tuple, followed
        by the values of ``blobs`` (the blob versions the head is expected to list) if any, each from
        the blobs table or, when ``held`` names its holder, from that checkpoint's row. When the
        one value is held by the expected head itself (``head``), it comes as four more columns of
        the head's row (one statement, one row: ``ops_read.tuple_of_rows``)."""
        if self._handle.closed:
            raise RuntimeError(self._closed)
        if request.checkpoint_id:
            return self._run(GET_BY_ID_ROW, request)  # type: ignore[no-any-return]
        if not blobs:
            return self._run(GET_LATEST_ROW, request[:3])  # type: ignore[no-any-return]
        if len(blobs) == 1:
            channel, version = next(iter(blobs.items()))
            holder = held.get(channel) if held else None
            if holder is not None and holder == head:
                return self._run(GET_LATEST_OWN, request[:3])  # type: ignore[no-any-return]
            params = (*request[:3], channel, version, holder)
            return self._run(GET_LATEST_AND_BLOB, params)  # type: ignore[no-any-return]
        several = dumps_json(blobs)  # several versions: bound as one JSON object
        holders = dumps_json(dict(held)) if held else "{}"
        return self._run(GET_LATEST_AND_BLOBS, (*request[:3], several, holders))  # type: ignore[no-any-return]


Direct = SqliteDirect
"""The name checkpointer.executor loads for the backend (``checkpointer.direct_<backend>.Direct``)."""

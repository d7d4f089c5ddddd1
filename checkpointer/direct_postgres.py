"""The PostgreSQL checkpointer's two hot calls as single statements, without an operation.

The twin of :mod:`checkpointer.direct_sqlite`: a graph step puts one checkpoint that extends the
head and reads it back, each one statement here too. Through the general executor the operation
generator, its ``Query`` and ``Stmt``, the compile step, the replay wrapper and the driver's loop
cost more client time than psycopg's own call. Here the saver hands the row a pure function
planned (``ops_write.plan_put``) or the request it resolved straight to
:meth:`kassist.db.PostgresDatabase.run_one` (a pooled connection, autocommit, kassist's reconnect
rule and errors); every rule stays in the pure modules, and anything else (a miss, blob values,
pending writes, a read by id) takes the general path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from checkpointer.codec import dumps_json
from checkpointer.ops_read import TupleRequest
from checkpointer.query import ROW_FIELDS, Request
from checkpointer.sql_postgres import CP
from kassist.db import Stmt
from kassist.db.driver_postgres import PostgresDatabase
from kassist.db.handle import Handle

# The put of a process that knows the head (it wrote or read it last, ops_write.plan_put's ``pv``):
# the checkpoint row at version pv + 1 only while the thread's highest version is still the parent
# at pv. The unique (tenant, thread, ns, version) index keeps it a compare-and-set against a writer
# that is not committed yet (the second insert waits, then finds the version taken: DO NOTHING).
# No row inserted: nothing was written, and the saver's full check decides.
PUT_NEXT = f"""
INSERT INTO {CP} (tenant_id, thread_id, checkpoint_ns, checkpoint_id, parent_id, version, ts, run_id,
                  checkpoint, metadata, small_values)
SELECT %(tenant)s, %(thread)s, %(ns)s, %(cid)s, %(parent)s, h.version + 1, %(ts)s, %(run_id)s,
       %(checkpoint)s::jsonb, %(metadata)s::jsonb, %(inline)b
FROM (SELECT checkpoint_id, version FROM {CP} WHERE tenant_id = %(tenant)s AND thread_id = %(thread)s
      AND checkpoint_ns = %(ns)s AND version > 0 ORDER BY version DESC LIMIT 1) h
WHERE h.checkpoint_id = %(parent)s AND h.version = %(pv)s
ON CONFLICT DO NOTHING"""

# The head row by position, as ops_read.tuple_of_rows reads it (checkpoint id, parent, version,
# skeleton, metadata, small values, has_writes). ``version > 0`` lets the partial version index
# find the head with one backward step.
_ROW = (
    "SELECT c.checkpoint_id, c.parent_id, c.version, c.checkpoint::text, c.metadata::text, "
    "c.small_values, EXISTS (SELECT 1 FROM kassist_cp_writes w WHERE w.tenant_id = c.tenant_id "
    "AND w.thread_id = c.thread_id AND w.checkpoint_ns = c.checkpoint_ns "
    f"AND w.checkpoint_id = c.checkpoint_id) AS has_writes FROM {CP} c "
    "WHERE c.tenant_id = %(tenant)s AND c.thread_id = %(thread)s AND c.checkpoint_ns = %(ns)s "
    "AND c.version > 0 ORDER BY c.version DESC LIMIT 1"
)
GET_LATEST_ROW = _ROW
# The head row with the blob values the head this process last saw keeps: one result row per blob
# (the row's columns repeated; a UNION as on SQLite would need the columns' types to agree), or
# one with NULL blob columns when none is there. They answer the read only when the row lists
# exactly those versions (ops_read.tuple_of_rows). The inner LATERAL with LIMIT 1 pins a primary-key
# lookup per blob, as in sql_postgres._one_checkpoint (a plain join under the generic plan cost
# about 0.3 ms more per read of a 200-step operator.add thread).
GET_LATEST_AND_BLOBS = f"""
SELECT c.*, b.channel, b.version, b.type, b.blob FROM ({_ROW}) c
LEFT JOIN LATERAL (
  SELECT b.channel, b.version, b.type, b.blob FROM jsonb_each_text(%(blobs)s::jsonb) AS je
  CROSS JOIN LATERAL (
    SELECT b.channel, b.version, b.type, b.blob FROM kassist_cp_blobs b
    WHERE b.tenant_id = %(tenant)s AND b.thread_id = %(thread)s AND b.checkpoint_ns = %(ns)s
      AND b.channel = je.key AND b.version = je.value
    LIMIT 1) AS b) AS b ON true"""


class PostgresDirect:
    """``put_next`` and ``read_row`` on one PostgreSQL database, for one checkpointer's handle."""

    __slots__ = ("_closed", "_handle", "_run")
    # Only a read of the head this process last saw: PostgreSQL hands the skeleton back as JSONB
    # text, so without the hint the row cannot say it has no blob values (a second statement),
    # and a read by id needs the head version too; the general statement answers both at once.
    reads_unhinted = False

    def __init__(self, db: PostgresDatabase, handle: Handle, closed: str) -> None:
        self._handle = handle
        self._run = db.run_one
        self._closed = closed

    def put_next(self, row: tuple[Any, ...]) -> bool:
        """Store the planned row at the hinted version + 1 if its parent is still the head at that
        version (the compare-and-set is in the statement); False: nothing was written."""
        if self._handle.closed:
            raise RuntimeError(self._closed)
        return bool(self._run(PUT_NEXT, dict(zip(ROW_FIELDS, row, strict=True)), write=True))

    def read_row(
        self,
        request: TupleRequest,
        blobs: Mapping[str, str] | None,
        held: Mapping[str, str] | None = None,
        head: str | None = None,
    ) -> list[Sequence[Any]]:
        """The head row ``get_tuple`` reads first, as a tuple, followed by the values of ``blobs``
        (the blob versions the head is expected to list) as (channel, version, type, bytes, None,
        None, None) rows, if any."""
        if self._handle.closed:
            raise RuntimeError(self._closed)
        if request.checkpoint_id or blobs is None:
            raise ValueError("PostgresDirect reads a hinted head only (reads_unhinted is False)")
        key = {"tenant": request.tenant, "thread": request.thread, "ns": request.ns}
        if not blobs:
            return self._run(GET_LATEST_ROW, key)  # type: ignore[no-any-return]
        several = dumps_json(blobs)  # several versions: bound as one JSON object
        rows = self._run(GET_LATEST_AND_BLOBS, {**key, "blobs": several})
        if not rows:
            return []
        out: list[Sequence[Any]] = [rows[0][:7]]
        out.extend((r[7], r[8], r[9], r[10], None, None, None) for r in rows if r[7] is not None)
        return out

    def write(self, request: Request) -> None:
        """A write of one statement that fetches nothing (``ops_write.writes_request``: a
        put_writes call), as the general path runs it."""
        if self._handle.closed:
            raise RuntimeError(self._closed)
        if type(request) is not Stmt or request.many is not None or request.fetch:  # not one plain statement
            raise ValueError(f"PostgresDirect.write runs one statement without rows, got {request!r}")
        self._run(request.sql, request.params, write=True)


Direct = PostgresDirect
"""The name checkpointer.executor loads for the backend (``checkpointer.direct_<backend>.Direct``)."""

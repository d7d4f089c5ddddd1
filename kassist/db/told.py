"""What a reader may be told of a database kassist cannot use (pure words, no I/O): one classification
of :class:`kassist.dburl.DatabaseUnavailable`'s kinds, in the words of a refused request (both
servers' middleware: server/db_refusals.py) and of an ingestion run that stopped on it (its
``last_error`` and a worker's error, which every reader of the run sees: graph/ingestion/errors.py),
and of a command line's cancel that failed after its record (cli/ingest_steer.py): one :data:`STATE`.

None names the server's address, port, database, pool or paths: those are the operator's, in the
server's log (the exception's own line). A run's error quoted that line to every member of the
tenant (h14 s35 H4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

from kassist.dburl import DatabaseUnavailable, PoolExhausted

Kind = Literal["full", "read_only", "busy", "unavailable", "set_up"]

STATE: Final[Mapping[Kind, tuple[str, str]]] = {
    # What the database is now, and why where a reader can tell (:func:`database`).
    "full": ("has no room to write", ""),
    "read_only": ("is read-only", "a standby, a failover in progress, or its file's mode"),
    "busy": ("is busy", "another writer holds it, or every connection is in use"),
    "unavailable": ("is unavailable", ""),
    "set_up": ("refuses kassist's writes because of how it is set up", ""),
}


def database(kind: Kind, now: str = "") -> str:
    """``the database <what it is>[ <now>][ (<why>)]``, by :data:`STATE`: a refused request and a
    stopped run say ``right now`` (it clears by itself), a command line's cancel does not."""
    state, why = STATE[kind]
    return f"the database {state}" + (f" {now}" if now else "") + (f" ({why})" if why else "")


RETRY = "this request was not carried out: try again in a few seconds"

REQUEST: Final[Mapping[Kind, tuple[int, str, bool]]] = {
    # (status, line, whether it clears by itself: a Retry-After is worth sending)
    "full": (  # as a full uploads folder is answered (server/runs/uploads.py)
        507,
        "the server has no room to store this request now; it was not carried out: try again later",
        True,
    ),
    "read_only": (503, f"{database('read_only', 'right now')}; {RETRY}", True),
    "busy": (503, f"{database('busy', 'right now')}; {RETRY}", True),
    "unavailable": (503, f"{database('unavailable', 'right now')}; {RETRY}", True),
    "set_up": (
        500,
        "the server's database refuses this request because of how it is set up; this request was not "
        "carried out, and the server's log names what its operator must fix",
        False,
    ),
}

_RESUME = "resume the run once it is back"
RUN: Final[Mapping[Kind, str]] = {
    "full": f"the server has no room to store the run's data now; {_RESUME}",
    "read_only": f"{database('read_only', 'right now')}; {_RESUME}",
    "busy": f"{database('busy', 'right now')}; {_RESUME}",
    "unavailable": f"{database('unavailable', 'right now')}; {_RESUME}",
    "set_up": (
        "the server's database refuses the run's writes because of how it is set up; the server's log "
        "names what its operator must fix, then resume the run"
    ),
}


def kind(exc: DatabaseUnavailable) -> Kind:
    """Which of the kinds a reader is told ``exc`` is."""
    from kassist.db.connect_sqlite import DatabaseBusy, DatabaseReadOnly, DiskFull
    from kassist.db.pool_postgres import Interrupted
    from kassist.db.pool_verdict import Reconnecting
    from kassist.db.refused_postgres import ConnectionLimit, ServerReadOnly

    if isinstance(exc, DiskFull):
        return "full"
    if isinstance(exc, ServerReadOnly | DatabaseReadOnly):
        return "read_only"
    if isinstance(exc, PoolExhausted | ConnectionLimit | DatabaseBusy):
        return "busy"
    if type(exc) in (DatabaseUnavailable, Reconnecting, Interrupted):  # cannot reach it, or reconnecting
        return "unavailable"
    return "set_up"

"""The error taxonomy of an ingestion run (docs/ingestion.md has it as a table), as pure rules.

- transient: worth another try (connection reset, timeout, HTTP 429/5xx, serialization failure);
  retried with exponential backoff and jitter up to a bound, attempts counted in retry_counts.
- permanent: one document is bad (the loaders report those as ``DocumentError``); recorded as
  failed, the run goes on.
- systemic: every later document would fail the same way (index refuses writes, embedder missing
  or different from the collection's, database unreachable); the run stops as ``failed`` with
  last_error and is resumable once the cause is fixed.
"""

from __future__ import annotations

import logging
import os
import re
import sqlite3
from typing import Literal

logger = logging.getLogger(__name__)

ErrorClass = Literal["transient", "systemic"]

_TRANSIENT_NAMES = frozenset(
    {
        # openai / httpx (embedding API, notify URL)
        "APIConnectionError",
        "APITimeoutError",
        "RateLimitError",
        "InternalServerError",
        "ConnectTimeout",
        "ReadTimeout",
        "WriteTimeout",
        "PoolTimeout",
        "ConnectError",
        "ReadError",
        "RemoteProtocolError",
        # psycopg: the server asked us to retry the transaction
        "SerializationFailure",
        "DeadlockDetected",
    }
)


class TransientHTTPError(RuntimeError):
    """An HTTP answer that says "try again later" (429 or 5xx)."""

    def __init__(self, url: str, status: int) -> None:
        self.status = status
        super().__init__(f"{url} answered HTTP {status}; will retry")


class CancelledWhileWaiting(RuntimeError):
    """``runs cancel`` arrived while a batch waited for another run's claim on the collection:
    transient, so the node's retry starts, where the cancel is honoured (work_node)."""


class PermanentHTTPError(RuntimeError):
    """An HTTP answer that another try will not change (4xx other than 408/429)."""


def http_status_class(status: int) -> Literal["ok", "transient", "permanent"]:
    if 200 <= status < 300:
        return "ok"
    if status in (408, 425, 429) or status >= 500:
        return "transient"
    return "permanent"


def is_transient(exc: BaseException) -> bool:
    """Whether another attempt may succeed (the RetryPolicy's ``retry_on``)."""
    if isinstance(exc, TransientHTTPError | CancelledWhileWaiting | ConnectionResetError | TimeoutError):
        return True
    if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
        return True
    if _database_away(exc):
        return True
    return any(cls.__name__ in _TRANSIENT_NAMES for cls in type(exc).__mro__)


def _database_away(exc: BaseException) -> bool:
    """A database kassist could not reach, or whose connection was cut mid-statement (a PostgreSQL
    restart, a failover, a proxy restarted), or that was busy: the next connection may well work,
    and every node's writes are idempotent, so the node is tried again (h19 s37 H19-3: a served run
    ended failed for good, waiting for a person, though the database answered a moment later). A
    full disk, a read-only database or one not set up stays the run's end."""
    from kassist.dburl import DatabaseUnavailable

    if not isinstance(exc, DatabaseUnavailable):
        return False
    from kassist.db.told import kind

    return kind(exc) in ("unavailable", "busy")


def describe(exc: BaseException) -> str:
    """last_error: the exception's class and message, one line. Every reader of the run sees it: a
    database kassist cannot use is said by its kind (kassist/db/told.py), its own line (the server's
    address, port, database, pool) going to the log (h14 s35 H4)."""
    from kassist.dburl import DatabaseUnavailable

    if isinstance(exc, DatabaseUnavailable):
        from kassist.db.told import RUN, kind

        logger.warning("an ingestion run's database error: %s", exc)
        return f"{type(exc).__name__}: {RUN[kind(exc)]}"
    status = getattr(exc, "status_code", None)
    if status is not None and type(exc).__module__.startswith("openai"):
        # Every reader of the run sees last_error: the model server's status, never its body (a
        # gateway refusing the server's key names it: session 34, h13 C7).
        return f"{type(exc).__name__}: HTTP {status} from the model server"
    text = " ".join(str(exc).split()) or repr(exc)
    return f"{type(exc).__name__}: {text}"[:500]


# An absolute POSIX path in a message: a "/" that starts a word (not one inside a URL or a relative
# path), up to a space, quote or bracket.
_ABSOLUTE = re.compile(r"(?<![\w.~:/\\-])/[^\s'\",;:()\[\]<>]+")
SOURCE_FOLDER = "(the run's source folder)"
SERVER_PATH = "(a server path)"


def for_client(text: str, source: str) -> str:
    """``text`` (a last_error, a failed document's reason) as every reader of a run sees it: a path
    under the run's source folder ``source`` relative to it, the folder itself
    :data:`SOURCE_FOLDER`, any other absolute path :data:`SERVER_PATH`. Applied where nodes write
    those values, so the runs API, the console, LangGraph's thread state and the audit report all
    show the problem, never the server's filesystem."""
    roots: set[str] = set()
    if source:
        for form in (source, os.path.abspath(source), os.path.realpath(source)):
            roots.add(form.rstrip("/") or "/")
    for root in sorted(roots, key=len, reverse=True):  # the longest first: a resolved symlink's target
        if root == "/":
            continue
        # A relative source (a graph run from code names it as written, "docs") is matched as a
        # path, never inside a word or sentence: replaced anywhere, "docs" turned the collection
        # refusal's "ingest folder 'docs'" and "copy" the loaders' "save an unprotected copy" into
        # the placeholder (session 36, n N6). A bare name is the client's own word, no server path.
        start = "" if os.path.isabs(root) else r"(?<![\w.~/\\-])"
        text = re.sub(start + re.escape(root) + "/", "", text)
        if os.path.isabs(root) or "/" in root:
            text = re.sub(start + re.escape(root) + r"(?![\w.~-])", lambda _: SOURCE_FOLDER, text)
    return _ABSOLUTE.sub(SERVER_PATH, text)

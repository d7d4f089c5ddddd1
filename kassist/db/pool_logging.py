"""One line per PostgreSQL outage instead of psycopg_pool's line per reconnection attempt.

While a server is down, psycopg_pool logs a WARNING for every failed attempt of every pooled
connection ("error connecting in 'pool-1': ...", two lines each, several per second with the
prompt reconnects of :mod:`kassist.db.pool_postgres`) and one for every dead connection it drops.
With no logging configured (the command line), Python prints all of them on stderr: a 15 s outage
was 230-330 lines around the one ``error:`` line that mattered.

Here those per-attempt records are demoted to DEBUG (seen only by whoever turns the
``psycopg.pool`` / ``psycopg`` loggers up to DEBUG), and the pool says once per outage on the
``kassist.db`` logger that the server is unreachable and once, at INFO, that it is back. The
filters are installed when this module is imported, which the PostgreSQL driver does: SQLite-only
processes never load psycopg.
"""

from __future__ import annotations

import logging
import threading

from kassist.dburl import postgres_target

logger = logging.getLogger("kassist.db")

# Format strings (record.msg, before %-formatting) of the records logged once per attempt or per
# dead connection: all of them repeat what the outage line and the calling error already say.
_PER_ATTEMPT = (
    "error connecting in %r",
    "discarding broken connection",
    "discarding closed connection",
    "task run %s failed",
    "error ignored terminating %r",  # psycopg's own, when a pipeline dies with its connection
)


class _Demote(logging.Filter):
    """Turns the per-attempt WARNINGs into DEBUG records, dropped unless DEBUG is enabled."""

    def filter(self, record: logging.LogRecord) -> bool:
        if (
            record.levelno > logging.DEBUG
            and isinstance(record.msg, str)
            and record.msg.startswith(_PER_ATTEMPT)
        ):
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
            return logging.getLogger(record.name).isEnabledFor(logging.DEBUG)
        return True


_DEMOTE = _Demote()


def install() -> None:
    """Put the filter on psycopg's loggers (once; a second call changes nothing)."""
    for name in ("psycopg.pool", "psycopg"):
        target = logging.getLogger(name)
        if _DEMOTE not in target.filters:
            target.addFilter(_DEMOTE)


class Outage:
    """Whether one pool's server is known to be unreachable; says so once per outage."""

    def __init__(self, conninfo: str, wait_s: float) -> None:
        self._conninfo = conninfo
        self._wait_s = wait_s
        self._down = False
        self._lock = threading.Lock()  # the pool's workers connect from several threads

    def failed(self, exc: BaseException) -> None:
        with self._lock:
            if self._down:
                return
            self._down = True
        reason = " ".join(str(exc).split()) or type(exc).__name__
        logger.warning(
            "PostgreSQL at %s is unreachable (%s); reconnecting in the background, each call "
            "waits up to %g s for a connection",
            postgres_target(self._conninfo),
            reason,
            self._wait_s,
        )

    def recovered(self) -> None:
        with self._lock:
            if not self._down:
                return
            self._down = False
        logger.info("PostgreSQL at %s is reachable again", postgres_target(self._conninfo))


install()

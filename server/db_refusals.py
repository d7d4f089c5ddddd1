"""How both servers answer a database they cannot use: one ASGI middleware, :class:`DatabaseRefusals`,
in front of every route of ``kassist serve`` (server/error_handlers.add_error_handlers installs it)
and of ``langgraph dev`` (langgraph.json -> ``http.app``, server/http_limits.py).

A kind that clears by itself (read-only after a failover, busy, unreachable; a full disk) is 503
(507) with ``Retry-After`` and one line; a refusal of how the database is set up (a role's missing
grant, pgvector out of the search_path, another application's table, a damaged file) never clears
by waiting: 500, no Retry-After, and the operator's line in the log (review s31 r1 #1). A statement
the database stopped at one of its operator's limits (statement_timeout, lock_timeout) is 503 (h8
s31 #18). The client is told the kind, never the server's address, paths or names.

Why a middleware and not each framework's exception handlers: FastAPI's handlers were kassist serve's
only, so ``langgraph dev`` answered the same refusal (its auth handler's accepted-run record on a
read-only PostgreSQL) with a 500 and a traceback (h8 s31 #14); and a handler cannot speak once a
stream has started. A LangServe stream (``/stream``, ``/stream_events``, ``/stream_log``) that
meets a refusal after its first bytes ends with LangServe's fixed ``event: error`` ``{"status_code":
500, "message": "Internal Server Error"}`` and then raises: that event is held until the raise says
why, and a refusal this module names replaces it with the same event carrying the status and the
line (h8 s31 #16)."""

from __future__ import annotations

import json
import logging
import re

from psycopg.errors import LockNotAvailable, QueryCanceled

from kassist.db.told import REQUEST, RETRY, kind
from kassist.dburl import DatabaseUnavailable
from server.asgi import ASGIApp, Message, Receive, Scope, Send, answer

logger = logging.getLogger(__name__)
RETRY_AFTER_S = 10
"""What a 503 for a database the server cannot use for a while tells the client to wait."""

STOPPED = (
    "the database stopped this request at one of its limits (statement_timeout or lock_timeout, set "
    f"by its operator); {RETRY}"
)


def unavailable(exc: DatabaseUnavailable) -> tuple[int, str, bool]:
    """The status and line a client is told of a database the server cannot use, and whether it
    clears by itself (a Retry-After is worth sending): kassist/db/told.py's words for its kind."""
    return REQUEST[kind(exc)]


def _leaf(exc: BaseException) -> BaseException:
    """The one exception an exception group carries (anyio's task groups wrap a stream's failure);
    a group of several, or none, stays itself."""
    while isinstance(exc, BaseExceptionGroup) and len(exc.exceptions) == 1:
        exc = exc.exceptions[0]
    return exc


def refusal(exc: BaseException) -> tuple[int, str, bool] | None:
    """``(status, line, clears)`` for an exception that is the database refusing this request, or None."""
    exc = _leaf(exc)
    if isinstance(exc, DatabaseUnavailable):
        return unavailable(exc)
    if isinstance(exc, QueryCanceled | LockNotAvailable):
        return 503, STOPPED, True
    return None


# LangServe's one error event (langserve/api_handler.py), whatever separator sse-starlette writes.
_FIXED_EVENT = re.compile(
    rb'^event: error(\r\n|\n|\r)data: \{"status_code": 500, "message": "Internal Server Error"\}(\1)\1$'
)


class DatabaseRefusals:
    """ASGI middleware: a database refusal a route raises (:func:`refusal`) is answered with its
    status, one line (``{"detail": ...}``) and ``Retry-After`` when it clears; raised mid-stream,
    LangServe's fixed error event is rewritten to carry them. Anything else passes as it was."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._said: list[type] = []  # the operator's line, logged once while its kind stays the same

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False
        held: Message | None = None  # LangServe's fixed error event, until the raise says why

        async def watched(message: Message) -> None:
            nonlocal started, held
            if held is not None:
                await send(held)
                held = None
            if message["type"] == "http.response.start":
                started = True
            elif message["type"] == "http.response.body" and _FIXED_EVENT.match(message.get("body") or b""):
                held = message
                return
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except BaseException as exc:
            said = refusal(exc)
            if said is None or (started and held is None):
                if held is not None:
                    await send(held)
                raise
            self._log(_leaf(exc), said)
            status, line, clears = said
            if held is None:
                headers = [(b"retry-after", str(RETRY_AFTER_S).encode())] if clears else []
                await answer(send, status, line, headers)
                return
            sep = _FIXED_EVENT.match(held.get("body") or b"")
            nl = sep.group(1) if sep else b"\r\n"
            data = json.dumps({"status_code": status, "message": line}).encode()
            await send(
                {"type": "http.response.body", "body": b"event: error" + nl + b"data: " + data + nl + nl}
            )
            await send({"type": "http.response.body", "body": b"", "more_body": False})
            return
        if held is not None:
            await send(held)

    def _log(self, exc: BaseException, said: tuple[int, str, bool]) -> None:
        if self._said[-1:] == [type(exc)]:
            return
        self._said[:] = [type(exc)]
        status, _, clears = said
        level = logging.WARNING if clears else logging.ERROR
        logger.log(level, "answering %d (%s): %s", status, type(exc).__name__, " ".join(str(exc).split()))

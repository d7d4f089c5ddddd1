"""How kassist serve answers what its routes raise: one line the client can act on, never a
traceback, and never the whole of what the client sent said back."""

from __future__ import annotations

import json
import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from psycopg.errors import LockNotAvailable, QueryCanceled

from checkpointer import CheckpointConflict
from checkpointer.errors import InvalidId
from kassist.dburl import DatabaseUnavailable, PoolExhausted
from kassist.tenancy import TenantMismatch, TenantRequired
from memory.context import ContextBudgetTooSmall
from server.configurable import clipped


def said_back(value: Any) -> Any:
    """A refused value as a validation error says it back (:func:`server.configurable.clipped`): a
    string by its start and characters, anything else by its JSON's; FastAPI's default said a
    4,096-character path back whole in each error (and a body of any size within the byte limit)."""
    if isinstance(value, str):
        return clipped(value)
    text = json.dumps(jsonable_encoder(value), ensure_ascii=False)
    return value if clipped(text) == text else clipped(text, "characters of JSON")


logger = logging.getLogger(__name__)
RETRY_AFTER_S = 10
"""What a 503 for a database the server cannot use for a while tells the client to wait."""


def unavailable(exc: DatabaseUnavailable) -> tuple[int, str, bool]:
    """The status and line a client is told of a database the server cannot use, and whether it
    clears by itself (a Retry-After is worth sending): the kind, never the server's address, paths
    or names (those are the operator's line in the log). A refusal of how the database is set up (a
    role's missing grant, pgvector out of the search_path, another application's table, a damaged
    file) never clears by waiting: 500, no Retry-After - "try again" kept clients retrying a fault
    only the operator can fix (review s31 r1 #1)."""
    from kassist.db.connect_sqlite import DatabaseBusy, DatabaseReadOnly, DiskFull
    from kassist.db.pool_postgres import Interrupted
    from kassist.db.pool_verdict import Reconnecting
    from kassist.db.refused_postgres import ConnectionLimit, ServerReadOnly

    retry = "this request was not carried out: try again in a few seconds"
    if isinstance(exc, DiskFull):  # as a full uploads folder is answered (server/runs/uploads.py)
        return (
            507,
            "the server has no room to store this request now; it was not carried out: try again later",
            True,
        )
    if isinstance(exc, ServerReadOnly | DatabaseReadOnly):
        return (
            503,
            f"the database is read-only right now (a standby, a failover in progress, or its file's mode); {retry}",
            True,
        )
    if isinstance(exc, PoolExhausted | ConnectionLimit | DatabaseBusy):
        return (
            503,
            f"the database is busy right now (another writer holds it, or every connection is in use); {retry}",
            True,
        )
    if type(exc) in (DatabaseUnavailable, Reconnecting, Interrupted):  # cannot reach it, or reconnecting
        return 503, f"the database is unavailable right now; {retry}", True
    return (
        500,
        "the server's database refuses this request because of how it is set up; this request was not "
        "carried out, and the server's log names what its operator must fix",
        False,
    )


def add_error_handlers(app: FastAPI) -> None:
    said: list[type] = []  # the operator's line, logged once while its kind stays the same

    # A database the server cannot use for a while (read-only after a failover, unreachable, locked
    # by another writer, its connections all busy, its disk full): 503 (507) with Retry-After and one
    # line, not a 500 with a traceback per request and a dropped connection (h8 s31 #7, h7 s31 #3).
    @app.exception_handler(DatabaseUnavailable)
    async def database_unavailable(_: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, DatabaseUnavailable)
        status, detail, clears = unavailable(exc)
        if said[-1:] != [type(exc)]:
            said[:] = [type(exc)]
            level = logging.WARNING if clears else logging.ERROR
            logger.log(level, "answering %d (%s): %s", status, type(exc).__name__, exc)
        headers = {"Retry-After": str(RETRY_AFTER_S)} if clears else {}
        return JSONResponse({"detail": detail}, status_code=status, headers=headers)

    # A statement the database stopped at one of its operator's limits (statement_timeout: 57014,
    # lock_timeout: 55P03): a plain 500 "Internal Server Error" before (h8 s31 #18); said as the
    # command line says it, for the client in one line without the server's words.
    @app.exception_handler(QueryCanceled)
    @app.exception_handler(LockNotAvailable)
    async def stopped(_: Request, exc: Exception) -> JSONResponse:
        if said[-1:] != [type(exc)]:
            said[:] = [type(exc)]
            logger.warning("answering 503 (%s): %s", type(exc).__name__, " ".join(str(exc).split()))
        detail = (
            "the database stopped this request at one of its limits (statement_timeout or lock_timeout, set "
            "by its operator); this request was not carried out: try again in a few seconds"
        )
        return JSONResponse({"detail": detail}, status_code=503, headers={"Retry-After": str(RETRY_AFTER_S)})

    @app.exception_handler(TenantMismatch)
    @app.exception_handler(TenantRequired)
    async def tenant_refused(_: Request, exc: Exception) -> JSONResponse:
        return JSONResponse({"detail": f"refused: {exc}"}, status_code=403)

    @app.exception_handler(CheckpointConflict)
    async def conflict(_: Request, exc: Exception) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=409)

    # A request the checks before the run could not see through (the context of a turn holds more
    # than the question: the instructions, the user's pinned preferences): the client's to fix.
    @app.exception_handler(InvalidId)
    @app.exception_handler(ContextBudgetTooSmall)
    async def unprocessable(_: Request, exc: Exception) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: Exception) -> JSONResponse:
        # FastAPI's own answer (each error's type, loc, msg, input, ctx), the input clipped.
        # LangServe raises it with plain strings ("Invalid JSON body"), FastAPI with dicts.
        errors: list[dict[str, Any]] = [
            dict(e) if isinstance(e, dict) else {"type": "value_error", "loc": ["body"], "msg": str(e)}
            for e in (exc.errors() if isinstance(exc, RequestValidationError) else [])
        ]
        for error in errors:
            if "input" in error:
                error["input"] = said_back(error["input"])
        return JSONResponse({"detail": jsonable_encoder(errors)}, status_code=422)

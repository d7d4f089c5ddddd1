"""How kassist serve answers what its routes raise: one line the client can act on, never a
traceback, and never the whole of what the client sent said back."""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from checkpointer import CheckpointConflict
from checkpointer.errors import InvalidId
from kassist.tenancy import TenantMismatch, TenantRequired
from memory.context import ContextBudgetTooSmall
from server.configurable import clipped
from server.db_refusals import DatabaseRefusals


def said_back(value: Any) -> Any:
    """A refused value as a validation error says it back (:func:`server.configurable.clipped`): a
    string by its start and characters, anything else by its JSON's; FastAPI's default said a
    4,096-character path back whole in each error (and a body of any size within the byte limit)."""
    if isinstance(value, str):
        return clipped(value)
    encoded = jsonable_encoder(value)
    try:
        text = json.dumps(encoded, ensure_ascii=False, allow_nan=False)
    except ValueError:  # NaN or Infinity in it (an upload's options, read by pydantic): JSON has no such
        # number, and the 422 saying it back failed as a 500 (h11 s33 #5): said back as its text
        return clipped(json.dumps(encoded, ensure_ascii=False), "characters of JSON")
    return value if clipped(text) == text else clipped(text, "characters of JSON")


def add_error_handlers(app: FastAPI) -> None:
    """The handlers below, and :class:`server.db_refusals.DatabaseRefusals` (a database the server
    cannot use: 503/507 with Retry-After, or 500 for its operator; the middleware langgraph dev runs
    too). Call before the other middlewares are added: it is then the innermost, and their headers
    (no-store) are on its answers."""
    app.add_middleware(DatabaseRefusals)  # type: ignore[arg-type]

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

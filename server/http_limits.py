"""Request limits both servers apply before any route runs (an ASGI middleware, :class:`RequestLimits`).

- **Body size**: at most ``KASSIST_MAX_BODY_BYTES`` (default 1 MiB) per request. A declared
  ``Content-Length`` over it is refused with 413 before a byte is read; a chunked body is counted as
  it arrives and refused as soon as it goes over. A 10 MB message therefore costs nothing: without
  this, LangServe parsed it, tokenized it and ran a turn on it (17 s of CPU, tens of MB written).
  Uploads (``POST /v1/runs/uploads``, multipart: ``kassist serve`` only) are handed to their own
  gate (``uploads``: server/runs/upload_gate.py): the key and ``KASSIST_UPLOAD_MAX_BYTES`` judged
  before the body is read, the body counted as it arrives.
- **Runs per batch** (``langgraph dev`` only): ``POST /runs/batch`` may carry at most
  ``KASSIST_MAX_BATCH_RUNS`` runs (default 50); more is refused with 422 before any is queued.
  langgraph-api authorizes each run of a batch on its own, so without this one request of 1,000
  small runs (83 KB) filled the workers' queue.
- **Keys a body may hold** (``langgraph dev`` only): a run's, cron's, thread's, assistant's or store
  item's body may hold only the top-level keys server/body_keys.py lists for its route; any other
  is refused with 422 naming it (langgraph-api's schemas let unknown keys through); a list route's
  ``limit``/``offset`` query parameters are whole numbers in its range (server/query_params.py).
- **JSON a database cannot store** (``kassist serve`` only; the LangGraph server's orjson already
  answers 422): a lone surrogate, nesting too deep, a number that is not finite or has more digits
  than Python reads are refused with 400/422 and one line (server/json_body.py).

- **No caching** (both, :class:`NoStore`): an answer without a cache policy of its own is
  ``no-store`` (the APIs answer with a tenant's data).

- **Closed routes** (``langgraph dev`` only, server/closed_routes.py): the in-memory runtime's
  ``/internal/...`` (read any thread, wipe every tenant's threads) and ``/deploy`` answer 404.

- **A database it cannot use** (both, server/db_refusals.py): 503 (507) with Retry-After and one
  line, or 500 for its operator, for every route; a LangServe stream's error event says the same.

- **A thread's streams** (``langgraph dev`` only, server/thread_streams.py): 404 before the stream
  opens on a thread the caller does not reach.

``kassist serve`` installs it in :func:`server.langserve_app.create_app`; ``langgraph dev`` through
``langgraph.json`` -> ``http.app`` (:data:`app`, an app with no routes of its own: langgraph-api
runs its middleware in front of every route it serves).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any, Protocol

from server.asgi import ASGIApp, Message, Receive, Scope, Send
from server.asgi import answer as _answer
from server.body_keys import parsed_refusal as keys_refusal
from server.body_keys import refusal as key_refusal
from server.command_frames import checked_frames
from server.holds import start_batch
from server.json_body import BadJson, check_json
from server.query_params import query_refusal

MAX_BODY_ENV = "KASSIST_MAX_BODY_BYTES"
DEFAULT_MAX_BODY = 1 << 20
MAX_BATCH_ENV = "KASSIST_MAX_BATCH_RUNS"
DEFAULT_MAX_BATCH = 50
BATCH_PATH = "/runs/batch"


class BodyGate(Protocol):
    """A route that bounds its own (streamed) body, in front of it (server/runs/upload_gate.py)."""

    def gates(self, scope: Scope) -> bool: ...

    async def __call__(self, app: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None: ...


_FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def env_count(env: Mapping[str, str] | None, name: str, default: int, least: int, unit: str) -> int:
    """The whole number in ``name`` (``_`` separators allowed), or ``default`` when unset; anything
    else, or a number under ``least``, raises ValueError naming the variable (at start-up)."""
    text = (os.environ if env is None else env).get(name, "").strip()
    if not text:
        return default
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        value = least - 1
    if value < least:
        raise ValueError(
            f"{name} must be a whole number of {unit}, at least {least} (default {default}), got {text[:40]!r}"
        )
    return value


def max_body_bytes(env: Mapping[str, str] | None = None) -> int:
    """The body limit configured in ``KASSIST_MAX_BODY_BYTES`` (bytes), or the default; a value that
    is not a whole number from 1,024 up raises ValueError naming the variable."""
    return env_count(env, MAX_BODY_ENV, DEFAULT_MAX_BODY, 1024, "bytes")


def max_batch_runs(env: Mapping[str, str] | None = None) -> int:
    """The most runs one ``POST /runs/batch`` may carry (``KASSIST_MAX_BATCH_RUNS``), or the default;
    a value that is not a whole number from 1 up raises ValueError naming the variable."""
    return env_count(env, MAX_BATCH_ENV, DEFAULT_MAX_BATCH, 1, "runs")


_NOT_JSON = object()


def parsed_body(body: bytes) -> object:
    """``body`` parsed as JSON, or :data:`_NOT_JSON` (the route's to answer)."""
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        return _NOT_JSON


def batch_refusal(runs: object, limit: int) -> str | None:
    """Why a ``/runs/batch`` body (parsed) is refused (more runs than ``limit``), or None. A body
    that is not a JSON list is the route's to answer."""
    if not isinstance(runs, list) or len(runs) <= limit:
        return None
    return (
        f"the batch holds {len(runs)} runs; this server accepts at most {limit} runs per request "
        f"({MAX_BATCH_ENV}): send several smaller batches"
    )


def too_large(limit: int, size: int | None = None) -> str:
    said = f"{size} bytes" if size is not None else "larger than that"
    return (
        f"the request body is {said}; this server accepts at most {limit} bytes per request "
        f"({MAX_BODY_ENV}): send less, e.g. a shorter message"
    )


class RequestLimits:
    """ASGI middleware: the body limit on every request, the JSON checks where ``json_checks``."""

    def __init__(
        self,
        app: ASGIApp,
        max_body: int | None = None,
        json_checks: bool = True,
        max_batch: int | None = None,
        body_keys: bool = False,
        uploads: BodyGate | None = None,
    ) -> None:
        self.app = app
        self.uploads = uploads  # kassist serve's upload route: its own gate, not the body limit
        self.max_body = max_body_bytes() if max_body is None else max_body
        self.json_checks = json_checks
        self.max_batch = max_batch  # runs per POST /runs/batch; None: no such route
        self.body_keys = body_keys  # langgraph-api's routes: only the keys server/body_keys.py lists

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and self.body_keys:
            await self.app(
                scope, checked_frames(str(scope.get("path") or ""), receive, send, self.max_body), send
            )
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.uploads is not None and self.uploads.gates(scope):
            await self.uploads(self.app, scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers") or []}
        declared = headers.get("content-length")
        if declared is not None:
            if not declared.strip().isdigit():
                await _answer(send, 400, f"Content-Length {declared[:40]!r} is not a number of bytes")
                return
            if int(declared) > self.max_body:
                await _answer(send, 413, too_large(self.max_body, int(declared)))
                return
        body = bytearray()
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":  # the client went away: nothing to answer
                return
            body += message.get("body", b"")
            more = bool(message.get("more_body"))
            if len(body) > self.max_body:
                await _answer(send, 413, too_large(self.max_body))
                return
        method, path = str(scope.get("method")), str(scope.get("path") or "")
        parsed = _NOT_JSON  # a batch's body is parsed here once, for every check below
        if self.max_batch is not None and path == BATCH_PATH and method == "POST":
            parsed = parsed_body(bytes(body))
            refused = batch_refusal(parsed, self.max_batch)
            if refused is not None:
                await _answer(send, 422, refused)
                return
            # Its runs meet the count limits together, and every run's rules before any is queued.
            start_batch(parsed if isinstance(parsed, list) else [])
        if self.body_keys:
            unknown = (
                key_refusal(method, path, bytes(body))
                if parsed is _NOT_JSON
                else keys_refusal(method, path, parsed)
            ) or query_refusal(method, path, bytes(scope.get("query_string") or b""))
            if unknown is not None:
                await _answer(send, 422, unknown)
                return
        content_type = headers.get("content-type", "").lower()
        if self.json_checks and body and not content_type.startswith(_FORM_TYPES):
            # Any other type: LangServe parses its bodies as JSON whatever they are labelled.
            try:
                check_json(bytes(body))
            except BadJson as bad:
                await _answer(send, bad.status, str(bad))
                return
        await self.app(scope, _replay(bytes(body), receive), send)


class NeverFramed:
    """ASGI middleware marking the pages under ``prefix`` (LangServe's playground) as never to be
    shown in another site's frame: a signed-in page in a hidden frame could be clicked through by
    the framing site. Only framing is restricted (its own scripts and fetches are left as they are);
    a page that sets its own policy keeps it."""

    HEADERS = ((b"x-frame-options", b"DENY"), (b"content-security-policy", b"frame-ancestors 'none'"))

    def __init__(self, app: ASGIApp, prefix: str) -> None:
        self.app = app
        self.prefix = prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not str(scope.get("path") or "").startswith(self.prefix):
            await self.app(scope, receive, send)
            return

        async def framed(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or [])
                present = {name.lower() for name, _ in headers}
                headers += [(n, v) for n, v in self.HEADERS if n not in present]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, framed)


class NoStore:
    """ASGI middleware: an answer that does not say how it may be cached gets ``Cache-Control:
    no-store``. The APIs answer with a tenant's data (runs, threads and their state, memories), read
    by API clients and, with the sign-in cookie, by browsers: no browser or proxy cache should keep
    it. An answer with a policy of its own (the console's static files) keeps it."""

    HEADER = (b"cache-control", b"no-store")

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def stamped(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or [])
                if not any(name.lower() == self.HEADER[0] for name, _ in headers):
                    headers.append(self.HEADER)
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, stamped)


def _replay(body: bytes, receive: Receive) -> Receive:
    """The body, read once already, for the app; later calls wait for the client (a disconnect)."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replay


def _langgraph_app() -> Any:
    from starlette.applications import Starlette
    from starlette.middleware import Middleware

    # The LangGraph server parses JSON with orjson, which refuses lone surrogates and deep nesting
    # itself (422/400); only the size and the runs per batch need a limit there. The limits are read
    # now, when the server loads this app at start-up: a bad value stops it there, naming the variable.
    limits = Middleware(
        RequestLimits,  # type: ignore[arg-type]
        max_body=max_body_bytes(),
        json_checks=False,
        max_batch=max_batch_runs(),
        body_keys=True,
    )
    from server.closed_routes import ClosedRoutes
    from server.db_refusals import DatabaseRefusals
    from server.thread_streams import ThreadStreams

    # Last: a thread's stream asks the routes behind these (authentication, the threads rules). The
    # others' refusals (_answer) are sent in front of langgraph-api's CORS: no access-control headers.
    # DatabaseRefusals: what a route (or a check in front of it) raises of a database it cannot use is
    # answered as kassist serve answers it (h8 s31 #14: a 500 with a traceback here).
    middleware = [
        Middleware(NoStore),
        Middleware(ClosedRoutes),
        Middleware(DatabaseRefusals),  # type: ignore[arg-type]
        limits,
        Middleware(ThreadStreams),  # type: ignore[arg-type]
    ]
    return Starlette(middleware=middleware)


def __getattr__(name: str) -> Any:
    # ``app`` (langgraph.json -> http.app: no routes, only RequestLimits in front of the server's)
    # is built on first access, so that kassist serve importing this module builds nothing.
    if name == "app":
        return _langgraph_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

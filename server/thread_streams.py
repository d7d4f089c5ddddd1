"""A thread's event streams, and a run's stream and join, open only on what the caller reaches
(``langgraph dev``; an ASGI middleware, :class:`ThreadStreams`, in front of every route:
server/http_limits.py installs it).

langgraph-api checks who may read a thread's streams (``GET /threads/{id}/stream``,
``POST /threads/{id}/stream/events`` and the WebSocket on that path) and whether a run exists
(``GET /threads/{id}/runs/{run_id}/stream`` and ``/join``) only once the answer has begun: another
tenant's thread, another member's, an unknown id, or a run not of that thread got a 200 carrying an
``error`` event (a join: an ``__error__`` body), an empty 200 (the SSE route) or an accepted socket
closed with 1011 "thread stream ended", the SSE route and the socket writing an error traceback to
the server's log each time (session 25 probes); ``POST /threads/{id}/commands`` (the socket's
frames over HTTP) answered a ``success`` or ``no_such_run``. Nothing leaked, but "not found" is this
server's answer for what a caller does not reach. Before such a stream opens, an in-process ``GET``
of the resource it reads (``/threads/{id}``, ``/threads/{id}/runs/{run_id}``) with the request's
own headers goes through everything behind this middleware (CORS, the access log, authentication
and the threads rule of server/auth.py, the one rule for every read of a thread and its runs; not
the request limits in front of it): where that is a 404, the stream is that 404, with the GET's
headers (a socket is refused with it before it is accepted); any other answer lets the stream open
as before (a missing key is still answered by the route: 401). It costs one key lookup and one
read of the thread, its values included, per stream opened."""

from __future__ import annotations

import re

from server.asgi import ASGIApp, Message, Receive, Scope, Send

_STREAMS = (
    ("GET", re.compile(r"^(/threads/[^/]+)/stream/?$")),
    ("GET", re.compile(r"^(/threads/[^/]+/runs/[^/]+)/(?:stream|join)/?$")),
    ("POST", re.compile(r"^(/threads/[^/]+)/stream/events/?$")),
    ("POST", re.compile(r"^(/threads/[^/]+)/commands/?$")),  # the socket's frames, one by one
    ("WEBSOCKET", re.compile(r"^(/threads/[^/]+)/stream/events/?$")),
)
"""(method, path): group 1 is the resource the stream reads, asked for first."""
_MAX_KEPT = 4096  # a 404's body (one line); a found resource's body is not kept
_DROPPED = {b"content-length", b"content-type", b"transfer-encoding", b"upgrade", b"connection"}
Headers = list[tuple[bytes, bytes]]


def streamed(scope: Scope) -> str | None:
    """The path of the thread or run whose stream a request opens, or None."""
    kind = "WEBSOCKET" if scope.get("type") == "websocket" else str(scope.get("method") or "")
    kind = "GET" if kind == "HEAD" else kind  # every GET route answers HEAD too (Starlette)
    path = str(scope.get("path") or "")
    for method, pattern in _STREAMS:
        found = pattern.match(path) if method == kind else None
        if found is not None:
            return found.group(1)
    return None


class ThreadStreams:
    """ASGI middleware: a stream whose thread or run a ``GET`` of it does not find is that 404."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        resource = streamed(scope) if scope.get("type") in ("http", "websocket") else None
        status, headers, body = (0, [], b"") if resource is None else await self._get(scope, resource)
        if status != 404:
            await self.app(scope, receive, send)
            return
        # The GET's own headers (its CORS answer to the request's Origin, its request id): this
        # middleware sits in front of langgraph-api's CORS, a 404 built here carried none.
        headers = [(k, v) for k, v in headers if k.lower() != b"content-length"]
        headers.append((b"content-length", str(len(body)).encode()))
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": 404, "headers": headers})
            await send({"type": "http.response.body", "body": body})
        elif "websocket.http.response" in (scope.get("extensions") or {}):
            # The server can answer the upgrade with an HTTP response: the same 404 as the routes.
            await send({"type": "websocket.http.response.start", "status": 404, "headers": headers})
            await send({"type": "websocket.http.response.body", "body": body})
        else:
            await send({"type": "websocket.close", "code": 1008, "reason": "thread not found"})

    async def _get(self, scope: Scope, path: str) -> tuple[int, Headers, bytes]:
        """The status, headers and body ``GET path`` answers with this request's credentials.

        A 404 is the answer to the request itself: its access-log line (written by langgraph-api
        once the answer is sent) names the request's own method and path, not this GET; a found
        resource's GET stays in the log under its own path, before the stream's line."""
        headers = [(k, v) for k, v in scope.get("headers") or [] if k.lower() not in _DROPPED]
        sub = {k: v for k, v in scope.items() if k not in ("subprotocols", "extensions")}
        sub.update(
            type="http",
            method="GET",
            path=path,
            raw_path=path.encode(),
            query_string=b"",
            headers=headers,
            http_version=scope.get("http_version", "1.1"),
            scheme={"ws": "http", "wss": "https"}.get(str(scope.get("scheme")), scope.get("scheme", "http")),
        )
        asked = False
        status = 0
        kept: Headers = []
        body = bytearray()

        async def request() -> Message:
            nonlocal asked
            if asked:
                return {"type": "http.disconnect"}
            asked = True
            return {"type": "http.request", "body": b"", "more_body": False}

        async def answer(message: Message) -> None:
            nonlocal status, kept
            if message["type"] == "http.response.start":
                status = int(message["status"])
                kept = [(bytes(k), bytes(v)) for k, v in message.get("headers") or []]
                if status == 404:  # read by the access log once the answer is sent
                    sub.update(method=scope.get("method", "GET"), path=scope.get("path"))
            elif message["type"] == "http.response.body" and len(body) < _MAX_KEPT:
                body.extend(message.get("body", b""))

        await self.app(sub, request, answer)
        return status, kept, bytes(body[:_MAX_KEPT])

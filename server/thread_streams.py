"""A thread's event streams open only on a thread the caller reaches (``langgraph dev``; an ASGI
middleware, :class:`ThreadStreams`, in front of every route: server/http_limits.py installs it).

langgraph-api checks who may read a thread's streams (``GET /threads/{id}/stream``,
``GET /threads/{id}/runs/{run_id}/stream``, ``POST /threads/{id}/stream/events`` and the WebSocket on
that path) only once the stream has begun: another tenant's thread, another member's or an unknown
id got a 200 carrying an ``error`` event, an empty 200 (the SSE route) or an accepted socket closed
with 1011 "thread stream ended", each writing an error traceback to the server's log (session 25
probes). Nothing of the thread leaked, but "not found" is this server's answer for what a caller
does not reach. Before such a stream opens, the request's own credentials ask ``GET /threads/{id}``
through the whole server (authentication and the threads "read" rule of server/auth.py, the one rule
for every read of a thread): where that is a 404, so is the stream (a socket is refused with a 404
before it is accepted); any other answer lets the stream open as before (a missing key is still
answered by the route: 401)."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_STREAMS = (
    ("GET", re.compile(r"^/threads/([^/]+)/stream/?$")),
    ("GET", re.compile(r"^/threads/([^/]+)/runs/[^/]+/stream/?$")),
    ("POST", re.compile(r"^/threads/([^/]+)/stream/events/?$")),
    ("WEBSOCKET", re.compile(r"^/threads/([^/]+)/stream/events/?$")),
)
_DROPPED = {b"content-length", b"content-type", b"transfer-encoding", b"upgrade", b"connection"}


def streamed_thread(scope: Scope) -> str | None:
    """The thread id of a request that opens one of a thread's streams, or None."""
    kind = "WEBSOCKET" if scope.get("type") == "websocket" else str(scope.get("method") or "")
    path = str(scope.get("path") or "")
    for method, pattern in _STREAMS:
        found = pattern.match(path) if method == kind else None
        if found is not None:
            return found.group(1)
    return None


def not_found(thread_id: str) -> bytes:
    return json.dumps({"detail": f"Thread with ID {thread_id} not found"}).encode()


class ThreadStreams:
    """ASGI middleware: a thread's stream whose thread ``GET /threads/{id}`` does not find is a 404."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        thread_id = streamed_thread(scope) if scope.get("type") in ("http", "websocket") else None
        if thread_id is None or await self._status(scope, thread_id) != 404:
            await self.app(scope, receive, send)
            return
        body = not_found(thread_id)
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": 404, "headers": headers})
            await send({"type": "http.response.body", "body": body})
        elif "websocket.http.response" in (scope.get("extensions") or {}):
            # The server can answer the upgrade with an HTTP response: the same 404 as the routes.
            await send({"type": "websocket.http.response.start", "status": 404, "headers": headers})
            await send({"type": "websocket.http.response.body", "body": body})
        else:
            await send({"type": "websocket.close", "code": 1008, "reason": "thread not found"})

    async def _status(self, scope: Scope, thread_id: str) -> int:
        """The status ``GET /threads/{thread_id}`` answers with this request's credentials."""
        headers = [(k, v) for k, v in scope.get("headers") or [] if k.lower() not in _DROPPED]
        path = f"/threads/{thread_id}"
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

        async def request() -> Message:
            nonlocal asked
            if asked:
                return {"type": "http.disconnect"}
            asked = True
            return {"type": "http.request", "body": b"", "more_body": False}

        async def answer(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])

        await self.app(sub, request, answer)
        return status

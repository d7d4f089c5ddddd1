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
read of the thread, its values included, per stream opened.

A stream stays open only while that is still so (h18 s37 H18-1): before it sends anything more (an
event, a heartbeat, a join's answer, a socket frame), at most once every :data:`RECHECK_S`, the same
GET is asked again. A key revoked since (a leaked key's answer), a role lowered, a thread now out of
reach: the stream ends there (an SSE response is closed, a socket closed with 1008; the route behind
is told the client went away) instead of sending the thread's later turns to whoever holds the old
key. An idle stream sends nothing and asks nothing."""

from __future__ import annotations

import asyncio
import json
import re
import time

from server import stream_replays
from server.asgi import ASGIApp, Message, Receive, Scope, Send

_STREAMS = (
    ("GET", re.compile(r"^(/threads/[^/]+)/stream/?$")),
    ("GET", re.compile(r"^(/threads/[^/]+/runs/[^/]+)/(?:stream|join)/?$")),
    ("POST", re.compile(r"^(/threads/[^/]+)/stream/events/?$")),
    ("POST", re.compile(r"^(/threads/[^/]+)/commands/?$")),  # the socket's frames, one by one
    ("WEBSOCKET", re.compile(r"^(/threads/[^/]+)/stream/events/?$")),
)
"""(method, path): group 1 is the resource the stream reads, asked for first."""
_WATCHED = (
    ("POST", re.compile(r"^(/threads/[^/]+)/runs/(?:stream|wait)/?$")),
    ("POST", re.compile(r"^()/runs/(?:stream|wait)/?$")),
)
"""A run made and streamed (or waited for) in one request: langgraph-api checks it as it is made, and
its thread may be made by it, so nothing is asked first; it is only watched (h20 s37 H20-1: the SDK's
``client.runs.stream`` kept streaming after its key was revoked). Group 1 is the thread ("": a
threadless run, whose key itself is asked again)."""
_MAX_KEPT = 4096  # a 404's body (one line); a found resource's body is not kept
_DROPPED = {b"content-length", b"content-type", b"transfer-encoding", b"upgrade", b"connection"}
Headers = list[tuple[bytes, bytes]]
RECHECK_S = 1.0  # docs/serving.md: a revoked key is refused by every server within a second
_SENT = ("http.response.start", "http.response.body", "websocket.send")


def streamed(scope: Scope, routes: tuple[tuple[str, re.Pattern[str]], ...] = _STREAMS) -> str | None:
    """The path of the thread or run whose stream a request opens (of ``routes``), or None."""
    kind = "WEBSOCKET" if scope.get("type") == "websocket" else str(scope.get("method") or "")
    kind = "GET" if kind == "HEAD" else kind  # every GET route answers HEAD too (Starlette)
    path = str(scope.get("path") or "")
    for method, pattern in routes:
        found = pattern.match(path) if method == kind else None
        if found is not None:
            return found.group(1)
    return None


class ThreadStreams:
    """ASGI middleware: a stream whose thread or run a ``GET`` of it does not find is that 404."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") == "http":
            stream_replays.sweep()  # expired resumable events go (h18 s37 H18-6): at most once a second
        resource = streamed(scope) if scope.get("type") in ("http", "websocket") else None
        status, headers, body = (0, [], b"") if resource is None else await self._get(scope, resource)
        if resource is None:
            made = streamed(scope, _WATCHED) if scope.get("type") == "http" else None
            if made is None:
                await self.app(scope, receive, send)
            else:
                await _Watched(self, scope, made or None, made=True).run(receive, send)
            return
        if status != 404:
            await _Watched(self, scope, resource).run(receive, send)
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


_OPEN: dict[str, set[_Watched]] = {}
"""The streams let through, by the id of their thread ("" for threadless runs)."""


def _thread_of(resource: str | None) -> str:
    return resource.split("/")[2] if resource else ""


def recheck(thread_ids: list[str]) -> None:
    """A thread's delete (server/auth.py, before langgraph-api deletes it): its open streams ask
    their GET again before they send anything more, not a second later - the next thread of that id,
    another tenant's, could send within that second (h18 H18-2, r2's note on 9f1c1d0)."""
    for thread_id in thread_ids:
        for stream in _OPEN.get(str(thread_id), ()):
            stream.checked = float("-inf")


class _Watched:
    """One stream let through: what it sends goes out only while its GET still finds the resource."""

    def __init__(
        self, streams: ThreadStreams, scope: Scope, resource: str | None, *, made: bool = False
    ) -> None:
        self.streams, self.scope, self.resource = streams, scope, resource
        self.checked = time.monotonic()  # the open's GET, just asked (or the run's create, checked)
        self.ended = asyncio.Event()
        self.started = False
        self.media = b""  # the answer's content type, once started
        self.opened_as: object = None  # a threadless run's caller, when its key is asked again
        self.made = made  # a run made in this request (_WATCHED): nothing was asked before it opened
        self.status = 0  # its answer's status, once started

    async def _still(self) -> tuple[int, Headers, bytes]:
        """What the open's check answers now: the resource's GET, or (no resource) the key's caller."""
        if self.resource is not None:
            return await self.streams._get(self.scope, self.resource)
        now = await _caller(self.scope)
        return (200, [], b"") if now is not None and now == self.opened_as else (401, [], b"")

    async def run(self, receive: Receive, send: Send) -> None:
        if self.resource is None:
            self.opened_as = await _caller(self.scope)

        async def watched_send(message: Message) -> None:
            if self.ended.is_set():
                return  # the stream was ended: what the route still sends goes nowhere
            if message["type"] == "http.response.start" and self.made:
                # A run made in this request: its route's own answer goes out as it is (a refusal - 409,
                # 404 - is not replaced by the GET's); only a 2xx answer's body is watched.
                self.started, self.status = True, int(message.get("status") or 0)
                self.media = dict(message.get("headers") or []).get(b"content-type", b"")
                await send(message)
                return
            watched = not self.made or 200 <= self.status < 300
            if watched and message["type"] in _SENT and time.monotonic() - self.checked >= RECHECK_S:
                self.checked = time.monotonic()
                status, headers, body = await self._still()
                if not 200 <= status < 300:
                    await self._end(send, status, headers, body)
                    return
            if message["type"] == "http.response.start":
                self.started = True
                self.media = dict(message.get("headers") or []).get(b"content-type", b"")
            await send(message)

        async def watched_receive() -> Message:
            if not self.ended.is_set():
                asked = asyncio.ensure_future(receive())
                ending = asyncio.ensure_future(self.ended.wait())
                done, _ = await asyncio.wait({asked, ending}, return_when=asyncio.FIRST_COMPLETED)
                if asked in done:
                    ending.cancel()
                    return asked.result()
                asked.cancel()
            # The route stops streaming as it does when its client goes away.
            return {
                "type": "websocket.disconnect" if self.scope["type"] == "websocket" else "http.disconnect"
            }

        thread = _thread_of(self.resource)
        _OPEN.setdefault(thread, set()).add(self)
        try:
            await self.streams.app(self.scope, watched_receive, watched_send)
        finally:
            _OPEN.get(thread, set()).discard(self)
            if not _OPEN.get(thread):
                _OPEN.pop(thread, None)

    async def _end(self, send: Send, status: int, headers: Headers, body: bytes) -> None:
        self.ended.set()
        if self.scope["type"] == "websocket":
            await send(
                {"type": "websocket.close", "code": 1008, "reason": "this thread is no longer yours to read"}
            )
        elif self.started:  # the last thing sent says why the answer ends (a wait's body so far: heartbeats)
            error = {"error": "Unauthorized" if status == 401 else "NotFound", "message": _why(status)}
            payload = json.dumps(error).encode()
            last = (
                b"event: error\ndata: " + payload + b"\n\n"
                if self.media.startswith(b"text/event-stream")
                else (b'{"__error__": ' + payload + b"}")
            )
            await send({"type": "http.response.body", "body": last, "more_body": False})
        else:  # a join still waiting: the GET's own answer (401, 404 ...), as at the open
            headers = [(k, v) for k, v in headers if k.lower() != b"content-length"]
            headers.append((b"content-length", str(len(body)).encode()))
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})


async def _caller(scope: Scope) -> object:
    """Whom the request's key authenticates as now (langgraph dev's resolution), or None."""
    from server.auth_start import RESOLVER
    from server.credentials import sent_token

    return await RESOLVER.alookup(sent_token(scope.get("headers") or ()))


def _why(status: int) -> str:
    """Why a stream let through ends: its key refused now (401), or its thread or run out of reach."""
    if status == 401:
        return "the API key that sent it was revoked after it was sent (or is no longer valid): nothing more is sent"
    return (
        "its thread or run is no longer yours to read (deleted, or its access changed): nothing more is sent"
    )

"""The upload route's gate: its caller and its size judged before its body is read (h16 s36 H16-4).

``POST /v1/runs/uploads`` is a multipart body up to ``KASSIST_UPLOAD_MAX_BYTES`` (100 MB), so the
server's body limit (``KASSIST_MAX_BODY_BYTES``, server/http_limits.py) cannot hold it. FastAPI parses
a whole multipart body before it solves a route's dependencies: Starlette spooled every file past
1 MB to the system's temp folder, and only then was the key looked at (401) or the size counted
(``uploads.save``: 413). Anyone who reached the port, without a key, filled the server's temp disk
(a 200 MB POST spooled whole, then 401) and held its CPU in the parser.

So :class:`RequestLimits` hands that route's requests to :class:`UploadGate`, which, from the head:
401 unless the caller's key is known (the route's own rule, :func:`server.runs.routes.caller_of`);
413 for a declared ``Content-Length`` over the files' limit plus the form's other fields' (the body
limit); and while the route reads, it counts what arrives (a chunked body, one that never says its
length) and answers 413 the moment it goes over, the route then told that the client has gone."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from starlette.requests import Request

from server.asgi import ASGIApp, Message, Receive, Scope, Send, answer
from server.keys import Principal
from server.runs.names import PREFIX
from server.runs.routes import caller_of
from server.runs.uploads import too_large

UPLOAD_PATH = f"{PREFIX}/uploads"
_BEARER = [(b"www-authenticate", b"Bearer")]


class UploadGate:
    """What ``POST`` :data:`UPLOAD_PATH` meets before its body: the caller (401), then the size
    (413): at most ``upload_max`` bytes of files and ``form_max`` of the form's other fields."""

    def __init__(
        self, principal: Callable[[Request], Principal | None], upload_max: int, form_max: int
    ) -> None:
        self.principal = principal
        self.upload_max = upload_max
        self.limit = upload_max + form_max

    def gates(self, scope: Scope) -> bool:
        return scope.get("path") == UPLOAD_PATH and scope.get("method") == "POST"

    async def __call__(self, app: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None:
        # The key may be a managed one (a database read): off the event loop, as the routes read it.
        who = await asyncio.to_thread(caller_of, self.principal, Request(scope))
        if isinstance(who, str):
            await answer(send, 401, who, _BEARER)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None:
            if not declared.strip().isdigit():
                await answer(
                    send, 400, f"Content-Length {declared[:40].decode('latin-1')!r} is not a number of bytes"
                )
                return
            if int(declared) > self.limit:
                await answer(send, 413, too_large(self.upload_max))
                return
        arrived, over, started = 0, False, False

        async def counted() -> Message:
            nonlocal arrived, over
            if over:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                arrived += len(message.get("body", b""))
                if arrived > self.limit:
                    over = True
                    if not started:
                        await answer(send, 413, too_large(self.upload_max))
                    return {"type": "http.disconnect"}  # the route stops reading: the client "went"
            return message

        async def sent(message: Message) -> None:
            nonlocal started
            if over:
                return  # the route's own answer to the "disconnect": ours went already
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await app(scope, counted, sent)
        except Exception:
            if not over:
                raise  # the route's parser gave up on the "disconnect": answered already

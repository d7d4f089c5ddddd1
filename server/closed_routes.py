"""Routes of ``langgraph dev`` closed to every caller (an ASGI middleware server/http_limits.py
installs in front of the server)."""

from __future__ import annotations

import re

from server.asgi import ASGIApp, Receive, Scope, Send, answer

CLOSED_PREFIXES = ("/internal", "/deploy")
"""``langgraph dev``'s in-memory runtime adds routes no auth handler sees: ``/internal/debug/thread/{id}``
(any tenant's thread, values included, to any caller), ``/internal/truncate`` (wipes every tenant's
threads, runs, assistants and crons) and ``/deploy`` (starts ``langgraph deploy``). Closed: 404."""


class ClosedRoutes:
    """ASGI middleware answering 404 to :data:`CLOSED_PREFIXES`, whoever asks, before any route."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            path = re.sub(r"/+", "/", str(scope.get("path") or "")).lower().rstrip("/")
            if any(path == p or path.startswith(p + "/") for p in CLOSED_PREFIXES):
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1008})
                    return
                await answer(send, 404, "Not Found")
                return
        await self.app(scope, receive, send)

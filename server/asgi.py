"""The ASGI shapes this server's middlewares share (server/http_limits.py, server/closed_routes.py,
server/thread_streams.py, server/command_frames.py,
server/db_refusals.py), and the one-line JSON refusal they send."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


async def answer(send: Send, status: int, detail: str, more: list[tuple[bytes, bytes]] | None = None) -> None:
    """Answer ``status`` with ``{"detail": detail}`` (and the headers ``more``). Sent in front of
    langgraph-api's CORS middleware, such an answer carries no access-control headers (docs/serving.md)."""
    payload = json.dumps({"detail": detail}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]
    headers += more or []
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})

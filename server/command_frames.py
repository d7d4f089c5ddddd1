"""The frames of langgraph-api's event-streaming WebSocket (``/threads/{id}/stream/events``), checked
as the HTTP route's bodies are (server/http_limits.RequestLimits calls :func:`checked_frames`).

The socket takes the same commands as ``POST /threads/{id}/commands``, one JSON text frame each,
past every HTTP check: it took ``langsmith_tracer`` and server-set configurable keys the HTTP routes
refuse, and frames of any size (session 24 probes)."""

from __future__ import annotations

import json

from server.asgi import Message, Receive, Send
from server.body_keys import frame_refusal


def checked_frames(path: str, receive: Receive, send: Send, max_bytes: int) -> Receive:
    """``receive`` for the WebSocket at ``path``: a frame over ``max_bytes`` closes it (1009); a
    command the HTTP route would refuse is answered with the protocol's ``error`` frame and never
    reaches the route (server/body_keys.frame_refusal; any other path's frames pass)."""

    async def checked() -> Message:
        while True:
            message = await receive()
            if message["type"] != "websocket.receive":
                return message
            text = message.get("text")
            frame = text.encode("utf-8", "replace") if isinstance(text, str) else message.get("bytes") or b""
            if len(frame) > max_bytes:
                await send(
                    {"type": "websocket.close", "code": 1009, "reason": f"frame over {max_bytes} bytes"}
                )
                return {"type": "websocket.disconnect", "code": 1009}
            refused = frame_refusal(path, frame)
            if refused is None:
                return message
            error = {"type": "error", "id": refused[0], "error": "invalid_argument", "message": refused[1]}
            await send({"type": "websocket.send", "text": json.dumps(error)})

    return checked

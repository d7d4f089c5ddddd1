"""What a client may send as the assistant's turn: the user's own message, nothing else (pure).

A message of another kind (system, AI, tool) sent by a client would enter the conversation with
that kind's authority: a "system" instruction the model obeys, or words put in the assistant's
mouth that later turns trust. LangServe refuses them by its input schema
(:class:`server.langserve_app.AssistantRequest`); on the LangGraph server the auth handler asks
:func:`turn_refusal` before a run is created, and refuses a ``Command(update=...)``, which writes
the thread's state directly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

USER_ROLES = frozenset({"user", "human"})


def is_user_message(message: Any) -> bool:
    """Whether ``message`` is one of the shapes LangGraph turns into a ``HumanMessage``: a string,
    ``("user"|"human", text)``, ``{"role": "user"|"human", ...}`` or ``{"type": "human", ...}``."""
    if isinstance(message, str):
        return True
    if isinstance(message, Sequence) and len(message) == 2 and isinstance(message[1], str):
        return message[0] in USER_ROLES
    if isinstance(message, Mapping):
        kind = message.get("role", message.get("type"))
        return kind in USER_ROLES and "tool_calls" not in message
    return False


def turn_refusal(run_input: object) -> str | None:
    """Why ``run_input`` may not start an assistant turn, or None when it may."""
    if run_input is None:
        return None  # a run resuming the thread as it is
    if not isinstance(run_input, Mapping):
        return "input must be an object with 'messages': the user's message(s)"
    messages = run_input.get("messages")
    if messages is None:
        return None
    if isinstance(messages, (str, Mapping)):
        messages = [messages]
    if not isinstance(messages, Sequence):
        return "input.messages must be a list of the user's messages"
    for i, message in enumerate(messages):
        if not is_user_message(message):
            return (
                f"input.messages[{i}] is not a user message: a client may send only the user's own "
                "messages (role 'user'); system and assistant messages come from the server"
            )
    return None

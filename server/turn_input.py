"""What a client may send as the assistant's turn: the user's own message, nothing else (pure).

A message of another kind (system, AI, tool) sent by a client would enter the conversation with
that kind's authority: a "system" instruction the model obeys, or words put in the assistant's
mouth that later turns trust. LangServe refuses them by its input schema
(:class:`server.langserve_app.AssistantRequest`); on the LangGraph server the auth handler asks
:func:`turn_refusal` before a run is created, and refuses a ``Command(update=...)``, which writes
the thread's state directly.

A question that with the assistant's instructions is over the run's context budget can never be
answered (the context always holds both whole): :func:`question_refusal` says so with a 422 before
the run starts, on both servers, instead of a run that fails. Nothing else can make a turn over its
budget: the rest of the context (a user's pinned memories, the summary) is shed to fit
(graph.assistant.nodes).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from knowledge.tokens import count_message_tokens

USER_ROLES = frozenset({"user", "human"})
USER_MESSAGE_KEYS = frozenset({"role", "type", "content", "id"})
"""What a user message sent as an object may hold: its kind, its text and a new id (LangGraph
Studio names each message it sends). A serialized ``HumanMessage`` also carries the fields
:data:`SERVER_MESSAGE_FIELDS`, accepted only empty."""
SERVER_MESSAGE_FIELDS = frozenset({"name", "additional_kwargs", "response_metadata", "example"})
"""A message's fields the server writes, never a client: they were kept in the conversation as sent
(a user message named ``system``, metadata as if a model had answered)."""
MAX_TURN_MESSAGES = 100
"""The most messages one turn's input may carry: the user's new message(s), the conversation before
them being the thread's. 25,000 one-letter messages (850 KB, under the body limit) took 24-33 s of a
server's worker and stayed in the thread for every later turn to read."""
TOKEN_MODEL = "gpt-4o-mini"
"""The encoding the assistant counts with unless its chat model has another (graph.assistant.nodes)."""
_MAX_CHARS_PER_TOKEN = 8
_PREFIX_MARGIN = 16  # tokens a cut word may add to a prefix's count


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
    if len(messages) > MAX_TURN_MESSAGES:
        return (
            f"input.messages holds {len(messages)} messages; a turn takes at most {MAX_TURN_MESSAGES}: "
            "send the user's new message(s), the conversation before them is the thread's"
        )
    if not messages:
        # Nothing to answer: on a new thread the turn would fail inside the run.
        return 'input.messages is empty: send the user\'s message, e.g. [{"role": "user", "content": "..."}]'
    for i, message in enumerate(messages):
        if not is_user_message(message):
            return (
                f"input.messages[{i}] is not a user message: a client may send only the user's own "
                "messages (role 'user'); system and assistant messages come from the server"
            )
        if _text(message) is None:
            return (
                f"input.messages[{i}] has no text: its content must be a string or a list of text "
                'parts ({"type": "text", "text": "..."})'
            )
        refused = _fields_refusal(i, message) if isinstance(message, Mapping) else None
        if refused is not None:
            return refused
    return None


def _fields_refusal(i: int, message: Mapping[str, Any]) -> str | None:
    """Why the object ``message`` holds a field a client may not send, or None."""
    extra = sorted(str(k)[:60] for k in message if k not in USER_MESSAGE_KEYS | SERVER_MESSAGE_FIELDS)
    if extra:
        return (
            f"input.messages[{i}] holds keys {extra[:10]} that a user message does not take: send "
            "role (or type) and content"
        )
    if "role" in message and "type" in message:
        # LangChain reads role and keeps every other key as the message's additional_kwargs (the
        # server's field): {"role": "user", "type": {...}} stored the client's object there (H26-2).
        return f"input.messages[{i}] holds both role and type: send one of them (role 'user' or type 'human')"
    written = sorted(str(k) for k in SERVER_MESSAGE_FIELDS if message.get(k))
    if written:
        return f"input.messages[{i}].{written[0]} is the server's to write: leave it out"
    sent_id = message.get("id")
    if sent_id is not None and not (isinstance(sent_id, str) and 0 < len(sent_id) <= 128):
        return f"input.messages[{i}].id must be a string of 1 to 128 characters, or left out"
    return None


def sent_ids(run_input: object) -> dict[str, int]:
    """The ids a turn's messages name -> the index of the (first) message naming each."""
    messages = run_input.get("messages") if isinstance(run_input, Mapping) else None
    if isinstance(messages, Mapping):
        messages = [messages]
    if not isinstance(messages, Sequence) or isinstance(messages, str):
        return {}
    ids: dict[str, int] = {}
    for i, message in enumerate(messages):
        sent = message.get("id") if isinstance(message, Mapping) else None
        if isinstance(sent, str) and sent:
            ids.setdefault(sent, i)
    return ids


def replaced_refusal(run_input: object, held: set[str]) -> str | None:
    """Why a turn naming an id of a message the conversation holds (``held``) is refused, or None:
    LangGraph's message list replaces the message of that id, so such a turn rewrote the
    conversation (the assistant's answer replaced by the client's words)."""
    for sent, i in sent_ids(run_input).items():
        if sent in held:
            return (
                f"input.messages[{i}].id is the id of a message the conversation already holds: a turn "
                "adds the user's messages, it never replaces one; leave id out (or send a new one)"
            )
    return None


def _text(message: Any) -> str | None:
    if isinstance(message, str):
        return message
    if isinstance(message, Sequence) and len(message) == 2 and isinstance(message[1], str):
        return message[1]
    if isinstance(message, Mapping):
        return _content_text(message.get("content"))
    return None


def _content_text(content: object) -> str | None:
    """The text of a message's content: a string, or a list of text parts (LangChain's
    multimodal form, joined as the model would read them); None for anything else (a number, an
    image part, a part without text), which no turn can answer."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list) or not content:
        return None
    texts = []
    for part in content:
        if isinstance(part, str):
            texts.append(part)
        elif isinstance(part, Mapping) and part.get("type") == "text" and isinstance(part.get("text"), str):
            texts.append(part["text"])
        else:
            return None
    return "\n".join(texts)


def question_tokens(text: str, budget: int) -> tuple[int, bool]:
    """Tokens of ``text`` as the user's message, counted only as far as deciding against
    ``budget`` needs, and whether that is the whole count (False: at least that many). A text of
    at most ``budget`` UTF-8 bytes fits (a token is at least a byte); a prefix well over the budget
    is over it (cutting a text splits at most its last word differently: a few tokens), so a
    megabyte-long question costs a prefix's count, not the whole one's."""
    if len(text) <= budget and len(text.encode("utf-8", "surrogatepass")) <= budget:
        return len(text), False  # an upper bound: enough to say it fits
    prefix = text[: (budget + _PREFIX_MARGIN + 1) * _MAX_CHARS_PER_TOKEN]
    counted = count_message_tokens([{"role": "user", "content": prefix}], model=TOKEN_MODEL)
    if len(prefix) == len(text):
        return counted, True
    if counted > budget + _PREFIX_MARGIN:
        return counted - _PREFIX_MARGIN, False
    return count_message_tokens([{"role": "user", "content": text}], model=TOKEN_MODEL), True


@functools.cache
def instruction_tokens() -> int:
    """Tokens the assistant's instructions take in every context (their message, no priming)."""
    from graph.assistant.gather import SYSTEM_PROMPT  # here: the auth module loads no graph

    return count_message_tokens([{"role": "system", "content": SYSTEM_PROMPT}], model=TOKEN_MODEL) - 3


def question_refusal(run_input: object, budget: int, max_budget: int) -> str | None:
    """Why the latest message of ``run_input`` cannot fit a context of ``budget`` tokens with the
    assistant's instructions, or None."""
    messages = run_input.get("messages") if isinstance(run_input, Mapping) else None
    if isinstance(messages, (str, Mapping)):
        messages = [messages]
    if not isinstance(messages, Sequence) or not messages:
        return None
    text = _text(messages[-1])
    if text is None:
        return None
    room = budget - instruction_tokens()
    tokens, whole = question_tokens(text, room)
    if tokens <= room:
        return None
    return (
        f"the question is {'' if whole else 'at least '}{tokens} tokens, with the assistant's "
        f"{instruction_tokens()}-token instructions over the context budget of {budget} tokens that "
        f"must hold both whole: shorten it, or send a larger configurable.context_budget (at most {max_budget})"
    )

"""Exact token counts for OpenAI models, offline: the one place kassist counts OpenAI tokens.

tiktoken downloads its encoding files at run time and fails without internet; ``bpe-openai``
ships cl100k_base and o200k_base and produces the same token ids. Text that happens to contain
special-token strings such as ``<|endoftext|>`` is counted as ordinary text, as the API does with
user content.

(The embedding model's own WordPiece tokenizer, used to size chunks, is in
``knowledge.embedders.wordpiece``.)
"""

from __future__ import annotations

import functools
import json
import warnings
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    import bpe_openai

EncodingName = Literal["cl100k_base", "o200k_base"]
ENCODINGS: tuple[EncodingName, ...] = ("cl100k_base", "o200k_base")
DEFAULT_ENCODING: EncodingName = "o200k_base"

# bpe-openai refuses texts of 1,000,000 characters or more and results over 200,000 tokens, so long
# texts are encoded in segments; 40,000 characters stay under both limits even at 4 tokens/char.
_SEGMENT_CHARS = 40_000

# Per the OpenAI cookbook: every message costs 3 tokens of framing (4 on gpt-3.5-turbo-0301), a
# `name` 1 more (-1 there), and every reply is primed with 3 more.
_TOKENS_PER_MESSAGE = 3
_TOKENS_PER_NAME = 1
_REPLY_PRIMING = 3

_O200K_PREFIXES = ("gpt-4o", "gpt-4.1", "gpt-4.5", "gpt-5", "o1", "o3", "o4", "chatgpt-4o")
_CL100K_PREFIXES = ("gpt-4", "gpt-3.5", "gpt-35", "text-embedding-3", "text-embedding-ada-002")


class UnknownModel(ValueError):
    """No known OpenAI encoding for this model name."""


def encoding_name_for_model(model: str) -> EncodingName:
    """The encoding an OpenAI model uses: o200k_base for gpt-4o and later, cl100k_base for gpt-4/3.5."""
    for name in ENCODINGS:
        if model == name:
            return name
    if model.startswith(_O200K_PREFIXES):
        return "o200k_base"
    if model.startswith(_CL100K_PREFIXES):
        return "cl100k_base"
    raise UnknownModel(
        f"no known token encoding for model {model!r}; pass encoding='o200k_base' (gpt-4o and "
        "later) or 'cl100k_base' (gpt-4, gpt-3.5, text-embedding-3)"
    )


@functools.cache
def _encoding(name: EncodingName) -> bpe_openai.Encoding:
    if name not in ENCODINGS:
        raise ValueError(f"unknown encoding {name!r}; choose one of {', '.join(ENCODINGS)}")
    with warnings.catch_warnings():
        # bpe-openai 0.1.4 loads its files with a deprecated importlib.resources call.
        warnings.simplefilter("ignore", DeprecationWarning)
        import bpe_openai

        return bpe_openai.get_encoding(name)


def _resolve(encoding: EncodingName | None, model: str | None) -> bpe_openai.Encoding:
    if encoding is not None and model is not None:
        raise ValueError("give either encoding= or model=, not both")
    if model is not None:
        return _encoding(encoding_name_for_model(model))
    return _encoding(encoding or DEFAULT_ENCODING)


def encode(text: str, *, encoding: EncodingName | None = None, model: str | None = None) -> list[int]:
    """Token ids of ``text`` (default encoding o200k_base), special-token strings as plain text."""
    enc = _resolve(encoding, model)
    tokens: list[int] = []
    for segment in _segments(text, _SEGMENT_CHARS):
        tokens.extend(enc.encode_ordinary(segment))
    return tokens


def decode(tokens: Sequence[int], *, encoding: EncodingName | None = None, model: str | None = None) -> str:
    """Text of ``tokens``; an incomplete UTF-8 sequence at the end decodes as U+FFFD."""
    text: str = _resolve(encoding, model).decode(list(tokens))
    return text


def count_tokens(text: str, *, encoding: EncodingName | None = None, model: str | None = None) -> int:
    """Exactly how many tokens ``text`` is for ``model`` (or ``encoding``; default o200k_base)."""
    return len(encode(text, encoding=encoding, model=model))


def truncate_to_tokens(
    text: str, max_tokens: int, *, encoding: EncodingName | None = None, model: str | None = None
) -> str:
    """The longest prefix of ``text`` that is at most ``max_tokens`` tokens, cut on a token boundary."""
    if max_tokens < 0:
        raise ValueError(f"max_tokens must not be negative, got {max_tokens}")
    tokens = encode(text, encoding=encoding, model=model)
    if len(tokens) <= max_tokens:
        return text
    prefix = decode(tokens[:max_tokens], encoding=encoding, model=model)
    # A cut inside a multi-byte character decodes to U+FFFD: drop it rather than invent text.
    return prefix.rstrip("\ufffd")


def count_message_tokens(messages: Iterable[Any], *, model: str = "gpt-4o-mini") -> int:
    """Prompt tokens a list of chat messages costs, counted the way OpenAI chat models frame them.

    Accepts dicts (``{"role": ..., "content": ..., "name": ...}``) and LangChain messages. Text
    parts of multi-part content are counted; images are not. Tool calls are counted as the JSON of
    their name and arguments, which is close to but not exactly what the API bills.
    """
    enc_name = encoding_name_for_model(model)
    per_message, per_name = _TOKENS_PER_MESSAGE, _TOKENS_PER_NAME
    if model.startswith("gpt-3.5-turbo-0301"):
        per_message, per_name = 4, -1
    total = 0
    for message in messages:
        fields = _message_fields(message)
        total += per_message
        for key, value in fields.items():
            total += count_tokens(value, encoding=enc_name)
            if key == "name":
                total += per_name
    return total + _REPLY_PRIMING


def _message_fields(message: Any) -> dict[str, str]:
    if isinstance(message, Mapping):
        role = str(message.get("role", ""))
        content = message.get("content")
        name = message.get("name")
        tool_calls = message.get("tool_calls") or []
    else:
        role = _LANGCHAIN_ROLES.get(getattr(message, "type", ""), str(getattr(message, "type", "")))
        content = getattr(message, "content", "")
        name = getattr(message, "name", None)
        tool_calls = getattr(message, "tool_calls", None) or []
    fields = {"role": role, "content": _content_text(content)}
    if name:
        fields["name"] = str(name)
    for call in tool_calls:
        fields[f"tool_call_{len(fields)}"] = json.dumps(_tool_call_payload(call), ensure_ascii=False)
    return fields


_LANGCHAIN_ROLES = {"human": "user", "ai": "assistant", "system": "system", "tool": "tool"}


def _content_text(content: Any) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    parts: list[str] = []
    for part in content:
        if isinstance(part, str):
            parts.append(part)
        elif isinstance(part, Mapping) and part.get("type") == "text":
            parts.append(str(part.get("text", "")))
    return "".join(parts)


def _tool_call_payload(call: Any) -> dict[str, Any]:
    if isinstance(call, Mapping) and "function" in call:
        return {"name": call["function"].get("name"), "arguments": call["function"].get("arguments")}
    if isinstance(call, Mapping):
        return {"name": call.get("name"), "arguments": call.get("args")}
    return {"name": getattr(call, "name", None), "arguments": getattr(call, "args", None)}


def _segments(text: str, size: int) -> list[str]:
    """Split ``text`` into pieces of at most about ``size`` characters at pre-tokenizer boundaries.

    Both encodings' pre-tokenizers always start a new piece at a space that follows a non-space
    and precedes a letter, and at a letter that follows a newline; BPE never merges across
    pieces, so encoding the segments one by one gives exactly the tokens of the whole. Only a run
    of ``size`` characters without such a boundary is cut blindly.
    """
    if len(text) <= size:
        return [text]
    segments: list[str] = []
    start = 0
    while len(text) - start > size:
        cut = _boundary_before(text, start + size, start + size // 2)
        segments.append(text[start:cut])
        start = cut
    segments.append(text[start:])
    return segments


def _boundary_before(text: str, limit: int, floor: int) -> int:
    for i in range(limit, floor, -1):
        ch, prev, nxt = text[i], text[i - 1], text[i + 1] if i + 1 < len(text) else ""
        if ch == " " and not prev.isspace() and nxt.isalpha():
            return i
        if prev == "\n" and ch.isalpha():
            return i
    return limit

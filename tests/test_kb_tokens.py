"""Exact OpenAI token counts offline. Expected values are tiktoken's (checked against its published
examples: "hello world" is [15339, 1917] in cl100k_base)."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

from knowledge import tokens
from knowledge.tokens import (
    UnknownModel,
    count_message_tokens,
    count_tokens,
    decode,
    encode,
    encoding_name_for_model,
    truncate_to_tokens,
)


@pytest.mark.parametrize(
    ("text", "cl100k", "o200k"),
    [
        ("hello world", [15339, 1917], [24912, 2375]),
        ("Hello, world!", [9906, 11, 1917, 0], [13225, 11, 2375, 0]),
        ("", [], []),
    ],
)
def test_known_token_ids(text: str, cl100k: list[int], o200k: list[int]) -> None:
    assert encode(text, encoding="cl100k_base") == cl100k
    assert encode(text, encoding="o200k_base") == o200k
    assert encode(text) == o200k, "o200k_base is the default"
    assert decode(cl100k, encoding="cl100k_base") == text


@pytest.mark.parametrize(
    ("text", "cl100k", "o200k"),
    [
        ("The quick brown fox jumps over the lazy dog.", 10, 10),
        ("日本語のテキスト", 8, 6),
        ("def f(x):\n    return x**2\n", 10, 10),
    ],
)
def test_known_counts_across_scripts_and_code(text: str, cl100k: int, o200k: int) -> None:
    assert count_tokens(text, encoding="cl100k_base") == cl100k
    assert count_tokens(text, model="gpt-4o-mini") == o200k


def test_models_map_to_their_encodings() -> None:
    assert encoding_name_for_model("gpt-4o-mini") == "o200k_base"
    assert encoding_name_for_model("gpt-4.1-2025-04-14") == "o200k_base"
    assert encoding_name_for_model("gpt-5-mini") == "o200k_base"
    assert encoding_name_for_model("gpt-4-turbo") == "cl100k_base"
    assert encoding_name_for_model("gpt-3.5-turbo") == "cl100k_base"
    with pytest.raises(UnknownModel, match="encoding="):
        encoding_name_for_model("llama-3-70b")
    with pytest.raises(ValueError, match="either"):
        count_tokens("x", encoding="cl100k_base", model="gpt-4o")


def test_special_token_text_is_counted_as_plain_text() -> None:
    # A user pasting "<|endoftext|>" must not inject a control token nor crash the count.
    ids = encode("<|endoftext|>", encoding="cl100k_base")
    assert ids == [27, 91, 8862, 728, 428, 91, 29]
    assert 100257 not in ids


def test_long_texts_are_split_on_boundaries_that_keep_counts_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (
        "Employees accrue 2.08 days of leave per month.\nCarry-over is capped at five days.\n"
        "東京オフィスの休暇規定は別途定める。\n    if days > 5:\n        raise ValueError('cap')\n"
    ) * 40
    whole = {name: encode(text, encoding=name) for name in tokens.ENCODINGS}
    monkeypatch.setattr(tokens, "_SEGMENT_CHARS", 97)
    assert len(tokens._segments(text, 97)) > 50
    for name in tokens.ENCODINGS:
        assert encode(text, encoding=name) == whole[name]


def test_texts_over_the_tokenizer_limits_still_count() -> None:
    # bpe-openai alone refuses 1,000,000+ characters. Each repetition is 4 tokens; the final
    # trailing space is one more (as tiktoken gives 4,001 for 1,000 repetitions).
    text = "Policy text repeats. " * 60_000  # 1.26 million characters
    assert count_tokens("Policy text repeats. " * 1_000, encoding="cl100k_base") == 4_001
    assert count_tokens(text, encoding="cl100k_base") == 4 * 60_000 + 1


def test_truncate_cuts_on_token_boundaries() -> None:
    text = "Parental leave is sixteen weeks at full pay."
    # cl100k: "Parent", "al", " leave", " is", ...
    assert truncate_to_tokens(text, 4, encoding="cl100k_base") == "Parental leave is"
    assert truncate_to_tokens(text, 1, encoding="cl100k_base") == "Parent"
    assert truncate_to_tokens(text, 100) == text
    assert count_tokens(truncate_to_tokens("日本語のテキスト", 5)) <= 5


def test_message_lists_are_counted_like_openai_chat_models() -> None:
    # OpenAI cookbook framing: 3 tokens per message, +1 per name, +3 to prime the reply.
    messages = [
        {"role": "system", "content": "You are a helpful assistant."},
        {"role": "user", "content": "hello world", "name": "alice"},
    ]
    content = (
        count_tokens("system", model="gpt-4o")
        + count_tokens("You are a helpful assistant.", model="gpt-4o")
        + count_tokens("user", model="gpt-4o")
        + count_tokens("hello world", model="gpt-4o")
        + count_tokens("alice", model="gpt-4o")
    )
    assert count_message_tokens(messages, model="gpt-4o") == content + 3 * 2 + 1 + 3

    lc = [SystemMessage("You are a helpful assistant."), HumanMessage("hello world", name="alice")]
    assert count_message_tokens(lc, model="gpt-4o") == count_message_tokens(messages, model="gpt-4o")
    assert count_message_tokens([], model="gpt-4o") == 3

    with_parts = [{"role": "user", "content": [{"type": "text", "text": "hello world"}]}]
    assert count_message_tokens(with_parts) == count_message_tokens(
        [{"role": "user", "content": "hello world"}]
    )

    call = AIMessage("", tool_calls=[{"name": "search_kb", "args": {"q": "leave"}, "id": "c1"}])
    assert count_message_tokens([call]) > count_message_tokens([AIMessage("")])

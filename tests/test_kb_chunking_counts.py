"""What the chunker assumes of the MiniLM tokenizer to count each piece of text once, checked on random
unicode; and that the counts it reports are the model's, whatever the text."""

from __future__ import annotations

import random
import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knowledge.chunking import chunk_document, chunk_text
from knowledge.embedders.wordpiece import counting_tokenizer
from tests.test_kb_chunking import REFERENCE, make_doc

# Characters the tokenizer treats specially: deleted controls (\x1c-\x1f are whitespace to Python),
# combining marks, Hangul (one syllable, several tokens), ideographs, [UNK] words, words over 100 chars.
EDGES = [
    "\x1c", "\x1f", "\x00", "\x85", "\xa0", "\u3000", "\u2028", "\u200b", "\ufffd", "\u0301", "e\u0301",
    "İ", "한국어", "日本語", "。", "Ⅻ", "ﬁ", "😀", "x" * 120, "word", "a.b", "-", "##", "[UNK]", "[CLS]",
]  # fmt: skip
TEXT = st.one_of(
    st.text(st.characters(codec="utf-8"), max_size=60),
    st.lists(st.sampled_from(EDGES) | st.text(st.characters(codec="utf-8"), max_size=3), max_size=12).map(
        "".join
    ),
)
BREAK = st.text(" \t\n\r", min_size=1, max_size=3)
CHECKS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def tokens(text: str) -> int:
    return len(counting_tokenizer().encode(text, add_special_tokens=False).ids)


@CHECKS
@given(TEXT, BREAK, TEXT)
def test_texts_joined_at_a_break_take_the_sum_of_their_tokens(a: str, sep: str, b: str) -> None:
    assert tokens(a + sep + b) == tokens(a) + tokens(b)


@CHECKS
@given(TEXT, BREAK, TEXT)
def test_the_text_after_a_break_takes_the_tokens_after_it(a: str, sep: str, b: str) -> None:
    offsets = counting_tokenizer().encode(a + sep + b, add_special_tokens=False).offsets
    assert sum(start >= len(a + sep) for start, _ in offsets) == tokens(b)


@CHECKS
@given(TEXT, BREAK)
def test_whitespace_at_the_ends_adds_no_token_and_moves_no_offset(text: str, end: str) -> None:
    assert tokens(text.strip()) == tokens(text) == tokens(text + end)
    encoding = counting_tokenizer().encode(text, add_special_tokens=False)
    reshaped = counting_tokenizer().encode(text.rstrip() + "\n\n", add_special_tokens=False)
    assert (reshaped.offsets, reshaped.word_ids) == (encoding.offsets, encoding.word_ids)


@CHECKS
@given(TEXT)
def test_cls_and_sep_are_two_tokens_more(text: str) -> None:
    assert len(counting_tokenizer().encode(text).ids) == tokens(text) + 2


def test_a_character_can_take_more_than_one_token() -> None:
    # Why sizes are always tokenized, never bounded by the number of characters: the normalizer
    # decomposes a Hangul syllable into its letters, each a token.
    assert tokens("한국어") == 8 > len("한국어")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        TEXT | BREAK | st.sampled_from(["\n\n", "\n# Title\n", "Rule one. ", "| a | b |\n"]), max_size=60
    ),
    st.sampled_from([32, 40, 64]),
    st.integers(0, 16),
)
def test_chunk_counts_are_the_models_on_any_text(parts: list[str], max_tokens: int, overlap: int) -> None:
    text = "".join(parts)
    chunks = chunk_document(make_doc(text), max_tokens=max_tokens, overlap_tokens=overlap)
    for chunk in chunks:
        assert chunk.token_count == len(REFERENCE.encode(chunk.text).ids) <= max_tokens, chunk.text
    assert chunk_text(text, max_tokens=max_tokens, overlap_tokens=overlap) == [
        (c.heading, c.text) for c in chunks
    ]


def test_words_cut_into_windows_are_measured_whole() -> None:
    # A word longer than a window is cut inside; its pieces, tokenized apart, need not add up to the
    # tokens of the word once they are joined again in a chunk.
    rng = random.Random(0)
    for _ in range(300):
        words = [
            "".join(rng.choices(string.ascii_lowercase + "日。", k=rng.randint(1, 90))) for _ in range(12)
        ]
        text = rng.choice([" ", "", "\n"]).join(words)
        max_tokens = rng.choice([32, 40, 64])
        chunks = chunk_document(make_doc(text), max_tokens=max_tokens, overlap_tokens=rng.randint(0, 16))
        for chunk in chunks:
            assert chunk.token_count == len(REFERENCE.encode(chunk.text).ids) <= max_tokens, chunk.text


def test_overlap_that_starts_in_korean_is_counted_whole() -> None:
    # A syllable's letters are tokens with the same offset: an overlap starting at a syllable takes all.
    rng = random.Random(1)
    for _ in range(60):
        text = " ".join(rng.choice(["한국어", "정책", "휴가", "word", "규정.", "\n\n"]) for _ in range(200))
        max_tokens = rng.choice([32, 40, 64])
        chunks = chunk_document(make_doc(text), max_tokens=max_tokens, overlap_tokens=rng.randint(1, 16))
        for chunk in chunks:
            assert chunk.token_count == len(REFERENCE.encode(chunk.text).ids) <= max_tokens, chunk.text

"""Chunking: sizes checked with the original all-MiniLM-L6-v2 tokenizer, overlap, headings, scripts, ids."""

from __future__ import annotations

import base64
import hashlib
import itertools
import random
import re
from collections import Counter
from datetime import UTC, datetime

import pytest
from tokenizer_harness import reference_tokenizer

from knowledge.chunking import MAX_CHARS_PER_TOKEN, chunk_document, split_sections
from knowledge.documents import Chunk, Document
from knowledge.loaders import document_id

# The reference: the model distribution's own tokenizer.json, loaded by the tokenizers library
# directly (not through kassist's loader), its bytes checked against the distribution's sha256.
REFERENCE = reference_tokenizer()
REFERENCE.no_truncation()
REFERENCE.no_padding()


def model_tokens(text: str) -> int:
    return len(REFERENCE.encode(text).ids)  # with [CLS] and [SEP]


def make_doc(text: str, path: str = "handbook.md") -> Document:
    return Document(
        doc_id=document_id("acme", "handbook", path),
        tenant_id="acme",
        collection="handbook",
        source_path=path,
        title="Handbook",
        text=text,
        media_type="text/markdown",
        size_bytes=len(text.encode()),
        modified_at=datetime(2026, 1, 1, tzinfo=UTC),
        content_hash=hashlib.sha256(text.encode()).hexdigest(),
    )


def body(chunk: Chunk) -> str:
    """The chunk text without its heading line."""
    prefix = f"{chunk.heading}\n\n" if chunk.heading else ""
    assert chunk.text.startswith(prefix)
    return chunk.text[len(prefix) :]


def assert_sizes(chunks: list[Chunk], max_tokens: int) -> None:
    for chunk in chunks:
        assert chunk.token_count == model_tokens(chunk.text) <= max_tokens, chunk.text


HANDBOOK = "\n\n".join(
    [
        "# Employee Handbook",
        "Welcome to Acme. " * 3,
        "## Leave",
        " ".join(f"Leave rule {i} says staff may take leave type L{i} after {i} months." for i in range(40)),
        "### Parental leave",
        "Parents get sixteen weeks at full pay.",
        "## Expenses",
        " ".join(f"Expense rule {i} caps category E{i} at {i * 10} EUR." for i in range(30)),
    ]
)


def test_chunks_fit_the_model_overlap_and_cover_everything() -> None:
    chunks = chunk_document(make_doc(HANDBOOK))

    assert_sizes(chunks, 256)
    assert [c.position for c in chunks] == list(range(len(chunks)))
    for i in range(40):
        assert any(f"Leave rule {i} says" in c.text for c in chunks), i
    for i in range(30):
        assert any(f"Expense rule {i} caps" in c.text for c in chunks), i

    leave = [c for c in chunks if c.heading == "Employee Handbook > Leave"]
    assert len(leave) >= 3, "the Leave section is long enough to need several chunks"
    for previous, following in itertools.pairwise(leave):
        # The next chunk starts with the end of the previous one: at least one whole sentence.
        first_sentence = body(following).split(". ")[0] + "."
        assert first_sentence in body(previous)
        shared = model_tokens(first_sentence) - 2
        assert 0 < shared <= 32


def test_headings_are_respected_and_carried() -> None:
    chunks = chunk_document(make_doc(HANDBOOK))
    headings = [c.heading for c in chunks]
    assert headings[0] == "Employee Handbook"
    assert "Employee Handbook > Leave > Parental leave" in headings
    assert headings.index("Employee Handbook > Expenses") > headings.index(
        "Employee Handbook > Leave > Parental leave"
    )
    parental = next(c for c in chunks if c.heading == "Employee Handbook > Leave > Parental leave")
    assert (
        parental.text
        == "Employee Handbook > Leave > Parental leave\n\nParents get sixteen weeks at full pay."
    )
    for chunk in chunks:
        assert not ("Leave rule" in chunk.text and "Expense rule" in chunk.text), (
            "no chunk spans two sections"
        )
        assert "#" not in chunk.text


def test_headings_inside_code_fences_are_code() -> None:
    text = "# Setup\n\n```bash\n# install the CLI\npip install acme\n```\n\n## Usage\n\nRun acme."
    sections = split_sections(text)
    assert [s.heading for s in sections] == ["Setup", "Setup > Usage"]
    assert "# install the CLI" in sections[0].body


def test_ids_are_deterministic_and_follow_content() -> None:
    doc = make_doc(HANDBOOK)
    first, again = chunk_document(doc), chunk_document(doc)
    assert [c.chunk_id for c in first] == [c.chunk_id for c in again]
    assert len({c.chunk_id for c in first}) == len(first)
    for chunk in first:
        assert chunk.content_hash == hashlib.sha256(chunk.text.encode()).hexdigest()
        assert (chunk.doc_id, chunk.tenant_id, chunk.collection) == (doc.doc_id, "acme", "handbook")

    edited = chunk_document(make_doc(HANDBOOK.replace("sixteen weeks", "twenty weeks")))
    changed = {c.position for c, d in zip(first, edited, strict=True) if c.chunk_id != d.chunk_id}
    assert changed == {next(c.position for c in first if "sixteen weeks" in c.text)}

    elsewhere = chunk_document(make_doc(HANDBOOK, path="copy/handbook.md"))
    assert not {c.chunk_id for c in first} & {c.chunk_id for c in elsewhere}


def test_cjk_text_without_spaces() -> None:
    sentences = [f"第{i}条、従業員は年次有給休暇を取得できる。" for i in range(120)]
    chinese = "员工每年享有二十天带薪年假，未使用的假期可以结转到下一年。" * 40
    text = "# 休暇規程\n\n" + "".join(sentences) + "\n\n# 年假\n\n" + chinese
    chunks = chunk_document(make_doc(text), max_tokens=128, overlap_tokens=16)

    assert_sizes(chunks, 128)
    assert {c.heading for c in chunks} == {"休暇規程", "年假"}
    joined = "".join(body(c) for c in chunks if c.heading == "休暇規程")
    for sentence in sentences:
        assert sentence in joined, sentence


def test_code_is_split_on_lines() -> None:
    code = "\n".join(
        f"    total_{i} = compute_allowance(employee, month={i % 12})  # rule {i}" for i in range(200)
    )
    chunks = chunk_document(make_doc("# Payroll script\n\n```python\n" + code + "\n```"), max_tokens=128)

    assert_sizes(chunks, 128)
    lines = set(code.splitlines())
    for chunk in chunks:
        for line in body(chunk).splitlines()[1:-1]:  # inner lines are whole source lines
            assert line in lines or line.startswith("```"), line
    assert all(any(f"# rule {i}\n" in c.text + "\n" for c in chunks) for i in range(200))


def test_giant_sentences_and_blobs_are_cut_by_tokens() -> None:
    run_on = " ".join(f"word{i}" for i in range(2000))  # one "sentence", no punctuation
    blob = base64.b64encode(bytes(range(256)) * 20).decode()  # 6,828 characters, no spaces
    chunks = chunk_document(make_doc(f"# Data\n\n{run_on}\n\n{blob}"), max_tokens=64, overlap_tokens=8)

    assert_sizes(chunks, 64)
    words = " ".join(body(c) for c in chunks)
    prose = [c for c in chunks if body(c).startswith("word")]
    for previous, following in itertools.pairwise(prose):
        assert body(following).split()[0] in body(previous).split(), "windows overlap too"
    assert all(f"word{i}" in words for i in range(0, 2000, 37))
    assert blob[:40] in "".join(body(c) for c in chunks)


def test_words_the_tokenizer_reads_as_one_unknown_token_still_make_bounded_chunks() -> None:
    # The tokenizer reads a word of over 100 characters as one [UNK]: by tokens alone, a pasted
    # image (a data URI) or a run of one letter would be a single chunk of any length.
    image = base64.b64encode(bytes(range(256)) * 800).decode()  # 273,068 characters, no spaces
    text = f"# Logo\n\nThe logo: ![logo](data:image/png;base64,{image}) Use it on slides.\n\n" + "z" * 50_000
    for max_tokens in (64, 256):
        chunks = chunk_document(make_doc(text), max_tokens=max_tokens, overlap_tokens=0)

        assert_sizes(chunks, max_tokens)
        assert all(len(body(c)) <= max_tokens * MAX_CHARS_PER_TOKEN for c in chunks)
        joined = "".join(body(c) for c in chunks)
        assert image[:1000] in joined and image[-1000:] in joined and "Use it on slides." in joined
        kept = Counter(ch for c in chunks for ch in body(c) if not ch.isspace())
        assert not Counter(ch for ch in text.split("\n", 1)[1] if not ch.isspace()) - kept


def test_a_heading_of_one_long_word_is_cut_before_it_is_repeated_in_every_chunk() -> None:
    text = "# " + "a" * 100_000 + "\n\nThe body.\n\n" + "more words " * 500
    chunks = chunk_document(make_doc(text), max_tokens=256)

    assert_sizes(chunks, 256)
    assert len(chunks) > 1 and all(c.heading and c.text.startswith(c.heading) for c in chunks)
    assert all(len(c.heading or "") <= 256 // 4 * MAX_CHARS_PER_TOKEN for c in chunks)
    assert all(len(c.text) <= 256 * MAX_CHARS_PER_TOKEN for c in chunks)


def test_a_huge_run_on_paragraph_is_cut_before_it_is_tokenized_and_loses_nothing() -> None:
    # 1.2 MB without a sentence end or a line break: more than 64 chunks' worth of characters, so
    # it is cut by characters (at spaces) first, then each piece by tokens.
    run_on = " ".join(f"item{i}" for i in range(150_000))
    chunks = chunk_document(make_doc(run_on), max_tokens=128, overlap_tokens=0)

    assert_sizes(chunks, 128)
    words = [w for c in chunks for w in c.text.split()]
    assert words == run_on.split()


def test_documents_of_only_headings_or_short_text() -> None:
    assert [c.text for c in chunk_document(make_doc("Just one line."))] == ["Just one line."]
    only_headings = chunk_document(make_doc("# A\n## B"))
    assert [c.text for c in only_headings] == ["# A\n## B"]
    long_heading = "# " + " ".join(["Very long heading"] * 60) + "\n\nShort body."
    (chunk,) = chunk_document(make_doc(long_heading), max_tokens=64)
    assert chunk.token_count <= 64 and chunk.text.endswith("Short body.")


def test_bad_sizes_are_refused() -> None:
    doc = make_doc("text")
    with pytest.raises(ValueError, match="max_tokens"):
        chunk_document(doc, max_tokens=8)
    with pytest.raises(ValueError, match="overlap_tokens"):
        chunk_document(doc, max_tokens=64, overlap_tokens=40)
    assert len(re.findall("text", chunk_document(doc, overlap_tokens=0)[0].text)) == 1


PIECES = [
    "word", "Leave", "policy", "ünïcödé", "日本語", "テキスト", "。", ".", "!", "?", " ", " ", " ",
    "\n", "\n\n", "|", "- ", "x" * 300, "1,234.56", "\t", "—", "😀",
]  # fmt: skip


@pytest.mark.parametrize("seed", range(4))
def test_random_texts_fit_and_lose_nothing(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(12):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 2500)))
        max_tokens = rng.choice([32, 64, 128, 256])
        chunks = chunk_document(
            make_doc(text), max_tokens=max_tokens, overlap_tokens=rng.randint(0, max_tokens // 2)
        )
        assert_sizes(chunks, max_tokens)
        kept = Counter(ch for c in chunks for ch in c.text if not ch.isspace())
        assert not Counter(ch for ch in text if not ch.isspace()) - kept, "every character survives"

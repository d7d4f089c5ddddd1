"""The store's search ranks items whose short unindexed field value the query names (an item's
speaker, owner or tag) above equally good matches about someone else: the name is in no indexed text,
so neither the keyword nor the vector list can see it (memory/store/field_cue.py). Real SQLite file
and PostgreSQL, the local MiniLM model (the fusion with a semantic embedder is what is under test)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from knowledge.embedders.base import Embedder
from memory import MemoryStore
from memory.store.field_cue import CACHED_CHARS, field_share, indexed_fields, query_stems
from memory.store.keywords import FUSION, fuse

pytestmark = pytest.mark.timeout(600)

# Two friends' turns, stored as a LangGraph app would: the text is indexed, the speaker is not.
TURNS = [
    ("d1:1", "Melanie", "I painted a lake last weekend with my kids."),
    ("d1:2", "Caroline", "That sounds great! I finished a painting too, a sunrise over the mountains."),
    ("d1:3", "Melanie", "We also went camping near the beach in the summer."),
    ("d1:4", "Caroline", "I went to a support group meeting on Tuesday, it was powerful."),
    ("d2:1", "Melanie", "My daughter started pottery classes, she made a bowl."),
    ("d2:2", "Caroline", "I'm researching adoption agencies, I want to give a kid a home."),
    ("d2:3", "Melanie", "Running helps me clear my head after a long day."),
    ("d2:4", "Caroline", "I read a book about self-acceptance recommended by my counselor."),
]


@pytest.fixture(scope="module")
def minilm() -> Embedder:
    from knowledge.embedders.minilm import LocalMiniLMEmbedder

    return LocalMiniLMEmbedder()


@pytest.fixture
def chat(db_url: str, minilm: Embedder) -> Iterator[MemoryStore]:
    store = MemoryStore.from_url(db_url, embedder=minilm, index_fields=("text",))
    store.setup()
    view = store.for_tenant("acme")
    for key, speaker, text in TURNS:
        view.put(("chats", "c1"), key, {"text": text, "speaker": speaker, "session": int(key[1])})
    yield view
    store.close()


def test_the_named_speakers_turn_ranks_first(chat: MemoryStore) -> None:
    got = [h.key for h in chat.search(("chats",), query="What did Caroline paint?", limit=3)]
    assert got[0] == "d1:2"
    got = [h.key for h in chat.search(("chats",), query="What did Melanie paint?", limit=3)]
    assert got[0] == "d1:1"


def test_a_question_naming_no_field_value_ranks_by_text_alone(chat: MemoryStore) -> None:
    got = [h.key for h in chat.search(("chats",), query="pottery classes", limit=2)]
    assert got[0] == "d2:1"


def test_the_first_results_do_not_depend_on_the_limit(chat: MemoryStore) -> None:
    query = "What has Caroline been reading?"
    deep = [h.key for h in chat.search(("chats",), query=query, limit=8)]
    assert [h.key for h in chat.search(("chats",), query=query, limit=3)] == deep[:3]
    assert deep[0] == "d2:4"


def test_field_share_counts_short_unindexed_labels_only() -> None:
    stems = query_stems("What did Caroline say about the travel policy?")
    indexed = frozenset({"text"})
    assert field_share({"text": "x", "speaker": "Caroline"}, stems, indexed) == 1.0
    assert field_share({"text": "x", "speaker": "Caroline Smith"}, stems, indexed) == 0.5
    assert field_share({"text": "x", "tags": ["finance", "travel"]}, stems, indexed) == 1.0
    assert field_share('{"text": "x", "owner": "Caroline"}', stems, indexed) == 1.0  # a row's JSON
    # An indexed field is in the keyword list already; prose is not a label; numbers are not words.
    assert field_share({"text": "Caroline"}, stems, indexed) == 0.0
    prose = "Caroline said the travel policy changed again this year"
    assert field_share({"note": prose}, stems, indexed) == 0.0
    assert field_share({"session": 3, "at": "2023-05-08T13:56:00"}, stems, indexed) == 0.0
    assert field_share({"speaker": "Caroline"}, frozenset(), indexed) == 0.0
    assert indexed_fields(("$",)) is None  # the whole value is indexed: nothing to add
    assert indexed_fields(("text", "tags[*]", "meta.title")) == frozenset({"text", "tags", "meta"})


def test_fusion_without_a_named_value_is_unchanged() -> None:
    def row(key: str, score: float) -> tuple[object, ...]:
        return ("chat", key, '{"text": "t", "speaker": "Ann"}', None, None, None, score)

    keyword = [row(f"k{i}", 3.0 - i / 10) for i in range(10)]
    vector = [row(f"v{i}", 0.6 - i / 100) for i in range(10)]
    plain = fuse(vector, keyword, FUSION)
    assert fuse(vector, keyword, FUSION, lambda r: 0.0) == plain
    # A cue that names one item lifts it; the others keep their order.
    named = [r[1] for r in fuse(vector, keyword, FUSION, lambda r: 1.0 if r[1] == "k1" else 0.0)]
    assert named[0] == "k1"
    assert [k for k in named if k != "k1"] == [r[1] for r in plain if r[1] != "k1"]


def test_field_share_is_the_same_for_a_row_read_again_or_too_long_to_keep() -> None:
    stems = query_stems("What did Caroline paint?")
    indexed = frozenset({"text"})
    row = '{"text": "I finished a painting", "speaker": "Caroline"}'
    assert field_share(row, stems, indexed) == field_share(str(row), stems, indexed) == 1.0
    long_row = '{"text": "' + "x " * CACHED_CHARS + '", "speaker": "Caroline"}'
    assert len(long_row) > CACHED_CHARS
    assert field_share(long_row, stems, indexed) == 1.0
    assert field_share('{"text": "x", "speaker": ', stems, indexed) == 0.0  # not JSON
    assert field_share("[1, 2]", stems, indexed) == 0.0  # not an object

"""A question that names one field value ("What did Caroline paint?" over a chat indexed on ``text``
with ``speaker`` beside it) also searches that value's items apart, as a filter would: the named
person's turn is found even when more than the store's list depth of other items are closer to the
question by meaning (memory/store/program.py ``_named``, field_cue.py ``named_value``). Real SQLite
file and PostgreSQL, the local MiniLM model."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from knowledge.embedders.base import Embedder
from memory import MemoryStore
from memory.store.field_cue import named_value, query_stems
from memory.store.keywords import DEPTH

pytestmark = pytest.mark.timeout(900)

# More than DEPTH turns by Melanie about her pictures, in words other than the question's, all closer
# to it by meaning than Caroline's one turn about hers, which shares no word with the question either.
SUBJECTS = ["a lake", "the harbour", "my kids", "a sunflower field", "our dog", "the old barn", "a forest",
            "the city at night", "my grandmother", "a bowl of fruit", "the river", "a rainy street"]  # fmt: skip
WAYS = ["I made a watercolour of {} last weekend.", "My new sketch shows {}.", "I drew {} in charcoal.",
        "I did an acrylic study of {}.", "My artwork of {} is nearly done.",
        "I'm working on a canvas of {} for the school fair.", "Yesterday I sketched {}, it came out well.",
        "I did {} in oils with bright colours.", "My portrait of {} won a prize.",
        "I spent the afternoon on a picture of {} at the studio."]  # fmt: skip
MELANIE = [way.format(subject) for way in WAYS for subject in SUBJECTS]
CAROLINE = "I finished the mountains at sunrise piece, it hangs in my hallway now."
# Caroline's other turns name the question's word: they are keyword matches, so her name is seen
# among the candidates (field_cue.NAMED_SHARE), and they rank above her answer by that word.
CAROLINE_SAID = ["I want to paint with Melanie next week.", "Paint supplies are so expensive.",
                 "I bought new paint brushes.", "My sister likes to paint.", "Do you paint every day?",
                 "I saw a paint shop downtown.", "The paint on my door is peeling."]  # fmt: skip


@pytest.fixture(scope="module")
def minilm() -> Embedder:
    """The local MiniLM model, each text embedded once per worker (the assistant tests' remembering
    embedder: a text's vector is the same alone or in a batch): the chat's 128 turns, put one by one,
    were embedded again for each backend and test, 512 model runs where 128 give the same vectors."""
    from assistant_support import embedder

    return embedder()


@pytest.fixture
def chat(db_url: str, minilm: Embedder) -> Iterator[MemoryStore]:
    assert len(MELANIE) > DEPTH
    store = MemoryStore.from_url(db_url, embedder=minilm, index_fields=("text",))
    store.setup()
    view = store.for_tenant("acme")
    # Keys share no run (related.py adds nothing), so only the named list can bring Caroline's turn in.
    for n, text in enumerate(MELANIE):
        view.put(("chats", "c1"), f"m{n:03d}x", {"text": text, "speaker": "Melanie"})
    view.put(("chats", "c1"), "carolinex", {"text": CAROLINE, "speaker": "Caroline"})
    for n, text in enumerate(CAROLINE_SAID):
        view.put(("chats", "c1"), f"c{n}y", {"text": text, "speaker": "Caroline"})
    yield view
    store.close()


def test_the_named_persons_turn_is_found_beyond_the_lists_depth(
    chat: MemoryStore, db_url: str, minilm: Embedder
) -> None:
    query = "What did Caroline paint?"
    # By meaning alone Caroline's turn is below the list depth; it shares no word with the question.
    by_meaning = MemoryStore.from_url(db_url, embedder=minilm, index_fields=("text",), search="vector")
    try:
        ranked = [h.key for h in by_meaning.for_tenant("acme").search(("chats",), query=query, limit=DEPTH)]
    finally:
        by_meaning.close()
    assert "carolinex" not in ranked
    got = [h.key for h in chat.search(("chats",), query=query, limit=10)]
    assert "carolinex" in got
    # Asked about Melanie, her own turns fill the page.
    got = [h.key for h in chat.search(("chats",), query="What did Melanie paint?", limit=5)]
    assert "carolinex" not in got


def test_a_filter_still_applies_to_the_named_list(chat: MemoryStore) -> None:
    got = chat.search(("chats",), query="What did Caroline paint?", filter={"speaker": "Melanie"}, limit=5)
    assert got and all(h.value["speaker"] == "Melanie" for h in got)


def test_keyword_and_vector_modes_are_unchanged(db_url: str, minilm: Embedder) -> None:
    store = MemoryStore.from_url(db_url, embedder=minilm, index_fields=("text",), search="keyword")
    store.setup()
    try:
        view = store.for_tenant("acme")
        view.put(("chats", "c1"), "carolinex", {"text": CAROLINE, "speaker": "Caroline"})
        view.put(("chats", "c1"), "m1", {"text": MELANIE[0], "speaker": "Melanie"})
        # No keyword of the question is in Caroline's turn and keyword mode reads no vectors.
        got = [h.key for h in view.search(("chats",), query="What did Caroline paint?", limit=5)]
        assert "carolinex" not in got
    finally:
        store.close()


def test_named_value_is_the_one_best_named_field_value() -> None:
    stems = query_stems("What did Caroline paint?")
    text = frozenset({"text"})
    rows = [{"text": "x", "speaker": "Caroline"}] + [{"text": "y", "speaker": "Melanie"}] * 9
    assert named_value(rows, stems, text) == ("speaker", "Caroline")
    assert named_value(['{"text": "x", "speaker": "Caroline"}'], stems, text) == ("speaker", "Caroline")
    # A question naming no value, or two values as well, has no single subject.
    assert named_value(rows, query_stems("What was painted?"), text) is None
    both = query_stems("What did Caroline and Melanie paint?")
    assert named_value(rows, both, text) is None
    # A full match beats a partial one; a string in a list cannot be selected by equality.
    assert named_value([{"owner": "Caroline Smith"}, {"owner": "Caroline"}], stems, text) == (
        "owner",
        "Caroline",
    )
    assert named_value([{"tags": ["Caroline"]}], stems, text) is None
    # A field name a filter's path cannot hold (filters.bad_segment) is not searched apart.
    assert named_value([{'sp"k': "Caroline"}], stems, text) is None
    assert named_value([{"sp\x00k": "Caroline"}], stems, text) is None
    # Indexed fields are in the keyword list already; a value on too few candidates is left out.
    assert named_value([{"text": "Caroline"}], stems, text) is None
    rare = [{"speaker": "Caroline"}] + [{"speaker": "Melanie", "text": "z"}] * 30
    assert named_value(rare, stems, text) is None

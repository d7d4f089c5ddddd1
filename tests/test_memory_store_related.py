"""The store's search also finds the item keyed next to a match, and the other items of its run (a
chat's reply to the turn that names the topic, another turn of the same session): neither list can
see them, since each scores an item alone (memory/store/related.py). Keys that relate nothing (a
random id per item) rank as before. Real SQLite file and PostgreSQL, the local MiniLM model."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

import pytest

from knowledge.embedders.base import Embedder
from memory import MemoryStore
from memory.store.keywords import FUSION, SearchFusion, fuse
from memory.store.related import RUN_SHARE, related_scores, run_of

pytestmark = pytest.mark.timeout(600)

# One chat, stored a turn per item as a LangGraph app would; only the text is indexed. The answer
# to "Where is the new flat?" is the reply after the turn that names the flat, in other words.
TURNS = [
    "Morning! Did you watch the match last night?",
    "I did, what a finish. My brother cried at the end.",
    "Guess what, I finally moved into my new flat last week!",
    "Down by the river, two doors from the old bakery on Mill Lane? I saw the sign.",
    "Congratulations to me!",
    "Lovely, you will wake up to fresh bread every day.",
    "My sister is visiting in June, she wants to see the castle.",
    "Take her to the museum too, the new wing opened in spring.",
    "I started learning the guitar, my fingers hurt.",
    "Stick with it, it gets easier after a month.",
    "Work has been busy, we are hiring two new engineers.",
    "Our office is moving to a bigger building next year.",
]
TELLING, REPLY = 2, 3


def sequence_key(i: int) -> str:
    return f"s1:{i + 1}"


def opaque_key(i: int) -> str:
    return hashlib.sha1(str(i).encode()).hexdigest()[:12]


@pytest.fixture(scope="module")
def minilm() -> Embedder:
    from knowledge.embedders.minilm import LocalMiniLMEmbedder

    return LocalMiniLMEmbedder()


@pytest.fixture
def store(db_url: str, minilm: Embedder) -> Iterator[MemoryStore]:
    opened = MemoryStore.from_url(db_url, embedder=minilm, index_fields=("text",))
    opened.setup()
    yield opened.for_tenant("acme")
    opened.close()


def put_chat(store: MemoryStore, label: str, key: object) -> None:
    for i, text in enumerate(TURNS):
        store.put(("chats", label), key(i), {"text": text})  # type: ignore[operator]


def test_the_reply_next_to_the_match_is_found(store: MemoryStore) -> None:
    put_chat(store, "sequence", sequence_key)
    got = [h.key for h in store.search(("chats", "sequence"), query="Where is the new flat?", limit=2)]
    assert got == [sequence_key(TELLING), sequence_key(REPLY)]


def test_keys_that_relate_nothing_rank_the_reply_by_its_own_text(store: MemoryStore) -> None:
    put_chat(store, "opaque", opaque_key)
    got = [h.key for h in store.search(("chats", "opaque"), query="Where is the new flat?", limit=2)]
    assert got[0] == opaque_key(TELLING)
    assert opaque_key(REPLY) not in got


def test_the_first_results_do_not_depend_on_the_limit(store: MemoryStore) -> None:
    put_chat(store, "sequence", sequence_key)
    query = "Where is the new flat?"
    deep = [h.key for h in store.search(("chats",), query=query, limit=10)]
    assert [h.key for h in store.search(("chats",), query=query, limit=3)] == deep[:3]


def test_runs_are_read_from_the_keys_last_number() -> None:
    assert run_of("D3:7") == ("D3:", "", 7)
    assert run_of("msg-0041.json") == ("msg-", ".json", 41)
    assert run_of("notes") is None


def test_related_scores() -> None:
    scores = {
        ("c", "D1:1"): 1.0,
        ("c", "D1:2"): 0.2,
        ("c", "D1:5"): 0.1,
        ("c", "D2:1"): 0.5,
        ("d", "D1:3"): 0.9,
    }
    for n in range(20):  # other candidates, so no run holds more than RUN_SHARE of them
        scores[("e", f"x{n}y")] = 0.0
    added = related_scores(scores, neighbour=0.5, run=0.25)
    # D1:2 is next to D1:1 (0.5 x 1.0) and in its run (0.25 x 1.0); D1:1 next to D1:2 and in its run.
    assert added[("c", "D1:2")] == pytest.approx(0.5 + 0.25)
    assert added[("c", "D1:1")] == pytest.approx(0.5 * 0.2 + 0.25 * 0.2)
    assert added[("c", "D1:5")] == pytest.approx(0.25 * 1.0)  # same run, not next to anything
    # Another run ("D2:") and another namespace ("d") are not related.
    assert ("c", "D2:1") not in added and ("d", "D1:3") not in added
    # Keys without a shared run relate nothing.
    opaque = {("c", opaque_key(n)): float(n) for n in range(30)}
    assert related_scores(opaque, neighbour=0.5, run=0.25) == {}


def test_a_run_of_most_candidates_is_not_a_group() -> None:
    # "msg-1" ... "msg-12": one run holding every candidate; only neighbours count.
    scores = {("c", f"msg-{n}"): (1.0 if n == 1 else 0.0) for n in range(1, 13)}
    assert len(scores) > 1 / RUN_SHARE
    added = related_scores(scores, neighbour=0.5, run=0.25)
    assert added == {("c", "msg-2"): pytest.approx(0.5)}


def test_fuse_adds_the_related_part_after_the_lists() -> None:
    fillers = [("c", name, "{}", 0.5) for name in ("za", "zb", "zc", "zd", "ze", "zf")]  # no number: no run
    vector = [("c", "k1", "{}", 0.9), ("c", "k2", "{}", 0.1), *fillers]
    keyword = [("c", "k1", "{}", 3.0)]
    plain = SearchFusion(keyword=FUSION.keyword, vector=FUSION.vector, scores=True)
    without = {r[1]: r[-1] for r in fuse(vector, keyword, plain)}
    with_it = {r[1]: r[-1] for r in fuse(vector, keyword, FUSION)}
    assert all(with_it[name] == without[name] for _, name, _, _ in fillers)
    assert with_it["k2"] == pytest.approx(without["k2"] + (FUSION.neighbour + FUSION.run) * without["k1"])

"""Hybrid recall on both backends: keyword + vector, conversation cues, bulk import, migration."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta

import psycopg
import pytest
from clocks import ManualClock
from raw_sql import raw

from knowledge.embedders import HashingEmbedder
from memory.manager import Action, MemoryInput, MemoryManager, PolicyConfig, sql_postgres, sql_sqlite

NOW = datetime(2026, 6, 10, 12, 0, tzinfo=UTC)


class CountingEmbedder(HashingEmbedder):
    """The hashing embedder, recording what it was asked to embed (a real embedder, observed)."""

    def __init__(self) -> None:
        super().__init__(256)
        self.document_calls: list[list[str]] = []

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        self.document_calls.append(list(texts))
        return super().embed_documents(texts)


@pytest.fixture
def embedder() -> CountingEmbedder:
    return CountingEmbedder()


@pytest.fixture
def manager(db_url: str, embedder: CountingEmbedder) -> Iterator[MemoryManager]:
    m = MemoryManager.from_url(
        db_url, embedder, clock=ManualClock(NOW), config=PolicyConfig(rate_limit_per_minute=5)
    )
    yield m
    m.close()


def turn(session: int, n: int, speaker: str, text: str, day: datetime) -> MemoryInput:
    return MemoryInput(
        memory_type="episode",
        key=f"chat:s{session}:t{n}",
        value={"text": text, "speaker": speaker, "session": f"s{session}", "turn": n, "at": day.isoformat()},
    )


def conversation() -> list[MemoryInput]:
    may, june = datetime(2026, 5, 12, 18, tzinfo=UTC), datetime(2026, 6, 3, 18, tzinfo=UTC)
    lines = [
        (1, may, "Caroline", "We went hiking near the lake and saw a heron."),
        (1, may, "Melanie", "Lovely. Did you bring the kids along on the trail?"),
        (1, may, "Caroline", "Yes, and we camped two nights by the water."),
        (2, june, "Melanie", "I went hiking near the lake as well, with my sister."),
        (2, june, "Caroline", "Which trail did you take this time?"),
        (2, june, "Melanie", "The northern loop, it was muddy after the rain."),
    ]
    out = [turn(s, n, who, text, day + timedelta(minutes=n)) for n, (s, day, who, text) in enumerate(lines)]
    fillers = [
        "The weather was grey all day.",
        "Work has been busy this quarter.",
        "I tried a new soup recipe.",
    ]
    out += [
        turn(9, 100 + i, "Melanie", fillers[i % 3] + f" Note {i}.", may - timedelta(days=30 + i))
        for i in range(40)
    ]
    return out


def test_recall_ranks_keyword_and_vector_matches_and_returns_content(manager: MemoryManager) -> None:
    mem = manager.for_tenant("acme")
    mem.remember("olga", "fact", "manager", "My manager is Priya Raman", "user_explicit")
    mem.remember("olga", "fact", "office", "I work from the Amsterdam office on Tuesdays", "user_explicit")
    mem.remember("olga", "preference", "response_language", "English", "user_explicit")
    top = mem.recall("olga", query="Who is Priya?", k=3)
    assert top[0].key == "manager" and top[0].value == "My manager is Priya Raman"
    keyword = mem.recall("olga", query="Amsterdam", k=3, strategy="keyword")
    assert [r.key for r in keyword] == ["office"]
    vector = mem.recall("olga", query="Amsterdam office", k=3, strategy="vector")
    assert vector[0].key == "office" and vector[0].score is not None
    assert [r.score for r in vector] == sorted((r.score or 0.0 for r in vector), reverse=True)
    with pytest.raises(ValueError, match="unknown recall strategy 'fuzzy'; accepted: hybrid, rrf"):
        mem.recall("olga", query="x", strategy="fuzzy")  # type: ignore[arg-type]


def test_the_embedded_text_is_the_content_not_the_key_or_type(
    manager: MemoryManager, embedder: CountingEmbedder
) -> None:
    mem = manager.for_tenant("acme")
    mem.remember("olga", "fact", "favourite_colour", "green like moss", "user_explicit")
    mem.remember_many("olga", [turn(1, 0, "Olga", "I lost my umbrella", NOW)], source="user_explicit")
    assert embedder.document_calls == [["green like moss"], ["I lost my umbrella"]]


def test_top_five_of_twenty_equal_a_query_for_five(manager: MemoryManager) -> None:
    mem = manager.for_tenant("acme")
    mem.remember_many("olga", conversation(), source="user_explicit")
    for question in ("Where did Caroline go hiking in May?", "muddy trail", "What did Melanie cook?"):
        five = [r.id for r in mem.recall("olga", query=question, k=5)]
        twenty = [r.id for r in mem.recall("olga", query=question, k=20)]
        assert len(five) == 5 and twenty[:5] == five


def test_time_and_speaker_cues_pick_the_right_turn(manager: MemoryManager) -> None:
    mem = manager.for_tenant("acme")
    mem.remember_many("olga", conversation(), source="user_explicit")
    # Both speakers went hiking near the lake: the speaker and the month decide.
    may = mem.recall("olga", query="What did Caroline say about hiking near the lake in May?", k=3)
    assert may[0].value["text"].startswith("We went hiking near the lake")
    june = mem.recall("olga", query="Who did Melanie go hiking with last week?", k=3)
    assert june[0].value["text"].startswith("I went hiking near the lake as well")


def test_a_neighbouring_turn_comes_with_its_match(manager: MemoryManager) -> None:
    mem = manager.for_tenant("acme")
    mem.remember_many("olga", conversation(), source="user_explicit")
    texts = [r.value["text"] for r in mem.recall("olga", query="Which trail did they take in June?", k=4)]
    assert "Which trail did you take this time?" in texts
    assert "The northern loop, it was muddy after the rain." in texts


def test_recall_sees_a_write_from_another_connection(db_url: str) -> None:
    reader = MemoryManager.from_url(db_url, HashingEmbedder(256)).for_tenant("acme")
    writer = MemoryManager.from_url(db_url, HashingEmbedder(256)).for_tenant("acme")
    writer.remember("olga", "fact", "car", "I drive a blue Volvo estate", "user_explicit")
    assert [r.key for r in reader.recall("olga", query="which car do I drive", k=5)] == ["car"]
    writer.remember("olga", "fact", "bike", "My bike is a red cargo bike", "user_explicit")
    writer.remember("olga", "fact", "car", "I drive a grey electric hatchback now", "user_explicit")
    found = reader.recall("olga", query="what do I drive, car or bike", k=5)
    assert sorted(r.key for r in found) == ["bike", "car"]
    assert next(r for r in found if r.key == "car").value == "I drive a grey electric hatchback now"


def test_tenant_defaults_and_other_users_in_recall(manager: MemoryManager) -> None:
    acme, other = manager.for_tenant("acme"), manager.for_tenant("globex")
    acme.remember("*", "fact", "canteen", "The canteen serves lunch from noon", "admin")
    acme.remember("ivan", "fact", "lunch", "Ivan eats lunch at the canteen at one", "user_explicit")
    other.remember("olga", "fact", "lunch", "Globex canteen lunch is at eleven", "user_explicit")
    assert [r.key for r in acme.recall("olga", query="when is canteen lunch", k=5)] == ["canteen"]


def test_forget_removes_memories_from_keyword_search(manager: MemoryManager, db_url: str) -> None:
    mem = manager.for_tenant("acme")
    mem.remember("olga", "fact", "allergy", "allergic to quinoa-zx41 seeds", "user_explicit")
    assert [r.key for r in mem.recall("olga", query="quinoa", k=5, strategy="keyword")] == ["allergy"]
    assert mem.forget("olga") == 1
    assert mem.recall("olga", query="quinoa", k=5) == []
    if db_url.startswith("sqlite"):
        assert raw(db_url, "SELECT count(*) FROM kassist_mem_fts")[0][0] == 0


def test_remember_many_one_batch_one_embedding_call_and_the_policy(
    manager: MemoryManager, embedder: CountingEmbedder
) -> None:
    mem = manager.for_tenant("acme")
    items = [MemoryInput(memory_type="fact", key=f"fact_{i}", value=f"fact number {i}") for i in range(12)]
    items.append(MemoryInput(memory_type="fact", key="fact_0", value="fact zero, corrected"))
    decisions = mem.remember_many("olga", items, source="user_explicit", batch_size=50)
    # 13 new rows in a minute with a limit of 5: an import from the user is not rate limited.
    assert [d.action for d in decisions] == [Action.ADDED] * 12 + [Action.SUPERSEDED_PREVIOUS]
    assert len(embedder.document_calls) == 1 and len(embedder.document_calls[0]) == 13
    assert [r.value for r in mem.history("olga", "fact_0")] == ["fact number 0", "fact zero, corrected"]
    assert mem.recall("olga", query="corrected fact zero", k=1)[0].value == "fact zero, corrected"

    tool = mem.remember_many(
        "olga", [{"memory_type": "fact", "key": f"tool_{i}", "value": f"tool says {i}"} for i in range(8)],
        source="tool_output",
    )  # fmt: skip
    assert [d.action for d in tool].count(Action.REJECTED) >= 3
    assert all("rate limit" in d.reason for d in tool if d.action is Action.REJECTED)
    with pytest.raises(ValueError, match="item 1 of remember_many is not a memory"):
        mem.remember_many(
            "olga", [items[0], {"memory_type": "fact", "value": "no key"}], source="user_explicit"
        )


# The memory manager's version table before kassist.db.migrate (which adopts and drops it).
LEGACY_VERSION_TABLE = "CREATE TABLE IF NOT EXISTS kassist_mem_schema_version (version integer NOT NULL)"


def test_setup_migrates_a_version_1_database_to_keyword_search(db_url: str) -> None:
    sql = sql_sqlite if db_url.startswith("sqlite") else sql_postgres
    for statement in (LEGACY_VERSION_TABLE, *sql.MIGRATIONS[0]):
        if db_url.startswith("sqlite"):
            raw(db_url, statement)
        else:
            with psycopg.connect(db_url, autocommit=True) as conn:
                conn.execute(statement)  # no parameters: the '%' in the DDL is literal
    raw(db_url, "INSERT INTO kassist_mem_schema_version (version) VALUES (1)")
    stamp = "2026-01-01T00:00:00.000000+00:00"
    value = '{"speaker":"Olga","text":"Our offsite is in Lisbon"}'
    raw(
        db_url,
        "INSERT INTO kassist_mem_memories (id, tenant_id, user_id, memory_type, key, value, source, confidence, "
        "status, valid_from, created_at, updated_at) VALUES ('m1', 'acme', 'olga', 'episode', 'e1', %s, "
        "'user_explicit', 1.0, 'active', %s, %s, %s)",
        (value, stamp, stamp, stamp),
    )
    manager = MemoryManager.from_url(db_url, HashingEmbedder(256))
    try:
        found = manager.for_tenant("acme").recall("olga", query="Lisbon offsite", k=3, strategy="keyword")
        assert [r.id for r in found] == ["m1"]
        assert raw(db_url, "SELECT content FROM kassist_mem_memories")[0][0] == "Our offsite is in Lisbon"
    finally:
        manager.close()

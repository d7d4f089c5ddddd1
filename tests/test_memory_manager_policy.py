"""Conflict policy of typed memories, on both backends: what ends up active, superseded or refused."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from clocks import SteppingClock

from kassist.tenancy import TenantMismatch, TenantRequired
from memory.manager import TENANT_DEFAULTS, Action, MemoryManager, Status


@pytest.fixture
def clock() -> SteppingClock:
    return SteppingClock(datetime(2026, 3, 1, 9, 0, tzinfo=UTC))


@pytest.fixture
def memory(db_url: str, clock: SteppingClock) -> Iterator[MemoryManager]:
    manager = MemoryManager.from_url(db_url, clock=clock)
    yield manager.for_tenant("acme")
    manager.close()


def active_value(memory: MemoryManager, user: str, key: str) -> object:
    [record] = memory.recall(user, key=key)
    return record.value


def test_english_then_bengali_supersedes_and_history_keeps_both(
    memory: MemoryManager, clock: SteppingClock
) -> None:
    first = memory.remember(
        "asha", "preference", "response_language", "English", "user_explicit", source_ref="thread-1/msg-3"
    )
    assert first.action is Action.ADDED
    clock.advance(days=3)
    second = memory.remember(
        "asha", "preference", "response_language", "Bengali", "user_explicit", source_ref="thread-9/msg-1"
    )
    assert second.action is Action.SUPERSEDED_PREVIOUS
    assert second.superseded is not None and second.superseded.value == "English"
    assert "replaces" in second.reason

    assert active_value(memory, "asha", "response_language") == "Bengali"
    english, bengali = memory.history("asha", "response_language")
    assert (english.value, english.status, english.source_ref) == (
        "English",
        Status.SUPERSEDED,
        "thread-1/msg-3",
    )
    assert (bengali.value, bengali.status, bengali.source_ref) == ("Bengali", Status.ACTIVE, "thread-9/msg-1")
    assert english.valid_to == bengali.valid_from
    assert english.superseded_by == bengali.id
    assert english.valid_from < english.valid_to
    assert english.source.value == bengali.source.value == "user_explicit"


def test_inferred_source_never_overrides_user_explicit(memory: MemoryManager) -> None:
    memory.remember("asha", "preference", "response_language", "English", "user_explicit")
    for source in ("user_implicit", "assistant_inferred"):
        decision = memory.remember(
            "asha", "preference", "response_language", "French", source, confidence=1.0
        )
        assert decision.action is Action.REJECTED
        assert "user_explicit" in decision.reason and source in decision.reason
    memory.remember("asha", "fact", "home_city", "Dhaka", "user_explicit")
    for source in ("assistant_inferred", "tool_output", "kb_document", "summary"):
        decision = memory.remember("asha", "fact", "home_city", "Paris", source)
        assert decision.action is Action.REJECTED
    assert active_value(memory, "asha", "response_language") == "English"
    assert active_value(memory, "asha", "home_city") == "Dhaka"


def test_between_inferred_values_higher_confidence_wins_ties_go_to_newer(memory: MemoryManager) -> None:
    memory.remember("raj", "fact", "team", "payments", "assistant_inferred", confidence=0.5)
    lower = memory.remember("raj", "fact", "team", "search", "assistant_inferred", confidence=0.4)
    assert lower.action is Action.REJECTED and "0.40 < current 0.50" in lower.reason
    tie = memory.remember("raj", "fact", "team", "search", "assistant_inferred", confidence=0.5)
    assert tie.action is Action.SUPERSEDED_PREVIOUS
    higher = memory.remember("raj", "fact", "team", "infra", "user_implicit", confidence=0.8)
    assert higher.action is Action.SUPERSEDED_PREVIOUS
    assert active_value(memory, "raj", "team") == "infra"
    assert [r.value for r in memory.history("raj", "team")] == ["payments", "search", "infra"]


def test_identical_value_refreshes_instead_of_adding_a_row(
    memory: MemoryManager, clock: SteppingClock
) -> None:
    first = memory.remember(
        "mo", "setting", "timezone", {"tz": "Asia/Dhaka"}, "user_explicit", confidence=0.9
    )
    clock.advance(hours=1)
    again = memory.remember(
        "mo", "setting", "timezone", {"tz": "Asia/Dhaka"}, "user_explicit", confidence=1.0
    )
    assert again.action is Action.UNCHANGED
    [row] = memory.history("mo", "timezone")
    assert first.memory is not None and row.id == first.memory.id
    assert row.confidence == 1.0 and row.updated_at > row.created_at


def test_inferred_value_confirmed_by_user_is_updated_in_place(memory: MemoryManager) -> None:
    memory.remember("mo", "fact", "employer", "Acme", "assistant_inferred", confidence=0.5)
    confirmed = memory.remember("mo", "fact", "employer", "Acme", "user_explicit")
    assert confirmed.action is Action.UPDATED
    [row] = memory.history("mo", "employer")
    assert row.source.value == "user_explicit" and row.confidence == 1.0
    assert memory.remember("mo", "fact", "employer", "Globex", "assistant_inferred").action is Action.REJECTED


def test_user_value_overrides_tenant_default_only_for_that_user(memory: MemoryManager) -> None:
    memory.remember(TENANT_DEFAULTS, "setting", "citation_style", "APA", "admin")
    memory.remember(TENANT_DEFAULTS, "setting", "answer_length", "short", "admin")
    memory.remember("lee", "setting", "citation_style", "Chicago", "user_explicit")
    lee = {r.key: (r.value, r.user_id) for r in memory.recall("lee", memory_type="setting")}
    assert lee == {"citation_style": ("Chicago", "lee"), "answer_length": ("short", TENANT_DEFAULTS)}
    kim = {r.key: r.value for r in memory.recall("kim")}
    assert kim == {"citation_style": "APA", "answer_length": "short"}
    [semantic] = memory.recall("lee", query="citation style", k=1)
    assert semantic.value == "Chicago"
    [by_key] = memory.recall("lee", query="how long should answers be", key="citation_style", k=1)
    assert by_key.value == "Chicago"


def test_as_of_answers_what_was_believed_then(memory: MemoryManager, clock: SteppingClock) -> None:
    memory.remember("asha", "preference", "response_language", "English", "user_explicit")
    during_english = clock.advance(days=1)
    clock.advance(days=1)
    memory.remember("asha", "preference", "response_language", "Bengali", "user_explicit")
    before_anything = datetime(2026, 1, 1, tzinfo=UTC)
    assert [r.value for r in memory.recall("asha", key="response_language", as_of=during_english)] == [
        "English"
    ]
    assert memory.recall("asha", key="response_language", as_of=before_anything) == []
    assert [r.value for r in memory.recall("asha", key="response_language")] == ["Bengali"]
    [then] = memory.recall("asha", query="response language", as_of=during_english)
    assert then.value == "English"


def test_semantic_recall_ranks_the_matching_memory_first(memory: MemoryManager) -> None:
    memory.remember(
        "ana", "project_context", "current_project", "migrating billing to PostgreSQL", "user_explicit"
    )
    memory.remember("ana", "preference", "coffee", "flat white with oat milk", "user_explicit")
    memory.remember("ana", "fact", "manager_name", "the manager is Priya", "user_explicit")
    top = memory.recall("ana", query="which database is the billing migration moving to", k=2)
    assert top[0].key == "current_project"
    assert top[0].score is not None and top[0].score >= (top[1].score or 0)


def test_tenants_are_isolated_and_unbound_views_refuse(db_url: str) -> None:
    manager = MemoryManager.from_url(db_url)
    try:
        acme, globex = manager.for_tenant("acme"), manager.for_tenant("globex")
        acme.remember("u1", "fact", "secret_project", "Falcon", "user_explicit")
        assert globex.recall("u1") == []
        assert globex.recall("u1", query="secret project Falcon") == []
        assert globex.history("u1", "secret_project") == []
        assert globex.forget("u1") == 0
        assert [r.value for r in acme.recall("u1")] == ["Falcon"]
        with pytest.raises(TenantMismatch):
            globex.remember("u1", "fact", "x", "y", "user_explicit", tenant_id="acme")
        with pytest.raises(TenantRequired):
            manager.recall("u1")
        with pytest.raises(TenantRequired):
            manager.remember("u1", "fact", "x", "y", "user_explicit")
    finally:
        manager.close()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"memory_type": "mood"}, "unknown memory type 'mood'; accepted: preference"),
        ({"source": "rumour"}, "unknown source 'rumour'; accepted: user_explicit"),
        ({"confidence": 1.5}, "confidence must be between 0 and 1"),
        ({"value": {1, 2}}, "value must be JSON"),
        ({"key": " "}, "key is empty"),
        ({"user_id": ""}, "user_id must be a non-empty string"),
    ],
)
def test_bad_input_is_refused_with_a_clear_error_and_stores_nothing(
    memory: MemoryManager, kwargs: dict[str, object], message: str
) -> None:
    call: dict[str, object] = {
        "user_id": "u1", "memory_type": "fact", "key": "k", "value": "v", "source": "user_explicit",
    }  # fmt: skip
    call.update(kwargs)
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        memory.remember(**call)  # type: ignore[arg-type]
    assert memory.list_all("u1") == []


async def test_async_twins_follow_the_same_policy(memory: MemoryManager) -> None:
    assert (
        await memory.aremember("zoe", "preference", "tone", "formal", "user_explicit")
    ).action is Action.ADDED
    later = await memory.aremember("zoe", "preference", "tone", "casual", "user_explicit")
    assert later.action is Action.SUPERSEDED_PREVIOUS
    refused = await memory.aremember("zoe", "preference", "tone", "pirate", "tool_output")
    assert refused.action is Action.REJECTED
    assert [r.value for r in await memory.arecall("zoe", key="tone")] == ["casual"]
    assert [r.value for r in await memory.ahistory("zoe", "tone")] == ["formal", "casual"]
    assert [r.key for r in await memory.arecall("zoe", query="tone of voice")] == ["tone"]
    assert await memory.aforget("zoe") == 2
    assert await memory.arecall("zoe") == []
    await memory.aclose()

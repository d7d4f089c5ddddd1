"""Compaction strategies: sliding window, running summary, hybrid."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage

from memory.context import RunningSummary, compact, sliding_window, update_summary
from memory.context.compaction import units
from memory.context.summary import extract_ids

SYSTEM = SystemMessage("You are kassist.")


def conversation(n: int) -> list[BaseMessage]:
    out: list[BaseMessage] = [SYSTEM]
    for i in range(n):
        out += [
            HumanMessage(f"Question {i} about the travel policy and taxis at night?", id=f"h{i}"),
            AIMessage(f"Answer {i}: taxis after 22:00 are reimbursed with a receipt.", id=f"a{i}"),
        ]
    return out


def with_tool_call(messages: list[BaseMessage]) -> list[BaseMessage]:
    call = AIMessage(
        "", id="call-msg", tool_calls=[{"name": "knowledge_search", "args": {"query": "x"}, "id": "c1"}]
    )
    return [
        *messages,
        HumanMessage("Search the VPN runbook", id="hq"),
        call,
        ToolMessage("passage " * 60, tool_call_id="c1", id="tool-msg"),
        AIMessage("Done.", id="final"),
        HumanMessage("And the latest question?", id="latest"),
    ]


def test_window_keeps_system_and_latest_turn_and_never_splits_a_tool_call() -> None:
    messages = with_tool_call(conversation(20))
    for budget in range(0, 900, 25):
        kept, removed = sliding_window(messages, budget)
        assert kept[0] is SYSTEM and kept[-1].id == "latest"
        ids = {m.id for m in kept}
        assert ("call-msg" in ids) == ("tool-msg" in ids)
        assert len(kept) + len(removed) == len(messages)
        assert [m for m in messages if m.id in ids or m is SYSTEM] == kept  # order kept


def test_units_group_a_tool_call_with_its_results() -> None:
    groups = units(with_tool_call([]))
    assert [[m.id for m in g] for g in groups] == [["hq"], ["call-msg", "tool-msg"], ["final"], ["latest"]]


def test_window_strategy_summarises_nothing() -> None:
    done = compact(conversation(30), RunningSummary(), strategy="window", max_tokens=300)
    assert done.removed and done.summary.is_empty


EARLY = [
    "We will use the collection company_handbook_v2 for the migration.",
    "Status: we have indexed up to doc_4000 so far.",
    "We decided to use a chunk size of 384 tokens.",
    "Next step: re-run the failed files later.",
]


def test_summary_strategy_keeps_ids_decisions_and_pending_verbatim() -> None:
    messages = [SYSTEM, HumanMessage("I want to migrate the handbook to the new index.")]
    messages += [HumanMessage(t) for t in EARLY] + conversation(10)[1:] + [HumanMessage("What now?")]
    done = compact(messages, RunningSummary(), strategy="summary", max_tokens=400)
    assert [m.content for m in done.kept] == [SYSTEM.content, "What now?"]
    s = done.summary
    assert s.goal == "I want to migrate the handbook to the new index."
    assert "company_handbook_v2" in s.resources
    assert {"company_handbook_v2", "doc_4000"} <= set(s.artifacts)
    assert EARLY[:3] == [d for d in s.decisions if d in EARLY]
    assert s.pending == [EARLY[3]]
    text = s.render()
    for sentence in EARLY:
        assert sentence in text


def test_hybrid_keeps_a_recent_window_and_summarises_the_rest_incrementally() -> None:
    messages = [SYSTEM, *(HumanMessage(t) for t in EARLY), *conversation(40)[1:]]
    first = compact(messages, RunningSummary(), strategy="hybrid", max_tokens=600)
    assert first.removed and len(first.kept) > 2
    assert first.kept[-1].content == messages[-1].content
    # a later compaction adds to the summary and keeps what the first one extracted
    later = [*first.kept, *conversation(40)[1:]]
    second = compact(later, first.summary, strategy="hybrid", max_tokens=600)
    assert second.summary.messages_summarised == first.summary.messages_summarised + len(second.removed)
    for sentence in EARLY[:3]:
        assert sentence in second.summary.decisions


def test_ids_are_extracted_verbatim() -> None:
    ids = extract_ids("Indexed up to doc_4000 of company_handbook_v2; incident INC-2041, run 3f2a9c1e77.")
    assert ids == ["doc_4000", "company_handbook_v2", "INC-2041", "3f2a9c1e77"]


def test_assistant_text_never_becomes_the_goal() -> None:
    s = update_summary(RunningSummary(), [AIMessage("I want to help you with leave.")])
    assert s.goal is None


def test_unknown_strategy_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="window, summary, hybrid"):
        compact(conversation(2), RunningSummary(), strategy="lossy", max_tokens=10)  # type: ignore[arg-type]


def test_a_long_summary_is_cut_from_the_middle_to_fit_its_share() -> None:
    said = [HumanMessage(f"We have indexed up to doc_{i} in collection kb_{i}.") for i in range(300)]
    summary = update_summary(RunningSummary(), said)
    assert summary.tokens() > 1500
    cut = summary.within(400)
    assert cut.tokens() <= 400
    assert cut.decisions[0] == "We have indexed up to doc_0 in collection kb_0."
    assert cut.decisions[-1] == summary.decisions[-1]

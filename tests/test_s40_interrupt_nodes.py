"""server/interrupt_nodes.interrupt_refusal: the 422 for interrupt_before/after names the unknown node
names in one short line, whatever a client sends (a list of 50,000 names, a name of 100 KB, non-strings)."""

from __future__ import annotations

import pytest

from server.interrupt_nodes import interrupt_refusal


@pytest.mark.parametrize(
    "value",
    [["x" * 100_000], [str(i) for i in range(50_000)], ["a\nb"], [1, None], {"a": 1}, "begin"],
)
def test_a_refusal_is_one_short_line(value: object) -> None:
    said = interrupt_refusal("ingestion", {"interrupt_before": value})
    assert said is not None and "\n" not in said and len(said) < 400, said[:200] if said else said
    assert said.startswith("interrupt_before ") and "ingest_batch" in said


def test_the_graphs_nodes_and_every_node_pass() -> None:
    assert (
        interrupt_refusal("ingestion", {"interrupt_before": ["ingest_batch"], "interrupt_after": "*"}) is None
    )
    assert interrupt_refusal("assistant", {"interrupt_after": ["respond"]}) is None
    assert "and 49997 more" in str(
        interrupt_refusal("ingestion", {"interrupt_after": [str(i) for i in range(50_000)]})
    )

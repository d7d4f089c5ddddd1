"""r5 s40 (review of 6e77c67, q6's graph/assistant/absent_versions.py): in a knowledge base of versioned
release notes, a question holding a decimal amount ("1.5 hours", "2.5 times") is answered "nothing
found ... None of the passages found mentions '1.5'" - the amount read as a version the base lacks.

absent_versions reads any number with a dot ("1.5", "2.5") as a version asked for when the passages
found carry dotted versions in their titles; its docstring means amounts to fail ("1.5%", "2.5x" by the
pattern, "1.5 days" by the siblings' shape), but the shape checked is the documents', not the
question's: "for 1.5 hours", "2.5 times better", "1.5 MB per second" abstain. Each question below was
answered from the right release's notes at 5f88097 (r5's run). r5's own corpus (the one of
tests/test_review_s40_bypass_after_fix.py); the whole assistant graph, extractive, local embedder, SQLite."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from assistant_support import ask, assistant_over
from test_review_s40_bypass_after_fix import DOCUMENTS

pytestmark = pytest.mark.timeout(900)


@pytest.fixture(scope="module", params=["sqlite"])
def graph(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with assistant_over(DOCUMENTS, request, tmp_path_factory, "r5amounts") as compiled:
        yield compiled


@pytest.mark.parametrize(
    ("question", "doc"),
    [
        (
            "Can a producer hold a message back for 1.5 hours with delayed delivery?",
            "releases/harbor-3.6.0.md",
        ),
        ("Is zstd compression about 2.5 times better than gzip in Harbor?", "releases/harbor-3.5.0.md"),
        (
            "If a message is rejected 5 times it goes to a dead-letter queue - what if it is rejected 2.5 times "
            "on average?",
            "releases/harbor-3.4.0.md",
        ),
    ],
)
def test_a_decimal_amount_is_no_version_asked_for(graph: Any, question: str, doc: str) -> None:
    result = ask(graph, question, f"r5-{abs(hash(question))}")
    cited = [c["path"] for c in result.get("citations", [])]
    assert cited and cited[0] == doc, (cited, str(result["messages"][-1].content)[-200:])

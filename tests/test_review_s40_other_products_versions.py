"""r5 s40 (review of 6e77c67/5a2a148, q6's graph/assistant/absent_versions.py): a version of ANOTHER product the
user names as context ("behind nginx 1.25", "clients built with librdkafka 2.3") is read as a release of the
knowledge base's own product that it lacks: "I found nothing relevant ... None of the passages found mentions
'1.25'". Both questions were answered from the right release notes at 5f88097 (r5's run).

absent_versions takes every dotted number as asked for when the passages found carry dotted versions in
their titles ("Harbor 3.6.0 release notes"), whatever family the question names before it: "nginx" and
"librdkafka" are no document's family here, so the version is not one this base's series could hold. Only
"we run / we're on / deploy ..." exempt it (the user's own release). r5's own corpus
(tests/test_review_s40_bypass_after_fix.py); the whole assistant graph, extractive, local embedder, SQLite."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from assistant_support import ask, assistant_over
from test_review_s40_bypass_after_fix import DOCUMENTS

pytestmark = pytest.mark.timeout(900)


@pytest.fixture(scope="module", params=["sqlite"])
def graph(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with assistant_over(DOCUMENTS, request, tmp_path_factory, "r5others") as compiled:
        yield compiled


@pytest.mark.xfail(
    strict=True,
    reason="R5-10: another product's version named as context is read as a release the base lacks",
)
@pytest.mark.parametrize(
    ("question", "doc"),
    [
        (
            "Harbor sits behind nginx 1.25 here - which release added an HTTP health endpoint?",
            "releases/harbor-3.6.0.md",
        ),
        (
            "Clients built with librdkafka 2.3 - can they enable zstd compression in Harbor?",
            "releases/harbor-3.5.0.md",
        ),
    ],
)
def test_another_products_version_is_no_release_asked_for(graph: Any, question: str, doc: str) -> None:
    result = ask(graph, question, f"r5-{abs(hash(question))}")
    cited = [c["path"] for c in result.get("citations", [])]
    assert cited and cited[0] == doc, (cited, str(result["messages"][-1].content)[-200:])

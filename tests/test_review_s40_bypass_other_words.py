"""r5 s40 (review of 3a3b4dd, q6's fix of R5-4): the fix holds R5-4's own words only. 3a3b4dd adds the words
of R5-4's two questions to knowledge/index/versions.py's lists - "patched/upgraded ... to" say the user runs
the release, "fully/complete/enough/bypass/again" ask past it - so those two pass; the same question in
other words still leads with the release the user has ("Fixed CVE-X") and puts the later release saying
that fix was incomplete second. Each question below first-cited the later release at 5f88097 (r5's run),
none does at 3a3b4dd (r5's probe of ten such wordings: 5/10 -> 0/10).

The class is the documents' structure, not the question's words: a later release of the same series whose
notes name the identifier the question names ("a bypass of the incomplete fix for CVE-X") answers any
question about the earlier release's fix. r5's own corpus (tests/test_review_s40_bypass_after_fix.py);
the whole assistant graph, extractive, local embedder, SQLite."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from assistant_support import ask, assistant_over
from test_review_s40_bypass_after_fix import BYPASS, DOCUMENTS

pytestmark = pytest.mark.timeout(900)


@pytest.fixture(scope="module", params=["sqlite"])
def graph(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with assistant_over(DOCUMENTS, request, tmp_path_factory, "r5bypass2") as compiled:
        yield compiled


@pytest.mark.parametrize(
    "question",
    [
        "Was CVE-2025-4411 closed for good in 3.5.1?",
        "3.5.1 solved CVE-2025-4411, right?",
        "Is the CVE-2025-4411 patch in 3.5.1 airtight?",
        "Do I still need to worry about CVE-2025-4411 on 3.5.1?",
        "Is 3.5.1 the final fix for CVE-2025-4411?",
    ],
)
def test_the_release_saying_a_fix_was_incomplete_leads_in_other_words(graph: Any, question: str) -> None:
    result = ask(graph, question, f"r5-{abs(hash(question))}")
    cited = [c["path"] for c in result.get("citations", [])]
    assert cited and cited[0] == BYPASS, cited

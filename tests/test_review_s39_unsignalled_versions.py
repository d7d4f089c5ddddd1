"""r4 s39 (review of 977e696, R3-22): an outdated edition of a guideline, a standard or a checklist leads
again when nothing in it says "policy", "effective" or "supersedes".

977e696 keeps "the newest leads" only for a family whose documents carry a superseding signal (a title
naming a policy, licence, handbook, terms or agreement; an effective date; "supersedes"...), keeps
plain relevance for a release series (release notes, changelog: their own signals), and with neither
signal (version_kinds.Kind.UNKNOWN) calls no version older. A company's versioned documents mostly
replace each other and often say nothing of it: "Expense Guidelines v1/v2", "Security Standard
2.0/3.0", "Onboarding Checklist v3/v4". At 977e696^ the newer led each question naming no version;
now the older edition's figure leads wherever dense similarity puts it a little ahead - the 40-euro
allowance, 10-character passwords, the laptop on day one. A series is told by its own signals, so a
family with none is the policy-like case. Pure: the second stage over hand-made candidates, as
tests/test_rank_versions.py."""

from __future__ import annotations

import pytest

from knowledge.index.models import SearchHit
from knowledge.index.rerank import rerank


def _hit(chunk: str, title: str, path: str, text: str) -> SearchHit:
    return SearchHit(
        chunk_id=chunk, doc_id=path, collection="company", title=title, source_path=path, heading=None,
        position=0, text=text, effective_date=None, score=0.0, doc_chunks=10,
    )  # fmt: skip


CASES = {
    "guidelines": (
        ("Expense Guidelines v1", "finance/expense-guidelines-v1.md", "The daily meal allowance on business trips is 40 euros."),
        ("Expense Guidelines v2", "finance/expense-guidelines-v2.md", "The daily meal allowance on business trips is 55 euros."),
        "What is the daily meal allowance on business trips?",
    ),
    "standard": (
        ("Security Standard 2.0", "it/security-standard-2.0.md", "Passwords must be at least 10 characters long."),
        ("Security Standard 3.0", "it/security-standard-3.0.md", "Passwords must be at least 14 characters long."),
        "How long must passwords be?",
    ),
    "checklist": (
        ("Onboarding Checklist v3", "hr/onboarding-checklist-v3.md", "New starters receive their laptop on day one from IT."),
        ("Onboarding Checklist v4", "hr/onboarding-checklist-v4.md", "New starters collect their laptop from the service desk on day two."),
        "When do new starters get their laptop?",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_the_newest_edition_leads_a_family_that_says_nothing_of_its_kind(
    case: tuple[tuple[str, str, str], tuple[str, str, str], str],
) -> None:
    older, newer, query = case
    hits = [_hit("old", *older), _hit("new", *newer)]
    ranked = rerank(hits, query, 2, dense={"old": 0.52, "new": 0.50})
    assert [h.chunk_id for h in ranked] == ["new", "old"]

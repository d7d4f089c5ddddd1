"""A passage that names what the question names reaches the assistant although the embedding model
puts a dozen pages that merely sound closer before it (issue 27, session 26).

An offboarding page states, inside a long paragraph about a leaver's last weeks, that "the leaver
survey is anonymous"; eleven short pages are about staff surveys in general (the engagement survey,
the pulse survey, anonymous comments) and none names the leaver survey. Each of them is closer to
"is the leaver survey anonymous?" by cosine than the mixed paragraph, so before session 26 the
rerank (cosine weighing 1.0, the question's words 0.03) kept the offboarding page out of the six
passages the assistant reads, and the answer quoted the engagement survey's rule. The rerank's order
now weighs the idf-weighted share of the question's words once more (rerank.ORDER_LEXICAL_WEIGHT):
only the offboarding page holds "leaver", the rarest of the question's words among the candidates.
Searched on both backends and asked through the real assistant graph (extractive responder, local
MiniLM); the corpus is written for this test, not taken from the development questions.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from assistant_support import ask, assistant, embedder, ingested

from knowledge.index import KnowledgeIndex

pytestmark = pytest.mark.timeout(900)

TENANT = "lexical-order"
TARGET = "people/leaving-the-company.md"
RULE = "The leaver survey is anonymous"
TARGET_TEXT = f"""# Leaving the company

Owner: People Operations. Applies to every employee who resigns or whose contract ends.

## Your last weeks

Agree your last working day with your manager and write a handover note for each system you own.
Unused holiday is paid with the final salary. Return your laptop, badge and phone to the service
desk on your last day. Your pension stays invested and the provider writes to you at home. {RULE}:
your manager sees only the totals of a team of five or more, never your answers. Your email account
is closed the day after you leave and an automatic reply points senders to your manager. Expense
claims must be filed before your last day. Company shares vest until the last day of employment and
unvested ones lapse. Return any corporate card and cancel recurring subscriptions paid with it.
Parking permits end on the last working day. The reference letter states your dates of employment
and your last job title. Gym membership paid by the company stops at the end of the month. Knowledge
articles you wrote stay in the wiki under the team's name.
"""
PAGES = {
    "survey-who-reads": (
        "Who reads survey answers",
        "Only the survey provider reads individual answers. Your manager and People Operations see "
        "results for groups of five or more.",
    ),
    "survey-small-teams": (
        "Surveys in small teams",
        "In a team of fewer than five people, survey answers are merged with the next team up so that "
        "nobody's answers can be recognised by the manager.",
    ),
    "survey-trust": (
        "Can my manager find out what I answered?",
        "No. Survey tools do not tell managers who answered or how; they show only averages for the team.",
    ),
    "survey-faq": (
        "Survey FAQ",
        "Is the engagement survey confidential? Yes. Does my manager get my answers? No, they get the "
        "team's totals. Can I skip questions? Yes.",
    ),
    "survey-anonymity": (
        "Are surveys anonymous?",
        "Answers to the engagement survey are anonymous. Your manager never sees who wrote what, only "
        "the results of the whole team.",
    ),
    "survey-results-managers": (
        "Survey results for managers",
        "Managers receive their team's pulse survey results as totals. They cannot see individual "
        "answers or comments from a named person.",
    ),
    "survey-questions": (
        "Writing honest survey answers",
        "Be honest in surveys: what you write cannot be traced back to you and your manager only sees "
        "what the team said overall.",
    ),
    "anonymous-comments": (
        "Anonymous comments",
        "Comments you type in a survey are shown to your manager without your name. Avoid details that "
        "would give away who you are.",
    ),
    "engagement-survey": (
        "Engagement survey",
        "Twice a year every employee is invited to the engagement survey. It takes ten minutes and asks "
        "how you feel about your work, your team and your manager.",
    ),
    "feedback-tool": (
        "Giving feedback to your manager",
        "Use the feedback tool to tell your manager what works and what does not. Feedback is shared "
        "with your manager by name so you can talk about it.",
    ),
    "pulse-check": (
        "Monthly pulse check",
        "The pulse check is three questions sent on the first Monday of the month. Results are "
        "discussed in team meetings.",
    ),
}
QUESTIONS = [
    "is the leaver survey anonymous or does my manager see it",
    "is the leaver survey confidential?",
]


def write_corpus(root: Path) -> Path:
    corpus = root / "corpus"
    (corpus / "people").mkdir(parents=True)
    (corpus / TARGET).write_text(TARGET_TEXT, encoding="utf-8")
    for name, (title, text) in PAGES.items():
        (corpus / "people" / f"{name}.md").write_text(f"# {title}\n\n{text}\n", encoding="utf-8")
    return corpus


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    corpus = write_corpus(tmp_path_factory.mktemp("ranking-lexical-order"))
    with ingested(
        corpus, request, tmp_path_factory, "rank-lexical", tenant=TENANT, collection="people"
    ) as url:
        yield url


def test_six_pages_are_closer_by_cosine_than_the_offboarding_passage(url: str) -> None:
    """The premise: by the embedding alone the offboarding page would not be among the first six."""
    with KnowledgeIndex.from_url(url, embedder=embedder()) as index:
        hits = index.for_tenant(TENANT).search(QUESTIONS[0], k=12, sentences=False)
    cosine = {h.source_path: float(h.cosine or 0.0) for h in hits if h.duplicate_of is None}
    assert sum(c > cosine[TARGET] for c in cosine.values()) >= 6


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_page_naming_the_leaver_survey_is_among_the_six_passages(url: str, question: str) -> None:
    with KnowledgeIndex.from_url(url, embedder=embedder()) as index:
        hits = index.for_tenant(TENANT).search(question, k=6)
    assert TARGET in [h.source_path for h in hits]


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_assistant_quotes_the_leaver_surveys_rule(url: str, question: str) -> None:
    with assistant(url) as graph:
        result = ask(graph, question, f"lexical-{QUESTIONS.index(question)}", tenant=TENANT)
    assert TARGET in [c["path"] for c in result.get("citations", [])]
    assert RULE in " ".join(str(result["messages"][-1].content).split())

"""Answers a user can trust (issue 27), on the real assistant graph with local embeddings, both backends:
the canonical policy before its office copies, "nothing relevant found" when the base has no answer,
readable answers without ids or server paths, a note for questions the embedder cannot read.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from assistant_support import TENANT, ask, assistant, embedder
from databases import fresh_database

from graph.assistant.answering import LANGUAGE_NOTE, NOT_FOUND, detect_language
from knowledge.corpus import demo_corpus_path
from knowledge.index import KnowledgeIndex
from knowledge.ingest import ingest_directory

TRAVEL = "finance/travel-and-expenses-policy.md"
VARIANT = "finance/submitting-expense-claims-singapore-office-2026.md"
HEX_ID = re.compile(r"\b[0-9a-f]{32}\b")
FILES = (TRAVEL, "hr/leave-policy-handbook-2026.md", "security/data-retention-policy.md",
         "hr/recruitment-and-referrals.md", "it/runbook-vpn-troubleshooting.md")  # fmt: skip


def _variant_of_travel_policy() -> str:
    """An office page that copies the policy's expense-claims section word for word, the way
    intranets fill up with local copies (the demo corpus's variants are made the same way)."""
    policy = (demo_corpus_path() / TRAVEL).read_text()
    section = policy.split("## Submitting expense claims", 1)[1].split("\n## ", 1)[0]
    lost = policy.split("## Lost receipts", 1)[1].split("\n## ", 1)[0]
    return (
        "# Submitting expense claims: Singapore office 2026\n\nEffective date: 1 March 2026.\n\n"
        "This guidance applies to the Sales team in the Singapore office. Wei Ling is the local contact.\n\n"
        f"## Submitting expense claims\n{section}\n## Lost receipts\n{lost}"
    )


def _ingest(url: str, root: Path) -> None:
    for rel in FILES:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(demo_corpus_path() / rel, root / rel)
    (root / VARIANT).write_text(_variant_of_travel_policy())
    with KnowledgeIndex.from_url(url, embedder=embedder()) as index:
        ingest_directory(index.for_tenant(TENANT), root, collection="handbook")


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def graph(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    root = tmp_path_factory.mktemp("answer-quality")
    if request.param == "sqlite":
        url = f"sqlite:///{root / 'kassist.db'}"
        _ingest(url, root / "docs")
        with assistant(url) as compiled:
            yield compiled
        return
    with fresh_database(request.getfixturevalue("pg_server_url"), "kassist_aq") as url:
        _ingest(url, root / "docs")
        with assistant(url) as compiled:
            yield compiled


def _answer(result: dict[str, Any]) -> str:
    return str(result["messages"][-1].content)


def test_the_canonical_policy_comes_before_an_office_copy_of_its_section(graph: Any) -> None:
    result = ask(graph, "By when do I have to file my expense claims?", "aq-canonical")
    assert result["citations"][0]["path"] == TRAVEL
    assert "60 days" in _answer(result)
    # The office page (a scope the question does not name) is not quoted as a second source.
    assert VARIANT not in [c["path"] for c in result["citations"]]


def test_a_question_naming_the_office_gets_the_office_page(graph: Any) -> None:
    result = ask(graph, "How do expense claims work in the Singapore office?", "aq-office")
    assert result["citations"][0]["path"] == VARIANT


def test_an_unanswerable_question_abstains_and_names_the_closest_titles(graph: Any) -> None:
    for n, question in enumerate(
        ("Can I bring my dog to the Tokyo office?", "What is the recipe for the canteen's lasagne?")
    ):
        result = ask(graph, question, f"aq-none-{n}")
        answer = _answer(result)
        assert result["citations"] == []
        assert NOT_FOUND in answer
        assert "The closest documents are: " in answer
        assert "From the knowledge base" not in answer


def test_answers_are_readable_no_ids_no_paths_no_bare_headings(graph: Any, tmp_path: Path) -> None:
    result = ask(graph, "What happens to the data of a job applicant we turned down?", "aq-readable")
    answer = _answer(result)
    cited = result["citations"]
    assert cited and all(HEX_ID.fullmatch(c["chunk_id"]) for c in cited)  # ids are in the citations
    assert not HEX_ID.search(answer), answer  # ... and not in the text
    assert "[1] " in answer and f"[1] {cited[0]['title']}" in answer  # numbered, with the title
    assert str(tmp_path.anchor + "tmp") not in answer and ".md" not in answer
    quotes = re.findall(r'^\d+\. "(.*)" \[\d+\]$', answer, re.MULTILINE)
    assert quotes and all(q.rstrip().endswith(".") and len(q.split()) > 5 for q in quotes), answer


def test_a_follow_up_quotes_the_answering_sentence_of_the_document_in_focus(graph: Any) -> None:
    ask(graph, "Show me the IT runbook for VPN connection problems.", "aq-follow")
    result = ask(graph, "What does it say about a slow connection?", "aq-follow")
    answer = _answer(result)
    assert result["citations"][0]["path"] == "it/runbook-vpn-troubleshooting.md"
    assert "speed test" in answer
    assert '"Slow connection"' not in answer.split("Sources:")[0]  # the heading is not the quote


def test_a_question_in_another_language_is_told_the_embedder_reads_english_only(graph: Any) -> None:
    result = ask(graph, "¿Cuántos días de vacaciones pagadas tengo al año?", "aq-es")
    assert LANGUAGE_NOTE in _answer(result) and "Spanish" in _answer(result)
    english = ask(graph, "How many days of paid holiday do I get a year?", "aq-en")
    assert LANGUAGE_NOTE not in _answer(english)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Combien de jours de congé maladie sont payés ?", "French"),
        ("Wie lange werden die Aufnahmen gespeichert?", "German"),
        ("Hoeveel dagen per jaar mag ik thuiswerken?", "Dutch"),
        ("有給休暇は何日ですか", "Chinese or Japanese"),
        ("How do I request leave in Workday?", None),
        ("Is the café in the Amsterdam office open on Fridays?", None),
        ("Respond in Bengali, please.", None),
        # Session 22: any script English does not use (by its letters' Unicode names), and the
        # Latin-script languages of Asia and Africa; written for this test, not taken from a set.
        ("כמה ימי חופשה יש לי בשנה?", "Hebrew"),
        ("ฉันมีวันลาพักร้อนกี่วัน", "Thai"),
        ("რამდენი დღე შვებულება მაქვს?", "Georgian"),
        ("Ilang araw ng bakasyon ang mayroon ako bawat taon?", "Tagalog"),
        ("Nina siku ngapi za likizo kila mwaka?", "Swahili"),
        ("Tôi có bao nhiêu ngày nghỉ phép mỗi năm?", "Vietnamese"),
        ("Berapa hari cuti tahunan yang saya dapatkan?", "Indonesian or Malay"),
        ("Quantos dias de férias tenho por ano?", "Portuguese"),
        ("Does the 5 μm filter rule apply to Zoë's team?", None),
    ],
)
def test_detect_language(text: str, language: str | None) -> None:
    assert detect_language(text) == language


def test_memory_values_never_show_server_paths() -> None:
    from graph.assistant.responders.extractive import SERVER_PATH_TEXT, readable_value

    run = {"run_id": "hr-2026", "source": "/srv/kassist/uploads/acme/handbook", "counters": {"documents_indexed": 4},
           "artifacts": ["collection handbook: 4 documents indexed", "C:\\data\\handbook"], "note": "relative/ok.md"}  # fmt: skip
    text = readable_value(run)
    assert "/srv/" not in text and "C:\\\\data" not in text and text.count(SERVER_PATH_TEXT) == 2
    assert '"run_id": "hr-2026"' in text and '"documents_indexed": 4' in text and "relative/ok.md" in text
    assert readable_value("/etc/passwd") == SERVER_PATH_TEXT and readable_value("Bengali") == "Bengali"

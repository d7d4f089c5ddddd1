"""An old *thing* is no old *edition*: "old kit", "a former colleague", "old versions of a file" keep
archived documents after the current ones (issue 27, session 27).

A question with a history word ("old", "previous", "former", "archived", "earlier", ...) used to count
as asking for an older edition of a document wherever the word stood, so an archived page lost its
place after the current documents and gained the bonus of an edition asked for. Of the 25
development questions with such a word, 19 were about a thing's age ("old laptops", "my old job", "the
archive folder"); the six that asked for an edition named a document ("the old 2024 leave rules", "the
superseded policy"). Now the word asks for an edition only when it qualifies a word naming a document
or its edition (rules.asks_for_history). Here an archived lost-property page says that unclaimed
items go to charity, close in words to "does old office kit ever go to charity?"; the current
equipment page says what happens to returned devices. Searched on both backends and asked through
the real assistant graph (extractive responder, local MiniLM); the corpus is written for this test.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from assistant_support import ask, assistant, embedder, ingested, write_corpus

from knowledge.index import KnowledgeIndex
from knowledge.index.rules import asks_for_history

pytestmark = pytest.mark.timeout(900)

TENANT = "history-words"
CURRENT = "it/equipment-handbook.md"
ARCHIVED = "archive/lost-property-2023.md"
RULE = "Devices that can still be used are donated to a local charity"
DOCS = {
    CURRENT: f"""# Equipment handbook

## Returning equipment

When you leave or receive a replacement, return your laptop, phone and charger to the service desk.
IT wipes every returned device before anything else happens to it. {RULE} after the wipe; the rest
is recycled by a certified partner.

## Ordering a monitor

Order monitors, docks and headsets in the IT portal. Your manager approves orders above 300 euros.
""",
    ARCHIVED: """# Lost property (2023 edition, superseded)

## Unclaimed items

Items left behind in the office go to reception. Unclaimed items, including old office kit such as
chargers and keyboards, are given to charity after three months.
""",
    "facilities/kitchen.md": """# Office kitchen

## Fridge

The fridge is emptied every Friday afternoon. Label your food with your name and the date.
""",
    "facilities/printing.md": """# Printing

## Printers

Print with your badge at any printer. Colour printing needs a cost centre.
""",
}
QUESTIONS = [
    "Does old office kit ever get given to charities?",
    "what happens to my old laptop when I hand it back, does it go to charity?",
]
EDITION_QUESTION = "Under the superseded 2023 lost property rules, what happened to unclaimed items?"


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    corpus = write_corpus(tmp_path_factory.mktemp("ranking-history-words"), DOCS)
    with ingested(corpus, request, tmp_path_factory, "rank-history", tenant=TENANT, collection="kb") as url:
        yield url


@pytest.mark.parametrize(
    "question,asks",
    [
        ("Does old office kit ever get given to charities?", False),
        ("How long is a former colleague's mailbox kept?", False),
        ("onedrive how many old versions kept per doc", False),
        ("Can I move the files to the archive folder?", False),
        ("Under the old 2024 leave rules, how many days carried over?", True),
        ("What did the superseded policy say about lounges?", True),
        ("Was it the same in the previous edition?", True),
        ("What the travel policy used to say about taxis", True),
    ],
)
def test_a_history_word_asks_for_an_edition_only_about_a_document(question: str, asks: bool) -> None:
    assert asks_for_history(question) is asks


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_current_page_comes_before_the_archived_one(url: str, question: str) -> None:
    with KnowledgeIndex.from_url(url, embedder=embedder()) as index:
        hits = index.for_tenant(TENANT).search(question, k=4)
    paths = [h.source_path for h in hits]
    assert paths[0] == CURRENT
    assert ARCHIVED not in paths or paths.index(ARCHIVED) > paths.index(CURRENT)


def test_a_question_naming_the_archived_edition_still_gets_it_first(url: str) -> None:
    with KnowledgeIndex.from_url(url, embedder=embedder()) as index:
        hits = index.for_tenant(TENANT).search(EDITION_QUESTION, k=4)
    assert hits[0].source_path == ARCHIVED


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_assistant_cites_and_quotes_the_current_page(url: str, question: str) -> None:
    with assistant(url) as graph:
        result = ask(graph, question, f"history-{QUESTIONS.index(question)}", tenant=TENANT)
    cited = [c["path"] for c in result.get("citations", [])]
    assert cited[:1] == [CURRENT]
    assert RULE in " ".join(str(result["messages"][-1].content).split())

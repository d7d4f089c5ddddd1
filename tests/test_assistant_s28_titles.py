"""A plain-text document's title is its underlined first line, not its file name (issue 27, session 28).

Plain text titles itself as Markdown's setext headings and reStructuredText do: the first line, with a
line of "=" or "-" under it (and, in reST, over it). The loader read titles from Markdown, HTML, PDF and
DOCX but not from plain text, so a ``.txt`` page exported under an id ("KB0010072.txt") was titled
"KB0010072" and the shipped handbook's ``health-and-safety.txt`` "health and safety". A question that
names a page by its title ("the mitigation first page for London") then had no title to match, the
ranking could not read the page's scope (": London office"), and answers and abstentions named file
names. Here three knowledge-base pages exported as ``.txt`` under ids share their structure and their
office; each question names one by its title. Searched on both backends and asked through the real
assistant graph (extractive responder, local MiniLM); the corpus is written for this test.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from assistant_support import ask, assistant, embedder, ingested, write_corpus

from knowledge.documents import Document
from knowledge.index import KnowledgeIndex
from knowledge.loaders import load_directory
from knowledge.loaders.text import plain_title

pytestmark = pytest.mark.timeout(900)

TENANT = "plain-titles"


def _page(title: str, contact: str, cover: str, body: str) -> str:
    return (
        f"{title}\n{'=' * len(title)}\n\nLast reviewed: 2 March 2026. Owner: the London office team.\n\n"
        f"Local contact\n-------------\n\nThe local contact for this page is {contact}; {cover} covers "
        f"during absences. Questions this page does not answer go to your line manager.\n\n"
        f"What to do\n----------\n\n{body}\n"
    )


DOCS = {
    "kb/KB0010072.txt": _page(
        "Mitigation first: London office", "Priya Nair", "Tom Evans",
        "During an outage, restore the service first and look for the cause afterwards. Roll back the "
        "last change before you debug it.",
    ),
    "kb/KB0010135.txt": _page(
        "Slow laptop: London office", "Sven Okafor", "Lucas Demir",
        "Restart the laptop, close browser tabs you do not use and check that the disk has free space. "
        "If it stays slow, raise a ticket with the service desk.",
    ),
    "kb/KB0010173.txt": _page(
        "Email and chat messages: London office", "Ana Silva", "Ben Carter",
        "Keep work conversations in company email and chat. Chat messages are kept for two years; "
        "email is kept for seven years.",
    ),
    "kb/KB0010180.md": "# Desk booking: London office\n\n## Booking a desk\n\nBook a desk in the app a day "
    "ahead. The local contact for desk booking is Maria Lopez.\n",
}  # fmt: skip
# A reStructuredText page among them (tests/test_assistant_s28_rst.py reads the loader alone).
RST = "kb/squeeze.rst"
DOCS[RST] = (
    ".. image:: https://img.shields.io/pypi/v/squeeze.svg\n   :target: https://pypi.org/project/squeeze/\n\n"
    "=======\nsqueeze\n=======\n\n| |ci-test| |ci-wheel|\n\nsqueeze compresses log files for `the archive "
    "service <https://example.org/archive>`_ before they are uploaded.\n\nInstalling\n==========\n\n"
    "The service desk installs squeeze on every log server with the ``ops-tools`` bundle.\n"
)
ASKED = [
    ("Who is the local contact on the mitigation first page for London?", "kb/KB0010072.txt", "Priya Nair"),
    ("slow laptop page london - who is the local contact?", "kb/KB0010135.txt", "Sven Okafor"),
    ("email and chat messages london page: who stands in for the local contact?", "kb/KB0010173.txt",
     "Ben Carter"),
]  # fmt: skip


@pytest.mark.parametrize(
    "text,title",
    [
        (
            "Health and Safety at Work\n=========================\n\nEffective date: 1 May 2026.\n",
            "Health and Safety at Work",
        ),
        ("Mitigation first: London office\n---\nBody.\n", "Mitigation first: London office"),
        ("\n\n=====\nRich\n=====\n\nRich is a library.\n", "Rich"),  # reST: over- and underlined
        ("Plain notes.\nEffective from March 1, 2026.\n", None),  # opens with prose: no title of its own
        ("Some prose first.\n\nA section\n=========\n\nBody.\n", None),  # a later heading is a section's
        ("=====\n=====\n", None),
        (("A sentence that runs on " * 10) + "\n" + "=" * 240 + "\n", None),  # a paragraph, not a title
    ],
)
def test_plain_text_is_titled_by_its_underlined_first_line(text: str, title: str | None) -> None:
    assert plain_title(text) == title


def test_loaded_titles_are_the_pages_own(tmp_path: Path) -> None:
    loaded = list(load_directory(write_corpus(tmp_path, DOCS), tenant_id="t", collection="c"))
    titles = {d.source_path: d.title for d in loaded if isinstance(d, Document)}
    assert titles == {
        "kb/KB0010072.txt": "Mitigation first: London office",
        "kb/KB0010135.txt": "Slow laptop: London office",
        "kb/KB0010173.txt": "Email and chat messages: London office",
        "kb/KB0010180.md": "Desk booking: London office",
        RST: "squeeze",
    }


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    corpus = write_corpus(tmp_path_factory.mktemp("plain-titles"), DOCS)
    with ingested(corpus, request, tmp_path_factory, "plain-titles", tenant=TENANT, collection="kb") as url:
        yield url


@pytest.mark.parametrize("question,path,fact", ASKED)
def test_a_page_named_by_its_title_comes_first(url: str, question: str, path: str, fact: str) -> None:
    with KnowledgeIndex.from_url(url, embedder=embedder()) as index:
        hits = index.for_tenant(TENANT).search(question, k=4)
    assert hits[0].source_path == path, [(h.source_path, h.title) for h in hits]


@pytest.mark.parametrize("question,path,fact", ASKED)
def test_the_assistant_cites_the_named_page_by_its_title(
    url: str, question: str, path: str, fact: str
) -> None:
    with assistant(url) as graph:
        result = ask(graph, question, f"plain-titles-{[q for q, *_ in ASKED].index(question)}", tenant=TENANT)
    cited = result.get("citations", [])
    assert [c["path"] for c in cited[:1]] == [path]
    answer = " ".join(str(result["messages"][-1].content).split())
    assert fact in answer
    assert f"[1] {DOCS[path].splitlines()[0]}" in answer  # the page's title, not "KB0010072"


def test_an_rst_page_is_quoted_without_its_markup(url: str) -> None:
    with assistant(url) as graph:
        result = ask(graph, "Who installs squeeze on the log servers?", "plain-titles-rst", tenant=TENANT)
    assert [c["path"] for c in result.get("citations", [])[:1]] == [RST]
    answer = " ".join(str(result["messages"][-1].content).split())
    assert "The service desk installs squeeze on every log server with the ops-tools bundle." in answer
    assert "|ci-" not in answer and ".. image" not in answer and "``" not in answer
    assert "[1] squeeze" in answer

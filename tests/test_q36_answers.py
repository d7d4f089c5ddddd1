"""Answers on documentation from another domain (session 36, issue 27 items 3-4): a question about a
change takes the change for granted; a question naming a document by its file name asks about that
document; a Markdown note is a sentence, not a heading path; and a second section of the first
document that is about as close gives its closest sentence when it is not quoted whole.

The judge and the extractive responder on passages written here (SearchHit dumps as the search
returns them), in process: no index, no embedder.
"""

from __future__ import annotations

from typing import Any

import pytest

from graph.assistant.answering import Verdict, judge
from graph.assistant.names import named_by_file
from graph.assistant.premises import presupposed
from graph.assistant.responders.base import Turn
from graph.assistant.responders.extractive import ExtractiveResponder, best_sentences
from knowledge.index.passages import terms


def hit(path: str, chunk: str, title: str, text: str, *, heading: str = "", best: str = "",
        relevance: float = 0.6, sentence: float = 0.6) -> dict[str, Any]:  # fmt: skip
    return {"doc_id": path, "chunk_id": chunk, "title": title, "heading": heading or title, "text": text,
            "source_path": path, "relevance": relevance, "sentence_cosine": sentence,
            "best_sentence": best or None}  # fmt: skip


def verdict(question: str, hits: list[dict[str, Any]]) -> Verdict:
    return judge(question, hits, embedder="local-test", uses=lambda word: False)


def answer(question: str, hits: list[dict[str, Any]]) -> str:
    turn = Turn(question, [], hits, [], {}, None, Verdict(True))  # type: ignore[arg-type]
    return str(ExtractiveResponder().respond(turn).messages[-1].content)


@pytest.mark.parametrize(
    ("question", "claim"),
    [
        ("Why did tzdata drop support for Windows?", "tzdata drop support for Windows"),
        ("Why was certifi renamed to truststore?", "certifi renamed to truststore"),
        ("In which Python version was the turtle module removed?", "the turtle module removed"),
        ("Thanks. When was the 2024 leave policy replaced?", "the 2024 leave policy replaced"),
        # Not a change of ending or replacing: nothing taken for granted the base must state.
        ("Why was my expense claim rejected?", ""),
        ("When was the travel policy last updated?", ""),
        ("Why is the connection pool shipped as its own distribution?", ""),
    ],
)
def test_a_question_about_a_change_takes_it_for_granted(question: str, claim: str) -> None:
    assert presupposed(question) == claim


CERTIFI = (
    "Certifi provides Mozilla's carefully curated collection of root certificates for validating the "
    "trustworthiness of SSL certificates while verifying the identity of TLS hosts."
)
TRUSTSTORE = "Truststore is a library which exposes native system certificate stores to Python."


def test_a_change_no_passage_states_is_not_found_and_one_stated_is_answered() -> None:
    hits = [
        hit("packages/certifi.txt", "c1", "certifi", CERTIFI, best=CERTIFI.split(" while")[0] + "."),
        hit("packages/truststore.md", "t1", "Truststore", TRUSTSTORE),
    ]
    no = verdict("Why was certifi renamed to truststore?", hits)
    assert not no.answerable
    assert no.reason == "nothing found states that certifi renamed to truststore"
    assert "curated collection of root certificates" in no.said
    hits[1]["text"] = TRUSTSTORE + " The certifi project was renamed to truststore in 2024."
    assert verdict("Why was certifi renamed to truststore?", hits).answerable


DOTENV = (
    "Python-dotenv reads key-value pairs from a .env file and can set them as environment variables. "
    "It helps in the development of applications following the 12-factor principles."
)
UVICORN = "Uvicorn can read its logging configuration from a YAML file with the --log-config option."


def test_a_name_only_another_document_holds_is_not_the_named_documents() -> None:
    hits = [
        hit("packages/python-dotenv.md", "d1", "python-dotenv", DOTENV),
        hit("packages/uvicorn.md", "u1", "Quickstart", UVICORN, relevance=0.45, sentence=0.4),
    ]
    v = verdict("Does python-dotenv read YAML configuration files too?", hits)
    assert not v.answerable
    assert v.reason == "python-dotenv does not mention yaml"
    assert v.missing == ["yaml"]
    # The same question without the document's file name: another document naming YAML answers.
    assert verdict("Does the env file reader read YAML configuration files too?", hits).answerable
    # The named document holding the name answers.
    with_yaml = DOTENV + " YAML files are not read; use a .env file."
    hits[0] = hit("packages/python-dotenv.md", "d1", "python-dotenv", with_yaml)
    assert verdict("Does python-dotenv read YAML configuration files too?", hits).answerable


def test_a_document_is_named_by_its_whole_file_name_of_four_characters_or_more() -> None:
    paths = ["stdlib/telnetlib.txt", "packages/python-dotenv.md", "hr/faq.md", "packages/py_compile.txt"]
    assert named_by_file("is python-dotenv maintained", paths) == {1}
    assert named_by_file("what does the dotenv part do", paths) == set()  # part of a file name
    assert named_by_file("where is the faq", paths) == set()  # three characters: a word of its own
    assert named_by_file("py_compile's options", paths) == {3}
    # A stem of letters only may be a word of the question ("it/laptops.md", "hr/onboarding.md"): no
    # document is named by it, a package's name included (review s36 r1 F4, F7).
    assert named_by_file("Can telnetlib open SSH connections?", paths) == set()
    assert named_by_file("Which brand are our laptops?", ["it/laptops.md", "it/vendors.md"]) == set()


POOL = (
    "> [!IMPORTANT]\n> When manually creating Postgres connections and passing them to PostgresSaver, "
    "make sure to include `autocommit=True` and `row_factory=dict_row`.\n\nSee example below."
)


def test_a_markdown_note_is_quoted_not_taken_for_a_heading_path() -> None:
    h = hit("packages/pg.md", "p1", "LangGraph Checkpoint Postgres", POOL, heading="Postgres > Usage")
    quoted = best_sentences(
        POOL, terms("which connection options must I set for postgres connections"), hit=h
    )
    assert any("autocommit=True" in s for s in quoted)
    assert not any(s == "Postgres > Usage" for s in quoted)
    assert best_sentences("Handbook > Offers\n\nOffers are sent by email.", terms("offers"), hit=h) == [
        "Offers are sent by email."
    ]


LEASING = (
    "Company cars are leased for four years through our leasing partner. The monthly lease limit is "
    "900 EUR for directors, including insurance and maintenance."
)
ELIGIBLE = (
    "Employees at director level and above are eligible for a company car. Other employees may choose "
    "the mobility budget instead."
)


def test_a_second_section_about_as_close_gives_its_closest_sentence() -> None:
    q = "Who qualifies for a leased company vehicle?"
    best = "Employees at director level and above are eligible for a company car."
    hits = [
        hit("cars.md", "c1", "Company Cars", LEASING, heading="Company Cars > Leasing", sentence=0.66),
        hit(
            "cars.md",
            "c2",
            "Company Cars",
            ELIGIBLE,
            heading="Company Cars > Eligibility",
            sentence=0.59,
            best=best,
        ),
    ]
    text = answer(q, hits)
    assert '"Employees at director level and above are eligible for a company car." [2]' in text
    assert "mobility budget" not in text  # its closest sentence alone, not the section
    hits[1]["best_sentence"] = None  # without a closest sentence, nothing of it (as before)
    assert "director level" not in answer(q, hits)

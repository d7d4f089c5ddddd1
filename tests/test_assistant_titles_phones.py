"""Two refusals of the judge, one wrong and one missing (issue 27, session 24):

- a document title the user quotes as they remember it ("In the 'Benefits and Perks Guide', when can I
  change my pension contributions?") is not a name the knowledge base must mention: the benefits
  overview answers it, where the names check said "nothing mentions perks, summary";
- an acronym the documents write as a name without its head word ("SREs": the "Site Reliability"
  team) is a name they mention, where the names check said "nothing mentions sres";
- a question asking for a telephone number ("What's the phone number of the occupational health
  service?") is answered only by a sentence that gives one: the occupational health page, which
  names the service and an employee number but no telephone, says nothing was found.

Through the whole assistant graph on a small corpus written here (extractive responder, the real
local embedder), SQLite and PostgreSQL; then the rules alone (names.quoted_title, names.named_short,
answer_types.asked_type and carries).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from assistant_support import ask, assistant_over

from graph.assistant.answer_types import asked_type, carries
from graph.assistant.names import named_short, quoted_title
from knowledge.index.passages import terms

pytestmark = pytest.mark.timeout(900)

DOCUMENTS = {
    "hr/benefits-overview.md": "# Employee Benefits Overview\n\n## Pension plan\n\nThe company pays 5% of base "
    "salary into the pension plan. Contributions and investment choices can be changed at any time through "
    "the pension provider's website.\n\n## Health insurance\n\nPrivate health insurance covers employees and "
    "their children; partners can be added for a monthly premium.\n",
    "hr/occupational-health.md": "# Occupational health\n\nMedical details are shared only with the "
    "occupational health service, which advises your manager on adjustments without disclosing a diagnosis. "
    "Quote your employee number (289256772) on every referral form.\n",
    "facilities/reception.md": "# Reception\n\nThe reception desk is staffed from 08:00 to 18:00 on working "
    "days. Reception can be reached on +31 20 555 0100 during those hours.\n",
    "facilities/toronto-contacts.md": "# Toronto office contacts\n\nThe Site Reliability team in Toronto has "
    "Ana Kowalski as its local contact; Ben Ortiz covers during her absences.\n",
    "hr/first-aid.md": "# First aid\n\nIf a colleague collapses or is seriously hurt, call 112 first, then "
    "alert a first aider; the defibrillator hangs next to the lifts.\n",
}


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def graph(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with assistant_over(DOCUMENTS, request, tmp_path_factory, "titles-phones") as compiled:
        yield compiled


def _ask(graph: Any, question: str) -> tuple[list[str], str]:
    result = ask(graph, question, f"titles-phones-{zlib.crc32(question.encode())}")
    return [c["path"] for c in result["citations"]], str(result["messages"][-1].content)


# (question, the document cited first, words the answer quotes)
ANSWERED = [
    ("In the 'Benefits and Perks Guide', when can I change my pension contributions?", "hr/benefits-overview.md",
     "pension provider's website"),
    ('What does the "Pension and Perks Booklet" say about changing my pension contributions?',
     "hr/benefits-overview.md", "pension provider's website"),
    ("What's the phone number for reception?", "facilities/reception.md", "+31 20 555 0100"),
    ("A colleague just collapsed, what number do I call?", "hr/first-aid.md", "112"),
    # An acronym the documents write as the name without its head word (Site Reliability [Engineering]).
    ("Who is the local contact for our SREs in Toronto?", "facilities/toronto-contacts.md", "Ana Kowalski"),
]  # fmt: skip


@pytest.mark.parametrize("question,path,quote", ANSWERED, ids=[f"answered{i}" for i in range(len(ANSWERED))])
def test_a_misremembered_title_and_a_stated_phone_number_are_answered(
    graph: Any, question: str, path: str, quote: str
) -> None:
    cited, answer = _ask(graph, question)
    assert cited and cited[0] == path, (question, cited, answer)
    assert quote in answer
    assert "nothing relevant" not in answer


def test_a_phone_number_the_documents_do_not_give_is_not_found(graph: Any) -> None:
    cited, answer = _ask(graph, "What's the phone number of the occupational health service?")
    assert cited == [], (cited, answer)
    assert "nothing relevant" in answer
    assert "Occupational health" in answer  # the closest document is named


@pytest.mark.parametrize(
    "question,kind",
    [
        ("What's the phone number of the occupational health service?", "phone"),
        ("Berlin reception number please", "phone"),
        ("colleague collapsed what number do i call", "phone"),
        ("which number should I ring for the service desk", "phone"),
        ("How many days of leave do I get?", None),
        ("What is the number of days I can carry over?", None),
        ("Is there a helpline for stress?", None),
        ("What's my desk number on the new floor?", None),  # a desk, not a telephone
        ("What's the name of the dental insurer?", "name"),
    ],
)
def test_asked_type_recognises_a_telephone_number(question: str, kind: str | None) -> None:
    assert asked_type(question) == kind


@pytest.mark.parametrize(
    "sentence,gives",
    [
        ("Reception can be reached on +31 20 555 0100 during those hours.", True),
        ("Diego can be reached on (312) 340-7686 outside office hours.", True),
        ("Call the service desk on 020 7946 0000.", True),
        ("If a colleague collapses, call 112 first.", True),
        ("Quote your employee number (289256772) on every referral form.", False),  # an id, not a phone
        ("The enrollment window runs from 1 to 30 November.", False),
        ("Medical details are shared only with the occupational health service.", False),
    ],
)
def test_a_sentence_gives_a_phone_number(sentence: str, gives: bool) -> None:
    assert carries("phone", sentence) is gives


def test_quoted_title_words_are_not_names_but_a_place_and_an_acronym_stay() -> None:
    found = set(terms("Employee Benefits Overview pension office access badges"))
    assert quoted_title("In the 'Employee Perks Summary', when can I change it?", found) == terms(
        "Employee Perks Summary"
    )
    # Nothing of the quoted title is found: it may name what the base lacks.
    assert quoted_title("What does the 'Canine Companions Charter' allow?", found) == frozenset()
    # An office, an acronym and a year in the title say which copy is asked for.
    words = quoted_title("The 'Office Access and Badges - NYC 2026' page: who is the contact?", found)
    assert "nyc" not in words and "2026" not in words and "badg" in words
    assert "tokyo" not in quoted_title("What does the 'Tokyo Office Access Guide' say?", found)
    # Not a quotation: an apostrophe in a word, a single quoted word.
    assert quoted_title("What's the 'wfh' rule? I don't know", found) == frozenset()


@pytest.mark.parametrize(
    "acronym,text,named",
    [
        ("SRE", "The Site Reliability team in Toronto has a local contact.", True),
        ("NYC", "Badges for the New York office are issued at reception.", True),
        ("SRE", "Every security review is filed.", False),  # lower-case running text names nothing
        ("SR", "The Site Reliability team.", False),  # two letters need the word itself
        ("CFO", "The Customer Success team.", False),
    ],
)
def test_an_acronym_named_without_its_head_word(acronym: str, text: str, named: bool) -> None:
    assert named_short(acronym, text) is named

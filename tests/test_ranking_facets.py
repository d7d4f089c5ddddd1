"""The right sibling first (issue 27, session 23): pages that repeat one template sentence for every
team and office (or year) differ only in the values they name. A question naming a team and an
office, in any case, gets the page carrying both first; an ellipsis ("and in zurich?") or a
correction ("no sorry, I meant the madrid one") keeps the topic and swaps the value it names; a
question naming none gets the canonical policy. Through the real assistant graph (extractive
responder, local MiniLM) on both backends, on a small corpus built here: nine team/office pages, a
canonical policy they copy a section of, and two editions of a yearly calendar.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from assistant_support import ask, assistant, embedder
from databases import fresh_database

from knowledge.index import KnowledgeIndex
from knowledge.ingest import ingest_directory

pytestmark = pytest.mark.timeout(900)

TENANT = "facets"
TEAMS = ("Field Marketing", "Data Science", "Internal Audit")
OFFICES = ("Oslo", "Madrid", "Zurich")
# (local contact, cover) per (team, office): every pair distinct, so an answer shows which page it quotes.
PEOPLE = {
    (t, o): (f"{first} {last}", f"{cover} {last}")
    for (t, first, cover) in zip(TEAMS, ("Ana", "Ben", "Cleo"), ("Dora", "Emil", "Femi"), strict=True)
    for (o, last) in zip(OFFICES, ("Holm", "Vidal", "Keller"), strict=True)
}
# Titles that name neither the team nor the office, as a meeting note or a handover page does.
TITLES = ("Printing notes", "Printer handover", "Print room checklist")
# A longer page for the first office: among copies of one passage, the rerank prefers the longer
# document (the source a page quotes is longer than the quote), whatever office it names. The
# canonical policy is longer still, as a handbook is.
EXTRA = "".join(
    f"## {topic}\n\n{text}\n\n"
    for topic, text in (
        ("Toner", "Toner cartridges are ordered by the facilities team when the printer reports low toner."),
        ("Paper jams", "Open the front panel, remove the jammed sheet and close the panel; the job resumes."),
        ("Scanning to e-mail", "Scans go to the mailbox of the badge holder as PDF files of up to 20 MB."),
        ("Printer faults", "Report a printer fault to the service desk with the asset tag on the printer."),
    )
)
PRINTING = """## Releasing print jobs

Print jobs are held on the server and released at any printer by tapping your badge on the reader.
Jobs not released within 24 hours are deleted. Colour printing is limited to 200 pages a month.
"""


def _slug(text: str) -> str:
    return text.lower().replace(" ", "-")


def page_path(team: str, office: str) -> str:
    return f"facilities/{_slug(team)}-{_slug(office)}.md"


def _page(team: str, office: str) -> str:
    contact, cover = PEOPLE[(team, office)]
    title = TITLES[TEAMS.index(team)]
    return (
        f"# {title}\n\nThis guidance applies to the {team} team in the {office} office. {contact} is the "
        f"local contact; {cover} covers during absences. Questions that this page does not answer go to "
        f"your line manager.\n\n{PRINTING}\n" + (EXTRA if office == OFFICES[0] else "")
    )


CANONICAL = "facilities/printing-policy.md"
CALENDAR = {2025: "hr/holiday-calendar-2025.md", 2026: "hr/holiday-calendar-2026.md"}


def write_corpus(root: Path) -> Path:
    corpus = root / "corpus"
    (corpus / "facilities").mkdir(parents=True)
    (corpus / "hr").mkdir()
    for team in TEAMS:
        for office in OFFICES:
            (corpus / page_path(team, office)).write_text(_page(team, office), encoding="utf-8")
    (corpus / CANONICAL).write_text(
        "# Printing Policy\n\nEffective date: 1 March 2026. Owner: Workplace Services.\n\nThis policy "
        "covers printing, scanning and copying in every office.\n\n"
        + PRINTING
        + "\n"
        + EXTRA
        + "## Scanning\n\n"
        "Scans are sent to your own mailbox as PDF files; scanning to a USB stick is disabled.\n\n"
        "## Confidential documents\n\nConfidential documents are printed with secure release only and "
        "collected at once; never leave them on the output tray.\n",
        encoding="utf-8",
    )
    for year, path in CALENDAR.items():
        day = 27 if year == 2025 else 28
        (corpus / path).write_text(
            f"# Holiday calendar {year}\n\nThe company closes on {day} December {year} for the winter "
            f"break; the office reopens after New Year.\n",
            encoding="utf-8",
        )
    return corpus


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def graph(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    root = tmp_path_factory.mktemp("ranking-facets")
    corpus = write_corpus(root)

    def ingest(url: str) -> None:
        with KnowledgeIndex.from_url(url, embedder=embedder()) as index:
            ingest_directory(index.for_tenant(TENANT), corpus, collection="handbook")

    if request.param == "sqlite":
        url = f"sqlite:///{root / 'kassist.db'}"
        ingest(url)
        with assistant(url) as compiled:
            yield compiled
        return
    with fresh_database(request.getfixturevalue("pg_server_url"), "kassist_rank_facets") as url:
        ingest(url)
        with assistant(url) as compiled:
            yield compiled


def _ask(graph: Any, question: str, thread: str) -> dict[str, Any]:
    return ask(graph, question, thread, tenant=TENANT)


def _cited(result: dict[str, Any]) -> list[str]:
    return [c["path"] for c in result.get("citations", [])]


def _answer(result: dict[str, Any]) -> str:
    return str(result["messages"][-1].content)


@pytest.mark.parametrize(
    ("question", "team", "office", "who"),
    [
        ("who is the local contact for the data science team in madrid", "Data Science", "Madrid", 0),
        ("Who covers for the Internal Audit local contact in Zurich?", "Internal Audit", "Zurich", 1),
        ("field marketing oslo local contact?", "Field Marketing", "Oslo", 0),
        ("In the Zurich office, who is the local contact of data science?", "Data Science", "Zurich", 0),
    ],
)
def test_the_page_carrying_the_named_team_and_office_leads(
    graph: Any, question: str, team: str, office: str, who: int
) -> None:
    result = _ask(graph, question, f"named-{_slug(team)}-{_slug(office)}-{who}")
    assert _cited(result)[:1] == [page_path(team, office)]
    assert PEOPLE[(team, office)][who] in _answer(result)


def test_an_ellipsis_naming_another_office_swaps_the_office(graph: Any) -> None:
    thread = "ellipsis-office"
    first = _ask(graph, "who is the local contact for the field marketing team in oslo", thread)
    assert _cited(first)[:1] == [page_path("Field Marketing", "Oslo")]
    result = _ask(graph, "and in zurich?", thread)
    assert _cited(result)[:1] == [page_path("Field Marketing", "Zurich")]
    assert PEOPLE[("Field Marketing", "Zurich")][0] in _answer(result)


def test_a_correction_naming_another_office_swaps_the_office(graph: Any) -> None:
    thread = "correction-office"
    _ask(graph, "who is the local contact for data science in oslo", thread)
    result = _ask(graph, "no sorry, I meant the madrid one", thread)
    assert _cited(result)[:1] == [page_path("Data Science", "Madrid")]
    assert PEOPLE[("Data Science", "Madrid")][0] in _answer(result)


def test_a_correction_naming_another_team_keeps_the_office(graph: Any) -> None:
    thread = "correction-team"
    _ask(graph, "who covers for the internal audit local contact in madrid", thread)
    result = _ask(graph, "sorry, I meant field marketing", thread)
    assert _cited(result)[:1] == [page_path("Field Marketing", "Madrid")]
    assert PEOPLE[("Field Marketing", "Madrid")][1] in _answer(result)


def test_a_question_naming_no_team_or_office_gets_the_canonical_policy(graph: Any) -> None:
    result = _ask(graph, "how long are print jobs kept before they are deleted?", "canonical")
    assert _cited(result)[:1] == [CANONICAL]
    assert "24 hours" in _answer(result)


@pytest.mark.parametrize("year", [2025, 2026])
def test_a_question_naming_a_year_gets_that_edition(graph: Any, year: int) -> None:
    result = _ask(graph, f"when does the company close for the winter break in {year}?", f"year-{year}")
    assert _cited(result)[:1] == [CALENDAR[year]]

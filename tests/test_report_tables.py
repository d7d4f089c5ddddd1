"""The audit report's tables, sorted and filtered without a script, read as a browser reads them
(parsed HTML, not string searches): the console's page re-rendered from the stored JSON for each
query (``?sort=&order=&status=&severity=&q=``, anything else a 400 naming what is allowed), and the
exported file, whose rows carry their rank for every sort its CSS offers. Also the console's
actions per role and run state (waiting for review, running, completed) and the Markdown link.
Both backends, on real runs of the ingestion graph."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

import lxml.html
import pytest
from console_harness import AUDITED, BUSY, DONE, ReportWorld, report_world
from databases import fresh_database
from fastapi.testclient import TestClient
from test_console import sign_in, wait_status

from graph.ingestion.reports import export_reports
from knowledge.audit.models import SEVERITY_RANK
from knowledge.audit.report_view import DOCUMENT_STATUSES, Q_MAX, SORTS, rank_property
from server.keys import KeyTable
from server.langserve_app import create_app

Client = tuple[TestClient, ReportWorld, str]
REPORT = f"/ui/runs/{AUDITED}/report.html"


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def client(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Client]:
    tmp = tmp_path_factory.mktemp(f"report-tables-{request.param}")
    database: AbstractContextManager[str] = (
        nullcontext(f"sqlite:///{tmp / 'kassist.db'}")
        if request.param == "sqlite"
        else fresh_database(request.getfixturevalue("pg_server_url"), "kassist_report")
    )
    with pytest.MonkeyPatch.context() as patch, database as db_url, report_world(db_url, tmp) as world:
        patch.setenv("KASSIST_REPORTS_DIR", str(tmp / "reports"))
        with TestClient(create_app(db_url, KeyTable(keys={})), base_url="http://127.0.0.1") as test_client:
            yield test_client, world, db_url


def page(response: Any) -> Any:
    assert response.status_code == 200, response.text[:2000]
    return lxml.html.fromstring(response.text)


def rows(doc: Any, table: str) -> list[list[str]]:
    """The text of each body cell, row by row, of the table of class ``table``."""
    return [
        [" ".join(td.text_content().split()) for td in tr.findall("td")]
        for tr in doc.xpath(f"//table[@class='{table}']/tbody/tr")
    ]


def headings(doc: Any) -> list[str]:
    return [" ".join(h.text_content().split()) for h in doc.xpath("//h2")]


def error_text(response: Any) -> str:
    doc = lxml.html.fromstring(response.text)
    return " ".join(doc.get_element_by_id("error").text_content().split())


def natural(text: str) -> list[Any]:
    return [(0, int(p)) if p.isdigit() else (1, p.casefold()) for p in re.split(r"(\d+)", text) if p]


def test_the_console_sorts_the_tables_by_the_column_asked(client: Client) -> None:
    test_client, w, _ = client
    sign_in(test_client, w.member)
    default = page(test_client.get(REPORT))
    findings = rows(default, "findings")
    assert len(findings) > 20  # a real run with planted findings of every severity
    ranks = [-SEVERITY_RANK[r[0]] for r in findings]
    assert ranks == sorted(ranks)  # the report's own order: most severe first

    by_rule = page(test_client.get(REPORT, params={"sort": "rule", "order": "asc"}))
    rules = [r[2] for r in rows(by_rule, "findings")]
    assert rules == sorted(rules) and len(rules) == len(findings) and rules != [r[2] for r in findings]
    header = by_rule.get_element_by_id("sort-f-rule")
    assert header.getparent().get("aria-sort") == "ascending"
    assert header.get("href") == "?sort=rule&order=desc"  # the header link turns the order round
    descending = [r[2] for r in rows(page(test_client.get(REPORT + header.get("href"))), "findings")]
    assert descending == sorted(rules, reverse=True)

    # "document" orders both tables that have the column; a number column sorts as numbers.
    by_path = page(test_client.get(REPORT, params={"sort": "document", "order": "desc"}))
    paths = [r[0] for r in rows(by_path, "documents")]
    assert paths == sorted(paths, key=natural, reverse=True)
    finding_paths = [r[3] for r in rows(by_path, "findings")]
    assert finding_paths == sorted(finding_paths, key=natural, reverse=True)
    chunks = [int(r[2]) for r in rows(page(test_client.get(REPORT, params={"sort": "chunks"})), "documents")]
    assert chunks == sorted(chunks, reverse=True)  # a first click on a count: largest first


def test_the_console_filters_rows_and_keeps_the_failed_documents_first(client: Client) -> None:
    test_client, w, _ = client
    sign_in(test_client, w.member)
    everything = page(test_client.get(REPORT))
    total = len(rows(everything, "findings"))
    high = page(test_client.get(REPORT, params={"severity": "high"}))
    shown = rows(high, "findings")
    assert shown and all(r[0] == "high" for r in shown) and len(shown) < total
    assert f"Findings ({len(shown)} of {total})" in headings(high)
    assert high.xpath("//select[@name='severity']/option[@selected]")[0].get("value") == "high"

    failed = page(test_client.get(REPORT, params={"status": "failed"}))
    documents = rows(failed, "documents")
    assert documents and {r[1] for r in documents} == {"failed"}
    titles = headings(failed)
    first_failed = next(i for i, t in enumerate(titles) if t.startswith("Failed documents"))
    assert first_failed < next(i for i, t in enumerate(titles) if t.startswith("Findings"))
    assert [r[0] for r in rows(failed, "failed")] == sorted((r[0] for r in documents), key=natural)

    ssn = page(test_client.get(REPORT, params={"q": "US_SSN", "sort": "document"}))
    matched = rows(ssn, "findings")
    assert matched and all("us_ssn" in " ".join(r).casefold() for r in matched)
    form = ssn.get_element_by_id("filter")  # the sort survives a filter: hidden fields of the form
    assert {i.get("name"): i.get("value") for i in form.xpath(".//input[@type='hidden']")} == {
        "sort": "document",
        "order": "asc",
    }
    assert (
        "No finding matches this filter."
        in page(test_client.get(REPORT, params={"q": "zzz-none"})).text_content()
    )


def test_the_console_refuses_a_query_it_cannot_answer_naming_what_it_can(client: Client) -> None:
    test_client, w, _ = client
    sign_in(test_client, w.member)
    cases = {
        "sort=colour": f"unknown sort 'colour'; use one of: {', '.join(SORTS)}",
        "order=up": "unknown order 'up'; use one of: asc, desc",
        "severity=urgent": "unknown severity 'urgent'; use one of: low, medium, high, critical",
        "status=lost": f"unknown status 'lost'; use one of: {', '.join(DOCUMENT_STATUSES)}",
        "sortby=rule": "unknown report parameter 'sortby'; use sort, order, status, severity, q",
        "sort=rule&sort=path": "report parameter 'sort' is given twice; give it once",
        f"q={'x' * (Q_MAX + 1)}": f"the search q is {Q_MAX + 1} characters long; at most {Q_MAX} are allowed",
    }
    for query, message in cases.items():
        refused = test_client.get(f"{REPORT}?{query}")
        assert refused.status_code == 400, query
        assert error_text(refused) == message
    assert test_client.get(f"/ui/runs/{AUDITED}/report.json?sort=rule").status_code == 400

    # What a user typed comes back as text, never as markup.
    typed = '"><script>alert(1)</script><marquee>x'
    doc = page(test_client.get(REPORT, params={"q": typed}))
    assert not doc.xpath("//script") and not doc.xpath("//marquee")
    assert doc.xpath("//input[@name='q']")[0].get("value") == typed


def test_the_console_page_is_sandboxed_yet_its_links_and_form_work(client: Client) -> None:
    test_client, w, _ = client
    sign_in(test_client, w.member)
    served = test_client.get(REPORT)
    csp = served.headers["content-security-policy"]
    assert csp.startswith("sandbox allow-same-origin allow-forms;") and "allow-scripts" not in csp
    assert "form-action 'self'" in csp and "default-src 'none'" in csp
    doc = page(served)
    assert not doc.xpath("//script") and doc.get_element_by_id("filter").get("method") == "get"
    # Outside the console the report stays fully inert.
    json_report = test_client.get(f"/ui/runs/{AUDITED}/report.json")
    assert json_report.headers["content-security-policy"].startswith("sandbox;")


def test_the_exported_file_sorts_and_filters_with_css_alone(client: Client, tmp_path: Path) -> None:
    test_client, w, db_url = client
    from graph.ingestion.resources import Resources

    res = Resources.open(db_url, reports_dir=tmp_path / "reports")
    try:
        files = export_reports(res.runs, "acme", AUDITED, tmp_path / "out")  # what `kassist runs report` does
    finally:
        res.close()
    text = files["html"].read_text(encoding="utf-8")
    doc = lxml.html.fromstring(text)
    assert not doc.xpath("//script") and not doc.xpath("//form")
    assert doc.get_element_by_id("f-sort-severity-desc").get("checked") is not None
    assert doc.get_element_by_id("f-sev-all").get("checked") is not None
    labels = {label.get("for") for label in doc.xpath("//section[@id='findings']//label")}
    assert {"f-sev-high", "f-sort-rule-asc", "f-sort-rule-desc"} <= labels
    assert {i.get("id") for i in doc.xpath("//section[@id='documents']//input[@class='ctl']")} >= {
        "d-status-failed",
        "d-sort-chunks-desc",
    }

    # Each row carries its place in every order; CSS shows the checked one. Read back, the ranks
    # give the same orders the console serves.
    def by_rank(table: str, name: str) -> list[list[str]]:
        trs = doc.xpath(f"//table[@class='{table}']/tbody/tr")
        rank = {id(tr): int(re.search(rf"{name}:(\d+);", tr.get("style")).group(1)) for tr in trs}  # type: ignore[union-attr]
        ordered = sorted(trs, key=lambda tr: rank[id(tr)])
        return [[" ".join(td.text_content().split()) for td in tr.findall("td")] for tr in ordered]

    sign_in(test_client, w.member)
    for table, sort, order in (("findings", "rule", "asc"), ("findings", "location", "desc"),
                               ("documents", "chunks", "desc"), ("documents", "status", "asc")):  # fmt: skip
        served = rows(page(test_client.get(REPORT, params={"sort": sort, "order": order})), table)
        assert by_rank(table, rank_property(sort, order)) == served, (table, sort, order)
    css = doc.xpath("//style")[0].text
    assert '#findings:has(#f-sev-high:checked) tr:not([data-severity="high"]) > td { display: none; }' in css
    assert "#findings:has(#f-sort-rule-asc:checked) td { order: var(--rula); }" in css
    printing = css[css.index("@media print") :]
    assert ".controls" in printing and "display: block !important" in printing  # every row, no controls


# -- the console's actions, per role and run state ---------------------------------------------------


def actions(test_client: TestClient, run_id: str) -> list[str]:
    doc = page(test_client.get(f"/ui/runs/{run_id}"))
    return [b.get("id") for b in doc.xpath("//section[@id='actions']//form//button")]


def test_each_role_sees_only_the_actions_the_run_allows(client: Client) -> None:
    test_client, w, _ = client
    sign_in(test_client, w.member)
    assert actions(test_client, DONE) == [] and actions(test_client, BUSY) == ["cancel"]
    assert "(running)" in page(test_client.get(f"/ui/runs/{BUSY}")).get_element_by_id("status").text_content()
    assert actions(test_client, AUDITED) == []  # waiting for review: an admin's decision
    sign_in(test_client, w.admin)
    assert actions(test_client, DONE) == [] and actions(test_client, BUSY) == ["cancel"]
    assert actions(test_client, AUDITED) == ["approve", "reject"]
    no_action = page(test_client.get(f"/ui/runs/{DONE}")).get_element_by_id("no-actions").text_content()
    assert no_action == "No action applies to a completed run."


def test_the_markdown_link_downloads_the_tenants_markdown(client: Client) -> None:
    test_client, w, _ = client
    sign_in(test_client, w.member)
    link = page(test_client.get(f"/ui/runs/{DONE}")).get_element_by_id("report-md")
    assert link.get("href") == f"/ui/runs/{DONE}/report.md" and link.text_content() == "markdown"
    got = test_client.get(link.get("href"))
    assert got.status_code == 200 and got.headers["content-type"].startswith("text/markdown")
    assert got.headers["content-disposition"] == f'attachment; filename="audit-{DONE}@acme.md"'
    assert got.text.startswith("# Compliance audit: handbook\n") and "| Document | Status |" in got.text
    sign_in(test_client, w.globex)
    other = test_client.get(link.get("href"))
    assert other.status_code == 404 and error_text(other) == f"no ingestion run '{DONE}' in your tenant"


def test_a_decision_stays_on_top_of_the_re_rendered_report(client: Client) -> None:
    # Last in the module: it approves the audited run.
    test_client, w, _ = client
    csrf = sign_in(test_client, w.admin)
    done = test_client.post(f"/ui/runs/{AUDITED}/approve", data={"csrf": csrf}, follow_redirects=False)
    assert done.status_code == 303
    wait_status(test_client, AUDITED, "completed")
    doc = page(test_client.get(REPORT, params={"severity": "low"}))
    main = doc.xpath("//main")[0]
    first = main[0]
    assert "review" in first.get("class", "") and "Review: approved by console:olga" in first.text_content()
    assert headings(doc)[0] == "Run counters" and headings(doc)[1].startswith("Failed documents")

"""The console's actions per role and run state, its Markdown link and the report's sortable tables,
in a real headless browser (Debian's chromium via selenium) against a real `kassist serve` on
127.0.0.1: a member and an admin look at a run waiting for review, a running run (held by a live
worker in this process) and a completed run; the Markdown link downloads the file; a click on a
column header and the filter form re-sort and filter the console's report (sandboxed, no script);
in the exported file the same is done by CSS alone. Screenshots are kept in the test's folder.

Skipped, with the reason, when chromium, chromedriver or selenium is missing (as
tests/test_console_browser.py)."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from console_harness import AUDITED, BUSY, DONE, ReportWorld, report_world
from server_harness import ROOT, free_port, running

# Its module-level checks skip this module where chromium, chromedriver or selenium is missing.
from test_console_browser import BROWSER, DRIVER, By, Service, sign_in, text, wait, webdriver

from graph.ingestion.reports import export_reports
from graph.ingestion.resources import Resources
from knowledge.audit.models import SEVERITY_RANK

Server = tuple[str, str, ReportWorld, Path]
SHOTS = os.environ.get("KASSIST_TEST_SCREENSHOTS")  # a folder to keep the screenshots in, if set


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("console-report-browser")
    db_url = f"sqlite:///{tmp / 'kassist.db'}"
    with report_world(db_url, tmp) as world:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        env = {k: v for k, v in os.environ.items() if not k.startswith("KASSIST_")}
        env |= {"PYTHONPATH": str(ROOT), "KASSIST_REPORTS_DIR": str(tmp / "reports")}
        argv = [
            sys.executable,
            "-P",
            "-m",
            "cli.main",
            "serve",
            "--port",
            str(port),
            "--database-url",
            db_url,
        ]
        with running(argv, cwd=tmp, log_dir=tmp, env=env, ready=lambda: f"{base}/ok", what="kassist serve"):
            yield base, db_url, world, tmp


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    options = webdriver.ChromeOptions()
    options.binary_location = str(BROWSER)
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1280,1600",
                 f"--user-data-dir={tmp_path / 'chromium-profile'}"):  # fmt: skip
        options.add_argument(flag)
    options.add_experimental_option(
        "prefs",
        {"download.default_directory": str(tmp_path / "downloads"), "download.prompt_for_download": False},
    )
    driver = webdriver.Chrome(options=options, service=Service(str(DRIVER)))
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


def shot(driver: Any, folder: Path, name: str) -> Path:
    path = Path(SHOTS or folder) / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(path))
    return path


def buttons(driver: Any, base: str, run_id: str) -> list[str]:
    driver.get(f"{base}/ui/runs/{run_id}")
    wait(driver, lambda d: d.find_elements(By.ID, "actions"))
    return [b.get_attribute("id") for b in driver.find_elements(By.CSS_SELECTOR, "#actions form button")]


def visible_cells(driver: Any, table: str, column: int) -> list[str]:
    """The text of one column of a table's shown rows, top to bottom as drawn on the page."""
    cells = [
        row.find_elements(By.TAG_NAME, "td")[column]
        for row in driver.find_elements(By.CSS_SELECTOR, f"table.{table} tbody tr")
    ]
    shown = [c for c in cells if c.is_displayed()]
    return [c.text for c in sorted(shown, key=lambda c: c.location["y"])]


def test_actions_per_role_and_state_and_the_markdown_download(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    base, _, w, _ = server
    sign_in(browser, base, w.member)
    assert buttons(browser, base, AUDITED) == [] and "Waiting for an admin" in text(browser, "no-actions")
    assert buttons(browser, base, BUSY) == ["cancel"] and text(browser, "status").endswith("(running)")
    assert (
        buttons(browser, base, DONE) == []
        and text(browser, "no-actions") == "No action applies to a completed run."
    )

    # The Markdown link downloads the run's Markdown report under the export's file name.
    browser.find_element(By.ID, "report-md").click()
    downloaded = tmp_path / "downloads" / f"audit-{DONE}@acme.md"
    deadline = time.monotonic() + 30
    while not downloaded.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert downloaded.exists(), list((tmp_path / "downloads").glob("*"))
    assert downloaded.read_text(encoding="utf-8").startswith("# Compliance audit: handbook\n")

    sign_in(browser, base, w.admin)
    assert buttons(browser, base, AUDITED) == ["approve", "reject"]
    assert buttons(browser, base, BUSY) == ["cancel"]
    assert buttons(browser, base, DONE) == []
    shot(browser, tmp_path, "console-run-admin")

    # Another tenant: the Markdown report of acme's run is not found.
    sign_in(browser, base, w.globex)
    browser.get(f"{base}/ui/runs/{DONE}/report.md")
    assert text(browser, "error") == f"no ingestion run '{DONE}' in your tenant"


def test_a_header_click_and_the_filter_form_sort_and_filter_the_console_report(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    from selenium.webdriver.support.ui import Select

    base, _, w, _ = server
    sign_in(browser, base, w.member, start=f"/ui/runs/{AUDITED}")
    browser.get(f"{base}/ui/runs/{AUDITED}/report.html")
    wait(browser, lambda d: d.find_elements(By.ID, "sort-f-rule"))
    everything = visible_cells(browser, "findings", 2)
    browser.find_element(By.ID, "sort-f-rule").click()  # a link in the sandboxed page: the cookie goes along
    wait(browser, lambda d: "sort=rule" in d.current_url)
    rules = visible_cells(browser, "findings", 2)
    assert rules == sorted(everything) and rules != everything

    Select(browser.find_element(By.NAME, "severity")).select_by_value("high")
    browser.find_element(By.ID, "apply").click()
    wait(browser, lambda d: "severity=high" in d.current_url)
    assert "sort=rule" in browser.current_url  # the sort is kept
    severities = visible_cells(browser, "findings", 0)
    assert severities and set(severities) == {"high"} and len(severities) < len(everything)
    high_rules = visible_cells(browser, "findings", 2)
    assert high_rules == sorted(high_rules)
    assert shot(browser, tmp_path, "console-report-filtered").stat().st_size > 10_000


def test_the_exported_file_sorts_and_filters_in_the_browser_without_a_script(
    server: Server, browser: Any, tmp_path: Path
) -> None:
    _, db_url, _, work = server
    res = Resources.open(db_url, reports_dir=work / "reports")
    try:
        page = export_reports(res.runs, "acme", AUDITED, tmp_path / "out")["html"]
    finally:
        res.close()
    browser.get(page.as_uri())
    everything = visible_cells(browser, "findings", 0)
    ranks = [-SEVERITY_RANK[s] for s in everything]
    assert ranks == sorted(ranks) and len(set(everything)) > 2  # most severe first, every row

    browser.find_element(By.CSS_SELECTOR, "label[for='f-sort-rule-asc']").click()
    rules = visible_cells(browser, "findings", 2)
    assert rules == sorted(rules) and len(rules) == len(everything)
    browser.find_element(By.CSS_SELECTOR, "label[for='f-sev-high']").click()
    shown = visible_cells(browser, "findings", 0)
    assert set(shown) == {"high"} and len(shown) == everything.count("high")
    assert visible_cells(browser, "findings", 2) == sorted(visible_cells(browser, "findings", 2))

    browser.find_element(By.CSS_SELECTOR, "label[for='d-status-failed']").click()
    statuses = visible_cells(browser, "documents", 1)
    assert statuses and set(statuses) == {"failed"}
    shot(browser, tmp_path, "exported-report-filtered")

    # Printed, every row is there and the controls are not.
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    assert len(visible_cells(browser, "findings", 0)) == len(everything)
    assert not any(c.is_displayed() for c in browser.find_elements(By.CSS_SELECTOR, ".controls"))

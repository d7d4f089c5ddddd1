"""A run's audit report as the runs API and the console serve it: read from the run's data, never
from a path a client could have written into its state; the headers that keep a served report
inert (it quotes the tenant's documents, so it is untrusted content on our origin).

The reports live in the database (:func:`graph.ingestion.reports.read_report`, tenant-keyed like
every row): any server of the database serves them, and no file path is ever read.
"""

from __future__ import annotations

from typing import Any

from graph.ingestion import reports
from graph.ingestion.state import REPORT_FORMATS

FORMATS: tuple[str, ...] = REPORT_FORMATS
MEDIA: dict[str, str] = {str(fmt): media for fmt, media in reports.MEDIA_TYPE.items()}
# Sandboxed: no script runs, no form posts, nothing is loaded from anywhere (images only inline),
# and the browser never guesses another type than the one we send.
REPORT_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
REPORT_HEADERS = {
    "Content-Security-Policy": REPORT_CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
# The console's sortable page (rendered by us, no script either): its header links and its GET filter
# form reload it. allow-same-origin is safe without allow-scripts (nothing can use the origin) and
# makes those reloads same-site, so the sign-in cookie (SameSite=Strict) goes with them; a POST from
# it to a console action would still lack the session's CSRF token, which the page never holds.
VIEW_CSP = REPORT_CSP.replace("sandbox;", "sandbox allow-same-origin allow-forms;").replace(
    "form-action 'none'", "form-action 'self'"
)
VIEW_HEADERS = {**REPORT_HEADERS, "Content-Security-Policy": VIEW_CSP}


def read_report(res: Any, tenant: str, run_id: str, fmt: str) -> str | None:
    """The report of ``run_id`` in ``fmt`` (html, json or markdown), or None when it has none."""
    if fmt not in FORMATS:
        return None
    return reports.read_report(res.runs, tenant, run_id, fmt)

"""A run's audit report, stored with the run's data: what the servers serve and the CLI exports.

The report step renders the report (HTML, JSON, Markdown) and stores it in the ingestion tables,
keyed by tenant and run like everything else: any server on the database serves it, whatever host
or working directory wrote it, and nothing is ever read from a path in the run's state (a client
could have written it). Another tenant's report is "not found": every read is bound to the tenant
(``store.for_tenant(tenant)``).
Files exist only when asked for (``kassist runs report --out DIR``, ``kassist ingest --reports-dir``),
in a folder the caller names, under a file name derived here from the validated run id.
"""

from __future__ import annotations

from pathlib import Path

from graph.ingestion.state import REPORT_FORMATS, ReportFormat, validate_run_id
from graph.ingestion.store import BindsRuns
from knowledge.audit import report_stem

SUFFIX: dict[ReportFormat, str] = {"html": ".html", "json": ".json", "markdown": ".md"}
MEDIA_TYPE: dict[ReportFormat, str] = {
    "html": "text/html; charset=utf-8",
    "json": "application/json",
    "markdown": "text/markdown; charset=utf-8",
}


def report_formats(store: BindsRuns, tenant: str, run_id: str) -> list[ReportFormat]:
    """The formats stored for the run (empty: no report yet, or no such run for this tenant)."""
    stored = set(store.for_tenant(tenant).report_formats(run_id))
    return [fmt for fmt in REPORT_FORMATS if fmt in stored]


def read_report(store: BindsRuns, tenant: str, run_id: str, fmt: str) -> str | None:
    """The run's report in ``fmt`` (html, json, markdown); None when there is none for this tenant."""
    if fmt not in REPORT_FORMATS:
        raise ValueError(f"unknown report format {fmt!r}; use one of {', '.join(REPORT_FORMATS)}")
    return store.for_tenant(tenant).report(run_id, fmt)


def export_reports(
    store: BindsRuns,
    tenant: str,
    run_id: str,
    out_dir: Path,
    formats: tuple[str, ...] | list[str] | None = None,
) -> dict[str, Path]:
    """Write the run's stored reports into ``out_dir`` (created) as ``audit-<run id>.{html,json,md}``;
    returns the files written by format (empty: the run has no report, or is not this tenant's)."""
    validate_run_id(run_id)  # the file name is derived from it
    wanted = list(formats or REPORT_FORMATS)
    for fmt in wanted:
        if fmt not in REPORT_FORMATS:
            raise ValueError(f"unknown report format {fmt!r}; use one of {', '.join(REPORT_FORMATS)}")
    bodies = {fmt: read_report(store, tenant, run_id, fmt) for fmt in wanted}
    found = {fmt: body for fmt, body in bodies.items() if body is not None}
    if not found:
        return {}
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    written: dict[str, Path] = {}
    for fmt, body in found.items():
        path = (out_dir / (report_stem(run_id) + SUFFIX[fmt])).resolve()  # type: ignore[index]
        path.write_text(body, encoding="utf-8")
        written[fmt] = path
    return written

"""A run's audit report in three renderings: Markdown, JSON and one self-contained HTML page.

The HTML page needs nothing but itself: inline CSS, an inline SVG chart, no script, no font, no URL,
so it opens offline and from a mail attachment. Templates are package data rendered by jinja2 with
autoescaping on, so a document's path or excerpt can never inject markup.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jinja2 import Environment

from kassist.names import fold_within
from knowledge.audit.models import (
    CATEGORIES,
    SEVERITIES,
    SEVERITY_RANK,
    AuditReport,
    Finding,
    ReportPaths,
)
from knowledge.audit.report_view import (
    DOCUMENT_KEYS,
    DOCUMENT_STATUSES,
    FINDING_KEYS,
    ORDERS,
    Q_MAX,
    ReportView,
    document_default,
    finding_default,
    rank_property,
    ranks,
)
from knowledge.audit.rules import AuditRules

CHART_LEFT, CHART_WIDTH = 130, 400  # SVG units: labels left of the bars, counts right of them
SEVERITY_COLOURS = {"low": "#5b8db8", "medium": "#e0a526", "high": "#e0641b", "critical": "#b3261e"}
_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9_.-]+")


def findings_matrix(findings: Iterable[Finding]) -> dict[str, dict[str, int]]:
    """Counts per category and severity, every category and severity present (zeros included)."""
    counts = Counter((f.category, f.severity) for f in findings)
    return {c: {s: counts[(c, s)] for s in SEVERITIES} for c in CATEGORIES}


def review_reasons(findings: Sequence[Finding], *, failed: int, total: int, rules: AuditRules) -> list[str]:
    """Why a run needs a human's review before it completes; empty when it does not.

    A run needs review when more than ``needs_review_failure_share`` of its documents failed to load,
    or when a finding is at least ``needs_review_severity``.
    """
    reasons = []
    if total and failed / total > rules.needs_review_failure_share:
        reasons.append(
            f"{failed} of {total} documents failed ({failed / total:.0%}), over the "
            f"{rules.needs_review_failure_share:.0%} allowed"
        )
    floor = SEVERITY_RANK[rules.needs_review_severity]
    severe = [f for f in findings if SEVERITY_RANK[f.severity] >= floor]
    if severe:
        by_rule = Counter(f.rule for f in severe)
        listed = ", ".join(f"{n} {rule}" for rule, n in sorted(by_rule.items()))
        reasons.append(
            f"{len(severe)} finding(s) of severity {rules.needs_review_severity} or higher ({listed})"
        )
    return reasons


@dataclass(frozen=True)
class _Bar:
    label: str
    y: int
    total: int
    segments: Sequence[tuple[str, float, float, int]]  # severity, x, width, count


def _chart(matrix: dict[str, dict[str, int]]) -> tuple[list[_Bar], int]:
    """Horizontal stacked bars, one per category: x and width in SVG user units, the longest bar full width."""
    largest = max((sum(row.values()) for row in matrix.values()), default=0) or 1
    bars = []
    for index, (category, row) in enumerate(matrix.items()):
        x = float(CHART_LEFT)
        segments = []
        for severity in SEVERITIES:
            width = CHART_WIDTH * row[severity] / largest
            if row[severity]:
                segments.append((severity, round(x, 2), round(width, 2), row[severity]))
            x += width
        bars.append(_Bar(category.replace("_", " "), 28 * index, sum(row.values()), segments))
    return bars, 28 * len(bars)


def _environment(*, html: bool) -> Environment:
    # jinja2 is imported where a report is rendered: importing knowledge.audit (every command that
    # reads a run) should not pay for it (issue 29, CLI start).
    from jinja2 import Environment, PackageLoader, StrictUndefined

    from kassist.text import shown_in_page

    env = Environment(
        loader=PackageLoader("knowledge.audit", "templates"),
        autoescape=html,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        # A document's name or excerpt is shown as stored: a bidi override (invoice-\u202efdp.exe)
        # would make the reviewer read another name; a terminal escape would rewrite a `cat`.
        finalize=shown_in_page,
    )
    env.filters["md"] = _markdown_cell
    return env


def _markdown_cell(value: object) -> str:
    """One Markdown table cell: no pipe or newline breaks the table, no HTML gets rendered, and no
    image or link a document's author wrote is either: ``![x](https://...)`` in an excerpt loaded a
    remote image in the Markdown viewer a reviewer opened the report in (session 29). Backslashes
    are escaped first, so an author's own ``\\]`` cannot undo the escaped ``]`` before ``(``."""
    text = " ".join(str(value if value is not None else "").split()).replace("\\", "\\\\")
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("|", "\\|")
    return text.replace("](", "\\](")


FINDING_COLUMNS = {"severity": "Severity", "category": "Category", "rule": "Rule", "document": "Document",
                   "location": "Location"}  # fmt: skip
DOCUMENT_COLUMNS = {"document": "Document", "status": "Status", "chunks": "Chunks", "findings": "Findings"}


def _context(report: AuditReport, view: ReportView | None = None) -> dict[str, object]:
    """What the templates show. ``view`` None: the exported page (every row, in the default order,
    with the ranks its CSS sorts by); a view: the console's page, its rows sorted and filtered."""
    matrix = findings_matrix(report.findings)
    bars, height = _chart(matrix)
    shown = view or ReportView()
    per_doc = Counter(f.doc_id for f in report.findings)
    findings = shown.findings(report.findings)
    documents = shown.documents(report.documents, per_doc)
    static = view is None
    return {
        "report": report,
        "matrix": matrix,
        "severities": SEVERITIES,
        "colours": SEVERITY_COLOURS,
        "bars": bars,
        "chart_height": height,
        "chart_left": CHART_LEFT,
        "chart_width": CHART_WIDTH,
        "findings": findings,
        "findings_total": len(report.findings),
        "per_doc": per_doc,
        "documents": documents,
        "documents_total": len(report.documents),
        # The documents that could not be indexed, in their own section before the findings (in a
        # table of hundreds of rows they would be lost among the indexed ones).
        "failed": shown.failed(report.documents),
        "failed_total": sum(d.status == "failed" for d in report.documents),
        "total_by_severity": {s: sum(row[s] for row in matrix.values()) for s in SEVERITIES},
        "console": not static,
        "view": shown,
        "orders": ORDERS,
        "statuses": DOCUMENT_STATUSES,
        "present_statuses": sorted({d.status for d in report.documents}),
        "q_max": Q_MAX,
        "rank_property": rank_property,
        "numeric": ("chunks", "findings"),
        "finding_columns": FINDING_COLUMNS,
        "document_columns": DOCUMENT_COLUMNS,
        "finding_ranks": ranks(findings, FINDING_KEYS, finding_default) if static else None,
        "document_ranks": ranks(documents, DOCUMENT_KEYS, document_default) if static else None,
    }


def render_reports(report: AuditReport) -> dict[str, str]:
    """The three renderings as text, by format (``html``, ``json``, ``markdown``): what a run stores
    with its data (graph.ingestion.reports)."""
    context = _context(report)
    data = report.model_dump(mode="json")
    data["summary"] = {"findings_by_category_and_severity": context["matrix"]}
    return {
        "html": _environment(html=True).get_template("report.html.j2").render(context),
        "json": json.dumps(data, indent=2, ensure_ascii=False) + "\n",
        "markdown": _environment(html=False).get_template("report.md.j2").render(context),
    }


def render_view(stored_json: str, view: ReportView) -> str:
    """The HTML page of a stored JSON report (:func:`render_reports`'s ``json``) as ``view`` sorts
    and filters it: what the console serves, so a reader sorts and filters without a script."""
    data = json.loads(stored_json)
    data.pop("summary", None)  # derived from the findings, recomputed
    context = _context(AuditReport.model_validate(data), view)
    return _environment(html=True).get_template("report.html.j2").render(context)


def report_stem(tenant_id: str, run_id: str) -> str:
    """The file name stem of a run's exported report: ``audit-<run id>@<tenant>``, safe as a file name.

    Run ids are the clients' names, so two tenants' runs are often named alike (``hr-2026``): named
    by the run id alone, one tenant's export into a shared folder replaced the other's report
    without a word (session 30 probes, h5 #10). The tenant is spelt by ``kassist.names.fold_safe``
    (no two tenants' spellings are one name on any file system, and it never contains ``@``); the
    run id keeps its own spelling (a valid one is a plain name without ``@``), so the stem names one
    (tenant, run) and no other. A tenant whose spelling would make the name pass the 255 bytes a file
    name may have (quoting triples a non-ASCII character: 60 ``é`` are 360 characters, and the
    tenant's reports could be exported nowhere, session 30 probes, h5 #14) is named by its digest,
    ``%h-<sha256>``, which no quoted spelling can be (there ``%`` always begins an escape of two
    upper-case hex digits): ``kassist.names.fold_within``, the rule the uploads' folders follow."""
    start = f"audit-{_UNSAFE_NAME.sub('_', run_id) or 'run'}@"
    return start + fold_within(tenant_id, STEM_MAX - len(start))


STEM_MAX = 255 - len(".html") - len("..12345678.tmp")
"""The longest stem (ASCII: characters are bytes): its longest file (``.html``) and the temporary
name that file is written through (``.<name>.<8 characters>.tmp``, graph.ingestion.reports) within
the 255 bytes of a file name."""


def write_reports(report: AuditReport, out_dir: Path) -> ReportPaths:
    """Write ``audit-<run_id>@<tenant>.md``, ``.json`` and ``.html`` into ``out_dir`` (created) and return their paths."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = report_stem(report.tenant_id, report.run_id)
    paths = ReportPaths(
        markdown=out_dir / f"{stem}.md", json=out_dir / f"{stem}.json", html=out_dir / f"{stem}.html"
    )
    context = _context(report)
    # Streamed to the files: a report of thousands of documents is never one string in memory
    # (the end of a large run is where its peak memory was).
    _environment(html=False).get_template("report.md.j2").stream(context).dump(str(paths.markdown), "utf-8")
    _environment(html=True).get_template("report.html.j2").stream(context).dump(str(paths.html), "utf-8")
    data = report.model_dump(mode="json")
    data["summary"] = {"findings_by_category_and_severity": context["matrix"]}
    with paths.json.open("w", encoding="utf-8") as out:
        json.dump(data, out, indent=2, ensure_ascii=False)
        out.write("\n")
    return paths

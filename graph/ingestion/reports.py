"""A run's audit report, stored with the run's data: what the servers serve and the CLI exports.

The report step renders the report (HTML, JSON, Markdown) and stores it in the ingestion tables,
keyed by tenant and run like everything else: any server on the database serves it, whatever host
or working directory wrote it, and nothing is ever read from a path in the run's state (a client
could have written it). Another tenant's report is "not found": every read is bound to the tenant
(``store.for_tenant(tenant)``).
Files exist only when asked for (``kassist runs report --out DIR``, ``kassist ingest --reports-dir``),
in a folder the caller names, under a file name derived here from the tenant and the validated run
id (``audit-<run id>@<tenant>``: two tenants' runs named alike are two sets of files).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from graph.ingestion.state import REPORT_FORMATS, ReportFormat, validate_run_id
from graph.ingestion.store import BindsRuns
from kassist.names import other_spelling
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


class ExportRefused(ValueError):
    """An export that would replace another run's exported report (one line for the command line)."""


def export_reports(
    store: BindsRuns,
    tenant: str,
    run_id: str,
    out_dir: Path,
    formats: tuple[str, ...] | list[str] | None = None,
) -> dict[str, Path]:
    """Write the run's stored reports into ``out_dir`` (created) as ``audit-<run id>@<tenant>.{html,json,md}``
    (knowledge.audit.report_stem); returns the files written by format (empty: the run has no
    report, or is not this tenant's). Each file is replaced whole; the set names one tenant's run,
    so exports of two tenants' runs into one folder, even at once, never mix."""
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
    folder = out_dir.resolve()
    paths = {fmt: folder / (report_stem(tenant, run_id) + SUFFIX[fmt]) for fmt in found}  # type: ignore[index]
    for path in paths.values():
        # Runs R1 and r1 are two runs; on macOS and Windows their reports are one file, and the
        # second export replaced the first's (kassist.names). Refused before anything is written.
        clash = other_spelling(folder, path.name)
        if clash is not None:
            raise ExportRefused(
                f"cannot write into {folder}: {clash} is there already, the same file as {path.name} "
                "on macOS and Windows (names that differ only in letter case); export this run into "
                "another folder"
            )
    written: dict[str, Path] = {}
    for fmt, body in found.items():
        path = paths[fmt]
        _replace_file(path, body)
        written[fmt] = path
    return written


def _replace_file(path: Path, body: str) -> None:
    """Write ``body`` as ``path`` through a new file in the same folder renamed onto the name: a
    link planted there (a shared folder) is replaced, never written through to its target, and a
    reader never sees half a report."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(body)
        os.chmod(tmp, 0o666 & ~_umask())  # as write_text would create it (mkstemp gives 0600)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    """The process's umask, read without changing it (os.umask sets it too, racing other threads)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    return 0o022

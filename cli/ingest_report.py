"""``kassist runs report RUN --tenant T --out DIR``: write a run's stored audit report to files.

The report lives with the run's data (graph.ingestion.reports); files exist only where the caller
asks for them. Each path is printed whole on its own line (a pipe or a narrow terminal never cuts
it); ``--json`` prints ``{format: path}``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from cli import kit
from cli.job_stop import Terminated, interrupted, sigterm_as_interrupt
from cli.output import err_console

FormatOption = Annotated[
    list[str] | None,
    typer.Option("--format", "-f", help="html | json | markdown (repeatable; default: all three)."),
]


@kit.common(full=False)
def report(
    run_id: Annotated[str, typer.Argument(help="The run id.")],
    tenant: kit.TenantOption,
    out_dir: Annotated[Path, typer.Option("--out", help="Folder to write the report's files into.")],
    formats: FormatOption = None,
    opts: kit.Common = kit.COMMON,
) -> None:
    """Write a run's audit report (stored with the run) into a folder: audit-RUN@TENANT.html/.json/.md."""
    from cli import ingest
    from graph.ingestion.reports import ExportRefused, export_reports
    from graph.ingestion.state import REPORT_FORMATS

    tenant = kit.check_tenant(tenant)
    run_id = ingest.check_run_id(run_id)
    for fmt in formats or ():
        if fmt not in REPORT_FORMATS:
            kit.fail(f"--format {fmt!r}: use html, json or markdown", kit.ExitCode.USAGE)
    kit.check_output_folder("--out", out_dir)
    with ingest.run_resources(opts.database_url, read_only=True) as res:
        if res.runs.for_tenant(tenant).get(run_id) is None:
            kit.fail(f"no ingestion run {run_id!r} for tenant {tenant!r}")
        try:
            # SIGTERM as Ctrl-C: the export's own clean-up runs (Python's default ended the process
            # at once, leaving a hidden copy of the report in the folder: h27 s40 H27-4).
            with sigterm_as_interrupt():
                written = export_reports(res.runs, tenant, run_id, out_dir, formats)
        except KeyboardInterrupt as exc:
            again = "the report's files there may be incomplete: run the same command again"
            interrupted(err_console(), f"{again} ({out_dir})", terminated=isinstance(exc, Terminated))
        except OSError as exc:
            kit.fail(f"cannot write into {out_dir}: {exc.strerror or exc}")
        except ExportRefused as exc:  # another run's export of another spelling is there
            kit.fail(str(exc))
    if not written:
        kit.fail(f"run {run_id!r} has no audit report yet: it is stored at the run's report step")
    out = kit.out_console()
    if opts.as_json:
        out.print_json(json.dumps({fmt: str(path) for fmt, path in written.items()}))
        return
    for fmt, path in written.items():
        kit.print_path(out, fmt, path)

"""Two tenants' reports of one run id exported into one folder stay each its own (session 30 probes,
h5: /tmp/h5s30/findings.md #10).

``kassist runs report RUN --tenant T --out DIR`` and ``kassist ingest --reports-dir DIR`` write
``audit-<run id>.{html,json,md}``: the run id alone names the files, and run ids are the clients'
names. acme's and globex's ``hr-2026`` exported into one folder (an operator's nightly export of every
tenant, a shared --reports-dir) were one set of files: globex's export silently replaced acme's report
with globex's, and two exports at once can leave a set mixing both tenants' formats. The export refuses
to replace another run's report when two names differ only in case (reports.ExportRefused); another
tenant's run of the same name was replaced without a word.
"""

from __future__ import annotations

import json
from contextlib import suppress
from pathlib import Path


def test_two_tenants_reports_of_one_run_id_exported_into_one_folder_stay_apart(
    sqlite_url: str, tmp_path: Path
) -> None:
    from graph.ingestion import resources
    from graph.ingestion.reports import ExportRefused, export_reports
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Settings

    out = tmp_path / "reports"
    with resources.installed(resources.Resources.open(sqlite_url)) as res:
        written: dict[str, dict[str, Path]] = {}
        for tenant in ("acme", "globex"):
            docs = tmp_path / tenant
            docs.mkdir()
            (docs / "leave.md").write_text(f"# Leave at {tenant}\n\nEmployees get 25 days of leave a year.\n")
            settings = Settings(source=str(docs), collection="c", embedder="hashing")
            assert execute(res, tenant, "hr-2026", settings=settings).state.status == "completed"
            # Refusing the second tenant's export keeps the first's: an answer too.
            with suppress(ExportRefused):
                written[tenant] = export_reports(res.runs, tenant, "hr-2026", out)
        acme = json.loads(written["acme"]["json"].read_text())
        assert acme["tenant_id"] == "acme", "acme's exported report now holds globex's run"

"""Every tenant's run report can be exported as files (session 30 probes, h5: /tmp/h5s30/findings.md #14).

Exported reports are named ``audit-<run id>@<tenant>`` since #10's fix (af17c38), the tenant spelt
by ``kassist.names.fold_safe``, which percent-encodes each non-ASCII byte: a tenant id of 60 ``é``
(a valid id: 60 of the 128 characters allowed) is 360 characters there, and with the run id, the
suffix and the temporary file's prefix the name passed the file system's 255 bytes: ``kassist runs
report --out`` and ``kassist ingest --reports-dir`` failed for that tenant in every folder ("cannot
write into out: File name too long"). The uploads folder met the same limit in session 29 and
names such a tenant by a digest (server/runs/uploads.tenant_folder).
"""

from __future__ import annotations

from pathlib import Path

TENANT = "é" * 60


def test_a_tenant_with_a_long_non_ascii_id_exports_its_report(sqlite_url: str, tmp_path: Path) -> None:
    from graph.ingestion import resources
    from graph.ingestion.reports import export_reports
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Settings

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    with resources.installed(resources.Resources.open(sqlite_url)) as res:
        settings = Settings(source=str(docs), collection="c", embedder="hashing")
        assert execute(res, TENANT, "hr-2026", settings=settings).state.status == "completed"
        written = export_reports(res.runs, TENANT, "hr-2026", tmp_path / "out")
        assert sorted(written) == ["html", "json", "markdown"]
        assert all(path.is_file() and len(path.name.encode()) <= 255 for path in written.values())

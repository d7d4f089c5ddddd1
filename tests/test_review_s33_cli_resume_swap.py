"""The command line's resume of a served run reads only that run's tenant's folder (review s33 r1,
the CLI door of h11 s33 #1).

A run the runs API accepted reads ``KASSIST_INGEST_ROOT/<tenant>/<path>``, a folder its tenant
writes. A member who swaps that folder for a link to another tenant's folder once the run is past its
checks has the other tenant's files read (h11 s33 #1, #2; the fix confines a served run's reads to
the folder the server lets it read, ``load_file``/``walk_files`` ``within``, which the runs API's
worker and langgraph dev pass). But the run can also be carried on by the operator: ``kassist runs
resume <run> --tenant acme`` (the command the registration's own message names) runs it with its
registered settings - the member's folder - and passes no such folder: the operator's command reads
where the *member's* link points.

acme's member's run (four files, one per batch) is accepted by the runs API and paused after its
discover (max_steps), as the server's worker leaves it - nothing written yet, so the collection
records no source the swapped folder could differ from; the member swaps acme's folder for a link to
globex's; the operator resumes it with the command line (in process, typer's runner; d.md, the file
globex also has, is one no batch loaded ahead before the swap, as in a command line's own process).
Fails on 3aac96e (h11 #1's fix) and with a source record that resolves links. One SQLite file, ~5 s."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.service import RunsService

SECRET = "GLOBEX ONLY: the chief executive's salary is 900,000 zebras."


def test_the_command_lines_resume_of_a_served_run_reads_no_other_tenants_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    acme, globex = root / "acme" / "docs", root / "globex" / "docs"
    acme.mkdir(parents=True)
    globex.mkdir(parents=True)
    for name in "abcd":  # one per batch; a batch loads the next two ahead, never d.md before the swap
        (acme / f"{name}.md").write_text(f"# {name.upper()}\n\nPage {name} of the office handbook.\n")
    (globex / "d.md").write_text(f"# D\n\n{SECRET}\n")
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(root))
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "up"))
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    res = Resources.open(url, reports_dir=tmp_path / "reports")
    try:
        service = RunsService(res, RunsConfig.from_env(os.environ))
        alice = Principal(identity="alice", tenant_id="acme", role="member")
        options = RunOptions(embedder="hashing", batch_size=1, max_steps=1)  # discover only
        service.create(alice, CreateRun(path="docs", collection="c", run_id="r", options=options), None)
        jobs = JobStore(res.runs).for_tenant("acme")
        job = jobs.get("r")
        assert job is not None and job.settings is not None
        first = execute(
            res,
            "acme",
            "r",
            settings=Settings.model_validate(job.settings),
            max_steps=job.max_steps,
            on_finish=lambda _: jobs.done(job.run_id, job.seq),
        )  # fmt: skip  (as the server's worker carries it out)
        assert (first.state.status, first.state.batch_cursor) == ("paused", 0), first.state
    finally:
        res.close()
    acme.rename(acme.with_name("docs.before"))  # the member's swap
    acme.symlink_to(globex, target_is_directory=True)
    done = CliRunner().invoke(app, ["runs", "resume", "r", "--tenant", "acme", "--database-url", url])
    res = Resources.open(url, reports_dir=tmp_path / "reports")
    try:
        kb = res.index("hashing").for_tenant("acme")
        texts = {path: kb.document(path, "c", text=True).outline for _, path in kb.documents("c")}
    finally:
        res.close()
    indexed = " ".join(chunk.text or "" for outline in texts.values() for chunk in outline)
    assert SECRET not in indexed, (
        f"the operator's resume (exit {done.exit_code}) indexed globex's d.md in acme's collection: "
        f"{sorted(texts)}"
    )

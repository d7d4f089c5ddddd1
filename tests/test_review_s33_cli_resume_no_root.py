"""The command line's resume of a served run stays in its tenant's folder when the operator's shell
does not hold the server's settings (review s33 r1, F12's remainder).

tests/test_review_s33_cli_resume_parent_swap.py: a served run's folder is nested in its tenant's
(``team/docs``) and its member swaps ``acme/team`` for a link to ``globex/team``; ``kassist runs
resume`` must not read globex's file. A fix that confines the resume to the tenant's folder of
``KASSIST_INGEST_ROOT`` *as the operator's environment has it* leaves the case where the operator's
shell has no ``KASSIST_INGEST_ROOT`` (set only in the server's service unit): the run is then the
operator's own to the command line, read with its folder's parents resolved, through the member's
link. Refusing to carry on a run the server accepted without the server's root (or confining it to
its registered folder taken as written) keeps globex's file out.

As the parent-swap test, the resume run with ``KASSIST_INGEST_ROOT`` removed from the environment.
One SQLite file, ~4 s."""

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


def test_the_command_lines_resume_without_the_servers_root_follows_no_swapped_parent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    acme, globex = root / "acme" / "team" / "docs", root / "globex" / "team" / "docs"
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
        service.create(alice, CreateRun(path="team/docs", collection="c", run_id="r", options=options), None)
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
    team = acme.parent  # the member swaps the run's folder's parent, inside acme's folder
    team.rename(team.with_name("team.before"))
    team.symlink_to(globex.parent, target_is_directory=True)
    monkeypatch.delenv("KASSIST_INGEST_ROOT")  # the operator's shell, not the server's service unit
    done = CliRunner().invoke(app, ["runs", "resume", "r", "--tenant", "acme", "--database-url", url])
    # Refused in one line that says what to do, not read as the operator's own folder.
    assert done.exit_code == 1 and "resume it through the server" in done.output, done.output
    assert "Traceback" not in done.output
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

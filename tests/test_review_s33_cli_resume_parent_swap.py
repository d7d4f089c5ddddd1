"""The command line's resume of a served run does not follow a link put in place of a *parent* of
its folder (review s33 r1, of 0dba54f).

f279f23 read a command line's run's files from its registered folder "as written" (``exact``), which
refused a link put in place of the folder itself. 0dba54f (review r1's patch 04, the "parents
resolved" half - r1's mistake) resolves the folder's parents, so that a folder named through a link
that never moved (macOS's /tmp, a mount link) is read. But a served run's folder may be nested in
its tenant's folder (``path: "team/docs"``): ``team`` is the tenant's to write, not the operator's.
Its member swaps ``acme/team`` for a link to ``globex/team``; ``kassist runs resume`` resolves the
parent through the link and reads globex's ``team/docs/d.md`` into acme's collection. A run carried
out by the server reads from its tenant's folder without following a link below it (3aac96e).

As tests/test_review_s33_cli_resume_swap.py: acme's member's runs API run paused after discover,
the swap, the operator's resume in process (typer's runner). One SQLite file, ~4 s."""

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


def test_the_command_lines_resume_follows_no_link_in_place_of_a_parent(
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

"""``kassist runs show`` and ``runs list`` do not call a run whose checkpoints went after it ran
"pending" while ``runs resume`` refuses it (h17 s36, after the lead's H17-2 fixes d660c83, ae5e055).

A run that ran and lost its checkpoints (a prune killed between its checkpoint delete and its
ingestion sweep, H17-2; or a thread delete before a sweep) keeps its registration, manifest and
report. Since d660c83/ae5e055 every door that would run it answers ``RunNotFound``: "run 'r' has no
checkpoint left ...; start a new run id". But ``runs show`` and ``runs list`` read the registration of
a run with no checkpoint as one "registered, killed before its first checkpoint" (docs/ingestion.md's
table: shown ``pending``, and ``runs resume R`` starts it): the completed run is shown pending, next
step discover, 0 documents - and the command the table names for it refuses it. One reading for every
door: ``registration.ran_before``.

In process, the run completed and its thread deleted through the saver (what a prune's first half
commits); two ``kassist`` children. SQLite, ~3 s of CPU."""

from __future__ import annotations

import json
from pathlib import Path

from ingest_harness import kassist

TENANT, RUN = "acme", "gone"


def test_runs_show_does_not_call_a_run_whose_checkpoints_went_pending(tmp_path: Path) -> None:
    from graph.ingestion import resources
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Settings

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    db_url = f"sqlite:///{tmp_path / 'kb.db'}"
    with resources.installed(resources.Resources.open(db_url)) as res:
        settings = Settings(source=str(docs), collection="c", embedder="hashing")
        assert execute(res, TENANT, RUN, settings=settings).state.status == "completed"
        res.saver.for_tenant(TENANT).delete_thread(RUN)  # what a prune's first half commits

    base = ["--tenant", TENANT, "--database-url", db_url, "--json"]
    resumed = kassist("runs", "resume", RUN, *base, cwd=tmp_path)
    assert resumed.returncode == 1 and "has no checkpoint left" in resumed.stderr  # the doors' answer
    shown = kassist("runs", "show", RUN, *base, cwd=tmp_path)
    listed = kassist("runs", "list", *base, cwd=tmp_path)
    assert shown.returncode == 0 and listed.returncode == 0, shown.stderr + listed.stderr
    # "pending" is a run `runs resume` starts (docs/ingestion.md); this one it refuses.
    assert json.loads(shown.stdout)["status"] != "pending", shown.stdout
    assert [row["status"] for row in json.loads(listed.stdout)] != ["pending"], listed.stdout

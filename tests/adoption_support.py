"""What the tests of an upgraded collection's audit rules share (graph/ingestion/adoption.py): an admin
(olga) and a member (maria) of acme, the admin's rules file, a page it keeps and one it holds, the
refusal's words, and runs created and carried out as the runs API's worker does, in process."""

from __future__ import annotations

from graph.ingestion.jobs import JobStore
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from server.keys import Principal
from server.runs.models import CreateRun, RunOptions
from server.runs.served_again import served_folder
from server.runs.service import RunsService

OLGA = Principal(identity="olga", tenant_id="acme", role="admin")
MARIA = Principal(identity="maria", tenant_id="acme", role="member")
RULES = 'required_metadata = ["owner", "classification", "version"]\nseverity = { missing_metadata = "critical" }\n'
KEPT = "---\nowner: hr\nclassification: internal\nversion: 3\n---\n# Leave\n\nLeave is 28 days.\n"
UNKEPT = "---\nowner: hr\nclassification: internal\n---\n# Bonus\n\nThe zebracorn bonus is paid in March.\n"
UNKNOWN = "indexed before kassist kept the audit rules it is audited with"


def carry_out(
    service: RunsService, run: str, *, rechunk: bool = False, error: list[str] | None = None
) -> str:
    """The run as the server's worker carries it out (its registered settings, its served folder);
    its status (``error`` gets its last error)."""
    jobs = JobStore(service.res.runs).for_tenant("acme")
    job = jobs.get(run)
    assert job is not None and job.settings is not None
    outcome = execute(
        service.res, "acme", run, settings=Settings.model_validate(job.settings),
        on_finish=lambda _: jobs.done(job.run_id, job.seq), within=served_folder(service.res, service.config, job),
        rechunk=rechunk,
    )  # fmt: skip
    if error is not None:
        error.append(outcome.state.last_error or "")
    return outcome.state.status


def create(service: RunsService, who: Principal, run: str, rules: str | None) -> None:
    """``who``'s runs API run of acme's ``docs`` into ``policies``, naming ``rules`` (or none)."""
    options = RunOptions(embedder="hashing", audit_rules=rules)
    service.create(who, CreateRun(path="docs", collection="policies", run_id=run, options=options), None)

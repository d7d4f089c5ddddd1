"""Whether a run waits for an admin's review is not the requester's to decide (session 32 probes, h9:
/tmp/h9s32/findings.md #4).

A review decision takes an admin key; a member's run whose audit finds a private key waits for one.
But the audit's thresholds came from the run's own rules file (``options.audit_rules``, "a TOML file
under the run's root"), and an upload's root is the upload: a member who sent a ``rules.toml`` with
its documents (``needs_review_failure_share = 1.0`` and no categories, or the private key's severity
lowered) had its run complete - notified, remembered - with the key in it and no admin asked.

The runs API's upload as its route calls it (``RunsService.create_upload``), then its worker's
``execute``: one SQLite file, no HTTP."""

from __future__ import annotations

import asyncio
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import pytest
from review_support import KEY_DOC

from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import RunOptions
from server.runs.names import ApiError
from server.runs.service import RunsService

LENIENT = {  # what a member's rules file may say of the review's bar
    "no-categories": "enabled = []\nneeds_review_failure_share = 1.0\n",
    "key-lowered": 'needs_review_failure_share = 1.0\nseverity = { private_key = "low" }\n',
}


@dataclass
class Sent:
    """An uploaded file as Starlette hands it over (its name and its spooled file)."""

    filename: str
    file: BinaryIO


@pytest.mark.parametrize("rules", sorted(LENIENT))
def test_a_members_own_rules_file_does_not_spare_its_run_the_admins_review(
    tmp_path: Path, rules: str
) -> None:
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    service = RunsService(res, RunsConfig.from_env({"KASSIST_UPLOADS_DIR": str(tmp_path / "up")}))
    alice = Principal(identity="alice", tenant_id="acme", role="member")
    try:
        files = [
            Sent("deploy.md", io.BytesIO(KEY_DOC.encode())),
            Sent("rules.toml", io.BytesIO(LENIENT[rules].encode())),
        ]
        options = RunOptions(embedder="hashing", audit_rules="rules.toml")
        try:
            accepted = asyncio.run(service.create_upload(alice, files, "c", "lenient", options, None))
        except ApiError as refused:  # an upload's own rules file refused at the door is a rule too
            assert refused.status == 422 and "audit_rules" in str(refused.loc), refused
            return
        jobs = JobStore(res.runs).for_tenant("acme")
        job = jobs.get(accepted.run_id)
        assert job is not None and job.settings is not None
        # As the server's worker carries the request out.
        outcome = execute(
            res, "acme", job.run_id, settings=Settings.model_validate(job.settings),
            on_finish=lambda _: jobs.done(job.run_id, job.seq),
        )  # fmt: skip
        assert outcome.started == "needs_review", (
            f"alice's upload with a private key and her rules file {json.dumps(LENIENT[rules])} ended "
            f"{outcome.state.status}, no admin asked"
        )
    finally:
        res.close()

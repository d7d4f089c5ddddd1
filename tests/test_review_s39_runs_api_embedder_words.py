"""r4 s39 (review of 1ee34c4, H24-9's fix): a runs API run asking ``options.embedder: "openai"`` of a
server without OpenAI is let in and fails naming ``--embedder``, an option the API does not have.

1ee34c4 makes select_embedder say where a choice came from (``named_by``): the assistant's
``KASSIST_EMBEDDER=openai`` is no longer told about an ``--embedder`` its commands lack. The runs API
is the same door for ingestion: POST /v1/runs with ``options.embedder: "openai"`` on a server whose
environment holds no OPENAI_* is accepted (201), and its run fails at discover with ``EmbedderUnavailable:
--embedder openai needs OPENAI_API_KEY or OPENAI_BASE_URL in the environment`` - a command-line option
and the server's environment, neither of which the client can act on. Expected: refused before the run
exists (422 naming options.embedder), or at least an error in the API's words. The runs API's service in
process, the run carried out as the worker does, SQLite, no OpenAI at all."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.names import ApiError
from server.runs.served_again import served_folder
from server.runs.service import RunsService

OLGA = Principal(identity="olga", tenant_id="acme", role="admin")


def test_an_embedder_the_server_cannot_use_is_refused_in_the_apis_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in [k for k in os.environ if k.startswith("OPENAI")]:
        monkeypatch.delenv(name)
    (tmp_path / "root" / "acme" / "docs").mkdir(parents=True)
    (tmp_path / "root" / "acme" / "docs" / "leave.md").write_text("# Leave\n\nLeave is 28 days.\n")
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(tmp_path / "root"))
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "up"))
    res = Resources.open(f"sqlite:///{tmp_path / 'k.db'}", reports_dir=tmp_path / "reports")
    try:
        service = RunsService(res, RunsConfig.from_env(os.environ))
        body = CreateRun(path="docs", collection="hr", run_id="r1", options=RunOptions(embedder="openai"))
        try:
            service.create(OLGA, body, None)
        except ApiError as refused:  # at the door: the API's field, not a command-line option
            assert refused.status == 422 and "--embedder" not in refused.detail, refused.detail
            return
        jobs = JobStore(res.runs).for_tenant("acme")
        job = jobs.get("r1")
        assert job is not None and job.settings is not None
        outcome = execute(
            res, "acme", "r1", settings=Settings.model_validate(job.settings),
            on_finish=lambda _: jobs.done(job.run_id, job.seq), within=served_folder(res, service.config, job),
        )  # fmt: skip
        said = str(outcome.state.last_error)
        assert "--embedder" not in said, f"accepted (201), then the run {outcome.state.status}: {said}"
    finally:
        res.close()

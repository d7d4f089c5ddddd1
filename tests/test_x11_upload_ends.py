"""An ended run's upload goes (h16 s36 H16-1, the lead's decision 1; x11: server/runs/upload_ends.py):
a completed upload run's folder is removed by the worker that finishes it, its documents still found
in the index; a run that ended elsewhere (the command line's cancel, carried out beside the server)
keeps its folder until a server's worker starts and sweeps it; a run that can still go on keeps its
folder through that sweep. h16's own test covers the cancel carried out by the worker. The runs API's
service in process, one SQLite file, one worker (~5 s of CPU)."""

from __future__ import annotations

import asyncio
import io
import time
from pathlib import Path

from review_support import found

from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import RunOptions
from server.runs.service import RunsService

MARIA = Principal(identity="maria", tenant_id="acme", role="member")


class _File:
    def __init__(self, name: str, data: bytes) -> None:
        self.filename = name
        self.file = io.BytesIO(data)


def _uploaded(service: RunsService, run: str, text: str) -> None:
    files = [_File(f"{run}.md", f"# {run}\n\n{text}\n".encode())]
    asyncio.run(service.create_upload(MARIA, files, "c", run, RunOptions(embedder="hashing"), None))


def _kept(root: Path) -> list[str]:
    return sorted(p.name for p in root.rglob("*.md"))


def _settled(service: RunsService) -> None:
    deadline = time.monotonic() + 60
    while service.worker.poll_once() or service.worker.active():
        assert time.monotonic() < deadline, "the worker did not settle"
        time.sleep(0.05)


def test_an_ended_runs_upload_is_removed_and_a_live_ones_kept(res: Resources, tmp_path: Path) -> None:
    up = tmp_path / "up"
    env = {"KASSIST_UPLOADS_DIR": str(up), "KASSIST_RUN_WORKERS": "1", "KASSIST_RUN_POLL_SECONDS": "0.05"}
    service = RunsService(res, RunsConfig.from_env(env))
    try:
        _uploaded(service, "done", "All zebracorns get twenty-five days of leave.")
        _settled(service)
        assert service.view(MARIA, "done").status == "completed"
        assert _kept(up) == []  # removed by the worker that finished it
        assert found(res, "zebracorns") == ["done.md"]  # its text is the index's

        _uploaded(service, "elsewhere", "Quokkas file expenses monthly.")
        _uploaded(service, "waiting", "Wombats need approval.")
        res.runs.for_tenant("acme").request_cancel("elsewhere")
        assert execute(res, "acme", "elsewhere").state.status == "cancelled"  # `kassist runs cancel`
        assert _kept(up) == ["elsewhere.md", "waiting.md"]
    finally:
        service.worker.stop()

    # A server's start (here one that runs nothing) sweeps the ended runs' uploads, and only theirs.
    again = RunsService(res, RunsConfig.from_env({**env, "KASSIST_RUN_WORKERS": "0"}))
    again.worker.start()
    deadline = time.monotonic() + 30
    while "elsewhere.md" in _kept(up):
        assert time.monotonic() < deadline, "the ended run's upload was not swept"
        time.sleep(0.05)
    assert _kept(up) == ["waiting.md"]

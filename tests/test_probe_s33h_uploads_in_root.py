"""Every tenant's uploads are never a folder some tenant's path runs may read (session 33 probes,
h11: /tmp/h11/findings.md #8).

``KASSIST_UPLOADS_DIR`` holds every tenant's uploaded files (``t-<tenant>/<run>.<token>/``);
``KASSIST_INGEST_ROOT/<tenant>`` is what a tenant's path runs read. Nothing keeps the first out of the
second: an operator who keeps both under one folder (``KASSIST_UPLOADS_DIR=/srv/kassist/acme/uploads``
with ``KASSIST_INGEST_ROOT=/srv/kassist``, or the whole root shared by a single tenant before a second
one came) starts a server on which acme's member runs ``{"path": "uploads/t-globex/..."}`` and indexes
globex's uploaded documents into acme's collection. The server's start refuses other settings that
cannot work (a file where a folder is needed, an unlisted notify host); this one is refused neither
at the start nor at the run. ``RunsService.create`` as the route calls it, one SQLite file, ~2 s."""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import pytest

from graph.ingestion.resources import Resources
from server.keys import Principal
from server.runs.config import RunsConfig, RunsConfigError
from server.runs.models import CreateRun, RunOptions
from server.runs.names import ApiError
from server.runs.service import RunsService


@dataclass
class Sent:
    filename: str
    file: BinaryIO


def test_uploads_inside_a_tenants_ingestion_folder_are_refused(tmp_path: Path) -> None:
    root = tmp_path / "srv"
    (root / "acme").mkdir(parents=True)
    env = {"KASSIST_INGEST_ROOT": str(root), "KASSIST_UPLOADS_DIR": str(root / "acme" / "uploads")}
    try:
        config = RunsConfig.from_env(env)
    except RunsConfigError:
        return  # refused at the server's start: a rule
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    service = RunsService(res, config)
    try:
        gina = Principal(identity="gina", tenant_id="globex", role="member")
        secret = Sent("merger.md", io.BytesIO(b"# Merger\n\nGlobex buys Initech on 1 March.\n"))
        options = RunOptions(embedder="hashing")
        asyncio.run(service.create_upload(gina, [secret], "deals", "g1", options, None))
        folder = next((root / "acme" / "uploads").glob("t-globex/g1.*"))
        maria = Principal(identity="maria", tenant_id="acme", role="member")
        body = CreateRun(path=str(folder.relative_to(root / "acme")), collection="c", options=options)
        try:
            service.create(maria, body, None)
        except ApiError:
            return  # refused at the run: a rule
        pytest.fail(f"acme's member may ingest globex's upload {folder.relative_to(root)}")
    finally:
        res.close()

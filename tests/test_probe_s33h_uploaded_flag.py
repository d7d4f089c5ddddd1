"""Whether a run's files are an upload is the server's to say, not a ``langgraph dev`` client's
(session 33 probes, h11: /tmp/h11/findings.md #7).

be27d18 added ``Settings.uploaded`` ("the runs API's upload route sets it"): a run so marked is of
the tenant's uploads source (knowledge/index/sources.py) - it may write a collection of uploads, it
replaces their files and removes none. ``Settings`` is also the input a ``langgraph dev`` client
sends (``IngestionInput.settings``), and its input check (``graph/ingestion/served.input_refusal``,
what the auth handler answers 422 with) lets ``"uploaded": true`` through on a run of the tenant's
own folder: a client writes a field the server sets, and its folder run is recorded as uploads
(a folder run of the same folder into that collection is then refused, and the run never removes
its gone files). Refused, or derived from the source by the server, it is not the client's. No
server: the check itself, on a tenant folder under a real ``KASSIST_INGEST_ROOT``."""

from __future__ import annotations

from pathlib import Path

from graph.ingestion.served import input_refusal


def test_a_client_cannot_mark_its_folder_run_an_upload(tmp_path: Path) -> None:
    folder = tmp_path / "root" / "acme" / "docs"
    folder.mkdir(parents=True)
    env = {"KASSIST_INGEST_ROOT": str(tmp_path / "root")}
    plain = {"settings": {"source": str(folder), "collection": "c", "embedder": "hashing"}}
    assert input_refusal(plain, env, "acme") is None  # the folder run itself is allowed
    marked = {"settings": {**plain["settings"], "uploaded": True}}
    assert input_refusal(marked, env, "acme") is not None, (
        "langgraph dev accepts a client's settings.uploaded: its folder run is recorded as the tenant's uploads"
    )

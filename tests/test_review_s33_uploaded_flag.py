"""``settings.uploaded`` is the server's to set, never a client's: the graph's own check too
(review s33 r1; h11 s33 #7).

The runs API's upload route marks its run ``Settings.uploaded`` (be27d18): the run's documents join
the tenant's uploads (knowledge/index/sources.py: one source for every upload) and it removes none.
``Settings`` is also the input of the ingestion graph ``langgraph dev`` serves. 4038aa4 refuses the
field at langgraph dev's door (``served.input_refusal``, 422); the graph's ``begin`` node, the
second check of a client's settings ("the nodes check again": server/run_checks.py), still takes
it: an input accepted before that door said no (a cron, a run accepted and killed in its first
instant: server/accepted_runs.py), or any door that reaches the graph without it, runs a member's
folder with ``"uploaded": true`` into a collection of uploads, which refuses that folder otherwise
(``collection 'c' holds uploaded files; ingest folder 'docs' into another collection``), and
replaces the uploaded documents with the folder's.

The graph runs as ``langgraph dev`` runs it (an authenticated user in its configurable,
``KASSIST_INGEST_ROOT`` set), as tests/test_probe_s33h_lookahead_swap.py does. One SQLite file, ~3 s."""

from __future__ import annotations

from pathlib import Path

import pytest
from review_support import member_config

from graph.ingestion.resources import Resources, bind
from graph.ingestion.runner import _compiled, config_for
from graph.ingestion.state import Settings

UPLOADED = "The uploaded version of a: the office opens at ten."


def test_a_client_cannot_call_its_folder_an_upload(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "root"
    docs = root / "acme" / "docs"
    docs.mkdir(parents=True)
    (docs / "a.md").write_text("# A\n\nThe folder's version of a: the office opens at nine.\n")
    (docs / "b.md").write_text("# B\n\nA page only the folder has.\n")
    uploaded = tmp_path / "up" / "u1"  # an upload's folder, outside the root (KASSIST_UPLOADS_DIR)
    uploaded.mkdir(parents=True)
    (uploaded / "a.md").write_text(f"# A\n\n{UPLOADED}\n")
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(root))
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    try:
        graph = _compiled(res, "acme")
        # The upload route's run: settings made by the server, no client in the configurable.
        upload = Settings(source=str(uploaded), collection="c", embedder="hashing", uploaded=True)
        assert (
            graph.invoke({"settings": upload.model_dump()}, bind(config_for("acme", "u1"), res))["status"]
            == "completed"
        )
        config = member_config(res, "dev")
        claimed = Settings(source=str(docs), collection="c", embedder="hashing", uploaded=True)
        final = graph.invoke({"settings": claimed.model_dump()}, config)
        kb = res.index("hashing").for_tenant("acme")
        paths = sorted(path for _, path in kb.documents("c"))
        text = " ".join(chunk.text or "" for chunk in kb.document("a.md", "c", text=True).outline)
        assert (paths, UPLOADED in text) == (["a.md"], True), (
            f"the client's folder run ended {final['status']}; collection c holds {paths}, a.md: {text!r}"
        )
    finally:
        res.close()

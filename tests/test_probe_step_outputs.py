"""A run's step outputs never carry a server path (session 20 probes, /tmp/kassist-docs/s20/h1-probes.md).

``last_error`` and a failed document's reason went through ``graph.ingestion.errors.for_client``;
the step outputs did not. The discover step's output quotes the embedder's reason, which for
``--embedder auto`` with an unreadable or corrupted local model is ``hashing: no OpenAI
configuration and the local model is unavailable (cannot read the local embedding model
/srv/venv/.../model.onnx: ...)``: the server's install path, in the state every client of the run
reads (``GET /threads/{id}/state`` on langgraph dev, the console, the runs API)."""

from __future__ import annotations

from graph.ingestion import work
from graph.ingestion.state import AgentRunState, Settings


def test_a_step_output_shows_no_server_path() -> None:
    state = AgentRunState(run_id="r1", tenant_id="acme", settings=Settings(source="/srv/ingest-root/acme/hr"))
    reason = (
        "hashing: no OpenAI configuration and the local model is unavailable (cannot read the local "
        "embedding model /srv/venv/lib/python3.11/site-packages/minilm/model.onnx: Permission denied)"
    )
    update = work.advance(state, "discover", f"24 files, 0 to remove, 1 batches; {reason}")
    shown = update["step_outputs"]["discover"]
    assert "/srv/" not in shown, shown
    assert shown.startswith("24 files, 0 to remove, 1 batches; hashing: no OpenAI configuration"), shown
    # A document path under the run's folder is shown relative to it, as in last_error.
    update = work.advance(state, "ingest", "batch 1/1; documents indexed up to /srv/ingest-root/acme/hr/a.md")
    assert update["step_outputs"]["ingest"] == "batch 1/1; documents indexed up to a.md"

"""What a run's readers are told of its notify URL, and what its receiver is told (x9 s35):
a notify target is named by scheme, host and port only (h14 s35 H8: a webhook's path and query are its
secret; graph/ingestion/notify_urls.shown_target), and each incarnation of a run id sends its own
Idempotency-Key (x7 s34: a run id used again after retention pruned the old run re-sent the old key,
and the receiver dropped the new run's notification). A real receiver on 127.0.0.1, one SQLite file,
in process (~2 s of CPU)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from ingest_harness import receiver

from graph.ingestion.notify_urls import shown_target
from graph.ingestion.resources import Resources
from graph.ingestion.retention import sweep
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("https://hooks.slack.com/services/T000/B000/XoXsEcReT", "https://hooks.slack.com/..."),
        ("http://127.0.0.1:8080/hook?token=tok-1", "http://127.0.0.1:8080/..."),
        ("https://alice:pw@hooks.example.com", "https://hooks.example.com"),
        ("HTTPS://[::1]:9/", "https://[::1]:9"),
        ("http://[::1/", "(the run's notify URL)"),
        ("hooks.example.com/secret", "(the run's notify URL)"),
    ],
)
def test_a_notify_target_is_shown_without_its_path_or_query(url: str, shown: str) -> None:
    assert shown_target(url) == shown


def test_a_run_id_used_again_sends_a_key_of_its_own(res: Resources, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    with receiver() as hook:
        settings = Settings(
            source=str(docs), collection="c", embedder="hashing", notify_url=hook.url + "/s3cr3t"
        )
        first = execute(res, "acme", "r", settings=settings).state
        assert first.status == "completed" and "s3cr3t" not in str(first.step_outputs), first.step_outputs
        # Retention prunes the run (its checkpoints, then its records); the id is free again.
        res.saver.for_tenant("acme").delete_thread("r")
        gone = sweep(res.saver, ["acme"], timedelta(0), threads_deleted=frozenset({("acme", "r")}),
                     database_url=res.database_url)  # fmt: skip
        assert [run.run_id for run in gone] == ["r"] and res.runs.for_tenant("acme").get("r") is None
        assert execute(res, "acme", "r", settings=settings).state.status == "completed"
        assert execute(res, "acme", "r").state.status == "completed"  # a resume sends nothing more
    keys = [key for key, _ in hook.received]
    assert len(keys) == 2 and keys[0] != keys[1], keys
    assert all(key.startswith("notify:acme:r~") for key in keys), keys

"""Two tenants' runs of one run id notify one receiver under two idempotency keys (session 30 probes,
h5: /tmp/h5s30/findings.md #7).

The notification's ``Idempotency-Key`` is ``notify:{run_id}:{step_id}:{target}`` and a receiver is
to drop a repeated key (README, docs/ingestion.md: that is how a resend after a kill is told apart).
Run ids are the client's names (``hr-2026``): acme's and globex's runs of that name, both notifying
the same receiver (an operator's central hook), sent two different summaries under ONE key, and a
receiver doing as told dropped the second tenant's notification as a repeat of the first's.
"""

from __future__ import annotations

from pathlib import Path

from ingest_harness import receiver


def test_two_tenants_runs_of_one_run_id_notify_under_two_keys(sqlite_url: str, tmp_path: Path) -> None:
    from graph.ingestion import resources
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Settings

    with receiver() as hook, resources.installed(resources.Resources.open(sqlite_url)) as res:
        for tenant in ("acme", "globex"):
            docs = tmp_path / tenant
            docs.mkdir()
            (docs / "leave.md").write_text(f"# Leave at {tenant}\n\nEmployees get 25 days of leave a year.\n")
            settings = Settings(source=str(docs), collection="c", embedder="hashing", notify_url=hook.url)
            assert execute(res, tenant, "hr-2026", settings=settings).state.status == "completed"
        by_key = hook.by_key()
        assert sorted(body["tenant_id"] for _, body in hook.received) == ["acme", "globex"]
        # What a receiver that drops repeated keys keeps: one summary per key.
        kept = sorted(bodies[0]["tenant_id"] for bodies in by_key.values())
        assert kept == ["acme", "globex"], f"one key for both tenants: {list(by_key)}"

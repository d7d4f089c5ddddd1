"""The ingestion graph's behaviour on both backends: re-ingest updates only what changed, the error
taxonomy (bad documents, a systemic failure, retried notifications), review, cancel, pause, a busy
run, and the summary left in the tenant's memory."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ingest_harness import chunk_ids, opened, receiver, write_corpus
from raw_sql import raw, raw_changed

from graph.ingestion.notify import notify_key
from graph.ingestion.reports import read_report
from graph.ingestion.resources import Resources
from graph.ingestion.runner import RunBusy, RunOutcome, execute
from graph.ingestion.state import Settings

TENANT = "acme"


@pytest.fixture
def res(db_url: str, tmp_path: Path) -> Iterator[Resources]:
    with opened(db_url, tmp_path / "reports") as res:
        yield res


def run(res: Resources, run_id: str, root: Path | None = None, **kwargs: Any) -> RunOutcome:
    fields = Settings.model_fields
    settings = None
    if root is not None:
        opts: dict[str, Any] = {"collection": "handbook", "embedder": "hashing", "batch_size": 4}
        opts.update({k: v for k, v in kwargs.items() if k in fields})
        settings = Settings(source=str(root), **opts)
    return execute(
        res, TENANT, run_id, settings=settings, **{k: v for k, v in kwargs.items() if k not in fields}
    )


def test_reingest_updates_only_what_changed_and_removes_deleted_documents(
    res: Resources, db_url: str, tmp_path: Path
) -> None:
    root = write_corpus(tmp_path / "docs", extra=6)
    first = run(res, "r1", root).state
    assert first.status == "completed" and first.counters.documents_indexed == 30
    (root / "policy-000.md").write_text(
        "# Policy 0\n\n## Rules\n\nEmployees must file form 0 within 9 days.\n"
    )
    (root / "policy-001.md").unlink()
    (root / "policy-new.md").write_text("# New policy\n\nBadges are worn at all times.\n")

    second = run(res, "r2", root).state
    c = second.counters
    assert second.status == "completed"
    assert (c.documents_seen, c.documents_indexed, c.documents_unchanged, c.documents_removed) == (
        30,
        2,
        28,
        1,
    )
    assert c.chunks_removed >= 2 and c.chunks_added >= 2
    assert c.embedded <= c.chunks_added  # nothing unchanged went to the model again

    fresh_url = f"sqlite:///{tmp_path / 'fresh.db'}"  # the final corpus indexed from scratch
    with opened(fresh_url, tmp_path / "fresh-reports") as fresh:
        assert run(fresh, "f1", root).state.status == "completed"
    assert chunk_ids(db_url, TENANT, "handbook") == chunk_ids(fresh_url, TENANT, "handbook")


def test_bad_documents_fail_alone_and_the_audit_report_lists_them(res: Resources, tmp_path: Path) -> None:
    root = write_corpus(tmp_path / "docs", extra=2)
    (root / "empty.md").write_text("")
    (root / "blob.txt").write_bytes(b"\x00\x01\x02binary\xff" * 50)
    out = run(res, "bad", root).state
    assert out.status == "completed"
    assert (out.counters.documents_failed, out.counters.documents_indexed) == (2, 26)
    assert out.reports == ["html", "json", "markdown"]  # stored with the run, no path in the state
    report = json.loads(read_report(res.runs, TENANT, "bad", "json") or "")
    failed = {d["path"]: d["reason"] for d in report["documents"] if d["status"] == "failed"}
    assert set(failed) == {"empty.md", "blob.txt"} and all(failed.values())
    assert (read_report(res.runs, TENANT, "bad", "html") or "").count("<svg") >= 1


def test_the_manifest_is_read_in_pages_every_row_once_in_order(res: Resources, tmp_path: Path) -> None:
    # The end of a run reads the manifest a page at a time (its audit JSON is never all in memory):
    # page boundaries must neither drop nor repeat a row.
    root = write_corpus(tmp_path / "docs", extra=2)
    (root / "empty.md").write_text("")
    out = run(res, "paged", root).state
    whole = list(res.runs.for_tenant(TENANT).manifest("paged", page=10_000))
    assert len(whole) == out.counters.documents_seen
    for page in (1, 3, 7, len(whole) - 1, len(whole), len(whole) + 1):
        assert list(res.runs.for_tenant(TENANT).manifest("paged", page=page)) == whole
    assert [r["seq"] for r in whole] == list(range(len(whole)))
    assert sum(1 for r in whole if r["audit"]) == out.counters.documents_seen - 1  # not the empty one


def test_systemic_failure_stops_the_run_resumably_with_last_error(res: Resources, tmp_path: Path) -> None:
    root = write_corpus(tmp_path / "docs", extra=2)
    assert run(res, "one", root).state.status == "completed"  # the collection is built with hashing-384
    failed = run(res, "two", root, embedder="hashing-256").state
    assert failed.status == "failed"
    assert failed.last_error and "hashing-384" in failed.last_error and "hashing-256" in failed.last_error
    assert failed.batch_cursor == 0 and failed.counters.documents_seen == 0
    again = run(res, "two")  # resumable: starts again at the step that failed, and says why it fails
    assert again.started == "restarted" and again.state.status == "failed"


def test_notify_is_retried_on_5xx_counted_and_sent_once_per_key(res: Resources, tmp_path: Path) -> None:
    root = write_corpus(tmp_path / "docs", extra=0)
    with receiver() as hook:
        hook.fail_next = [503, 502]
        out = run(res, "n1", root, notify_url=hook.url).state
        assert out.status == "completed"
        assert out.retry_counts == {"notify": 2}
        record = res.runs.for_tenant(TENANT).get("n1")
        assert record is not None  # the key names the run's incarnation (its registration's time)
        key = notify_key(TENANT, "n1", "notify", hook.url, record.created_at)
        assert [key for key, _ in hook.received] == [key]
        body = hook.received[0][1]
        assert body["run_id"] == "n1" and body["tenant_id"] == TENANT
        assert body["counters"] == out.counters.model_dump() and body["reports"] == out.reports
        # A replay of the step (same key) finds the answer in the ledger and does not call again.
        from graph.ingestion import notify

        assert "replayed" in notify.send(res.runs, TENANT, out, hook.url)
        assert len(hook.received) == 1


def test_review_pauses_the_run_and_approve_or_reject_resume_it(res: Resources, tmp_path: Path) -> None:
    root = write_corpus(tmp_path / "docs", extra=2)
    (root / "empty.md").write_text("")
    rules = tmp_path / "rules.toml"
    rules.write_text("needs_review_failure_share = 0.0\n")
    for run_id, decision, status in (("rv1", "approve", "completed"), ("rv2", "reject", "cancelled")):
        waiting = run(res, run_id, root, audit_rules=str(rules))
        assert waiting.started == "needs_review" and waiting.state.status == "needs_review"
        assert waiting.state.review and "1 of 27 documents failed" in waiting.state.review
        assert read_report(res.runs, TENANT, run_id, "html")  # the reviewer reads the report
        assert run(res, run_id).started == "needs_review"  # a plain resume keeps waiting
        done = run(res, run_id, resume={"decision": decision, "by": "carol"}).state
        assert (
            done.status == status
            and done.review
            and done.review.startswith(f"{decision.rstrip('e')}ed by carol")
        )


def test_max_steps_pauses_and_cancel_stops_at_the_next_node(res: Resources, tmp_path: Path) -> None:
    root = write_corpus(tmp_path / "docs", extra=2)
    paused = run(res, "p1", root, max_steps=3).state
    assert paused.status == "paused" and paused.batch_cursor == 2  # discover + 2 batches
    resumed = run(res, "p1", max_steps=2)
    assert resumed.started == "restarted" and resumed.resumed_from and "batch 3 of 7" in resumed.resumed_from
    assert resumed.state.status == "paused" and resumed.state.batch_cursor == 4
    assert res.runs.for_tenant(TENANT).request_cancel("p1")
    cancelled = run(res, "p1").state
    assert cancelled.status == "cancelled" and cancelled.batch_cursor == 4
    assert run(res, "p1").started == "finished"  # a cancelled run is not executed again


def test_a_run_held_by_a_live_worker_is_busy(res: Resources, tmp_path: Path) -> None:
    import os
    import socket

    root = write_corpus(tmp_path / "docs", extra=0)
    run(res, "b1", root, max_steps=1)
    holder = f"{socket.gethostname()}:{os.getpid()}:other"  # this very process: alive
    assert res.runs.for_tenant(TENANT).take_lease("b1", holder, 60, lambda r: False) is None
    with pytest.raises(RunBusy, match="busy"):
        run(res, "b1")
    res.runs.for_tenant(TENANT).release_lease("b1", holder)
    assert run(res, "b1").state.status == "completed"


def test_the_run_leaves_a_verbatim_summary_in_the_tenants_memory(res: Resources, tmp_path: Path) -> None:
    root = write_corpus(tmp_path / "docs", extra=2)
    out = run(res, "m1", root, max_steps=3).state  # paused: its progress is remembered
    from graph.ingestion import remember

    [progress] = res.memory().for_tenant(TENANT).recall(remember.USER, key="ingestion_run:m1")
    assert progress.memory_type == "episode"
    assert f"documents indexed up to {out.last_document} (batch 2 of 7)" in progress.value["artifacts"]
    final = run(res, "m1").state
    [memory] = res.memory().for_tenant(TENANT).recall(remember.USER, key="ingestion_run:m1")
    value = memory.value
    assert value["run_id"] == "m1" and value["status"] == "completed" and value["collection"] == "handbook"
    assert value["decisions"] == {
        "chunk_size_tokens": 256, "chunk_overlap_tokens": 32, "embedding_model": "hashing-384", "batch_size": 4,
    }  # fmt: skip
    assert value["counters"] == final.counters.model_dump()
    assert any(f"{final.counters.documents_indexed} documents indexed" in a for a in value["artifacts"])
    assert value["source_folder"] == "docs" and str(tmp_path) not in json.dumps(value)  # no server path
    assert res.memory().for_tenant("globex").recall(remember.USER, key="ingestion_run:m1") == []


def _bytes_per_checkpoint(db_url: str, thread: str) -> float:
    postgres = db_url.startswith("postgres")
    cast = "::text" if postgres else ""
    # SQLite's schema 6 keeps a put's largest changed value in the checkpoint's own row.
    in_row = "" if postgres else " + coalesce(length(value_blob), 0)"
    [[size, count]] = raw(
        db_url,
        f"SELECT (SELECT sum(length(checkpoint{cast}) + length(metadata{cast}) + coalesce(length(small_values), 0)"
        f"{in_row}) "
        "FROM kassist_cp_checkpoints WHERE thread_id = %s) + (SELECT coalesce(sum(length(blob)), 0) "
        "FROM kassist_cp_blobs WHERE thread_id = %s) + (SELECT coalesce(sum(length(blob)), 0) "
        "FROM kassist_cp_writes WHERE thread_id = %s), (SELECT count(*) FROM kassist_cp_checkpoints "
        "WHERE thread_id = %s)",
        (thread, thread, thread, thread),
    )
    return float(size) / int(count)


def test_a_checkpoint_costs_the_same_at_ten_times_the_documents(
    res: Resources, db_url: str, tmp_path: Path
) -> None:
    """No per-document list in the state: bytes per checkpoint at 400 documents <= 1.2x those at 40
    (bench/ingest.py measures 500 against 5,000)."""
    sizes = {}
    for docs in (40, 400):
        root = tmp_path / f"docs-{docs}"
        for i in range(docs):
            (root / f"d{i % 10}").mkdir(parents=True, exist_ok=True)
            (root / f"d{i % 10}" / f"policy-{i:04d}.md").write_text(
                f"# Policy {i}\n\nRule {i}: file form {i}.\n"
            )
        out = run(res, f"size-{docs}", root, collection=f"c{docs}", batch_size=20).state
        assert out.status == "completed" and out.counters.documents_indexed == docs
        sizes[docs] = _bytes_per_checkpoint(db_url, f"size-{docs}")
    assert sizes[400] <= 1.2 * sizes[40], sizes


def test_two_workers_on_one_run_end_like_one(res: Resources, db_url: str, tmp_path: Path) -> None:
    """Past the lease (two workers that both think they own the run): the checkpointer's version
    check refuses the second writer of each step (CheckpointConflict); the runner reloads the newer
    state and goes on, or stops when the other finished. The result is one run's."""
    import threading

    from graph.ingestion import registration, runner

    root = write_corpus(tmp_path / "docs", extra=10)
    assert run(res, "solo", root, collection="solo").state.status == "completed"
    expected = run(res, "solo").state.counters
    assert run(res, "duo", root, collection="duo", max_steps=1).state.status == "paused"
    outcomes: list[object] = []

    def worker(name: str) -> None:
        try:
            outcomes.append(
                runner._execute(
                    res,
                    TENANT,
                    "duo",
                    name,
                    registration.registered(res, TENANT, "duo"),
                    None,
                    None,
                    None,
                    None,
                )
            )
        except Exception as exc:  # pragma: no cover - the assertion below shows it
            outcomes.append(exc)

    threads = [threading.Thread(target=worker, args=(f"w{i}",)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert all(isinstance(o, RunOutcome | RunBusy) for o in outcomes), outcomes
    assert any(isinstance(o, RunOutcome) for o in outcomes), outcomes
    final = run(res, "duo").state
    # The embedding cache is the tenant's: "duo" found solo's vectors there (hits, not embeds).
    same = {"cache_hits", "embedded"}
    assert final.status == "completed"
    assert final.counters.model_dump(exclude=same) == expected.model_dump(exclude=same)
    assert final.counters.cache_hits + final.counters.embedded == expected.embedded
    ids = chunk_ids(db_url, TENANT, "duo")
    # (chunk ids include the collection: compare how many, and that none is there twice)
    assert len(ids) == len(set(ids)) == len(chunk_ids(db_url, TENANT, "solo"))


def test_retention_drops_the_ledger_and_manifest_of_runs_whose_checkpoints_are_gone(
    res: Resources, db_url: str, tmp_path: Path
) -> None:
    root = write_corpus(tmp_path / "docs", extra=0)
    with receiver() as hook:
        for run_id in ("old", "kept"):
            assert run(res, run_id, root, notify_url=hook.url).state.status == "completed"
    res.saver.for_tenant(TENANT).delete_thread("old")  # what checkpoint retention does to a run
    res.runs.for_tenant(TENANT).prune_orphans(older_than_s=0)
    for table in ("kassist_ingest_ledger", "kassist_ingest_manifest", "kassist_ingest_runs"):
        rows = raw(
            db_url, f"SELECT DISTINCT run_id FROM {table} WHERE tenant_id = %s ORDER BY run_id", (TENANT,)
        )
        assert rows == [("kept",)], table


def test_checkpoints_prune_sweeps_the_ingestion_rows_of_runs_it_deletes(
    res: Resources, db_url: str, tmp_path: Path
) -> None:
    """`kassist checkpoints prune` prunes a run's checkpoints and its manifest, ledger and registry
    row together; --dry-run names the runs and removes nothing; a run with checkpoints left keeps all.

    "old" is made two hours old where retention reads a run's age (its checkpoints' ``ts``, its
    registry row's ``created_at``) instead of waiting: the 6.5 s sleep this test had was 13 s of
    the suite, and a "kept" run younger than 5 s at the last prune was a race on a loaded machine."""
    from typer.testing import CliRunner

    from cli.checkpoints import app

    root = write_corpus(tmp_path / "docs", extra=0)
    with receiver() as hook:
        assert run(res, "old", root, notify_url=hook.url).state.status == "completed"
        assert run(res, "kept", root, notify_url=hook.url).state.status == "completed"
    for table, column in (("kassist_cp_checkpoints", "ts"), ("kassist_ingest_runs", "created_at")):
        key = "thread_id" if table.startswith("kassist_cp") else "run_id"
        aged = raw_changed(
            db_url, f"UPDATE {table} SET {column} = {column} - 7200 WHERE tenant_id = %s AND {key} = %s",
            (TENANT, "old"),
        )  # fmt: skip
        assert aged >= 1, table

    def tables() -> dict[str, list[tuple[str, ...]]]:
        return {
            t: raw(db_url, f"SELECT DISTINCT run_id FROM {t} WHERE tenant_id = %s ORDER BY run_id", (TENANT,))
            for t in ("kassist_ingest_ledger", "kassist_ingest_manifest", "kassist_ingest_runs")
        }

    assert all(rows == [("kept",), ("old",)] for rows in tables().values()), tables()
    base = ["prune", "--older-than", "1h", "--strategy", "delete", "--database-url", db_url, "--json"]
    dry = CliRunner().invoke(app, [*base, "--tenant", TENANT, "--dry-run"])
    assert dry.exit_code == 0, dry.output
    assert json.loads(dry.output)["ingestion_runs_removed"] == [{"tenant_id": TENANT, "run_id": "old"}]
    assert all(rows == [("kept",), ("old",)] for rows in tables().values()), tables()

    done = CliRunner().invoke(app, [*base, "--all-tenants"])
    assert done.exit_code == 0, done.output
    report = json.loads(done.output)
    assert [t["thread_id"] for t in report["threads"] if t["thread_deleted"]] == ["old"]
    assert report["ingestion_runs_removed"] == [{"tenant_id": TENANT, "run_id": "old"}]
    assert all(rows == [("kept",)] for rows in tables().values()), tables()
    assert run(res, "kept").state.status == "completed"  # still there, not executed again

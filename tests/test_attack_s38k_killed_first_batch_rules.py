"""A run killed in its first batch before writing anything, then cancelled, leaves its collection's
audit rules as they were (h22 s38; the window ab3413e, H22-6's fix, left).

ab3413e moved the record of a run's own audit rules from discover to its first batch: "a run paused
or cancelled before it wrote anything leaves its collection's rules". The batch records them first,
in a commit of their own, so that the batch's audit reads them as the collection's - then takes the
collection's claim, plans, embeds and writes. A run killed between that record and its write (SIGKILL,
OOM, a restart: the batch's first moments, where loading a large PDF batch lasts seconds) and then
cancelled - "cancelled before the ingest step", nothing indexed - has replaced the rules all the same:
the collection's next run naming none is audited with the cancelled run's lenient rules, and a
document with no owner or classification goes into search unreviewed.

The command line, real processes; the child is held in the window by the database (a trigger stalls
the batch's claim of the collection once the collection keeps the lenient rules:
tests/sqlite_stall.py) and killed there. SQLite, hashing: ~25 s.

The fix (x14, session 38): the first batch records them after its write, and is audited with the
run's file as read. The window this test held the child in - the rules recorded, the claim not yet
taken - no longer exists, so the trigger now stalls b1's claim itself (its first batch, before any
write, its discover done) and the child is killed there; the test then also checks that the
collection still keeps a1's rules before the cancel, and the next run's review as before."""

from __future__ import annotations

import signal
import sqlite3
from contextlib import closing
from pathlib import Path

from ingest_harness import kassist, spawn
from sqlite_stall import counted, kill_in_window, stalled

STALL = "h22_stall_claim"
CLAIM = "NEW.run_id = 'b1'"  # b1's claim of hb: its first batch, before it writes


def test_a_run_killed_in_its_first_batch_before_writing_and_cancelled_leaves_the_rules(
    tmp_path: Path,
) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# Leave\n\nowner: hr\nclassification: internal\n\nLeave is 25 days.\n")
    (tmp_path / "strict.toml").write_text('needs_review_severity = "low"\n')
    (tmp_path / "lenient.toml").write_text('needs_review_severity = "critical"\n')
    path = tmp_path / "k.db"
    where = ("--tenant", "acme", "--database-url", f"sqlite:///{path}")
    common = ("--collection", "hb", "--embedder", "hashing", *where)

    def ingest(run: str, *extra: str) -> int:
        return kassist("ingest", "docs", "--run-id", run, *common, *extra, cwd=tmp_path).returncode

    assert ingest("a1", "--audit-rules", "strict.toml") == 0  # hb keeps the strict rules
    (docs / "new.md").write_text("# New\n\nA brand new policy with text and no metadata.\n")
    heads = (f"BEFORE {event} ON kassist_ingest_claims WHEN {CLAIM}" for event in ("INSERT", "UPDATE"))
    with stalled(path, STALL, *heads):
        child = spawn(
            "ingest", "docs", "--run-id", "b1", "--audit-rules", "lenient.toml", *common, cwd=tmp_path
        )
        discovered = counted("SELECT count(*) FROM kassist_ingest_manifest WHERE run_id = 'b1'")
        out, err, seen = kill_in_window(child, path, discovered)
    assert child.returncode == -signal.SIGKILL, out + err
    assert seen  # killed in its first batch (its discover done), nothing written
    with closing(sqlite3.connect(path)) as conn:
        kept = conn.execute("SELECT audit_rules_name FROM kassist_kb_collections WHERE collection = 'hb'")
        assert kept.fetchall() == [("strict.toml",)]
    assert kassist("runs", "cancel", "b1", *where, cwd=tmp_path).returncode == 6  # cancelled, indexed nothing

    # The collection's rules are a1's still: new.md (no owner, no classification) waits for a review.
    assert ingest("c1") == 5

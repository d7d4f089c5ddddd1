"""h25 s39: H24-5's fix (75f0f5f) keeps ``kassist ingest --reports-dir DIR`` with the run, but in a write of
its own AFTER the registration: a SIGKILL between the two (the run registered, the folder not yet kept)
leaves a registered run that ``kassist runs resume`` (README's way after a kill) finishes, exit 0, with DIR
never written and no word - H24-5 in a narrower window. The fix's own comment says "a kill from here on
keeps it"; the run's other settings are kept by the registration itself (tests/test_ingest_start_kill.py).

A real ``kassist ingest`` process is held in that window by the database (sqlite_stall: a trigger on the
update that keeps the folder stalls it, the child holding the write lock), SIGKILLed there, then resumed.
SQLite, hashing, ~15 s."""

from __future__ import annotations

import json
import signal
import sqlite3
import time
from contextlib import closing
from pathlib import Path

from ingest_harness import kassist, opened, spawn, write_corpus
from sqlite_stall import stalled

TENANT = "acme"
RUN = "ci-1"


def _registered(path: Path) -> bool:
    with closing(sqlite3.connect(path, timeout=0)) as conn:
        try:
            rows = conn.execute(
                "SELECT count(*) FROM kassist_ingest_runs WHERE tenant_id = ? AND run_id = ?", (TENANT, RUN)
            ).fetchall()
        except sqlite3.OperationalError:
            return False
    return bool(rows[0][0])


def _held(path: Path) -> bool:
    """The write lock busy for a whole second: the child is in the stalled update (a registration
    holds it for milliseconds)."""
    for _ in range(20):
        with closing(sqlite3.connect(path, timeout=0)) as conn:
            try:
                conn.execute("BEGIN IMMEDIATE")
                conn.rollback()
                return False
            except sqlite3.OperationalError:
                pass
        time.sleep(0.05)
    return True


def test_a_kill_between_registration_and_the_kept_folder_still_writes_the_reports_dir(tmp_path: Path) -> None:
    root = write_corpus(tmp_path / "docs", extra=4)
    db = tmp_path / "runs.db"
    url = f"sqlite:///{db}"
    reports = tmp_path / "artifacts"
    with opened(url, tmp_path / "unused-reports"):
        pass  # the tables exist, so the trigger can be installed before the child starts
    head = "BEFORE UPDATE OF reports_dir ON kassist_ingest_runs WHEN NEW.reports_dir IS NOT NULL"
    with stalled(db, "h25_keep", head):
        child = spawn(
            "ingest", str(root), "--tenant", TENANT, "--run-id", RUN, "--embedder", "hashing",
            "--batch-size", "3", "--reports-dir", str(reports), "--database-url", url, "--json", cwd=tmp_path,
        )  # fmt: skip
        try:
            deadline = time.monotonic() + 90
            while not _held(db):  # in the stalled update (since H25-1's fix, inside the registration's
                assert child.poll() is None, child.communicate()  # own transaction: not visible outside)
                assert time.monotonic() < deadline, "the child never reached the stalled update"
                time.sleep(0.05)
        finally:  # a child left in the stall counts 3000**3 rows for good (seen: two such orphans)
            child.send_signal(signal.SIGKILL)
        assert child.wait() == -signal.SIGKILL
    # Killed in the window: the run is registered with its folder, or not at all (then README's other
    # way after a kill, the same `kassist ingest` command again, starts it) - never without it.
    if _registered(db):
        shown = kassist(
            "runs", "show", RUN, "--tenant", TENANT, "--database-url", url, "--json", cwd=tmp_path
        )
        assert shown.returncode == 0, shown.stdout + shown.stderr
        assert json.loads(shown.stdout)["status"] != "completed"
        resumed = kassist(
            "runs", "resume", RUN, "--tenant", TENANT, "--database-url", url, cwd=tmp_path, timeout=600
        )
    else:
        resumed = kassist(
            "ingest", str(root), "--tenant", TENANT, "--run-id", RUN, "--embedder", "hashing", "--batch-size", "3",
            "--reports-dir", str(reports), "--database-url", url, cwd=tmp_path, timeout=600,
        )  # fmt: skip
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    written = sorted(p.name for p in reports.glob(f"audit-{RUN}@{TENANT}.*")) if reports.is_dir() else []
    assert written == [f"audit-{RUN}@{TENANT}.html", f"audit-{RUN}@{TENANT}.json", f"audit-{RUN}@{TENANT}.md"], (
        written, resumed.stdout[-600:],
    )  # fmt: skip

"""A SQLite file's writers of one process share the connection whose page cache is current.

SQLite empties a connection's page cache whenever another connection has committed since it last
read, so two writers alternating between two connections re-read every page they touch. A writer
that waits for the file's write lock must therefore get the connection the last writer gave back,
not one it picked up before it queued (a graph step's put_writes and put overlap that way).
A TEMP table lives on one connection only, which is how these tests see which one ran.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kassist.db import SqliteDatabase, Stmt
from kassist.db.statements import NO_PARAMS, Op


def _insert_op() -> Op[str]:
    yield Stmt("INSERT INTO temp.marker VALUES (2)", NO_PARAMS, fetch=False)
    yield Stmt("INSERT INTO temp.marker VALUES (3)", NO_PARAMS, fetch=False)
    return "done"


WRITERS: dict[str, Callable[[SqliteDatabase], Any]] = {
    "run_one": lambda db: db.run_one("INSERT INTO temp.marker VALUES (2)", (), write=True),
    "run": lambda db: db.run(_insert_op(), write=True),
    "connection": lambda db: _with_connection(db),
}


def _with_connection(db: SqliteDatabase) -> int:
    with db.connection(write=True) as conn:
        return conn.execute("INSERT INTO temp.marker VALUES (2)").rowcount


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_queued_writer_runs_on_the_connection_the_last_writer_gave_back(
    tmp_path: Path, writer: str
) -> None:
    db = SqliteDatabase(tmp_path / "kassist.db")
    queued = threading.Event()
    results: list[Any] = []
    errors: list[BaseException] = []

    def second_writer() -> None:
        queued.set()
        try:
            results.append(WRITERS[writer](db))
        except BaseException as exc:  # reported by the assertion below
            errors.append(exc)

    try:
        with db.connection(write=True) as conn:
            conn.execute("CREATE TEMP TABLE marker (n INTEGER)")
            thread = threading.Thread(target=second_writer)
            thread.start()
            queued.wait(5)
            time.sleep(0.2)  # the second writer is now waiting for the write lock
        thread.join(10)
        assert not errors, errors  # "no such table: temp.marker": it ran on another connection
        assert results and results[0] in (1, "done")
        with db.connection() as conn:
            assert conn.execute("SELECT count(*) FROM temp.marker").fetchone()[0] >= 1
    finally:
        db.close()


def test_a_reader_beside_a_writer_takes_another_connection_and_sees_committed_rows(
    tmp_path: Path,
) -> None:
    db = SqliteDatabase(tmp_path / "kassist.db")
    try:
        with db.connection(write=True) as conn:
            conn.execute("CREATE TABLE t (n INTEGER)")
            conn.execute("INSERT INTO t VALUES (1)")
            conn.commit()
        with db.connection(write=True) as writer:
            writer.execute("BEGIN IMMEDIATE")
            writer.execute("INSERT INTO t VALUES (2)")
            # The writer holds the lock and its connection; a read does not wait for either.
            assert db.run_one("SELECT count(*) FROM t", ()) == [(1,)]
            writer.commit()
        assert db.run_one("SELECT count(*) FROM t", ()) == [(2,)]
    finally:
        db.close()


def test_a_connection_given_back_inside_an_interrupted_transaction_is_rolled_back(tmp_path: Path) -> None:
    """Ctrl-C lands between any two bytecodes: an operation stopped after its BEGIN and before the
    block that ends it gave its connection back inside the transaction, and the next operation's
    BEGIN failed "cannot start a transaction within a transaction" (a `kassist ingest` stopped by
    Ctrl-C then exited 1 with that error instead of 130 and its one line; a clean-clone CI)."""
    db = SqliteDatabase(tmp_path / "kassist.db")
    try:
        db.run_one("CREATE TABLE t (n INTEGER)", (), write=True)
        with pytest.raises(KeyboardInterrupt), db.connection(write=True) as conn:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO t VALUES (1)")
            raise KeyboardInterrupt  # as if Ctrl-C came here
        assert db.run(_plain_insert_op(), write=True) == "done"  # the next operation, same connection
        assert db.run_one("SELECT n FROM t ORDER BY n", ()) == [(2,)]  # the interrupted write undone
    finally:
        db.close()


def _plain_insert_op() -> Op[str]:
    yield Stmt("INSERT INTO t VALUES (2)", NO_PARAMS, fetch=False)
    yield Stmt("SELECT 1", NO_PARAMS, fetch=True)
    return "done"

"""Statements run straight on a test database, the way an operator would look at the tables."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from typing import Any

import psycopg


def _run(db_url: str, sql: str, params: tuple[Any, ...]) -> tuple[list[tuple[Any, ...]], int]:
    """Rows (if the statement returns any) and the row count; ``%s`` placeholders on both backends."""
    if db_url.startswith("sqlite"):
        with closing(sqlite3.connect(db_url.removeprefix("sqlite:///"))) as conn:
            cur = conn.execute(sql.replace("%s", "?"), params)
            rows = cur.fetchall()
            conn.commit()
            return rows, cur.rowcount
    with psycopg.connect(db_url, autocommit=True) as pg:
        # A cursor of its own name: psycopg's cursor type is not sqlite3's (mypy, through the tests).
        pg_cur = pg.execute(sql, params)  # type: ignore[arg-type]
        return (pg_cur.fetchall() if pg_cur.description else []), pg_cur.rowcount


def raw(db_url: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Run one statement; the rows it returned."""
    return _run(db_url, sql, params)[0]


def raw_changed(db_url: str, sql: str, params: tuple[Any, ...] = ()) -> int:
    """Run one statement; the number of rows it changed."""
    return _run(db_url, sql, params)[1]


def kill_other_connections(pg_url: str) -> int:
    """Terminate every other backend of the test database, as a server restart or a proxy's idle
    reaper would; how many were killed. Returns once they are gone (the timeout argument waits for
    each backend to exit): otherwise a pool's check right after could still find one alive, and the
    test would race the server's signal handling instead of testing the reconnect."""
    with psycopg.connect(pg_url, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchall()
    return len(rows)

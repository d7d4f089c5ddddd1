"""A literal ``%`` in SQLite text converted by kassist.db.tables.to_postgres runs on PostgreSQL as
the same pattern it is on SQLite (psycopg reads ``%`` as the start of a placeholder)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from kassist.db import open_database, release
from kassist.db.statements import Stmt
from kassist.db.tables import to_postgres

NAMES = ("alpha", "apple", "beta", "a%b")


def _matches(url: str, like: str, params: Any) -> list[str]:
    """The names ``like`` (a statement reading table ``words``) selects on the database at ``url``."""
    db = open_database(url)
    setup = "CREATE TABLE words (name TEXT NOT NULL, kind TEXT NOT NULL)"

    def op() -> Generator[Any, Any, list[str]]:
        yield Stmt(setup if db.backend == "sqlite" else to_postgres(setup), fetch=False)
        for name in NAMES:
            insert = "INSERT INTO words (name, kind) VALUES (:name, 'word')"
            yield Stmt(insert if db.backend == "sqlite" else to_postgres(insert), {"name": name}, fetch=False)
        rows = yield Stmt(like if db.backend == "sqlite" else to_postgres(like), params)
        return sorted(str(r["name"] if isinstance(r, dict) else r[0]) for r in rows)

    try:
        return db.run(op(), write=True)
    finally:
        release(db)


def test_a_like_pattern_with_a_parameter_selects_the_same_rows_on_both_backends(db_url: str) -> None:
    like = "SELECT name FROM words WHERE name LIKE 'a%' AND kind = :kind ORDER BY name"
    assert _matches(db_url, like, {"kind": "word"}) == ["a%b", "alpha", "apple"]


def test_a_statement_without_parameters_keeps_its_percent(db_url: str) -> None:
    like = "SELECT name FROM words WHERE name LIKE '%p%' ORDER BY name"
    assert to_postgres(like) == like  # sent as written: no placeholders read in it
    assert _matches(db_url, like, ()) == ["alpha", "apple"]


def test_the_conversion_escapes_only_where_placeholders_are_read() -> None:
    assert to_postgres("SELECT 1 WHERE a LIKE 'x%' AND b = :b") == (
        "SELECT 1 WHERE a LIKE 'x%%' AND b = %(b)s"
    )
    assert to_postgres("SELECT a::text FROM t WHERE b = :b") == "SELECT a::text FROM t WHERE b = %(b)s"

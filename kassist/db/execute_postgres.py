"""How one request of an operation runs on a PostgreSQL connection (sync and async): compiled to
statements (or a :class:`~kassist.db.statements.Local`, called in this process), executed in or out
of pipeline mode, their rows fetched. The transaction, its retries and the pools are
:mod:`kassist.db.driver_postgres`'s."""

from __future__ import annotations

import asyncio
from typing import Any

import psycopg

from kassist.db.statements import NO_PARAMS, Compile, Local, Stmt


def _statements(compiled: Any) -> Any:
    return (compiled,) if type(compiled) is Stmt else compiled


def _params(stmt: Stmt) -> Any:
    # No parameters at all: the text is sent as it is (psycopg then reads no placeholders in it).
    return None if stmt.params is NO_PARAMS else stmt.params


def _no_rows(cur: psycopg.Cursor[Any] | psycopg.AsyncCursor[Any], exc: psycopg.ProgrammingError) -> list[Any]:
    # A fetch of a statement that returns no rows (an INSERT without RETURNING): psycopg says so
    # with a bare ProgrammingError (an SQL error is a subclass, raised as it is). In a pipeline
    # ``description`` is unknown until the result arrives, so this is how it is told.
    if type(exc) is psycopg.ProgrammingError and cur.pgresult is not None:
        return []
    raise exc


def _count(conn: psycopg.Connection[Any], stmt: Stmt, piped: bool) -> int:
    many = stmt.many if stmt.many is not None else (stmt.params,)
    with conn.cursor() as cur:
        if len(many) != 1:
            cur.executemany(stmt.sql, many)
        elif piped:
            with conn.pipeline():
                cur.execute(stmt.sql, many[0] or None)
        else:
            cur.execute(stmt.sql, many[0] or None)
        return cur.rowcount


async def _acount(conn: psycopg.AsyncConnection[Any], stmt: Stmt, piped: bool) -> int:
    many = stmt.many if stmt.many is not None else (stmt.params,)
    async with conn.cursor() as cur:
        if len(many) != 1:
            await cur.executemany(stmt.sql, many)
        elif piped:
            async with conn.pipeline():
                await cur.execute(stmt.sql, many[0] or None)
        else:
            await cur.execute(stmt.sql, many[0] or None)
        return cur.rowcount


def execute(conn: psycopg.Connection[Any], request: Any, compile: Compile, piped: bool, binary: bool) -> Any:
    compiled = compile(request)
    if type(compiled) is Local:
        return compiled.call()
    rows: Any = []
    for stmt in _statements(compiled):
        if stmt.rowcount:
            rows = _count(conn, stmt, piped)
            continue
        if stmt.many is not None:
            if piped:
                for each in stmt.many:
                    conn.execute(stmt.sql, each)
            else:
                with conn.cursor() as cur:
                    cur.executemany(stmt.sql, stmt.many)
            continue
        cur = conn.execute(stmt.sql, _params(stmt), binary=binary and stmt.fetch)
        if stmt.fetch:
            try:
                rows = cur.fetchall()
            except psycopg.ProgrammingError as exc:
                rows = _no_rows(cur, exc)
        else:
            rows = []
    return rows


async def aexecute(
    conn: psycopg.AsyncConnection[Any], request: Any, compile: Compile, piped: bool, binary: bool
) -> Any:
    compiled = compile(request)
    if type(compiled) is Local:
        return await asyncio.to_thread(compiled.call)
    rows: Any = []
    for stmt in _statements(compiled):
        if stmt.rowcount:
            rows = await _acount(conn, stmt, piped)
            continue
        if stmt.many is not None:
            if piped:
                for each in stmt.many:
                    await conn.execute(stmt.sql, each)
            else:
                async with conn.cursor() as cur:
                    await cur.executemany(stmt.sql, stmt.many)
            continue
        cur = await conn.execute(stmt.sql, _params(stmt), binary=binary and stmt.fetch)
        if stmt.fetch:
            try:
                rows = await cur.fetchall()
            except psycopg.ProgrammingError as exc:
                rows = _no_rows(cur, exc)
        else:
            rows = []
    return rows

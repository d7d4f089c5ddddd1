"""What a PostgreSQL server refuses because of how its operator set it up, named once for every door
(the command line, both servers, the library): the PostgreSQL twin of
:func:`kassist.db.connect_sqlite.sqlite_error`. The drivers raise these in place of psycopg's error
(chained to it), so nobody meets "permission denied for schema public" as "unexpected
InsufficientPrivilege ... (a bug in kassist)" or as a raw driver error: a role without the rights
kassist needs, a read-only server (a standby, ``default_transaction_read_only``), a search_path that
leaves pgvector's schema out. A statement's other errors stay psycopg's (they are kassist's to fix).
"""

from __future__ import annotations

from typing import Any

import psycopg
from psycopg.conninfo import conninfo_to_dict

from kassist.dburl import DatabaseUnavailable, postgres_target

INSUFFICIENT_PRIVILEGE = "42501"
READ_ONLY_TRANSACTION = "25006"
UNDEFINED_OBJECT = "42704"
INVALID_SCHEMA_NAME = "3F000"


class PostgresRefused(DatabaseUnavailable):
    """The server refused the statement for a reason its operator set (a right, a mode, a
    setting); nothing of the call was kept. ``reason`` holds the server's own words."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class RoleNotPermitted(PostgresRefused):
    """The role in the URL may not do what kassist needs (make its tables, or write them)."""


class ServerReadOnly(PostgresRefused):
    """The server or database takes no writes (a standby, ``default_transaction_read_only``)."""


class VectorNotVisible(PostgresRefused):
    """The type ``vector`` is not on this connection's search_path."""


def _role(conninfo: str) -> str:
    try:
        return str(conninfo_to_dict(conninfo).get("user") or "the role in the URL")
    except Exception:  # a URL psycopg itself opened: never expected, never worth a second error
        return "the role in the URL"


def postgres_refusal(conninfo: str, exc: BaseException) -> PostgresRefused | None:
    """The named error for ``exc`` when the server refused it because of its setup, else None."""
    state = getattr(exc, "sqlstate", None)
    diag: Any = getattr(exc, "diag", None)
    reason = " ".join(str(getattr(diag, "message_primary", None) or exc).split())
    where = f"PostgreSQL at {postgres_target(conninfo)}"
    if state == INSUFFICIENT_PRIVILEGE and "extension" in reason:
        # CREATE EXTENSION vector (kassist.db.migrate.vector_extension: only when it is missing) takes
        # an administrator, not a grant on the schema.
        return RoleNotPermitted(
            f"{where} refused role {_role(conninfo)!r} ({reason}): pgvector is not installed in this "
            "database and this role may not install it; install pgvector on the server "
            "(https://github.com/pgvector/pgvector) and have an administrator run 'CREATE EXTENSION "
            "vector' in this database",
            reason,
        )
    if state == INSUFFICIENT_PRIVILEGE:
        role = _role(conninfo)
        return RoleNotPermitted(
            f"{where} refused role {role!r} ({reason}); nothing was written. kassist makes its tables "
            f"on first use and then reads and writes them: GRANT USAGE, CREATE ON SCHEMA public TO "
            f"{role} (or the schema its search_path names) and SELECT, INSERT, UPDATE, DELETE on the "
            "kassist_* tables, or run any kassist command once with the tables' owner in the URL",
            reason,
        )
    if state == INVALID_SCHEMA_NAME:
        # No schema on the role's search_path exists or may be used: public revoked or dropped, an
        # application's schema not named (h24 s39 H24-14: "unexpected InvalidSchemaName ... a bug").
        role = _role(conninfo)
        return RoleNotPermitted(
            f"{where} gives role {role!r} no schema to make kassist's tables in ({reason}); nothing was "
            f"written. Name a schema on its search_path that it may use (ALTER ROLE {role} SET "
            f"search_path = <schema>) and GRANT USAGE, CREATE ON SCHEMA <schema> TO {role}, or run "
            "kassist once with the tables' owner in the URL",
            reason,
        )
    if state == READ_ONLY_TRANSACTION:
        return ServerReadOnly(
            f"{where} is read-only ({reason}): a standby, or default_transaction_read_only is on for "
            "this database or role; nothing was written. Point KASSIST_DATABASE_URL (or "
            "--database-url) at the primary, or turn the setting off",
            reason,
        )
    if state == UNDEFINED_OBJECT and '"vector"' in reason:
        return VectorNotVisible(
            f"{where} has no type vector on this connection's search_path ({reason}): pgvector is "
            "not installed in this database, or its schema (public unless chosen) is left out of "
            "search_path. Run CREATE EXTENSION vector as an administrator, or add the schema: ALTER "
            "DATABASE <db> SET search_path = <yours>, public",
            reason,
        )
    return None


def refused(conninfo: str, exc: BaseException) -> None:
    """Raise :func:`postgres_refusal`'s error for ``exc`` (chained to it), if it names one."""
    error = postgres_refusal(conninfo, exc)
    if error is not None:
        raise error from exc


_CONNECTION_LIMITS = ("too many connections", "too many clients", "remaining connection slots are reserved")
"""How the server refuses one more connection (SQLSTATE 53300, which libpq's connection error does
not carry): a role's or a database's CONNECTION LIMIT, or max_connections reached."""


def connection_limit(exc: BaseException) -> bool:
    """Whether a connection attempt failed because the server reached a connection limit: it is up
    and answered (not "cannot reach")."""
    return isinstance(exc, psycopg.OperationalError) and any(m in str(exc) for m in _CONNECTION_LIMITS)


class ConnectionLimit(DatabaseUnavailable):
    """The server refused more connections than kassist's pool keeps (a role's CONNECTION LIMIT,
    max_connections): it runs and answers; the limit is the operator's to raise."""


def too_many_connections(conninfo: str, exc: BaseException, max_size: int | None = None) -> ConnectionLimit:
    """The error for a connection the server refused at its limit, ``max_size`` the pool's size."""
    reason = " ".join(str(exc).split("FATAL:")[-1].split())
    keeps = f"up to {max_size} connections" if max_size else "a pool of connections"
    return ConnectionLimit(
        f"PostgreSQL at {postgres_target(conninfo)} refused another connection ({reason}): it runs, and "
        f"kassist keeps {keeps} per process; raise that limit (ALTER ROLE ... CONNECTION LIMIT, or the "
        "server's max_connections) or stop what holds its connections"
    )

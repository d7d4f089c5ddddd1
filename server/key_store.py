"""API keys an operator manages (``kassist keys``), stored in the checkpointer's database.

A key is ``kassist_<prefix>_<secret>``: the prefix (10 hex characters) is its public handle, listed
and revoked by; the table holds the prefix, the SHA-256 of the whole token and the owner, never the
token, which is shown once when it is created. A plain (unsalted, fast) hash is enough here because
the secret is 256 random bits, not a password: there is nothing to guess from the hash.

Operations are sans-I/O generators of :class:`kassist.db.Stmt` built from the typed statements of
``server/sql_sqlite.py`` / ``server/sql_postgres.py`` (:class:`server.sql_sqlite.KeysSql`), run on
the process's database object for the URL (``kassist.db.open_database``), like the ingestion
tables (:mod:`graph.ingestion.store`). A tenant's keys are reached through
``KeyStore.for_tenant(tenant_id)``, as every component's tenant data is.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from pydantic import BaseModel

from kassist.db import Database, tables
from kassist.db import migrate as runner
from kassist.db.handle import Handle, open_set_up
from kassist.db.statements import Op, Options, Text, stmts
from kassist.tenancy import TenantMismatch, TenantRequired, validate_tenant_id
from server.configurable import shown
from server.keys import identity_refusal
from server.sql_sqlite import KeysSql

Role = Literal["admin", "member"]
ROLES: tuple[Role, ...] = ("member", "admin")


def parse_role(text: str) -> Role:
    """``text`` as a role; anything else is refused in one line naming the roles (the console's
    key form made an unknown role a member, silently, before session 30)."""
    for role in ROLES:
        if text == role:
            return role
    raise ValueError(f"role must be admin or member, got {shown(text)}")


TOKEN_PREFIX = "kassist_"
PREFIX_LENGTH = 10
_TOKEN = re.compile(rf"^{TOKEN_PREFIX}([0-9a-f]{{{PREFIX_LENGTH}}})_[A-Za-z0-9_-]{{32,}}$")
_PREFIX = re.compile(rf"^(?:{TOKEN_PREFIX})?([0-9a-f]{{{PREFIX_LENGTH}}})$")


T = TypeVar("T")
Steps = Op[T]


class KeyRecord(BaseModel):
    """One stored key, as an operator sees it (the hash never leaves this module's callers)."""

    prefix: str
    tenant_id: str
    identity: str
    role: Role
    token_hash: str
    created_at: float
    revoked_at: float | None
    last_used_at: float | None

    @property
    def active(self) -> bool:
        return self.revoked_at is None

    def public(self) -> dict[str, Any]:
        """What ``kassist keys list --json`` and the console show: everything but the hash."""
        return self.model_dump(exclude={"token_hash"}) | {"active": self.active}


# -- pure rules ---------------------------------------------------------------------------------------


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> tuple[str, str]:
    """A fresh ``(token, prefix)``."""
    prefix = secrets.token_hex(PREFIX_LENGTH // 2)
    return f"{TOKEN_PREFIX}{prefix}_{secrets.token_urlsafe(32)}", prefix


def prefix_of_token(token: str) -> str | None:
    """The prefix of a token in the managed format, else None (then it is no managed key)."""
    match = _TOKEN.match(token)
    return match.group(1) if match else None


def parse_prefix(text: str) -> str:
    """An operator's PREFIX argument (``3f9a0c1b2d`` or ``kassist_3f9a0c1b2d``), or ValueError."""
    match = _PREFIX.match(text.strip())
    if not match:
        raise ValueError(
            f"{text!r} is not a key prefix: give the {PREFIX_LENGTH} hex characters after 'kassist_' "
            "that `kassist keys list` shows"
        )
    return match.group(1)


def matches(record: KeyRecord, token: str) -> bool:
    """Whether ``token`` is this record's key; the hashes are compared in constant time."""
    return hmac.compare_digest(record.token_hash, hash_token(token))


class SessionRecord(BaseModel):
    """A browser's sign-in session (the cookie holds its id; the table only the id's hash)."""

    tenant_id: str
    key_prefix: str | None
    key_hash: str
    csrf: str
    created_at: float
    expires_at: float
    revoked_at: float | None

    def live(self, now: float) -> bool:
        return self.revoked_at is None and self.expires_at > now


# Rows are tuples (one row shape in kassist). A statement that reads a key selects KeyRecord's
# fields in their declared order (sql_sqlite.COLUMNS), one reading a session its hash and then
# SessionRecord's (SESSION_COLUMNS): the models are the rows' one declaration.
# tests/test_row_shape_runs_keys.py checks every dialect's statements against READS.
KEY_COLUMNS = tuple(KeyRecord.model_fields)
SESSION_COLUMNS = ("session_hash", *SessionRecord.model_fields)
READS: dict[str, tuple[str, ...]] = {
    "get": KEY_COLUMNS,
    "list": KEY_COLUMNS,
    "list_all": KEY_COLUMNS,
    "revoke": ("prefix",),
    "revoke_any": ("prefix",),
    "count_active": ("n",),
    "session_get": SESSION_COLUMNS,
}
"""Every statement of the key tables that returns rows, and its columns in order."""


def _record(row: Sequence[Any]) -> KeyRecord:
    return KeyRecord.model_validate(dict(zip(KEY_COLUMNS, row, strict=True)))


def _session(row: Sequence[Any]) -> SessionRecord:
    # SessionRecord has no session_hash field: validation drops it (extra keys are ignored)
    return SessionRecord.model_validate(dict(zip(SESSION_COLUMNS, row, strict=True)))


def migrate(q: KeysSql, backend: str) -> Steps[list[int]]:
    """The tables' pending migrations on a database of ``backend`` (``db.backend``)."""
    return tables.migrate(runner.API_KEYS, q, backend)


def set_up(handle: Handle, q: KeysSql) -> list[int]:
    """The server's table set made or migrated on ``handle``'s database (Handle.set_up: an up-to-date
    one is only read), by the key store and by every ServerTable."""
    look = runner.up_to_date(runner.API_KEYS, len(q.migrations), handle.backend)
    return handle.set_up(look, migrate(q, handle.backend), [])


def get(q: KeysSql, prefix: str) -> Steps[KeyRecord | None]:
    rows = yield stmts(q.get, {"prefix": prefix}, fetch=True)
    return _record(rows[0]) if rows else None


def create(
    q: KeysSql, tenant: str, identity: str, role: Role, token: str, prefix: str, now: float
) -> Steps[KeyRecord]:
    params = {"prefix": prefix, "tenant_id": tenant, "identity": identity, "role": role}
    yield stmts(q.insert, {**params, "hash": hash_token(token), "now": now})
    record = yield from get(q, prefix)
    assert record is not None
    return record


# -- the store and its tenant views ---------------------------------------------------------------


class KeyStore:
    """The API key and browser-session tables of one database.

    A tenant's keys are listed, created and revoked through :meth:`for_tenant` (a
    :class:`TenantKeyStore`, whose methods take no tenant). What stays here is what is cross-tenant
    by nature: looking a key up by its prefix or a session up by its secret id to learn whose it is
    (:meth:`get`, :meth:`session`), marking them used or ended, and the operator's view of every
    tenant (:meth:`list_all`, :meth:`revoke_any`, :meth:`active_count`).
    """

    def __init__(self, db: Database) -> None:
        # The process's shared database object for the URL (kassist.db.open_database): the same
        # connections and writer lock as every other component on it; :meth:`close` gives the use back.
        # The one choice of dialect: the database's backend names the SQL module
        # (server/sql_<backend>.py), so a new backend adds that file and nothing here.
        self._q: KeysSql = import_module(f"server.sql_{db.backend}").SQL
        self._handle = Handle(db, Options(), closed="this key store is closed")

    @classmethod
    def from_url(cls, database_url: str) -> KeyStore:
        """The key store on ``database_url``, its tables created; :meth:`close` it when done."""
        return open_set_up(database_url, cls)

    def close(self) -> None:
        self._handle.close()

    def _one(
        self, text: Text, params: dict[str, Any], *, fetch: bool = True, write: bool = False
    ) -> list[Any]:
        return self._handle.one(text, params, fetch=fetch, write=write)

    def setup(self) -> list[int]:
        return set_up(self._handle, self._q)

    def for_tenant(self, tenant_id: str) -> TenantKeyStore:
        """The keys and sessions of ``tenant_id``: another tenant's key is "not found" there."""
        return TenantKeyStore(self, validate_tenant_id(tenant_id))

    # -- cross-tenant by nature: a prefix or a session id says whose it is --------------------------
    def get(self, prefix: str) -> KeyRecord | None:
        """The key ``prefix`` of whichever tenant (the lookup that learns a presented key's tenant)."""
        return self._handle.run(get(self._q, prefix), single=True)

    async def aget(self, prefix: str) -> KeyRecord | None:
        return await self._handle.arun(get(self._q, prefix), single=True)

    def touch(self, prefix: str) -> None:
        self._one(self._q.touch, {"prefix": prefix, "now": time.time()}, fetch=False, write=True)

    async def atouch(self, prefix: str) -> None:
        def steps() -> Steps[None]:
            yield stmts(self._q.touch, {"prefix": prefix, "now": time.time()})

        await self._handle.arun(steps(), write=True, single=True)

    def session(self, session_id: str) -> SessionRecord | None:
        """The browser session ``session_id`` of whichever tenant (the cookie says whose it is)."""
        rows = self._one(self._q.session_get, {"hash": hash_token(session_id)})
        return _session(rows[0]) if rows else None

    async def asession(self, session_id: str) -> SessionRecord | None:
        def steps() -> Steps[list[Any]]:
            rows = yield stmts(self._q.session_get, {"hash": hash_token(session_id)}, fetch=True)
            return rows  # type: ignore[no-any-return]

        rows = await self._handle.arun(steps(), single=True)
        return _session(rows[0]) if rows else None

    def end_session(self, session_id: str) -> None:
        params = {"hash": hash_token(session_id), "now": time.time()}
        self._one(self._q.session_revoke, params, fetch=False, write=True)

    # -- the operator's view of every tenant (``kassist keys``) --------------------------------------
    def list_all(self) -> list[KeyRecord]:
        """Every tenant's keys, by tenant then oldest first."""
        return [_record(r) for r in self._one(self._q.list_all, {})]

    def revoke_any(self, prefix: str) -> bool:
        """Revoke the active key ``prefix`` whichever tenant's it is; False if there is none."""
        return bool(self._one(self._q.revoke_any, {"prefix": prefix, "now": time.time()}, write=True))

    def active_count(self) -> int:
        ((n,),) = self._one(self._q.count_active, {})  # count(*): one row, one column
        return int(n)

    if not TYPE_CHECKING:  # at run time only: for the type checker these names do not exist here

        def __getattr__(self, name: str) -> object:
            if name in _TENANT_METHODS:
                raise TenantRequired(
                    f"KeyStore.{name} acts on one tenant's keys: call it on KeyStore.for_tenant(tenant_id)"
                )
            raise AttributeError(f"'KeyStore' object has no attribute {name!r}")


class TenantKeyStore:
    """The API keys and browser sessions of one tenant (:meth:`KeyStore.for_tenant`): no method
    takes a tenant, every statement is keyed by this one (``:tenant_id``)."""

    def __init__(self, store: KeyStore, tenant_id: str) -> None:
        self._store, self.tenant_id = store, tenant_id

    def for_tenant(self, tenant_id: str) -> TenantKeyStore:
        """This view again for its own tenant; another tenant's is refused (bind the unbound store)."""
        if validate_tenant_id(tenant_id) != self.tenant_id:
            raise TenantMismatch(f"this key store is bound to tenant {self.tenant_id!r}, not {tenant_id!r}")
        return self

    def create(self, identity: str, role: Role = "member") -> tuple[str, KeyRecord]:
        """A new key for ``identity`` in this tenant: ``(token, record)``; the token is never stored."""
        if "." in self.tenant_id:
            raise ValueError(f"tenant {self.tenant_id!r} contains a dot, which store namespaces cannot hold")
        if not identity.strip() or any(ord(c) < 32 for c in identity):
            raise ValueError("identity must be a non-empty name without control characters, e.g. alice")
        reserved = identity_refusal(identity)
        if reserved is not None:
            raise ValueError(reserved)
        token, prefix = new_token()
        op = create(self._store._q, self.tenant_id, identity, parse_role(role), token, prefix, time.time())
        return token, self._store._handle.run(op, write=True)

    def list(self) -> list[KeyRecord]:
        """This tenant's keys, oldest first."""
        return [_record(r) for r in self._store._one(self._store._q.list, {"tenant_id": self.tenant_id})]

    def revoke(self, prefix: str) -> bool:
        """Revoke this tenant's active key ``prefix`` (and its browser sessions); False if none."""
        params = {"prefix": prefix, "tenant_id": self.tenant_id, "now": time.time()}
        return bool(self._store._one(self._store._q.revoke, params, write=True))

    def open_session(self, key_prefix: str | None, key_hash: str, ttl_s: float) -> tuple[str, SessionRecord]:
        """A new session for a key of this tenant: ``(session id, record)``; the id is never stored,
        only its hash."""
        session_id, csrf, now = secrets.token_urlsafe(32), secrets.token_hex(32), time.time()
        params = {
            "hash": hash_token(session_id), "tenant_id": self.tenant_id, "prefix": key_prefix,
            "key_hash": key_hash, "csrf": csrf, "now": now, "expires": now + ttl_s,
        }  # fmt: skip
        self._store._one(self._store._q.session_insert, params, fetch=False, write=True)
        record = SessionRecord(
            tenant_id=self.tenant_id, key_prefix=key_prefix, key_hash=key_hash, csrf=csrf, created_at=now,
            expires_at=now + ttl_s, revoked_at=None,
        )  # fmt: skip
        return session_id, record


_TENANT_METHODS = frozenset({"create", "list", "revoke", "open_session"})


def open_key_store(database_url: str) -> KeyStore:
    """A key store on ``database_url`` (tables created); close it when done."""
    return KeyStore.from_url(database_url)


def active_keys_in(database_url: str) -> int:
    """How many active keys ``database_url`` holds; 0, creating nothing, for a SQLite file not there."""
    from kassist.dburl import parse_database_url

    parsed = parse_database_url(database_url)
    if parsed.sqlite_path is not None and not parsed.sqlite_path.is_file():
        return 0
    store = open_key_store(database_url)
    try:
        return store.active_count()
    finally:
        store.close()

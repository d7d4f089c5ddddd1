"""API keys: which token belongs to which identity, tenant and role, on every interface.

Two sources, one resolution (:class:`KeyResolver`): the environment's key table
(``$KASSIST_API_KEYS`` / ``$KASSIST_API_KEYS_FILE``, a development convenience, read once) and the
keys an operator manages with ``kassist keys`` (:mod:`server.key_store`, in the database, looked up
per request through a cache of at most ``CACHE_SECONDS``, so a revoked key is refused within a
second by every server process on that database). Who a key authenticates (:class:`Principal`, the
identities no key may have) is :mod:`server.principal`'s, re-exported here.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import os
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, cast

from pydantic import BaseModel, ValidationError, field_validator

from kassist.small_file import read_small_file
from server.principal import MAX_IDENTITY_LENGTH as MAX_IDENTITY_LENGTH
from server.principal import RESERVED_IDENTITIES as RESERVED_IDENTITIES
from server.principal import Principal as Principal
from server.principal import identity_refusal as identity_refusal

if TYPE_CHECKING:
    from server.key_store import KeyRecord, KeyStore

logger = logging.getLogger(__name__)
KEYS_ENV = "KASSIST_API_KEYS"
KEYS_FILE_ENV = "KASSIST_API_KEYS_FILE"
MIN_TOKEN_LENGTH = 16
CACHE_SECONDS = 0.5
"""How long a database key's answer is reused: a revoked key is refused at most this long after."""
TOUCH_SECONDS = 60.0
"""A key's ``last_used_at`` is written at most this often (not one write per request)."""


class KeyTable(BaseModel):
    """token -> principal. Tokens shorter than 16 characters are refused as guessable."""

    keys: dict[str, Principal]

    @field_validator("keys")
    @classmethod
    def _long_enough(cls, v: dict[str, Principal]) -> dict[str, Principal]:
        short = [p.identity for t, p in v.items() if len(t) < MIN_TOKEN_LENGTH]
        if short:
            raise ValueError(f"API keys of {short} are shorter than {MIN_TOKEN_LENGTH} characters")
        return v

    def lookup(self, token: str | None) -> Principal | None:
        """The principal of ``token``; every key is compared in constant time, so timing reveals nothing."""
        if not token:
            return None
        found = None
        for known, principal in self.keys.items():
            if hmac.compare_digest(known.encode(), token.encode()):
                found = principal
        return found


def _masked(token: object) -> str:
    return f"key {str(token)[:4]}..."


def _problems(exc: ValidationError, tokens: list[str]) -> str:
    """The validation errors, each with where it is: the entry's number and its token's first four
    characters, never a whole token nor any input value (the message reaches logs)."""
    out = []
    for err in exc.errors(include_url=False, include_input=False, include_context=False):
        loc = list(err["loc"])
        if loc[:1] == ["keys"]:
            loc = loc[1:]
        where = ""
        if loc and loc[0] in tokens:
            where = f"entry {tokens.index(str(loc[0])) + 1} ({_masked(loc[0])})"
            loc = loc[1:]
        field = ".".join(str(part) for part in loc)
        message = err["msg"].removeprefix("Value error, ")
        out.append(": ".join(part for part in (where, field, message) if part))
    return "; ".join(out)


def parse_key_table(text: str, origin: str) -> KeyTable:
    """Parse ``{"<token>": {"identity": "...", "tenant_id": "...", "role": "admin"}}`` (role optional,
    default member); errors name ``origin`` and never repeat a token."""
    expected = 'Expected JSON like {"<token of 16+ chars>": {"identity": "alice", "tenant_id": "acme"}}'
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"invalid API key table in {origin}: not JSON ({exc}). {expected}") from None
    tokens = [str(t) for t in data] if isinstance(data, dict) else []
    try:
        return KeyTable(keys=data)
    except ValidationError as exc:
        raise ValueError(f"invalid API key table in {origin}: {_problems(exc, tokens)}. {expected}") from None


MAX_KEYS_FILE_BYTES = 8 << 20
"""The largest key table file read: a key is a line of JSON, and a million-key table is past any
tenant count a key table serves (the managed keys live in the database)."""


def load_key_table() -> KeyTable:
    """The key table from $KASSIST_API_KEYS_FILE or $KASSIST_API_KEYS; none configured -> empty table,
    so every request is refused (no anonymous access, ever)."""
    path = os.environ.get(KEYS_FILE_ENV)
    if path and os.environ.get(KEYS_ENV, "").strip():
        # One table: the file silently won, and a key removed from the inline table stayed valid.
        raise ValueError(
            f"both ${KEYS_FILE_ENV} and ${KEYS_ENV} are set; the server reads one key table: unset one"
        )
    if path:
        try:  # a pipe blocked the server's start forever, a device was read whole (h24 s39 H24-7)
            text = read_small_file(path, MAX_KEYS_FILE_BYTES)
        except (OSError, UnicodeDecodeError) as exc:
            raise ValueError(f"cannot read the API key table ${KEYS_FILE_ENV} ({path}): {exc}") from None
        return parse_key_table(text, f"${KEYS_FILE_ENV} ({path})")
    inline = os.environ.get(KEYS_ENV)
    if inline:
        return parse_key_table(inline, f"${KEYS_ENV}")
    return KeyTable(keys={})


def token_from_headers(headers: dict[bytes, bytes]) -> str | None:
    """The token of ``x-api-key: <t>`` or ``authorization: Bearer <t>``."""
    api_key = headers.get(b"x-api-key")
    if api_key:
        return api_key.decode("latin-1").strip()
    auth = headers.get(b"authorization", b"").decode("latin-1").strip()
    scheme, _, token = auth.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return None


class KeysUnreadable(RuntimeError):
    """The database's key table could not be read: whether a key holds is not known."""


class KeyLookup(Protocol):
    """What a server needs of its keys: the principal of a token, or None."""

    def lookup(self, token: str | None) -> Principal | None: ...


class KeyResolver:
    """The one resolution every interface uses: the environment's table, then the database's keys.

    ``store`` is a :class:`server.key_store.KeyStore`, or a zero-argument function opening one on
    first use (the LangGraph server's auth module is imported before any request). Answers for
    database keys, found or not, are cached for ``ttl`` seconds (keyed by the token's hash);
    :meth:`forget` drops the cache (a revocation in this process takes effect at once). A database
    that cannot be reached refuses the key (logged), never lets it through.

    ``tenant`` binds the resolution to one tenant (a single-tenant server: ``KASSIST_INGEST_ROOT_SHARED``
    on kassist serve): a key of any other tenant, in the table or added to the database later, is
    refused like an unknown one (logged for the operator, naming the setting).
    """

    def __init__(
        self,
        table: KeyTable,
        store: KeyStore | Callable[[], KeyStore] | None = None,
        *,
        ttl: float = CACHE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
        tenant: str | None = None,
        tenant_setting: str = "KASSIST_INGEST_ROOT_SHARED",
    ) -> None:
        self.table = table
        self.tenant = tenant
        self._tenant_setting = tenant_setting
        self._store = store
        self._ttl = ttl
        self._clock = clock
        self._cache: dict[str, tuple[float, Principal | None]] = {}
        self._opening = threading.Lock()  # two first requests at once open one store, not two

    def store(self) -> KeyStore | None:
        from server.key_store import KeyStore

        with self._opening:
            if self._store is not None and not isinstance(self._store, KeyStore):
                self._store = self._store()
            return self._store

    def forget(self) -> None:
        self._cache.clear()

    def _cached(self, token: str) -> tuple[float, Principal | None] | None:
        hit = self._cache.get(hashlib.sha256(token.encode()).hexdigest())
        return hit if hit is not None and hit[0] > self._clock() else None

    def _remember(self, token: str, principal: Principal | None) -> Principal | None:
        if len(self._cache) > 10_000:  # a flood of wrong tokens must not grow memory without bound
            self._cache.clear()
        self._cache[hashlib.sha256(token.encode()).hexdigest()] = (self._clock() + self._ttl, principal)
        return principal

    @staticmethod
    def _principal(record: KeyRecord | None, token: str) -> Principal | None:
        from server.key_store import matches

        if record is None or not record.active or not matches(record, token):
            return None
        if (refused := identity_refusal(record.identity)) is not None:  # a key made before the rule
            logger.warning("API key %s... refused: %s", record.prefix, refused)
            return None
        return Principal(identity=record.identity, tenant_id=record.tenant_id, role=record.role)

    @staticmethod
    def _stale(record: KeyRecord) -> bool:
        return record.last_used_at is None or time.time() - record.last_used_at > TOUCH_SECONDS

    def _before_store(self, token: str | None) -> tuple[Principal | None, str | None]:
        """What the environment's table or the cache answers for ``token`` (and None), or (None and)
        the key prefix whose record the database must answer for."""
        from server.key_store import prefix_of_token

        if not token:
            return None, None
        found = self.table.lookup(token)
        prefix = prefix_of_token(token)
        if found is not None or prefix is None or self._store is None:
            return found, None
        hit = self._cached(token)
        if hit is not None:
            return hit[1], None
        return None, prefix

    @staticmethod
    def _unreadable(prefix: str, exc: Exception) -> None:
        logger.warning("API key %s... refused: the key table cannot be read (%s)", prefix, exc)

    def bound(self, tenant: str | None, setting: str) -> KeyResolver:
        """This resolution (its table and database) bound to ``tenant``, named by ``setting``."""
        store = cast("Callable[[], KeyStore]", self.store)  # opens ours once, shared
        return KeyResolver(
            self.table, store, ttl=self._ttl, clock=self._clock, tenant=tenant, tenant_setting=setting
        )

    def served(self, principal: Principal | None) -> Principal | None:
        """``principal`` unless the resolution is bound to another tenant than its (then None): the
        one rule for every door, header keys here and the browser's sessions (server/browser_login)."""
        if principal is None or self.tenant is None or principal.tenant_id == self.tenant:
            return principal
        logger.warning(
            "an API key of tenant %r refused: this server serves tenant %r only (%s)",
            principal.tenant_id, self.tenant, self._tenant_setting,
        )  # fmt: skip
        return None

    def lookup(self, token: str | None) -> Principal | None:
        return self.served(self._lookup(token))

    def _lookup(self, token: str | None) -> Principal | None:
        answer, prefix = self._before_store(token)
        if prefix is None or token is None:
            return answer
        try:
            store = self.store()
            assert store is not None
            record = store.get(prefix)
            principal = self._principal(record, token)
            if principal is not None and record is not None and self._stale(record):
                store.touch(prefix)
        except Exception as exc:
            self._unreadable(prefix, exc)
            return None
        return self._remember(token, principal)

    async def alookup(self, token: str | None) -> Principal | None:
        """:meth:`lookup` for an event loop: the database is read without blocking it."""
        return self.served(await self._alookup(token))

    async def _alookup(self, token: str | None) -> Principal | None:
        answer, prefix = self._before_store(token)
        if prefix is None or token is None:
            return answer
        try:
            # Opening the store (the first time) connects: not on the event loop.
            store = await asyncio.to_thread(self.store) if callable(self._store) else self.store()
            assert store is not None
            record = await store.aget(prefix)
            principal = self._principal(record, token)
            if principal is not None and record is not None and self._stale(record):
                await store.atouch(prefix)
        except Exception as exc:
            self._unreadable(prefix, exc)
            return None
        return self._remember(token, principal)

    def key_of(self, token: str | None) -> str | None:
        """The prefix of the managed key ``token`` authenticates as; None for the environment's."""
        from server.key_store import prefix_of_token

        if not token or self.table.lookup(token) is not None:
            return None
        return prefix_of_token(token)

    def current(self, identity: str, tenant_id: str, key: str | None) -> Principal | None:
        """What ``identity`` of ``tenant_id`` holds now (blocking; no cache: a run's start asks
        once): the managed key ``key`` while it is active and still that identity's, else None;
        without a key, the environment table's key of that identity, else its best active managed
        key (a cron stored before keys were named), else None (also for another tenant than the
        one this resolution is bound to: a run it stored earlier starts with no rights here). A
        database that cannot be read raises :class:`KeysUnreadable` (logged): not knowing is not
        "revoked"."""
        return self.served(self._current(identity, tenant_id, key))

    def _current(self, identity: str, tenant_id: str, key: str | None) -> Principal | None:
        if key is None:
            held = [p for p in self.table.keys.values() if (p.identity, p.tenant_id) == (identity, tenant_id)]
            if held:
                return max(held, key=lambda p: p.is_admin)
        try:
            store = self.store()
            if store is None:
                return None
            if key is not None:
                found = store.get(key)
                records = [found] if found is not None else []
            else:
                records = store.for_tenant(tenant_id).list()
        except Exception as exc:
            self._unreadable(key or identity, exc)
            raise KeysUnreadable(f"the API keys could not be read ({str(exc)[:200]})") from None
        live = [
            Principal(identity=r.identity, tenant_id=r.tenant_id, role=r.role)
            for r in records
            if r.active and (r.identity, r.tenant_id) == (identity, tenant_id)
        ]
        return max(live, key=lambda p: p.is_admin) if live else None

    def admins(self, tenant_id: str) -> set[str]:
        """The identities of ``tenant_id``'s admin keys, the environment's and the database's,
        revoked ones included (what they wrote stays theirs). Blocking."""
        found = {p.identity for p in self.table.keys.values() if p.tenant_id == tenant_id and p.is_admin}
        store = self.store()
        if store is not None:
            found |= {r.identity for r in store.for_tenant(tenant_id).list() if r.role == "admin"}
        return found

    def has_keys(self) -> bool:
        """Whether any key can sign in at all (the environment's, or an active one in the database)."""
        if self.table.keys:
            return True
        store = self.store()
        return store is not None and store.active_count() > 0

"""What ``kassist serve`` checks before it imports the server: a user's mistake told in a fraction of a second.

Importing the app (:mod:`server.langserve_app`: LangServe, FastAPI, LangGraph, the assistant's
graph) costs about 2 s of CPU. A server that must not start - no API key, a key table that does not
parse, a request limit set to a word, a database URL that is wrong, a PostgreSQL server that does not
answer - is told before that import, with the words and in the order the app's own start-up meets
them (:func:`server.langserve_app.build` runs these same checks first). This module imports only the
key table, the key store and the URL parser.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable

from kassist.dburl import DatabaseUnavailable, database_url_from_env, parse_database_url
from server.http_limits import max_batch_runs, max_body_bytes
from server.key_store import active_keys_in
from server.keys import KeyTable, load_key_table

NO_KEYS_WARNING = (
    "WARNING: no API keys are configured ($KASSIST_API_KEYS / $KASSIST_API_KEYS_FILE): every "
    "request will be refused with 401"
)


class ConfigError(Exception):
    """The server is configured wrongly and must not start; the message says what to fix."""


def check_keys(keys: KeyTable, allow_no_keys: bool, database_url: str | None = None) -> None:
    """Refuse to start without keys (neither the environment's nor the database's) unless the
    operator said so (then warn loudly)."""
    if keys.keys or (database_url is not None and active_keys_in(database_url) > 0):
        return
    if not allow_no_keys:
        raise ConfigError(
            "no API keys are configured: set $KASSIST_API_KEYS (JSON) or $KASSIST_API_KEYS_FILE, or "
            "create one with `kassist keys create` (docs/serving.md), or pass --allow-no-keys to "
            "start a server that refuses every request"
        )
    print(NO_KEYS_WARNING, file=sys.stderr)


TENANT_ENV = "KASSIST_TENANT"  # memory.store.factory's (not imported here: this module stays light)
SHARED_ROOT_ENV = "KASSIST_INGEST_ROOT_SHARED"  # graph.ingestion.served's, likewise


def check_unbound() -> None:
    """``KASSIST_TENANT`` binds langgraph dev to one tenant (other tenants' keys: 403). kassist serve
    has no such binding: set, it served every tenant of its key table and said nothing."""
    if os.environ.get(TENANT_ENV, "").strip():
        raise ValueError(
            f"{TENANT_ENV} binds langgraph dev to one tenant; kassist serve serves every tenant of its "
            f"key table and has no such binding: unset {TENANT_ENV}, and give this server only that "
            "tenant's keys"
        )


def check_one_tenant(shared: str | None, tenants: Iterable[str]) -> None:
    """``KASSIST_INGEST_ROOT_SHARED=<tenant>`` makes kassist serve a single-tenant server: that
    tenant's runs read the whole root, so a folder of it is no other tenant's (h16 s36 H16-13). Keys
    of other tenants (the key table's, the database's active ones) refuse the start, named for the
    operator; one added later is refused at each request (server.keys.KeyResolver's ``tenant``)."""
    others = sorted(set(tenants) - {shared}) if shared is not None else []
    if others:
        named = ", ".join(repr(t) for t in others[:5]) + (" ..." if len(others) > 5 else "")
        raise ConfigError(
            f"{SHARED_ROOT_ENV}={shared} makes this a single-tenant server (its runs read the whole "
            f"ingestion root), but keys of other tenants are configured: {named}. Revoke them "
            f"(kassist keys revoke) or remove them from the key table, or unset {SHARED_ROOT_ENV} so "
            "that each tenant reads its own folder KASSIST_INGEST_ROOT/<tenant>"
        )


def check_reachable(url: str) -> None:
    """A PostgreSQL URL whose server does not answer raises the error opening it would raise
    (:func:`kassist.db.pool_postgres.open_pool`'s first, direct connection, with its timeout);
    a SQLite URL is a file, made when the app opens it."""
    parsed = parse_database_url(url)
    if parsed.conninfo is None:
        return
    from kassist.db.pool_postgres import connect_once

    connect_once(parsed.conninfo)


def checked_keys(database_url: str | None, allow_no_keys: bool) -> KeyTable:
    """The key table, once every start-up check that needs nothing of the app has passed, in the
    app's order: the table parses; there is a key (or ``allow_no_keys``, warned about); the request
    limits' settings parse; the database URL parses and its server answers. A failure raises
    :class:`ConfigError` with the message the app's start-up gave."""
    try:
        keys = load_key_table()
    except (ValueError, OSError) as exc:
        raise ConfigError(str(exc)) from None
    try:
        url = database_url or database_url_from_env()
        check_keys(keys, allow_no_keys, url)
        check_unbound()
        max_body_bytes()
        max_batch_runs()
        check_reachable(url)
    # A malformed URL or setting, a database not reachable (as server.langserve_app.build).
    except (ValueError, DatabaseUnavailable) as exc:
        raise ConfigError(str(exc)) from None
    return keys

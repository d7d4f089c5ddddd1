"""What the LangGraph server's auth (server/auth.py) reads from the environment, once, when the
server starts: the key table and its resolver, the limits of crons, waiting runs, threads,
assistants and store items, the assistant's embedder, the notify hosts, and a one-tenant
deployment's tenant. A bad value stops the server naming the variable, never a request; every
handler of server/auth.py reads the values from here.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from graph.ingestion.served import notify_hosts, shared_tenant
from graph.ingestion.served_lease import grace_seconds
from kassist.dburl import database_url_from_env
from kassist.file_modes import warn_shared_database
from knowledge.embedders.select import EMBEDDER_CHOICES
from server import run_creator, webhook_client
from server.cron_limits import cron_limits, min_cron_interval
from server.keys import KeyResolver, KeyTable, load_key_table
from server.object_limits import object_limits, tenant_object_limits
from server.run_limits import tenant_waiting_runs_limit, waiting_runs_limit
from server.store_limits import store_limits

KEYS: KeyTable = load_key_table()
"""Read once, at start-up: a bad table fails here, naming the variable, not at a request."""
if not KEYS.keys:
    print(
        "WARNING: no API keys are configured in $KASSIST_API_KEYS / $KASSIST_API_KEYS_FILE: only "
        "keys made with `kassist keys create` in $KASSIST_DATABASE_URL are accepted; every other "
        "request to this LangGraph server is refused with 401",
        file=sys.stderr,
    )


def _open_key_store() -> Any:
    from server.key_store import open_key_store

    url = database_url_from_env()
    store = open_key_store(url)  # kept open for the server's lifetime
    warn_shared_database(url)  # a file an older kassist made 0644: said once, with the chmod
    return store


# KASSIST_INGEST_ROOT_SHARED's old "1", naming no tenant: refused at start too.
_SHARED_TENANT = shared_tenant(os.environ)

_TENANT = os.environ.get("KASSIST_TENANT", "").strip() or None
if _TENANT is not None and _SHARED_TENANT is not None and _TENANT != _SHARED_TENANT:
    raise ValueError(
        f"KASSIST_TENANT={_TENANT} and KASSIST_INGEST_ROOT_SHARED={_SHARED_TENANT} name two tenants: a server "
        "whose ingestion root is one tenant's serves that tenant only; set both to it, or unset "
        "KASSIST_INGEST_ROOT_SHARED so that each tenant reads its own folder KASSIST_INGEST_ROOT/<tenant>"
    )
BOUND_TENANT = _TENANT or _SHARED_TENANT
"""The one tenant this server serves, or None (every tenant of its keys): a key of another tenant is
refused here (403). ``KASSIST_TENANT`` (memory.store.factory's one-tenant deployment: the store is
bound to it; its store calls were 500s - TenantMismatch - and its assistant turns failed inside), or
``KASSIST_INGEST_ROOT_SHARED``'s tenant, whose runs read the whole ingestion root: another tenant's
folder of it was the shared tenant's to read (h16 s36 H16-13), so no other tenant is served."""
BOUND_BY = "KASSIST_TENANT" if _TENANT is not None else "KASSIST_INGEST_ROOT_SHARED"
"""The setting that bound :data:`BOUND_TENANT`, named in the refusal."""

RESOLVER = KeyResolver(KEYS, _open_key_store)  # authenticate answers another tenant's key itself: 403
# A run starts only while its creator's key holds its rights here: bound as the requests are, so a cron
# or queued run of another tenant starts with none on a one-tenant server (r2 s37).
run_creator.install(RESOLVER.bound(BOUND_TENANT, BOUND_BY))

CRON_LIMITS = cron_limits()
"""Crons one user / one tenant may keep (server/cron_limits.py), read at start-up: a bad value stops
the server naming the variable."""

WAITING_RUNS = waiting_runs_limit()
"""Runs one user may have pending or running (server/run_limits.py), read at start-up."""

WAITING_RUNS_PER_TENANT = tenant_waiting_runs_limit()
"""Runs one tenant's users may have pending or running together, read at start-up."""

THREADS_PER_USER, ASSISTANTS_PER_USER = object_limits()
"""Threads and assistants one user may keep (server/object_limits.py), read at start-up."""

THREADS_PER_TENANT, ASSISTANTS_PER_TENANT = tenant_object_limits()
"""Threads and assistants one tenant may keep, all its users together, read at start-up."""

STORE_LIMITS = store_limits()
"""Store items (and their bytes) one user / one tenant may put (server/store_limits.py), read at start-up."""

CRON_MIN_INTERVAL = min_cron_interval()
"""The fewest seconds between two firings of one cron (server/cron_limits.py), read at start-up."""

LEASE_GRACE_S = grace_seconds(os.environ)
"""How long a langgraph dev run's lease is kept between two of its nodes (KASSIST_LEASE_GRACE_MS,
graph/ingestion/served_lease.py), read at start-up: a bad value stops the server, not each run."""

EMBEDDER_ENV = "KASSIST_EMBEDDER"  # graph.assistant.services.ENV_EMBEDDER, read at a first run
if (os.environ.get(EMBEDDER_ENV) or "auto") not in EMBEDDER_CHOICES:
    # Refused at start like the limits above: it was each assistant run's ValueError, told to clients.
    raise ValueError(
        f"{EMBEDDER_ENV}={os.environ[EMBEDDER_ENV][:40]!r} is not an embedder; choose one of: "
        f"{', '.join(EMBEDDER_CHOICES)} (the model the knowledge base was indexed with)"
    )

notify_hosts(os.environ)  # a host list that can never match: refused at start, as kassist serve does
webhook_client.install()  # a webhook follows no redirect past the host list (h16 s36 H16-7)

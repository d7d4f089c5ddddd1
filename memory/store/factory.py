"""Zero-argument factory for langgraph.json's ``"store": {"path": "memory.store.factory.langgraph_store"}``."""

from __future__ import annotations

import os

from kassist.dburl import database_url_from_env
from memory.store.store import MemoryStore

TENANT_ENV_VAR = "KASSIST_TENANT"


def langgraph_store() -> MemoryStore:
    """The store at ``KASSIST_DATABASE_URL``, set up and ready.

    With ``KASSIST_TENANT`` set, a view bound to that tenant (one deployment per tenant). Without it,
    an admin store whose namespaces start with the tenant id: the server's auth handler must then
    force ``namespace[0]`` to the authenticated tenant (see docs/memory-store.md).
    """
    tenant = os.environ.get(TENANT_ENV_VAR, "").strip()
    store = MemoryStore.from_url(database_url_from_env(), tenant_from_namespace=not tenant)
    store.setup()
    return store.for_tenant(tenant) if tenant else store

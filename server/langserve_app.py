"""The document graph over LangServe: ``POST /documents/invoke``, ``/stream``, ``/stream_events``,
``/stream_log``, the schema endpoints, the playground (``/documents/playground/``) and
``GET /documents/threads/{thread_id}/state``, checkpointed by ``TenantCheckpointer``.

Every route but ``/ok`` and ``/login`` needs one of the API keys of :mod:`server.keys` (the
environment's table or ``kassist keys create``; ``x-api-key``, ``Authorization: Bearer``, or the
login cookie); the key's tenant becomes ``configurable.tenant_id``. The operator console is at
``/ui`` (:mod:`server.console`). Run it with::

    KASSIST_API_KEYS='{"<token>": {"identity": "alice", "tenant_id": "acme"}}' \
        python -m server.langserve_app --port 8001 [--host 127.0.0.1] [--database-url URL]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any, cast

from fastapi import Depends, FastAPI, HTTPException, Request
from fastapi.responses import JSONResponse
from langchain_core.runnables import ConfigurableFieldSpec, Runnable, RunnableBinding, RunnableConfig
from langserve import add_routes
from langserve.server import EndpointName

from checkpointer import TENANT_KEY, CheckpointConflict, TenantCheckpointer
from graph.doc_steps import DocState, build_graph
from kassist.dburl import DatabaseUnavailable, database_url_from_env
from kassist.tenancy import TenantMismatch, TenantRequired
from server.browser_login import add_login_routes
from server.configurable import client_keys
from server.console import add_console
from server.key_store import KeyStore, active_keys_in
from server.keys import KeyResolver, KeyTable, load_key_table
from server.request_config import NO_KEY, Refused, check_tenant, run_config, sent_configurable

GRAPH = "documents"
PATH = f"/{GRAPH}"
# No batch (one config per request carries one thread) and no config hashes (configs in URLs).
ENDPOINTS: tuple[EndpointName, ...] = (
    "invoke",
    "stream",
    "stream_log",
    "stream_events",
    "input_schema",
    "output_schema",
    "config_schema",
    "playground",
)
NO_KEYS_WARNING = (
    "WARNING: no API keys are configured ($KASSIST_API_KEYS / $KASSIST_API_KEYS_FILE): every "
    "request will be refused with 401"
)


class ConfigError(Exception):
    """The server is configured wrongly and must not start; the message says what to fix."""


def declaring_client_keys(runnable: Runnable[Any, Any], graph: str) -> Runnable[Any, Any]:
    """``runnable``, declaring the configurable keys a client may send for ``graph`` as its config
    schema: the schema endpoint and the playground show exactly the allow-list, and LangServe keeps
    those keys instead of dropping them."""

    class ClientKeys(RunnableBinding[Any, Any]):
        # A class per graph, not a field: LangServe re-creates the binding with bound= only.
        @property
        def config_specs(self) -> list[ConfigurableFieldSpec]:
            specs = {spec.id: spec for spec in self.bound.config_specs}
            for key in sorted(client_keys(graph)):
                specs.setdefault(key, ConfigurableFieldSpec(id=key, annotation=str, name=key, is_shared=True))
            return list(specs.values())

    return ClientKeys(bound=runnable)


def _http(refused: Refused) -> HTTPException:
    return HTTPException(status_code=refused.status_code, detail=refused.detail)


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


def create_app(database_url: str | None = None, keys: KeyTable | None = None) -> FastAPI:
    """The FastAPI app on ``database_url`` (default: ``KASSIST_DATABASE_URL``) and ``keys`` (default:
    ``KASSIST_API_KEYS_FILE`` / ``KASSIST_API_KEYS``; none configured -> every request gets 401)."""
    table = keys if keys is not None else load_key_table()
    url = database_url or database_url_from_env()
    saver = TenantCheckpointer.from_url(url)
    saver.setup()
    key_store = KeyStore(saver)
    key_store.setup()
    resolver = KeyResolver(table, key_store)
    graph = build_graph().compile(checkpointer=saver)
    served = declaring_client_keys(graph, GRAPH)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        try:
            yield
        finally:
            console.close()
            await saver.aclose()

    app = FastAPI(title="kassist documents", lifespan=lifespan)
    principal = add_login_routes(app, resolver, landing=f"{PATH}/playground/")
    console = add_console(app, resolver, url)

    @app.exception_handler(TenantMismatch)
    @app.exception_handler(TenantRequired)
    async def tenant_refused(_: Request, exc: Exception) -> JSONResponse:
        return JSONResponse({"detail": f"refused: {exc}"}, status_code=403)

    @app.exception_handler(CheckpointConflict)
    async def conflict(_: Request, exc: Exception) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=409)

    async def require_key(request: Request) -> None:
        if principal(request) is None:
            raise HTTPException(status_code=401, detail=NO_KEY)

    async def per_request(config: dict[str, Any], request: Request) -> dict[str, Any]:
        try:
            run = run_config(config, principal(request), sent_configurable(await request.json()), GRAPH)
        except Refused as refused:
            raise _http(refused) from None
        conf = run["configurable"]
        if (
            conf.get("checkpoint_id") is not None
            and await saver.aget_tuple(cast("RunnableConfig", run)) is None
        ):
            # Otherwise the run would fork from a checkpoint that is not there and fail as a
            # conflict (a 500) after LangServe has started answering.
            raise HTTPException(
                status_code=404,
                detail=f"checkpoint {conf['checkpoint_id']!r} not found in thread {conf['thread_id']!r}",
            )
        return run

    @app.get("/ok", include_in_schema=False)
    async def ok() -> dict[str, bool]:
        """Liveness, for process managers and tests: says nothing about the data."""
        return {"ok": True}

    @app.get(f"{PATH}/threads/{{thread_id}}/state")
    async def thread_state(thread_id: str, request: Request) -> dict[str, Any]:
        """The latest state of one of the caller's threads; another tenant's thread is not found."""
        try:
            tenant = check_tenant(principal(request), {})
        except Refused as refused:
            raise _http(refused) from None
        snapshot = await graph.aget_state({"configurable": {"thread_id": thread_id, TENANT_KEY: tenant}})
        if snapshot.created_at is None:
            raise HTTPException(status_code=404, detail=f"thread {thread_id!r} not found")
        return {
            "thread_id": thread_id,
            "values": snapshot.values,
            "next": list(snapshot.next),
            "checkpoint_id": snapshot.config["configurable"]["checkpoint_id"],
        }

    add_routes(
        app,
        served,
        path=PATH,
        input_type=DocState,
        # A run that writes nothing (empty input on a new thread) returns None, which a plain
        # DocState output schema turns into a 500.
        output_type=cast("type[Any]", DocState | None),
        config_keys=("configurable",),
        per_req_config_modifier=per_request,
        enabled_endpoints=ENDPOINTS,
        dependencies=[Depends(require_key)],
    )
    return app


def build(database_url: str | None, allow_no_keys: bool) -> FastAPI:
    """The app, after the start-up checks; a configuration problem raises :class:`ConfigError`."""
    try:
        keys = load_key_table()
    except (ValueError, OSError) as exc:
        raise ConfigError(str(exc)) from None
    try:
        check_keys(keys, allow_no_keys, database_url or database_url_from_env())
        return create_app(database_url, keys)
    except (ValueError, DatabaseUnavailable) as exc:  # a malformed URL, a database not reachable
        raise ConfigError(str(exc)) from None


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the document graph over LangServe.")
    parser.add_argument("--port", type=int, default=8001)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--database-url", default=None, help="default: $KASSIST_DATABASE_URL")
    parser.add_argument(
        "--allow-no-keys", action="store_true", help="start even with no API keys (every request refused)"
    )
    args = parser.parse_args(argv)
    # A missing "serve" extra is told before the configuration is read: it is the first thing to fix.
    import uvicorn

    try:
        app = build(args.database_url, args.allow_no_keys)
    except ConfigError as exc:
        raise SystemExit(f"error: {exc}") from None

    uvicorn.run(app, host=args.host, port=args.port)


if __name__ == "__main__":
    main()

"""The document graph over LangServe: ``POST /documents/invoke``, ``/stream``, ``/stream_events``
and ``GET /documents/threads/{thread_id}/state``, checkpointed by ``TenantCheckpointer``.

Every request needs one of the API keys of :mod:`server.keys` (``x-api-key`` or
``Authorization: Bearer``); the key's tenant becomes ``configurable.tenant_id``. Run it with::

    KASSIST_API_KEYS='{"<token>": {"identity": "alice", "tenant_id": "acme"}}' \
        python -m server.langserve_app --port 8001 [--host 127.0.0.1] [--database-url URL]
"""

from __future__ import annotations

import argparse
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, cast

from fastapi import FastAPI, HTTPException, Request
from langserve import add_routes
from langserve.server import EndpointName

from checkpointer import TENANT_KEY, TenantCheckpointer
from graph.doc_steps import DocState, build_graph
from kassist.dburl import database_url_from_env
from server.keys import KeyTable, Principal, load_key_table, token_from_headers
from server.request_config import Refused, require_principal, run_config, sent_configurable

PATH = "/documents"
# No batch (one config per request carries one thread) and no config hashes (configs in URLs).
ENDPOINTS: tuple[EndpointName, ...] = (
    "invoke",
    "stream",
    "stream_events",
    "input_schema",
    "output_schema",
    "config_schema",
)


def _principal(request: Request, keys: KeyTable) -> Principal | None:
    return keys.lookup(token_from_headers(dict(request.headers.raw)))


def _http(refused: Refused) -> HTTPException:
    return HTTPException(status_code=refused.status_code, detail=refused.detail)


def create_app(database_url: str | None = None, keys: KeyTable | None = None) -> FastAPI:
    """The FastAPI app on ``database_url`` (default: ``KASSIST_DATABASE_URL``) and ``keys`` (default:
    ``KASSIST_API_KEYS_FILE`` / ``KASSIST_API_KEYS``; none configured -> every request gets 401)."""
    table = keys if keys is not None else load_key_table()
    saver = TenantCheckpointer.from_url(database_url or database_url_from_env())
    saver.setup()
    graph = build_graph().compile(checkpointer=saver)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        try:
            yield
        finally:
            await saver.aclose()

    app = FastAPI(title="kassist documents", lifespan=lifespan)

    async def per_request(config: dict[str, Any], request: Request) -> dict[str, Any]:
        try:
            return run_config(config, _principal(request, table), sent_configurable(await request.json()))
        except Refused as refused:
            raise _http(refused) from None

    @app.get(f"{PATH}/threads/{{thread_id}}/state")
    async def thread_state(thread_id: str, request: Request) -> dict[str, Any]:
        """The latest state of one of the caller's threads; another tenant's thread is not found."""
        try:
            tenant = require_principal(_principal(request, table)).tenant_id
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
        graph,
        path=PATH,
        input_type=DocState,
        # A run that writes nothing (empty input on a new thread) returns None, which a plain
        # DocState output schema turns into a 500.
        output_type=cast("type[Any]", DocState | None),
        config_keys=("configurable",),
        per_req_config_modifier=per_request,
        enabled_endpoints=ENDPOINTS,
    )
    return app


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the document graph over LangServe.")
    parser.add_argument("--port", type=int, default=8001)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--database-url", default=None, help="default: $KASSIST_DATABASE_URL")
    args = parser.parse_args(argv)
    import uvicorn

    uvicorn.run(create_app(args.database_url), host=args.host, port=args.port)


if __name__ == "__main__":
    main()

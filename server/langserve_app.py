"""The knowledge assistant over LangServe: ``POST /assistant/invoke``, ``/batch``, ``/stream``,
``/stream_events``, ``/stream_log`` (the playground's), the schema endpoints, the playground
(``/assistant/playground/``) and ``GET /assistant/threads/{thread_id}/state``; checkpointed by
``TenantCheckpointer``, with the ``MemoryStore`` attached.

Every route but ``/ok`` and ``/login`` needs one of the API keys of :mod:`server.keys` (the
environment's table or ``kassist keys create``; ``x-api-key``, ``Authorization: Bearer``, or the
login cookie); the key's tenant becomes ``configurable.tenant_id`` and its identity
``configurable.user_id``. The runs API is at ``/v1/runs`` (:mod:`server.runs`), the operator console
at ``/ui`` (:mod:`server.console`). Run it with::

    KASSIST_API_KEYS='{"<token>": {"identity": "alice", "tenant_id": "acme"}}' \
        kassist serve --port 8001 [--host 127.0.0.1] [--database-url URL]
"""

from __future__ import annotations

import argparse
import asyncio
import os
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any, cast

from fastapi import Depends, FastAPI, HTTPException, Request
from fastapi.encoders import jsonable_encoder
from fastapi.responses import HTMLResponse
from langchain_core.runnables import RunnableConfig
from langserve import add_routes

from checkpointer import TENANT_KEY
from graph.assistant.services import AssistantSettings, Services
from kassist.dburl import DatabaseUnavailable, database_url_from_env
from kassist.file_modes import warn_shared_database
from knowledge.embedders import EmbedderUnavailable
from server.assistant_schema import ENDPOINTS, AssistantRequest, declaring_client_keys
from server.assistant_served import Served
from server.browser_login import SignInRequired, add_login_routes, request_target, wants_page
from server.configurable import MAX_CONTEXT_BUDGET, refused_id
from server.console import add_console
from server.error_handlers import add_error_handlers
from server.http_limits import NeverFramed, NoStore, RequestLimits, max_batch_runs, max_body_bytes
from server.key_store import KeyStore
from server.keys import KeyResolver, KeyTable, Principal, load_key_table
from server.request_config import (
    NO_KEY,
    Refused,
    batch_configurables,
    check_batch,
    check_tenant,
    refused_body_keys,
    refused_config_keys,
    require_principal,
    run_config,
    sent_configurable,
)
from server.runs import RunsService, runs_router
from server.runs.config import RunsConfig
from server.runs.upload_gate import UploadGate
from server.startup import ConfigError, check_one_tenant, check_unbound, checked_keys
from server.thread_owner import not_found, reaches, read_thread, with_owner
from server.turn_input import MAX_TURN_MESSAGES, question_refusal, turn_refusal
from server.turn_limits import TurnsInFlight

GRAPH = "assistant"
PATH = f"/{GRAPH}"


def _http(refused: Refused) -> HTTPException:
    return HTTPException(status_code=refused.status_code, detail=refused.detail)


def _api_docs() -> HTMLResponse:
    """Where the API is described: the OpenAPI document and the guide, in a page that runs nothing."""
    page = (
        "<!doctype html><html><head><meta charset='utf-8'><title>kassist API</title></head><body>"
        "<h1>kassist API</h1><p>The OpenAPI description of every route is <a href='/openapi.json'>"
        "/openapi.json</a> (load it into any OpenAPI viewer); the guide is docs/serving.md.</p></body></html>"
    )
    return HTMLResponse(
        page, headers={"content-security-policy": "default-src 'none'; frame-ancestors 'none'"}
    )


def create_app(
    database_url: str | None = None,
    keys: KeyTable | None = None,
    *,
    services: Services | None = None,
    max_body: int | None = None,
) -> FastAPI:
    """The FastAPI app on ``database_url`` (default: ``KASSIST_DATABASE_URL``) and ``keys`` (default:
    ``KASSIST_API_KEYS_FILE`` / ``KASSIST_API_KEYS``; none configured -> every request gets 401),
    accepting request bodies up to ``max_body`` bytes (default: ``KASSIST_MAX_BODY_BYTES``, 1 MiB)."""
    table = keys if keys is not None else load_key_table()
    check_unbound()
    limit = max_body_bytes() if max_body is None else max_body  # a bad setting fails before anything opens
    batch = max_batch_runs()
    turns = TurnsInFlight()  # KASSIST_MAX_WAITING_RUNS_PER_USER / _PER_TENANT: a bad value fails here
    url = database_url or database_url_from_env()
    key_store = KeyStore.from_url(url)
    # A root shared with one tenant makes a one-tenant server: other tenants' keys refuse the start
    # and, added later, every request (h16 s36 H16-13: the shared tenant read their folders).
    shared = RunsConfig.from_env(os.environ).shared_tenant
    if shared is not None:
        try:
            managed = [r.tenant_id for r in key_store.list_all() if r.active]
            check_one_tenant(shared, [p.tenant_id for p in table.keys.values()] + managed)
        except BaseException:
            key_store.close()
            raise
    served = Served.open(url, services)
    warn_shared_database(url)  # a file an older kassist made 0644: said once, with the chmod
    resolver = KeyResolver(table, key_store, tenant=shared)
    runs = RunsService.open(url, keys=resolver)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        runs.start()  # picks up the runs a previous server left unfinished
        try:
            yield
        finally:
            runs.stop()
            console.close()
            await served.aclose()
            key_store.close()

    # FastAPI's /docs and /redoc loaded unpinned scripts from cdn.jsdelivr.net into the origin of the
    # console and the playground, frameable, where a signed-in admin's cookie gave them the console
    # (session 29, h3's E3): /docs is a page of our own, no script, never framed; no /redoc.
    app = FastAPI(title="kassist", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.add_api_route("/docs", _api_docs, include_in_schema=False, response_class=HTMLResponse)
    add_error_handlers(app)  # first: its database refusals innermost, under the headers below
    principal = add_login_routes(app, resolver, landing=f"{PATH}/playground/")
    uploads = UploadGate(principal, runs.config.upload_max_bytes, limit)  # its key and size before its body
    app.add_middleware(RequestLimits, max_body=limit, uploads=uploads)  # type: ignore[arg-type]
    app.add_middleware(NeverFramed, prefix=f"{PATH}/playground")  # type: ignore[arg-type]
    app.add_middleware(NoStore)  # type: ignore[arg-type]
    app.include_router(runs_router(runs, principal), prefix="/v1/runs")
    console = add_console(app, resolver, url)

    @app.get("/ok", include_in_schema=False)
    async def ok() -> dict[str, bool]:
        """Liveness, for process managers and tests: says nothing about the data."""
        return {"ok": True}

    add_assistant_routes(app, served, principal, batch, turns)
    return app


def _count_refused(run_input: object) -> bool:
    """Whether a turn's message list is empty or over MAX_TURN_MESSAGES (turn_refusal says why);
    other shapes are LangServe's schema's to name."""
    messages = run_input.get("messages") if isinstance(run_input, Mapping) else None
    return isinstance(messages, list) and not 0 < len(messages) <= MAX_TURN_MESSAGES


async def _turns_of(request: Request) -> int:
    """How many turns a POST holds: a ``/batch``'s inputs (its size is check_batch's to bound), else
    one. The body was read by :func:`refuse_null_config` (Starlette keeps it)."""
    if not request.url.path.endswith("/batch"):
        return 1
    try:
        body = await request.json()
    except ValueError:
        return 1
    inputs = body.get("inputs") if isinstance(body, Mapping) else None
    return max(1, len(inputs)) if isinstance(inputs, list) else 1


async def refuse_null_config(request: Request) -> None:
    """Refuse ``"config": null`` (422: LangServe's parser takes a missing config for an empty one
    but fails on a null with a TypeError, a 500) and a key the endpoint does not take (422). The
    body is read once: Starlette keeps it for the route."""
    try:
        body = await request.json()
    except ValueError:
        return  # not JSON: the route says what it expected
    if isinstance(body, Mapping) and "config" in body and body["config"] is None:
        raise HTTPException(
            status_code=422,
            detail='config must be an object, e.g. {"configurable": {"thread_id": "..."}}, or left out',
        )
    refused = refused_body_keys(request.url.path.rsplit("/", 1)[-1], body, GRAPH)  # LangServe ignored them
    if refused is not None:
        raise HTTPException(status_code=422, detail=refused)


def add_assistant_routes(
    app: FastAPI,
    served: Served,
    principal: Callable[[Request], Principal | None],
    max_batch: int | None = None,
    turns: TurnsInFlight | None = None,
) -> None:
    """LangServe's routes for the assistant at :data:`PATH`, and its thread state; a ``/batch`` of
    more than ``max_batch`` inputs is refused (422); a turn (any POST) past ``turns``' bounds, 409."""

    async def turn_held(request: Request) -> AsyncIterator[None]:
        # One user's burst of turns no longer holds every tenant's (server/turn_limits.py); a batch
        # holds as many turns as it has inputs, all taken or none.
        who = principal(request) if turns is not None and request.method == "POST" else None
        count = await _turns_of(request) if who is not None else 0
        why = turns.refusal(who, count) if turns is not None and who is not None else None
        if why is not None:
            raise HTTPException(status_code=409, detail=why)
        try:
            yield
        finally:
            if turns is not None and who is not None:
                turns.release(who, count)

    async def require_key(request: Request) -> None:
        if principal(request) is None:
            if wants_page(request) and request.url.path.startswith(f"{PATH}/playground"):
                raise SignInRequired(request_target(request))  # a browser: to the sign-in form, and back
            raise HTTPException(status_code=401, detail=NO_KEY)
        if request.method == "POST":
            await refuse_null_config(request)

    async def per_request(config: dict[str, Any], request: Request) -> dict[str, Any]:
        body = await request.json()
        caller = principal(request)
        try:
            refused_keys = refused_config_keys(body)
            if refused_keys is not None:
                require_principal(caller)  # no key: 401 before anything about the body
                raise Refused(422, refused_keys)
            if request.url.path.endswith("/batch"):
                check_batch(caller, body, GRAPH, max_batch)
            if batch_configurables(body) is not None:
                # One config of a batch: LangServe validated it against the allow-list's schema
                # (check_batch refused anything else); unsent keys came back as None defaults.
                sent: Mapping[str, Any] = {
                    k: v for k, v in (config.get("configurable") or {}).items() if v is not None
                }
            else:
                sent = sent_configurable(body)
            run = run_config(config, caller, sent, GRAPH)
            # A bad budget or strategy, a question the budget cannot hold: before anything runs.
            settings = AssistantSettings.from_config(run["configurable"], served.services.defaults)
            given = body if isinstance(body, Mapping) else {}
            inputs = given.get("inputs") if request.url.path.endswith("/batch") else [given.get("input")]
            for run_input in inputs if isinstance(inputs, list) else []:
                # An empty turn (LangServe's schema takes an empty list; the graph then fails
                # with a 500 on a new thread) or one of thousands of messages (seconds of work).
                # Other shapes: LangServe's schema names the field.
                refused_turn = turn_refusal(run_input) if _count_refused(run_input) else None
                if refused_turn is not None:
                    raise Refused(422, refused_turn)
                refused_question = question_refusal(run_input, settings.budget, MAX_CONTEXT_BUDGET)
                if refused_question is not None:
                    raise Refused(422, refused_question)
        except Refused as refused:
            raise _http(refused) from None
        except ValueError as exc:
            raise HTTPException(status_code=422, detail=str(exc)) from None
        conf = run["configurable"]
        read = await read_thread(served.saver, conf[TENANT_KEY], conf["thread_id"], served.accepted)
        if caller is not None and read.owner is None and served.accepted is not None:
            # A new thread is claimed before the turn runs, in the record langgraph dev's first runs
            # claim in (server/accepted_claims.remember): both doors read "nobody's" before either
            # wrote, and a langgraph dev run went on from this turn's checkpoint - another member's
            # question in her thread (h16 s36 H16-12). Whoever recorded first owns it.
            await served.accepted.made(conf[TENANT_KEY], conf["thread_id"], caller.identity)
            read = await read_thread(served.saver, conf[TENANT_KEY], conf["thread_id"], served.accepted)
        if caller is None or not reaches(caller, read.owner):  # another member's thread: as an unknown one
            raise HTTPException(status_code=404, detail=not_found(conf["thread_id"]))
        if await asyncio.to_thread(served.is_ingestion_run, conf[TENANT_KEY], conf["thread_id"], read):
            # A run id names its checkpoint thread: a turn there would write a conversation over the
            # run's state (a run waiting for review lost its interrupt). For every owner: langgraph
            # dev's ingestion checkpoints record theirs (the owner's turn there was a 200).
            raise HTTPException(status_code=404, detail=not_found(conf["thread_id"]))
        run = with_owner(run, caller, read.owner)
        if (
            conf.get("checkpoint_id") is not None
            and await served.saver.aget_tuple(cast("RunnableConfig", run)) is None
        ):
            # Otherwise the run would fork from a checkpoint that is not there and fail as a
            # conflict (a 500) after LangServe has started answering.
            raise HTTPException(
                status_code=404,
                detail=f"checkpoint {conf['checkpoint_id']!r} not found in thread {conf['thread_id']!r}",
            )
        return run

    @app.get(f"{PATH}/threads/{{thread_id}}/state")
    async def thread_state(thread_id: str, request: Request) -> dict[str, Any]:
        """The latest state of one of the caller's threads; another tenant's thread, or for a member
        another member's (:mod:`server.thread_owner`), is not found."""
        caller = principal(request)
        try:
            tenant = check_tenant(caller, {})
        except Refused as refused:
            raise _http(refused) from None
        problem = refused_id("thread_id", thread_id, label="thread id")
        if problem is not None:
            raise HTTPException(status_code=422, detail=problem)
        owner = (await read_thread(served.saver, tenant, thread_id, served.accepted)).owner
        if caller is None or owner is None or not reaches(caller, owner):
            raise HTTPException(status_code=404, detail=not_found(thread_id))  # another member's too
        snapshot = await served.graph.aget_state(
            {"configurable": {"thread_id": thread_id, TENANT_KEY: tenant}}
        )
        if snapshot.created_at is None:
            raise HTTPException(status_code=404, detail=not_found(thread_id))
        return {
            "thread_id": thread_id,
            "values": jsonable_encoder(snapshot.values),
            "next": list(snapshot.next),
            "checkpoint_id": snapshot.config["configurable"]["checkpoint_id"],
        }

    add_routes(
        app,
        declaring_client_keys(served.graph, GRAPH),
        path=PATH,
        input_type=AssistantRequest,
        config_keys=("configurable",),
        per_req_config_modifier=per_request,
        enabled_endpoints=ENDPOINTS,
        dependencies=[Depends(require_key), Depends(turn_held)],
    )


def build(database_url: str | None, allow_no_keys: bool) -> FastAPI:
    """The app, after the start-up checks; a configuration problem raises :class:`ConfigError`."""
    return app_for(database_url, checked_keys(database_url, allow_no_keys))


def app_for(database_url: str | None, keys: KeyTable) -> FastAPI:
    """The app on ``keys``, which :func:`server.startup.checked_keys` gave (``kassist serve`` runs
    those checks before it imports this module); what only opening it finds raises :class:`ConfigError`."""
    try:
        return create_app(database_url, keys)
    # A malformed URL, a database not reachable, an embedder asked for that is not there.
    except (ValueError, DatabaseUnavailable, EmbedderUnavailable) as exc:
        raise ConfigError(str(exc)) from None


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the knowledge assistant over LangServe.")
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

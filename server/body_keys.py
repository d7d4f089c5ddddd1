"""Which top-level keys a JSON body may hold on the LangGraph server (``langgraph dev``), per route.

langgraph-api's request schemas allow keys they do not name, and its run code reads some it does
not document (``checkpoint_id``, ``langsmith_tracer``, ``on_completion`` on a thread's run); a
cron's whole body is stored and replayed as each scheduled run's request. An unknown key was
therefore either ignored (a misspelt ``interupt_before`` ran as if unsent) or, worse, reached a
run without any auth handler seeing it (``langsmith_tracer`` picked the operator's tracing project;
a cron's ``feedback_keys`` or ``checkpoint_id`` failed every scheduled run). A client may set only
what we declare: a key not listed here for its route is refused with 422 naming it, before any
route runs (:class:`server.http_limits.RequestLimits` calls :func:`refusal`).

Each list is what langgraph-api 0.16.7 documents for the route (its ``openapi.json``), plus the
keys ``langgraph_sdk`` sends for it that langgraph-api reads and we checked (``SDK_EXTRAS``); the
auth handlers (server/auth.py) check each value. ``langsmith_tracer`` is on no list: tracing is the
operator's. Inside a body, ``config.configurable``, ``context`` and ``checkpoint`` may not name a key
langgraph-api sets itself (:func:`server.configurable.refused_server_keys`): the run rules take such
keys for langgraph-api's. The event-streaming commands that make a run (``POST /threads/{id}/commands``)
meet the same rules on their params (:data:`COMMAND_PARAMS`). docs/serving.md lists them. Pure: no I/O.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from server.configurable import refused_server_keys

_RUN_COMMON = frozenset(
    {
        "assistant_id",
        "input",
        "command",
        "config",
        "context",
        "metadata",
        "webhook",
        "after_seconds",
        "durability",
        "checkpoint_during",
        "feedback_keys",
        "stream_mode",
        "stream_resumable",
        "stream_subgraphs",
    }
)
RUN_ON_THREAD = _RUN_COMMON | {
    "checkpoint",
    "checkpoint_id",  # langgraph_sdk sends it; checked: the thread must hold it, never for a job graph
    "if_not_exists",
    "interrupt_before",
    "interrupt_after",
    "multitask_strategy",
    "on_completion",  # langgraph_sdk sends it; on a thread's run langgraph-api ignores it
    "strict_resume",  # langgraph_sdk sends it; langgraph-api 0.16.7 ignores it
}
"""``POST /threads/{id}/runs`` (RunCreateStateful)."""

RUN_WITHOUT_THREAD = _RUN_COMMON | {"on_completion"}
"""``POST /runs``, and each run of ``POST /runs/batch`` (RunCreateStateless)."""

STREAMED = frozenset({"on_disconnect"})
"""What ``/stream`` and ``/wait`` add (RunCreateStreaming*)."""

_CRON_COMMON = frozenset(
    {
        "assistant_id",
        "schedule",
        "input",
        "config",
        "context",
        "metadata",
        "webhook",
        "durability",
        "checkpoint_during",  # langgraph_sdk sends it; read by each scheduled run
        "interrupt_before",
        "interrupt_after",
        "stream_mode",
        "stream_resumable",
        "stream_subgraphs",
        "enabled",
        "end_time",
        "timezone",
    }
)
CRON_WITHOUT_THREAD = _CRON_COMMON | {"on_run_completed"}
CRON_ON_THREAD = _CRON_COMMON | {"multitask_strategy"}
CRON_PATCH = (_CRON_COMMON - {"assistant_id", "checkpoint_during"}) | {"on_run_completed"}

_ID = r"[^/]+"

ROUTES: tuple[tuple[str, re.Pattern[str], frozenset[str]], ...] = tuple(
    (method, re.compile(f"^{pattern}$"), keys)
    for method, pattern, keys in (
        ("POST", f"/threads/{_ID}/runs", RUN_ON_THREAD),
        ("POST", f"/threads/{_ID}/runs/(?:stream|wait)", RUN_ON_THREAD | STREAMED),
        ("POST", "/runs", RUN_WITHOUT_THREAD),
        ("POST", "/runs/(?:stream|wait)", RUN_WITHOUT_THREAD | STREAMED),
        ("POST", "/runs/batch", RUN_WITHOUT_THREAD),  # each run of the list
        ("POST", "/runs/crons", CRON_WITHOUT_THREAD),
        ("POST", f"/threads/{_ID}/runs/crons", CRON_ON_THREAD),
        ("PATCH", f"/runs/crons/{_ID}", CRON_PATCH),
        ("POST", "/threads", frozenset({"thread_id", "metadata", "if_exists", "ttl", "supersteps"})),
        ("POST", "/threads/prune", frozenset({"thread_ids", "strategy"})),
        ("PATCH", f"/threads/{_ID}", frozenset({"metadata", "ttl"})),
        # langgraph-api lays their ``checkpoint`` object over the read's config unchecked: a
        # ``langgraph_auth_user`` there chose the tenant the read ran under (session 28 probes).
        ("POST", f"/threads/{_ID}/history", frozenset({"limit", "before", "metadata", "checkpoint"})),
        ("POST", f"/threads/{_ID}/state/checkpoint", frozenset({"checkpoint", "subgraphs"})),
        (
            "POST",
            "/assistants",
            frozenset(
                {
                    "assistant_id",
                    "graph_id",
                    "config",
                    "context",
                    "metadata",
                    "if_exists",
                    "name",
                    "description",
                }
            ),
        ),
        (
            "PATCH",
            f"/assistants/{_ID}",
            frozenset({"graph_id", "config", "context", "metadata", "name", "description"}),
        ),
        ("PUT", "/store/items", frozenset({"namespace", "key", "value", "index", "ttl"})),
        ("DELETE", "/store/items", frozenset({"namespace", "key"})),
        (
            "POST",
            "/store/items/search",
            frozenset({"namespace_prefix", "filter", "limit", "offset", "query", "refresh_ttl"}),
        ),
        ("POST", "/store/namespaces", frozenset({"prefix", "suffix", "max_depth", "limit", "offset"})),
    )
)
"""(method, path, the keys its body may hold). Other routes: not checked here."""

REQUIRED = {
    "/store/items/search": ("namespace_prefix", "a list of namespace labels; [] searches all of yours")
}
"""Keys a route's body must hold (not null), though its schema makes them optional: langgraph-api
0.16.7 reads ``namespace_prefix`` with ``payload["namespace_prefix"]``, and a search without it was a
500 (a KeyError, session 25 probes). path -> (key, what it is)."""

COMMAND_PATH = re.compile(f"^/threads/{_ID}/commands$")
COMMAND_PARAMS = {
    # What langgraph-api 0.16.7 reads of each (event_streaming/service.py): langgraph_sdk sends
    # assistant_id, input, config, metadata (and langsmith_tracer, which is on no list: tracing is the
    # operator's); update and goto reach the run rules as a command (refused there, naming them).
    "run.start": frozenset(
        {"assistant_id", "input", "config", "metadata", "multitaskStrategy", "force_resume", "update", "goto"}
    ),
    "input.respond": frozenset(
        {"namespace", "interrupt_id", "response", "responses", "config", "metadata", "update", "goto"}
    ),
}
"""``POST /threads/{id}/commands`` (langgraph-api's event-streaming protocol): the params of the
commands that make a run, which it turns into a run's body itself, past the lists above. Through
it ``langsmith_tracer`` picked the operator's tracing project and ``config.configurable`` kept
``__langsmith_project__``, ``user_id`` and ``langgraph_request_id`` as sent (session 24 probes)."""

MAX_PRUNE_IDS = 100
"""The most thread ids one ``POST /threads/prune`` may name: langgraph dev looks each up by scanning
every thread of the server, all tenants', before refusing any (24,000 ids held the event loop, and
every tenant's requests, for seconds, growing with the server's threads)."""


KEEP_LATEST_REFUSED = (
    'strategy "keep_latest" is not supported on this server (langgraph dev\'s runtime refuses it): '
    'send "strategy": "delete" to delete the threads, or ask the operator for '
    "`kassist checkpoints prune --strategy keep_latest`"
)


def allowed_keys(method: str, path: str) -> frozenset[str] | None:
    """The keys a body of ``method path`` may hold, or None for a route not checked here."""
    path = _normal(path)
    for route_method, pattern, keys in ROUTES:
        if route_method == method and pattern.match(path):
            return keys
    return None


def _unknown(body: object, keys: frozenset[str]) -> list[str]:
    return sorted(str(k) for k in body if k not in keys) if isinstance(body, Mapping) else []


def refusal(method: str, path: str, body: bytes) -> str | None:
    """Why the JSON ``body`` of ``method path`` is refused (a key its route does not take), or None.
    A body that is not JSON, or not an object (a list for ``/runs/batch``), is the route's to
    answer."""
    commands = method == "POST" and COMMAND_PATH.match(_normal(path)) is not None
    keys = allowed_keys(method, path)
    if (keys is None and not commands) or not body:
        return None
    try:
        parsed = json.loads(body)
    except (ValueError, RecursionError):
        return None
    if commands:
        return command_refusal(parsed)
    return None if keys is None else _keys_refusal(method, path, parsed, keys)


def command_refusal(command: object) -> str | None:
    """Why a ``POST /threads/{id}/commands`` body is refused (a command making a run whose params
    hold a key langgraph-api would pass on unchecked), or None; other commands are the route's."""
    if not isinstance(command, Mapping) or not isinstance(command.get("params"), Mapping):
        return None
    name, params = command.get("method"), command["params"]
    keys = COMMAND_PARAMS.get(name) if isinstance(name, str) else None
    if keys is None:
        return None
    unknown = _unknown(params, keys)
    if unknown:
        shown = [k if len(k) <= 60 else f"{k[:60]}..." for k in unknown[:10]]
        return f"the {name} command's params hold keys {shown} this server does not take; it takes {sorted(keys)}"
    server_keys = refused_server_keys(params)
    return None if server_keys is None else f"the {name} command's params: {server_keys}"


FRAMED_COMMANDS = re.compile(f"^/threads/{_ID}/stream/events$")
"""The WebSocket on which langgraph-api takes the same commands, one JSON text frame each."""


def frame_refusal(path: str, frame: bytes) -> tuple[object, str] | None:
    """``(the command's id, why)`` a command frame sent on the WebSocket at ``path`` is refused, or
    None (another path, or a frame the route answers itself)."""
    if FRAMED_COMMANDS.match(_normal(path)) is None:
        return None
    try:
        command = json.loads(frame)
    except (ValueError, RecursionError):
        return None
    refused = command_refusal(command)
    return None if refused is None else (command.get("id") if isinstance(command, Mapping) else None, refused)


def _normal(path: str) -> str:
    return re.sub(r"/+", "/", path).rstrip("/") or "/"


def parsed_refusal(method: str, path: str, parsed: object) -> str | None:
    """:func:`refusal` of a body parsed already (a batch's: server/http_limits.py parses it once)."""
    keys = allowed_keys(method, path)
    return None if keys is None else _keys_refusal(method, path, parsed, keys)


def _keys_refusal(method: str, path: str, parsed: object, keys: frozenset[str]) -> str | None:
    """:func:`parsed_refusal` once the route's ``keys`` are found (:func:`allowed_keys`)."""
    prune = parsed if isinstance(parsed, Mapping) and _normal(path) == "/threads/prune" else None
    ids = prune.get("thread_ids") if prune is not None else None
    if isinstance(ids, list) and len(ids) > MAX_PRUNE_IDS:
        return (
            f"thread_ids names {len(ids)} threads; one prune takes at most {MAX_PRUNE_IDS}: "
            "send several requests"
        )
    if prune is not None and prune.get("strategy") == "keep_latest":
        # langgraph dev's in-memory runtime refuses it only after the threads' delete event, on which
        # the server drops what their runs were accepted with (server/thread_forget.forget_deleted):
        # refused here, before any handler, a refused prune changes nothing.
        return KEEP_LATEST_REFUSED
    description = parsed.get("description") if isinstance(parsed, Mapping) and "/assistants" in path else None
    if description is not None:
        from server.configurable import MAX_METADATA_BYTES, refused_text

        # langgraph-api keeps it in memory and shows it to no auth handler.
        too_long = refused_text("description", description, MAX_METADATA_BYTES)
        if too_long is not None:
            return too_long
    required = REQUIRED.get(_normal(path))
    if required is not None and isinstance(parsed, Mapping) and parsed.get(required[0]) is None:
        return f"the body must hold {required[0]}, {required[1]}"
    items = parsed if isinstance(parsed, list) and path.rstrip("/").endswith("/batch") else [parsed]
    for index, item in enumerate(items):
        where = f"run {index} of the batch" if len(items) > 1 or parsed is not item else "the body"
        unknown = _unknown(item, keys)
        if unknown:
            shown = [k if len(k) <= 60 else f"{k[:60]}..." for k in unknown[:10]]
            return (
                f"{where} holds keys {shown} that {method} {_template(method, path)} does not take on "
                f"this server; it takes {sorted(keys)}"
            )
        server_keys = refused_server_keys(item) if isinstance(item, Mapping) else None
        if server_keys is not None:
            return server_keys if where == "the body" else f"{where}: {server_keys}"
    return None


def _template(method: str, path: str) -> str:
    """The route as documented (ids as ``{id}``), for the message."""
    return re.sub(r"^/(threads|assistants|runs/crons)/(?!search$|count$)[^/]+", r"/\1/{id}", path.rstrip("/"))

"""``kassist ask``, ``kassist chat`` and ``kassist context``: the assistant from the command line.

Heavy imports (LangGraph, the embedder, the database drivers) happen inside the commands, so
``kassist --help`` stays fast.
"""

from __future__ import annotations

import json
import sys
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cli import kit

if TYPE_CHECKING:
    from langchain_core.runnables import RunnableConfig

    from graph.assistant.services import Services
    from kassist.dburl import DatabaseURL

# Consoles made per call (cli/kit.py's rule): COLUMNS and a redirected stream are read when printing.
out = kit.out_console
err = kit.err_console

UserOpt = Annotated[
    str, typer.Option("--user", "-u", help="User to act for (required).", callback=kit.check_user)
]
ThreadOpt = Annotated[
    str | None,
    typer.Option("--thread", help="Conversation id; new one when omitted.", callback=kit.check_thread),
]
BudgetOpt = Annotated[int | None, typer.Option("--budget", help="Context budget in tokens.")]


@contextmanager
def _assistant(
    url: str | None, *, checkpointed: bool = True, conversation: tuple[str, str | None] | None = None
) -> Iterator[tuple[Any, Services, DatabaseURL]]:
    """The assistant graph on ``url`` with its checkpointer and store, its services, and the
    database they opened (``url`` or the environment's). ``conversation``: the (tenant, thread) a
    turn will be written to (None: a new thread), refused when the thread is an ingestion run's."""
    from checkpointer import TenantCheckpointer
    from graph.assistant.graph import build_graph
    from graph.assistant.services import AssistantSettings, Services, assistant_embedder
    from kassist.dburl import (
        DatabaseUnavailable,
        UnsupportedDatabaseURL,
        database_url_from_env,
        parse_database_url,
    )
    from knowledge.embedders import EmbedderUnavailable
    from memory import MemoryStore

    target = url or database_url_from_env()
    with kit.errors_as_lines((DatabaseUnavailable, UnsupportedDatabaseURL, EmbedderUnavailable, ValueError)):
        database = parse_database_url(target)
        embedder, _ = assistant_embedder()
        services = Services.from_url(target, embedder=embedder, defaults=AssistantSettings.from_env())
    saver = TenantCheckpointer.from_url(target)
    store = MemoryStore.from_url(target, tenant_from_namespace=True)
    try:
        saver.setup()
        store.setup()
        tenant, thread = conversation or ("", None)
        if thread is not None:
            _refuse_job_thread(saver, target, tenant, thread)
        builder = build_graph(services)
        yield builder.compile(checkpointer=saver, store=store), services, database
    finally:
        store.close()
        saver.close()
        services.close()


def _refuse_job_thread(saver: Any, url: str, tenant: str, thread: str) -> None:
    """One line, before anything is written, when ``thread`` is an ingestion run's: a turn there
    replaced the run's state (a run waiting for review could no longer be decided). The rule both
    servers apply (server/thread_owner.holds_a_job), with what they read: the registry, the head
    checkpoint and, before the first checkpoint, the run a LangGraph server on this database
    accepted there (server/accepted_runs.py: queued, or lost in a kill; a turn here became the
    checkpoint that run then began on)."""
    from graph.ingestion.store import RunStore
    from kassist.db.handle import open_set_up
    from server.accepted_runs import AcceptedRuns
    from server.thread_owner import holds_a_job

    with ExitStack() as opened:
        runs = RunStore.from_url(url)
        opened.callback(runs.close)
        accepted = open_set_up(url, AcceptedRuns)  # as `kassist checkpoints prune` opens it
        opened.callback(accepted.close)
        job = holds_a_job(saver, runs, tenant, thread, accepted)
    if job:
        kit.fail(
            f"thread {thread!r} holds an ingestion run, not a conversation: leave --thread out to "
            "start a new conversation (or give one of your conversations' threads)"
        )


def _note_if_no_documents(services: Services, tenant: str, database: DatabaseURL) -> None:
    """One line on stderr when the tenant has no documents: a first `kassist ask` before any
    `kb ingest` answered only "I found nothing relevant", with no hint that nothing was indexed.
    It names the database: the default is a file of the working directory, so an `ask` from
    another folder than the `kb ingest` asked a new, empty one."""
    if not services.kb.for_tenant(tenant).stats():
        path = database.sqlite_path
        where = (  # one absolute path to copy; the advice fits --database-url and the variable alike
            f"; the database is {Path.cwd() / path} (a relative path: run where you ingested, or give "
            "an absolute one)"
            if path is not None and not path.is_absolute()
            else ""
        )
        err().print(
            f"note: tenant {tenant!r} has no documents yet; add the shipped handbook with: kassist kb "
            f"ingest knowledge/corpus/files --tenant {tenant} --collection handbook{where}",
            highlight=False,
            soft_wrap=True,
            markup=False,
        )


def _check_options(tenant: str, budget: int | None) -> str:
    """``--tenant`` and ``--budget`` checked before anything is opened or printed (``--user`` and
    ``--thread`` are checked by their options' callbacks): a bad one is a bad command line (exit 2, the
    option named), not "unexpected ... (a bug in kassist)" after a new thread was announced (h22 s38
    H22-4). Returns the tenant as checked."""
    from server.configurable import BUDGET_RANGE, budget_in_range  # here: the start-up stays light

    tenant = kit.check_tenant(tenant)
    if budget is not None and not budget_in_range(budget):  # the servers' range, in their words
        kit.fail(f"--budget must be {BUDGET_RANGE}, got {budget}", kit.ExitCode.USAGE)
    return tenant


def _config(tenant: str, user: str, thread: str, budget: int | None) -> RunnableConfig:
    conf: dict[str, Any] = {"thread_id": thread, "tenant_id": tenant, "user_id": user}
    if budget is not None:
        conf["context_budget"] = budget
    return {"configurable": conf}


def _turn(graph: Any, question: str, config: RunnableConfig) -> dict[str, Any]:
    import openai
    from langchain_core.messages import HumanMessage

    from kassist.tenancy import TenantMismatch, TenantRequired

    try:
        with kit.errors_as_lines((TenantRequired, TenantMismatch, ValueError)):
            result: dict[str, Any] = graph.invoke({"messages": [HumanMessage(question)]}, config)
    except openai.APIError as exc:  # KASSIST_EMBEDDER=openai and its server is down or refusing
        kit.fail(f"the embedding server could not be used ({' '.join(str(exc).split())[:200]}); "
             "check OPENAI_BASE_URL / OPENAI_API_KEY, or set KASSIST_EMBEDDER to the model the knowledge base was indexed with")  # fmt: skip
    answer = result["messages"][-1].content
    return {
        "answer": answer if isinstance(answer, str) else json.dumps(answer),
        "citations": result.get("citations", []),
        "memories_used": [
            {k: m[k] for k in ("id", "memory_type", "key", "value", "source")}
            for m in result.get("memories", [])
            if m["id"] in result.get("memories_used", [])
        ],
        "thread_id": (config.get("configurable") or {})["thread_id"],
        "context_tokens": result.get("context_tokens"),
    }


def ask(
    question: Annotated[str, typer.Argument(help="What to ask.")],
    tenant: kit.TenantOption,
    user: UserOpt,
    thread: ThreadOpt = None,
    budget: BudgetOpt = None,
    database_url: kit.DatabaseUrlOption = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="answer, citations, memories used, thread_id")
    ] = False,
) -> None:
    """Ask the assistant one question (continuing --thread, or in a new thread whose id is printed)."""
    tenant = _check_options(tenant, budget)
    thread_id = thread or f"thread-{uuid.uuid4().hex[:12]}"
    if thread is None and not as_json:
        err().print(f"thread: {thread_id}", highlight=False)
    with _assistant(database_url, conversation=(tenant, thread)) as (graph, services, database):
        if not as_json:
            _note_if_no_documents(services, tenant, database)
        result = _turn(graph, question, _config(tenant, user, thread_id, budget))
    if as_json:
        out().print_json(json.dumps(result, ensure_ascii=False))
        return
    # Spelt out as every stored text the command line prints: an answer quotes documents' titles
    # and text, and a title from a file name held ESC/OSC sequences (session 29).
    out().print(kit.shown(result["answer"]), highlight=False, soft_wrap=True, markup=False)


def chat(
    tenant: kit.TenantOption,
    user: UserOpt,
    thread: ThreadOpt = None,
    budget: BudgetOpt = None,
    database_url: kit.DatabaseUrlOption = None,
) -> None:
    """An interactive conversation on one thread (an empty line or Ctrl-D ends it)."""
    tenant = _check_options(tenant, budget)
    thread_id = thread or f"thread-{uuid.uuid4().hex[:12]}"
    err().print(f"thread: {thread_id}  (empty line to quit)", highlight=False)
    with _assistant(database_url, conversation=(tenant, thread)) as (graph, services, database):
        _note_if_no_documents(services, tenant, database)
        while True:
            try:
                question = _question().strip()
            except EOFError:
                break
            if not question:
                break
            result = _turn(graph, question, _config(tenant, user, thread_id, budget))
            out().print(kit.shown(result["answer"]), highlight=False, soft_wrap=True, markup=False)


MAX_LINE_CHARS = 2**20
"""The longest question line ``chat`` reads from a pipe: far over any question a context holds (the
servers refuse one over the context budget), and bounded: a line without its newline (``yes a | tr
-d '\\n'``, a binary file) was read without end (a MemoryError at 900 MB, session 29)."""


def _question() -> str:
    """The next question: typed at a terminal (``input``, with line editing), else one line of the
    pipe, at most :data:`MAX_LINE_CHARS` characters."""
    if sys.stdin.isatty():
        return kit.utf8_text(input("you> "), "the line")
    print("you> ", end="", flush=True)
    line = sys.stdin.readline(MAX_LINE_CHARS + 1)
    if not line:
        raise EOFError
    if len(line) > MAX_LINE_CHARS:
        kit.fail(
            f"a question line on standard input is longer than {MAX_LINE_CHARS:,} characters; "
            "send one question per line",
            kit.ExitCode.USAGE,
        )
    return kit.utf8_text(line, "the line")


def context(
    tenant: kit.TenantOption,
    user: UserOpt,
    thread: Annotated[str, typer.Option("--thread", help="Conversation id.", callback=kit.check_thread)],
    query: Annotated[str, typer.Option("--query", help="The question to assemble a context for.")],
    budget: BudgetOpt = None,
    explain: Annotated[bool, typer.Option("--explain", help="Show every candidate per tier.")] = False,
    database_url: kit.DatabaseUrlOption = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    full: kit.FullOption = False,
) -> None:
    """The context the assistant would send for --query on --thread: nothing is answered or stored."""
    from graph.assistant.graph import preview_context

    tenant = _check_options(tenant, budget)
    # It writes nothing: a database that is not there is named, never made (h24 s39 H24-10).
    database_url = kit.database_url(database_url, must_exist=True)
    with _assistant(database_url) as (graph, services, _), kit.errors_as_lines((ValueError,)):
        state = preview_context(graph, services, query, _config(tenant, user, thread, budget))
    rows = state["context_report"]
    if as_json:
        out().print_json(json.dumps({"tokens": state["context_tokens"], "items": rows}, ensure_ascii=False))
        return
    budget_text = f" of {budget}" if budget else ""
    out().print(f"context: {state['context_tokens']} tokens{budget_text}", highlight=False)
    shown = rows if explain else [r for r in rows if r["included"]]
    if full:  # every item whole: ids and reasons are not cut to the terminal
        kit.print_records(out(), "Context items", shown)
    else:
        # Seven columns left the reason 8 characters at 80 columns, and a message's UUID folded over
        # five lines (n s36 N4): the tier and the kind share a cell, the id is shortened (--full:
        # every id whole).
        columns = ["tier / kind", "id", "tokens", "score", "included", "reason"]
        items = kit.table(
            "Context items", columns, no_wrap=("tokens", "score", "included"), wide=("reason",), cut=("id",)
        )
        for r in shown:
            items.add_row(*kit.row(
                f"{r['tier']}\n{r['kind']}", r["id"], r["tokens"], f"{r['score']:.3f}",
                "yes" if r["included"] else "no", r["reason"],
            ))  # fmt: skip
        kit.print_table(out(), items)
    if explain:
        for tier in ("working", "episodic", "semantic", "procedural"):
            inc = [r for r in rows if r["tier"] == tier and r["included"]]
            left = [r for r in rows if r["tier"] == tier and not r["included"]]
            out().print(
                f"{tier}: {len(inc)} included ({sum(r['tokens'] for r in inc)} tokens), {len(left)} left out",
                highlight=False,
            )

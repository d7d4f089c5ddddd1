"""The server side in isolation: the API-key table (tokens map to identity + tenant, bad tables are
refused clearly) and the server saver outside a server (no request user, so a tenant is still required)."""

from __future__ import annotations

from pathlib import Path

import pytest
from doc_steps import build_graph, initial_state
from langchain_core.runnables import RunnableConfig

from kassist.tenancy import TenantRequired
from server.keys import KeyTable, parse_key_table, token_from_headers

TABLE = '{"acme-key-0123456789": {"identity": "alice", "tenant_id": "acme"}}'


def test_lookup_and_headers() -> None:
    table = parse_key_table(TABLE, "test")
    principal = table.lookup(token_from_headers({b"x-api-key": b"acme-key-0123456789"}))
    assert principal is not None and (principal.identity, principal.tenant_id) == ("alice", "acme")
    assert table.lookup(token_from_headers({b"authorization": b"Bearer acme-key-0123456789"})) == principal
    assert table.lookup(token_from_headers({b"authorization": b"Basic acme-key-0123456789"})) is None
    assert table.lookup(token_from_headers({})) is None
    assert table.lookup("acme-key-012345678") is None
    assert KeyTable(keys={}).lookup("anything-at-all-0000") is None  # nothing configured: nobody gets in


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"short": {"identity": "a", "tenant_id": "acme"}}', "shorter than 16"),
        ('{"acme-key-0123456789": {"identity": "a"}}', "tenant_id"),
        ('{"acme-key-0123456789": {"identity": "a", "tenant_id": ""}}', "tenant_id"),
        ('{"acme-key-0123456789": {"identity": "a", "tenant_id": "acme.eu"}}', "contains a dot"),
        ('{"acme-key-0123456789": "alice"}', "entry 1 (key acme...): Input should be a valid dictionary"),
        ("not json", "invalid API key table in $KASSIST_API_KEYS: not JSON"),
    ],
)
def test_bad_tables_are_refused(text: str, says: str) -> None:
    with pytest.raises(ValueError, match="Expected JSON") as info:
        parse_key_table(text, "$KASSIST_API_KEYS")
    assert says in str(info.value)
    # The message goes to logs and terminals: it never repeats a whole token.
    assert "acme-key-0123456789" not in str(info.value)


def test_server_saver_outside_a_server_needs_an_explicit_tenant(tmp_path: Path) -> None:
    """Outside langgraph-api there is no request user: no tenant in config is still refused."""
    from server.saver import ServerCheckpointer, with_request_tenant

    config: RunnableConfig = {"configurable": {"thread_id": "t"}}
    assert with_request_tenant(config) == config
    with ServerCheckpointer.from_url(f"sqlite:///{tmp_path / 'k.db'}") as saver:
        saver.setup()
        with pytest.raises(TenantRequired, match="tenant"):
            saver.get_tuple(config)
        assert saver.get_tuple({"configurable": {"thread_id": "t", "tenant_id": "acme"}}) is None


def test_server_saver_id_only_calls_outside_a_request_act_for_nobody(tmp_path: Path) -> None:
    """No request, no tenant: delete/copy/prune are refused, never resolved from the data. The one
    exception is run clean-up for runs this saver itself wrote (the worker's rollback)."""
    from server.saver import ServerCheckpointer

    with ServerCheckpointer.from_url(f"sqlite:///{tmp_path / 'k.db'}") as saver:
        saver.setup()
        graph = build_graph().compile(checkpointer=saver)
        for tenant, run_id in (("acme", "run-a"), ("globex", "run-g")):
            conf = {"thread_id": "t", "tenant_id": tenant, "run_id": run_id}
            graph.invoke(initial_state(1), {"configurable": conf}, durability="sync")
        for call in (
            lambda: saver.delete_thread("t"),
            lambda: saver.copy_thread("t", "u"),
            lambda: saver.prune(["t"]),
            lambda: saver.delete_for_runs(["run-unknown"]),
            lambda: saver.delete_for_runs(["run-a", "run-g"]),  # two tenants: not one caller
        ):
            with pytest.raises(TenantRequired):
                call()
        saver.delete_for_runs(["run-a"])  # written by this saver for acme: acme's checkpoints only
        assert saver.for_tenant("acme").get_tuple({"configurable": {"thread_id": "t"}}) is None
        assert saver.for_tenant("globex").get_tuple({"configurable": {"thread_id": "t"}}) is not None


def test_the_server_checkpointer_factory_installs_the_servers_run_tenant_hook(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """langgraph-api calls the factory at start-up: from then on every component's tenant check and
    every id-only read also know the authenticated request (ServerTenancy), and run ids this saver
    saw are remembered through the hook, not in the saver."""
    from kassist.tenancy import install_run_tenancy, run_tenancy
    from server import saver as served
    from server.saver import ServerTenancy, langgraph_checkpointer

    monkeypatch.setenv("KASSIST_DATABASE_URL", f"sqlite:///{tmp_path / 'k.db'}")
    before = run_tenancy()
    # The factory makes this process a server's (server.saver.serving()): put it back after, or a
    # later test of the same worker that checks the handlers called alone finds a served saver.
    monkeypatch.setattr(served, "_SERVED", [])
    try:
        saver = langgraph_checkpointer()
        assert isinstance(run_tenancy(), ServerTenancy)
        assert run_tenancy().request_user() is None  # no langgraph-api request in this process
        graph = build_graph().compile(checkpointer=saver)
        conf = {"thread_id": "t", "tenant_id": "acme", "run_id": "run-x"}
        graph.invoke(initial_state(1), {"configurable": conf}, durability="sync")
        assert run_tenancy().tenant_of_run("run-x") == "acme"
        saver.close()
    finally:
        install_run_tenancy(before)

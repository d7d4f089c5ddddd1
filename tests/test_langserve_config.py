"""The LangServe run config and the configurable allow-list in isolation: the tenant comes from the
key, only the graph's allowed keys from the body, and every refusal says what to do."""

from __future__ import annotations

from typing import Any

import pytest

from server import configurable
from server.configurable import CLIENT_KEYS, NEVER_CLIENT_KEYS, client_keys, refused_keys
from server.keys import Principal
from server.request_config import Refused, check_batch, run_config, sent_configurable

ALICE = Principal(identity="alice", tenant_id="acme")


def test_the_keys_tenant_and_the_clients_thread_keys_reach_the_run() -> None:
    body = {"input": {}, "config": {"configurable": {"thread_id": "t", "checkpoint_id": "c"}}}
    config = run_config({"tags": ["x"]}, ALICE, sent_configurable(body), "assistant")
    assert config == {
        "tags": ["x"],
        "configurable": {"thread_id": "t", "checkpoint_id": "c", "tenant_id": "acme", "user_id": "alice"},
    }
    # The assistant's knobs pass; the user is the key's, never the client's.
    knobs = run_config(
        {}, ALICE, {"thread_id": "t", "context_budget": 900, "compaction": "window"}, "assistant"
    )
    assert knobs["configurable"]["context_budget"] == 900 and knobs["configurable"]["user_id"] == "alice"
    with pytest.raises(Refused, match=r"\['user_id'\] cannot be set by a client for graph 'assistant'"):
        run_config({}, ALICE, {"thread_id": "t", "user_id": "bob"}, "assistant")
    own = run_config({}, ALICE, {"thread_id": "t", "tenant_id": "acme"}, "documents")
    assert own["configurable"]["tenant_id"] == "acme"
    # A declared key the client did not send does not come back as LangServe's default.
    with pytest.raises(Refused, match="thread_id is required"):
        run_config({"configurable": {"thread_id": None}}, ALICE, {}, "documents")


@pytest.mark.parametrize(
    ("principal", "sent", "status", "says"),
    [
        (None, {"thread_id": "t"}, 401, "x-api-key or Authorization: Bearer"),
        (ALICE, {"thread_id": "t", "tenant_id": "globex"}, 403, "'globex' is not the tenant of your API key"),
        # A stateless run (no thread) naming another tenant is refused as such, not as "no thread".
        (ALICE, {"tenant_id": "globex"}, 403, "'globex' is not the tenant of your API key"),
        (ALICE, {}, 422, '{"config": {"configurable": {"thread_id"'),
        (ALICE, {"thread_id": 7}, 422, "configurable.thread_id must be a non-empty string"),
        (ALICE, {"thread_id": " "}, 422, "configurable.thread_id must be a non-empty string"),
        (ALICE, {"thread_id": "t", "ledger_path": "/tmp/x.db"}, 422, "['ledger_path'] cannot be set"),
        (ALICE, {"thread_id": "t", "step_delay": 9}, 422, "['step_delay'] cannot be set"),
        (
            ALICE,
            {"thread_id": "t", "langgraph_auth_user": {"tenant_id": "globex"}},
            422,
            "langgraph_auth_user",
        ),
    ],
)
def test_refusals(principal: Principal | None, sent: dict[str, Any], status: int, says: str) -> None:
    with pytest.raises(Refused) as info:
        run_config({}, principal, sent, "assistant")
    assert info.value.status_code == status
    assert says in info.value.detail


@pytest.mark.parametrize("body", [None, [], {"config": []}, {"config": {"configurable": "x"}}])
def test_odd_bodies_carry_no_configurable(body: object) -> None:
    assert sent_configurable(body) == {}


def test_server_side_knobs_are_never_client_keys_whatever_a_graph_entry_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert {"ledger_path", "step_delay"} == NEVER_CLIENT_KEYS
    # Even a graph whose entry lists them (by mistake) does not let a client set them.
    monkeypatch.setattr(
        configurable, "CLIENT_KEYS", {**CLIENT_KEYS, "careless": frozenset({"ledger_path", "model"})}
    )
    assert client_keys("careless") == {"model", "thread_id", "checkpoint_id", "checkpoint_ns"}
    assert refused_keys("careless", ["model", "ledger_path", "step_delay"]) == ["ledger_path", "step_delay"]
    # An assistant whose graph the server cannot tell gets only what every graph allows.
    assert client_keys(None) == {"thread_id", "checkpoint_id", "checkpoint_ns"}
    assert refused_keys(None, ["model"]) == ["model"]


def test_every_served_graph_has_an_allow_list_entry() -> None:
    """A graph added to langgraph.json without a line in server/configurable.py would run with the
    strictest list by accident; name it there (an empty frozenset is a fine entry)."""
    import json
    from pathlib import Path

    config = json.loads((Path(__file__).resolve().parent.parent / "langgraph.json").read_text())
    missing = set(config["graphs"]) - set(CLIENT_KEYS)
    assert not missing, f"add {sorted(missing)} to CLIENT_KEYS in server/configurable.py"


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"inputs": [1, 2], "config": {"configurable": {"thread_id": "t"}}}, "one config per input"),
        ({"inputs": [1, 2]}, "one config per input"),
        (
            {"inputs": [1, 2], "config": [{"configurable": {"thread_id": "t"}}] * 2},
            "its own configurable.thread_id",
        ),
        ({"inputs": [1, 2], "config": [{"configurable": {"thread_id": "t"}}, {}]}, "thread_id is required"),
        (
            {
                "inputs": [1, 2],
                "config": [
                    {"configurable": {"thread_id": "t"}},
                    {"configurable": {"thread_id": "u", "step_delay": 1}},
                ],
            },
            "['step_delay'] cannot be set",
        ),
    ],
)
def test_a_batch_needs_one_valid_config_and_thread_per_input(body: dict[str, Any], says: str) -> None:
    with pytest.raises(Refused) as info:
        check_batch(ALICE, body, "assistant")
    assert info.value.status_code == 422 and says in info.value.detail


def test_a_batch_naming_another_tenant_is_refused_as_such() -> None:
    for body in (
        {"inputs": [1, 2], "config": {"configurable": {"tenant_id": "globex"}}},
        {"inputs": [1], "config": [{"configurable": {"thread_id": "t", "tenant_id": "globex"}}]},
    ):
        with pytest.raises(Refused) as info:
            check_batch(ALICE, body, "assistant")
        assert info.value.status_code == 403
    check_batch(ALICE, {"inputs": [1], "config": {"configurable": {"thread_id": "t"}}}, "assistant")
    check_batch(
        ALICE, {"inputs": [1, 2], "config": [{"configurable": {"thread_id": t}} for t in "ab"]}, "assistant"
    )

"""The LangServe run config in isolation: the tenant comes from the key, thread keys from the body,
and every refusal says what to do."""

from __future__ import annotations

from typing import Any

import pytest

from server.keys import Principal
from server.request_config import Refused, run_config, sent_configurable

ALICE = Principal(identity="alice", tenant_id="acme")


def test_the_keys_tenant_and_the_clients_thread_keys_reach_the_run() -> None:
    body = {
        "input": {},
        "config": {"configurable": {"thread_id": "t", "checkpoint_id": "c", "step_delay": 9}},
    }
    config = run_config({"tags": ["x"]}, ALICE, sent_configurable(body))
    assert config == {
        "tags": ["x"],
        "configurable": {"thread_id": "t", "checkpoint_id": "c", "tenant_id": "acme"},
    }
    assert (
        run_config({}, ALICE, {"thread_id": "t", "tenant_id": "acme"})["configurable"]["tenant_id"] == "acme"
    )


@pytest.mark.parametrize(
    ("principal", "sent", "status", "says"),
    [
        (None, {"thread_id": "t"}, 401, "x-api-key or Authorization: Bearer"),
        (ALICE, {"thread_id": "t", "tenant_id": "globex"}, 403, "'globex' is not the tenant of your API key"),
        (ALICE, {}, 422, '{"config": {"configurable": {"thread_id"'),
        (ALICE, {"thread_id": 7}, 422, "configurable.thread_id must be a non-empty string"),
        (ALICE, {"thread_id": " "}, 422, "configurable.thread_id must be a non-empty string"),
    ],
)
def test_refusals(principal: Principal | None, sent: dict[str, Any], status: int, says: str) -> None:
    with pytest.raises(Refused) as info:
        run_config({}, principal, sent)
    assert info.value.status_code == status
    assert says in info.value.detail


@pytest.mark.parametrize("body", [None, [], {"config": []}, {"config": {"configurable": "x"}}])
def test_odd_bodies_carry_no_configurable(body: object) -> None:
    assert sent_configurable(body) == {}

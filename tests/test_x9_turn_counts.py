"""A LangServe batch holds as many of kassist serve's turns in flight as it has inputs (h14 s35 H6,
x9: server/turn_limits.TurnsInFlight), all taken or none, and gives back as many. No I/O."""

from __future__ import annotations

from server.keys import Principal
from server.turn_limits import TurnsInFlight

ALICE = Principal(identity="alice", tenant_id="acme", role="member")
ERIN = Principal(identity="erin", tenant_id="acme", role="member")


def test_a_batch_takes_a_place_per_turn_all_or_none() -> None:
    turns = TurnsInFlight(per_user=3, per_tenant=4)
    assert turns.refusal(ALICE, 2) is None
    refused = turns.refusal(ALICE, 2)
    assert refused is not None and refused.startswith("this batch's 2 turns would make 4 turns in flight")
    assert "KASSIST_MAX_WAITING_RUNS_PER_USER" in refused
    assert turns.refusal(ALICE) is None  # the one place left: nothing was taken by the refusal
    assert (turns.refusal(ALICE) or "").startswith("you have 3 turns in flight")
    tenant = turns.refusal(ERIN, 2)  # the tenant's bound: 3 held, 2 more would make 5
    assert tenant is not None and "KASSIST_MAX_WAITING_RUNS_PER_TENANT" in tenant
    turns.release(ALICE, 2)
    assert turns.refusal(ERIN, 2) is None
    turns.release(ALICE)
    turns.release(ERIN, 2)
    assert turns.refusal(ALICE, 3) is None  # everything given back

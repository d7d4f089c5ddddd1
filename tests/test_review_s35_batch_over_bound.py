"""Review s35 r1 F4 (of d4bd6c3, strict xfail; low, clear errors): a LangServe batch with more inputs
than one user may have turns in flight (an operator's KASSIST_MAX_WAITING_RUNS_PER_USER below
KASSIST_MAX_BATCH_RUNS) can never be served, yet its refusal tells the user "wait for an answer, then send
the next" - with nothing in flight, waiting never helps. The line should say what to do: send at most N
inputs per batch. The tenant's bound the same ("try again shortly"). No I/O."""

from __future__ import annotations

from server.keys import Principal
from server.turn_limits import TurnsInFlight

ALICE = Principal(identity="alice", tenant_id="acme", role="member")


def test_a_batch_no_wait_can_let_in_says_to_send_fewer_inputs() -> None:
    turns = TurnsInFlight(per_user=2, per_tenant=3)
    for refused in (turns.refusal(ALICE, 3), TurnsInFlight(per_user=5, per_tenant=2).refusal(ALICE, 3)):
        assert refused is not None
        assert "wait" not in refused and "try again" not in refused, refused
        assert "at most 2" in refused, refused  # the most inputs one batch may have here

"""A run with other settings on a thread whose accepted first run never began is refused with
registration's words and the accepted run's own tail (server/accepted_resume._other_settings): the
tail is cut at registration's RESUME_AS_IT_IS, so a change of those words must not garble the line
(session 38 made them door-neutral; a cut that found nothing dropped the last character instead)."""

from __future__ import annotations

from graph.ingestion.registration import RESUME_AS_IT_IS
from server.accepted_resume import OTHER_SETTINGS_TAIL, Refusal, resumed
from server.accepted_runs import Accepted

FIRST = {"source": "/srv/acme", "collection": "first", "embedder": "hashing"}


def test_other_settings_end_with_the_accepted_runs_tail_once() -> None:
    record = Accepted("alice", "ingestion", {"settings": FIRST}, {}, "run-1")
    sent = {"settings": {**FIRST, "collection": "other"}}
    refused = resumed(record, "ingestion", "t-1", sent, mine=True, lost=False, waiting=False)
    assert isinstance(refused, Refusal) and refused.status == 409
    tail = OTHER_SETTINGS_TAIL.format(thread="t-1")
    assert refused.detail.startswith("run 't-1' was started with collection 'first'"), refused.detail
    assert refused.detail.endswith("to change it" + tail), refused.detail
    assert refused.detail.count(" (or ") == 1 and RESUME_AS_IT_IS not in refused.detail, refused.detail

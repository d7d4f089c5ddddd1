"""``DELETE /threads/{id}`` of an unknown id on a ``langgraph dev`` whose registry holds no thread
(a fresh start, the first delete after a restart) is 404, not a 500 (session 26 probes).

langgraph-api's in-memory runtime looked the id up in a loop over its threads and then read the
loop's variable: with no thread at all it was unbound, an ``UnboundLocalError`` traceback in the
log and ``500 Internal Server Error`` to the client."""

from __future__ import annotations

import uuid
from pathlib import Path

import httpx
from server_harness import ACME_KEY, GLOBEX_KEY, langgraph_dev


def test_deleting_an_unknown_thread_on_an_empty_server_is_404(tmp_path: Path) -> None:
    unknown = str(uuid.uuid4())
    with langgraph_dev(tmp_path) as (base, _):
        gone = httpx.delete(f"{base}/threads/{unknown}", headers={"x-api-key": ACME_KEY}, timeout=30)
        assert gone.status_code == 404, gone.text
        assert gone.json() == {"detail": f"Thread with ID {unknown} not found"}
        # With threads in the registry, an unknown id and another tenant's thread say the same.
        made = httpx.post(f"{base}/threads", headers={"x-api-key": ACME_KEY}, json={}, timeout=30)
        theirs = made.json()["thread_id"]
        for thread in (unknown, theirs):
            other = httpx.delete(f"{base}/threads/{thread}", headers={"x-api-key": GLOBEX_KEY}, timeout=30)
            assert other.status_code == 404 and other.json() == {
                "detail": f"Thread with ID {thread} not found"
            }
        mine = httpx.delete(f"{base}/threads/{theirs}", headers={"x-api-key": ACME_KEY}, timeout=30)
        assert mine.status_code in (200, 204), mine.text

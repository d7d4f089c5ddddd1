"""Probe (session 32, h10): another user's private assistant memory moves a member's search results.

A member's store search over the tenant skips other users' assistant memory (``("assistant",
<user>, ...)``: their session notes; server/auth_rules.hide_other_users, memory/store/readers.py).
But the skip happens after the ranking: the hybrid search fuses a vector and a keyword list of the
tenant's items by reciprocal rank (memory/store/program.py ``_hybrid``), hidden items included, and
only then drops them. So the scores, and the order, of what erin may see depend on how many of
alice's private notes match erin's query better: before alice's notes mention "quartz", erin's
search "quartz lantern" answered her items with scores 0.508 and 0.5 (e1 first); after 30 such notes,
0.5027 and 0.5003, e2 first (measured on a live langgraph dev, hashing embedder). A member learns
whether another user's private notes mention a word - what F5 of session 29 closed between tenants
(tests/test_probe_s29d_keyword_tenants.py), here between users (h10 s32 #6).

On the shared ``langgraph dev`` with the hashing embedder (tests/shared_servers.py).
"""

from __future__ import annotations

from typing import Any

import httpx
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)
QUERY = "quartz lantern"


def _search(base: str, key: str) -> list[tuple[Any, ...]]:
    body = {"namespace_prefix": [], "query": QUERY, "limit": 10}
    found = httpx.post(f"{base}/store/items/search", json=body, headers={"x-api-key": key}, timeout=30)
    assert found.status_code == 200, found.text
    return [(tuple(i["namespace"]), i["key"], i["score"]) for i in found.json()["items"]]


def _put(base: str, key: str, namespace: list[str], item: str, value: dict[str, Any]) -> None:
    body = {"namespace": namespace, "key": item, "value": value}
    done = httpx.put(f"{base}/store/items", json=body, headers={"x-api-key": key}, timeout=30)
    assert done.status_code == 204, done.text


def test_another_users_private_notes_do_not_move_a_members_results(shared_dev_hashing: SharedServer) -> None:
    base = shared_dev_hashing.base
    _put(base, ME.erin_key, ["probe"], "e1", {"text": "zebra quartz lantern meeting"})
    _put(base, ME.erin_key, ["probe"], "e2", {"text": "zebra lantern"})
    before = _search(base, ME.erin_key)
    assert [item for _, item, _ in before] == ["e1", "e2"], before
    for i in range(30):  # alice's own session notes: erin may neither read nor list them
        _put(
            base,
            ME.acme_key,
            ["assistant", "alice", "sessions"],
            f"q{i}",
            {"summary": f"quartz quartz plan {i}"},
        )
    assert all(ns[1] != "assistant" for ns, _, _ in _search(base, ME.erin_key))  # still hidden
    assert _search(base, ME.erin_key) == before

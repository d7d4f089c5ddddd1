"""A langgraph dev thread whose checkpoints retention deleted stays its maker's on every door of the
database (h14 s35 H5, the rest of H1 after 85228ea).

85228ea records the owner of a thread langgraph dev makes (``kassist_accepted_runs``, graph ``''``)
until its first checkpoint, so kassist serve's turn of another member there is 404. ``kassist
checkpoints prune --strategy delete`` deletes an idle thread's checkpoints and, with them, that row
(``AcceptedRuns.retain``: "the id is free again"), while langgraph dev's registry - another process's
memory, reloaded from its own file at every start - keeps the thread, its owner's, in its owner's
list. The thread is then what H1's was: no checkpoint, no row. Another member's turn on kassist serve
is a 200 that writes a conversation into it, which its owner's next turn on langgraph dev continues
(that member's words in the answer).

One thread and two turns on the shared ``langgraph dev`` (hashing flavour), the prune command and one
LangServe turn in process on the shared database (the file's own tenant only;
``KASSIST_RUN_WORKERS=0``): 7.6 s user + 1.3 s sys of CPU for the file alone, the shared server's start
and pytest's included; the prune's shortest age (1s) waited for where the set-up has not spent it."""

from __future__ import annotations

import time

import httpx
import pytest
from review_support import offline_turns, serve_app, serve_turn
from shared_servers import SharedServer, file_tenants
from typer.testing import CliRunner

from cli.main import app as cli

ME = file_tenants(__name__)


def _turn(text: str) -> dict[str, object]:
    return {"assistant_id": "assistant", "input": {"messages": [{"role": "user", "content": text}]}}


def test_another_members_turn_on_a_pruned_langgraph_dev_thread_is_not_found(
    shared_dev_hashing: SharedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    offline_turns(monkeypatch)  # no worker polling the shared database
    alice = httpx.Client(base_url=shared_dev_hashing.base, headers={"x-api-key": ME.acme_key}, timeout=120)
    thread = alice.post("/threads", json={}).json()["thread_id"]
    first = alice.post(f"/threads/{thread}/runs/wait", json=_turn("Where is the Amsterdam office?"))
    assert first.status_code == 200, first.text[:300]
    idle_since = time.monotonic()

    url = shared_dev_hashing.db_url
    app = serve_app(url, ME.keys)
    # The shortest age the command takes is 1s: the thread idle that long (most of it spent above).
    time.sleep(max(0.0, 1.1 - (time.monotonic() - idle_since)))
    prune = ["checkpoints", "prune", "--tenant", ME.acme, "--older-than", "1s", "--strategy", "delete"]
    pruned = CliRunner().invoke(cli, [*prune, "--database-url", url])
    assert pruned.exit_code == 0, pruned.output
    assert alice.get(f"/threads/{thread}").status_code == 200  # still alice's thread on langgraph dev

    said = "Erin here: my sick leave starts Monday, the diagnosis is burnout."
    turn = serve_turn(app, ME.erin_key, thread, said)
    mine = alice.post(f"/threads/{thread}/runs/wait", json=_turn("What did I ask?"))
    assert mine.status_code == 200, mine.text[:300]
    assert "burnout" not in mine.text, mine.text[:300]
    assert turn.status_code == 404, turn.text[:300]

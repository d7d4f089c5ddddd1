"""Retention's cutoff keeps the owner of a langgraph dev thread whose accepted first run has not
written a checkpoint (h15 s35 H15-4, after 85228ea / 2f67661).

85228ea records the owner of a thread ``POST /threads`` makes (its MADE row, graph ``''``); the first
run accepted there replaces the row and keeps that owner (``put``: graph ``'assistant'``, the run's
input). Retention (``kassist checkpoints prune``, any strategy: ``AcceptedRuns.retain``'s
``forget_older``) deletes every row with a graph accepted before its cutoff, "a run accepted then has
begun, its thread's checkpoints decide, or it never did". A run that has not begun - scheduled with
``after_seconds`` (up to a year, server/run_checks.py), or lost from langgraph dev's in-memory queue by
a kill (server/accepted_claims._STARTED says so) - leaves a thread with no checkpoint whose only owner
record that was: after the prune it is nobody's on kassist serve while langgraph dev's registry keeps
it, its maker's (another member's LangServe turn writes into it; the maker's run continues that
conversation: h14 s35 H1/H5).

The rows as langgraph dev writes them (``made`` at POST /threads, ``put`` at the run's acceptance,
aged three days as a nightly prune finds them), the prune command in process. SQLite: ~1 s of CPU."""

from __future__ import annotations

import asyncio
from contextlib import closing
from pathlib import Path

from raw_sql import raw_changed
from typer.testing import CliRunner

from checkpointer import TenantCheckpointer
from cli.main import app as cli
from kassist.db.handle import open_set_up
from server.accepted_runs import Accepted, AcceptedRuns
from server.thread_owner import read_thread

THREAD = "01a24e83-a732-72b1-9942-e98bf1a21295"  # alice's thread, her first run scheduled on it


def test_a_thread_whose_first_run_has_not_begun_stays_its_makers_after_a_prune(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    question = {"messages": [{"role": "user", "content": "Summarise the leave policy for me on Monday."}]}
    with closing(open_set_up(url, AcceptedRuns)) as table, TenantCheckpointer.from_url(url) as saver:
        saver.setup()

        async def make() -> None:
            await table.made("acme", THREAD, "alice")  # POST /threads
            run = Accepted("alice", "assistant", question, {}, "01a24e83-0000-7000-8000-000000000001")
            await table.put("acme", THREAD, run)  # POST /threads/T/runs, after_seconds: 3 days

        asyncio.run(make())
    assert (
        raw_changed(url, "UPDATE kassist_accepted_runs SET accepted_at = accepted_at - %s", (3 * 86400,)) == 1
    )

    prune = ["checkpoints", "prune", "--tenant", "acme", "--older-than", "1d", "--database-url", url]
    pruned = CliRunner().invoke(cli, prune)
    assert pruned.exit_code == 0, pruned.output

    with closing(open_set_up(url, AcceptedRuns)) as table, TenantCheckpointer.from_url(url) as saver:
        saver.setup()
        owner = asyncio.run(read_thread(saver, "acme", THREAD, table)).owner
    # langgraph dev's registry still lists the thread as alice's: every other door must too.
    assert owner == "alice", f"the thread is {owner!r}'s on kassist serve after the prune"

"""A thread ``langgraph dev`` makes with no run is its maker's on every door of the database (h14 s35
H1, x9): its owner is recorded durably when it is made (server/accepted_runs.MADE), read by kassist
serve's thread check (read_thread) as an accepted first run's is, kept by the first run accepted there
(an admin's run on a member's new thread leaves it the member's), and kept until the thread goes or
retention's cutoff passes it (x11 s36). The statements on both backends, no server (~1 s of CPU)."""

from __future__ import annotations

import asyncio
import time
from contextlib import closing

from checkpointer import TenantCheckpointer
from kassist.db.handle import open_set_up
from server.accepted_runs import Accepted, AcceptedRuns
from server.thread_owner import holds_a_job, read_thread


def test_a_made_thread_keeps_its_makers_name_until_it_goes(db_url: str) -> None:
    with closing(open_set_up(db_url, AcceptedRuns)) as table, TenantCheckpointer.from_url(db_url) as saver:
        saver.setup()

        async def check() -> None:
            await table.made("acme", "t1", "alice")
            read = await read_thread(saver, "acme", "t1", table)
            assert read.owner == "alice" and read.accepted is None  # hers; no run accepted there
            assert not holds_a_job(saver, None, "acme", "t1", table)
            assert (await read_thread(saver, "globex", "t1", table)).owner is None  # another tenant's id
            await table.made("acme", "t1", "erin")  # a thread with a row keeps it
            assert (await table.get("acme", "t1")) == Accepted("alice", "", None, {}, None)

            # Its first accepted run (an admin's) replaces the row and keeps the maker as the owner,
            # also when the row is this process's (the `since` that keeps an accepted run's row).
            run = Accepted("olga", "ingestion", {"settings": {"source": "s"}}, {}, "run-1")
            await table.put("acme", "t1", run, since=0.0, admin=True)
            assert await table.get("acme", "t1") == Accepted("alice", "ingestion", run.input, {}, "run-1")
            assert holds_a_job(saver, None, "acme", "t1", table)

            # Retention's cutoff drops every row older than it, a made thread's too (x11 s36, the lead's
            # decision 5: a thread that held nothing for longer than retention keeps is forgotten); a
            # newer one goes with its thread.
            await table.made("acme", "t2", "alice")
            table.retain(None, time.time() - 3600, frozenset())
            assert (await table.get("acme", "t2")) is not None and (await table.get("acme", "t1")) is not None
            table.retain(None, time.time() - 3600, frozenset({("acme", "t2")}))
            assert await table.get("acme", "t2") is None
            await table.made("acme", "t2", "alice")
            table.retain(None, time.time() + 1, frozenset())
            assert await table.get("acme", "t1") is None and await table.get("acme", "t2") is None
            await table.made("acme", "t3", "alice")
            await table.forget("acme", "t3", None)  # the thread's DELETE
            assert await table.get("acme", "t3") is None
            # Retention deleting a thread's checkpoints keeps the owner they recorded (langgraph dev's
            # thread outlives them: h14 s35 H5), in place of whatever row the thread had.
            await table.put("acme", "t4", run)
            table.retain(
                ["acme"], 0.0, frozenset({("acme", "t4"), ("acme", "t5")}), {("acme", "t4"): "alice"}
            )
            assert await table.get("acme", "t4") == Accepted("alice", "", None, {}, None)
            assert await table.get("acme", "t5") is None
            # A thread whose first run never began (no checkpoint) is one retention keeps the owner of
            # (cli/checkpoints turns its row into a made row: h15 s35 H15-4).
            await table.put("acme", "t6", run)
            assert table.runless_before(["acme"], time.time() + 1) == {("acme", "t6"): "olga"}

        asyncio.run(check())

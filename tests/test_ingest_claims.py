"""The claim on a tenant's collection that one ingestion batch at a time holds (graph/ingestion/claims.py):
taken by one holder, refused to a second live one naming the holder's run (the collection then
contended: nobody embeds ahead), free again when released, when its holder's process is gone (a
SIGKILLed run never blocks the next) or when its time ran out on another host; each tenant's
collection its own. Two runs of one folder at once are tests/test_probe_s30e_same_folder.py."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from graph.ingestion.store import RunStore, TenantRunStore
from graph.ingestion.store_ops import new_holder


@pytest.fixture
def runs(db_url: str) -> Iterator[RunStore]:
    store = RunStore.from_url(db_url)
    try:
        yield store
    finally:
        store.close()


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _collection() -> str:
    return f"c{time.monotonic_ns()}"  # the PostgreSQL database is the session's: a name of its own


def test_one_live_holder_at_a_time_and_free_once_released(runs: RunStore) -> None:
    acme, collection = runs.for_tenant("acme"), _collection()
    first, second, third = new_holder(), new_holder(), new_holder()
    assert acme.take_claim(collection, "monday", first, 60) == (None, False)  # alone: not contended
    assert acme.take_claim(collection, "cron", second, 60) == ("monday", True)  # live: busy, naming it
    assert runs.for_tenant("globex").take_claim(collection, "cron", second, 60) == (None, False)  # its own
    assert acme.renew_claim(collection, first, 60) and not acme.renew_claim(collection, second, 60)
    acme.release_claim(collection, second)  # not its claim: nothing happens
    assert acme.take_claim(collection, "cron", second, 60)[0] == "monday"
    acme.release_claim(collection, first)
    assert acme.take_claim(collection, "cron", second, 60) == (None, True)  # "cron" waited for it
    acme.release_claim(collection, second)
    assert acme.take_claim(collection, "monday", third, 60) == (None, True)  # and "monday" knows


def _left_by(acme: TenantRunStore, collection: str, holder: str, seconds: float) -> None:
    assert acme.take_claim(collection, "killed", holder, seconds) == (None, False)


def test_a_killed_or_expired_holder_does_not_block(runs: RunStore) -> None:
    acme, collection = runs.for_tenant("acme"), _collection()
    # A process of this host that is gone (SIGKILL mid-batch): its claim is void at once.
    _left_by(acme, collection, f"{socket.gethostname()}:{_dead_pid()}:dead", 600)
    assert acme.take_claim(collection, "next", new_holder(), 60) == (None, False)
    # Another host's holder is not looked at: its claim holds until its time runs out.
    other = _collection()
    _left_by(acme, other, "elsewhere:1:live", 600)
    assert acme.take_claim(other, "next", new_holder(), 60) == ("killed", True)
    expired = _collection()
    _left_by(acme, expired, "elsewhere:1:gone", -1)
    assert acme.take_claim(expired, "next", new_holder(), 60) == (None, False)


def test_a_waiting_batch_has_the_next_turn(runs: RunStore) -> None:
    acme, collection = runs.for_tenant("acme"), _collection()
    a1, b1, a2 = new_holder(), new_holder(), new_holder()
    assert acme.take_claim(collection, "A", a1, 60) == (None, False)
    assert acme.take_claim(collection, "B", b1, 60) == ("A", True)  # B waits: its turn is next
    acme.release_claim(collection, a1)
    # A's next batch comes a moment later: it waits for B's (it took the claim again, and B could
    # wait for the whole of run A).
    assert acme.take_claim(collection, "A", a2, 60)[0] is not None
    assert acme.take_claim(collection, "B", b1, 60) == (None, True)
    acme.release_claim(collection, b1)
    assert acme.take_claim(collection, "A", a2, 60) == (None, True)


def test_a_cancel_ends_the_wait(runs: RunStore, tmp_path: Path) -> None:
    from graph.ingestion.claims import collection_claimed
    from graph.ingestion.errors import CancelledWhileWaiting, is_transient
    from graph.ingestion.state import Settings

    acme, collection = runs.for_tenant("acme"), _collection()
    acme.register("waiting", Settings(source=str(tmp_path), collection=collection))
    assert acme.take_claim(collection, "other", new_holder(), 60)[0] is None
    assert acme.request_cancel("waiting")
    with pytest.raises(CancelledWhileWaiting) as stopped, collection_claimed(acme, collection, "waiting"):
        pass
    assert is_transient(stopped.value)  # the node's retry starts, where the cancel is honoured


def test_a_pid_taken_by_a_later_process_is_a_dead_holder() -> None:
    """A container restarted under the same host name runs its server as the same pid again: the
    holder names when its process started, so the dead one's lease and claims do not hold."""
    import os

    from graph.ingestion.store_ops import holder_gone

    until = time.time() + 60
    mine = new_holder()
    assert not holder_gone(mine, until)
    host, pid, token = mine.split(":")
    assert holder_gone(f"{host}:{pid}:1.{token.split('.')[1]}", until)  # this pid, another start
    assert not holder_gone(f"{host}:{os.getpid()}:{token.split('.')[1]}", until)  # an older holder: by pid


def test_a_run_cancelled_while_it_waits_for_the_collection_ends_cancelled(
    sqlite_url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The whole door: a run whose batch waits for another run's claim says so in one line and,
    cancelled (`kassist runs cancel`), leaves the wait and ends ``cancelled`` at the node's retry,
    having indexed nothing."""
    import threading

    from graph.ingestion import resources
    from graph.ingestion.runner import execute
    from graph.ingestion.state import AgentRunState, Settings

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    with resources.installed(resources.Resources.open(sqlite_url)) as res:
        acme = res.runs.for_tenant("acme")
        assert acme.take_claim("handbook", "other", new_holder(), 60)[0] is None  # a live run's batch
        settings = Settings(source=str(docs), collection="handbook", embedder="hashing")
        ended: list[AgentRunState] = []
        run = threading.Thread(
            target=lambda: ended.append(execute(res, "acme", "late", settings=settings).state)
        )
        run.start()
        deadline = time.monotonic() + 30
        while "waits for run other's batch writing collection handbook" not in caplog.text:
            assert time.monotonic() < deadline, caplog.text
            time.sleep(0.05)
        assert acme.request_cancel("late")
        run.join(30)
        [state] = ended
        assert state.status == "cancelled" and state.counters.documents_indexed == 0, state.last_error

"""``kassist checkpoints prune --strategy delete`` forgets the session notes of the threads it deletes
(session 28, h3's G2): each turn writes its thread's note, ``("assistant", <user>, "sessions")`` key
<thread id>, which the user's later turns read as an earlier session. Retention deleted the thread's
checkpoints and left the note, so the deleted conversation kept entering the user's answers. The
note goes in the thread's tenant only; a thread retention keeps (``keep_latest``) keeps its note."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from test_cp_cli_prune import put_steps
from typer.testing import CliRunner

from checkpointer import TenantCheckpointer
from cli.main import app
from memory import MemoryStore

SESSIONS = ("assistant", "alice", "sessions")


def notes(url: str) -> dict[tuple[str, tuple[str, ...], str], object]:
    store = MemoryStore.from_url(url, tenant_from_namespace=True)
    try:
        return {
            (tenant, namespace, key): item.value if item else None
            for tenant in ("acme", "globex")
            for namespace in (SESSIONS, ("assistant", "alice", "facts"))
            for key in ("old", "recent")
            if (item := store.for_tenant(tenant).get(namespace, key)) is not None
        }
    finally:
        store.close()


def test_prune_deletes_the_notes_of_the_threads_it_deletes_in_their_tenant(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    with TenantCheckpointer.from_url(url) as saver:
        saver.setup()
        for tenant in ("acme", "globex"):
            put_steps(saver.for_tenant(tenant), "old", 2, timedelta(days=40))
            put_steps(saver.for_tenant(tenant), "recent", 2, timedelta(days=1))
    store = MemoryStore.from_url(url, tenant_from_namespace=True)
    store.setup()
    for tenant in ("acme", "globex"):
        for thread in ("old", "recent"):
            store.for_tenant(tenant).put(SESSIONS, thread, {"summary": f"Last question: {tenant} {thread}"})
        store.for_tenant(tenant).put(("assistant", "alice", "facts"), "old", {"value": "not a session note"})
    store.close()
    every = set(notes(url))
    runner = CliRunner()
    base = ["checkpoints", "prune", "--database-url", url, "--older-than", "30d", "--tenant", "acme"]

    kept = runner.invoke(app, base)  # keep_latest: every thread keeps its head, and its note
    assert kept.exit_code == 0, kept.output
    assert set(notes(url)) == every

    deleted = runner.invoke(app, [*base, "--strategy", "delete"])
    assert deleted.exit_code == 0, deleted.output
    assert set(notes(url)) == every - {("acme", SESSIONS, "old")}  # globex's thread "old" is another

    everyone = runner.invoke(app, [*base[:-2], "--all-tenants", "--strategy", "delete"])
    assert everyone.exit_code == 0, everyone.output
    assert set(notes(url)) == every - {("acme", SESSIONS, "old"), ("globex", SESSIONS, "old")}

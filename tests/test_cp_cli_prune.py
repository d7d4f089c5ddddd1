"""``kassist checkpoints prune``: age-based retention from the command line, per tenant, on both
backends, printing what it removed; bad ages are refused with a message saying what works."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver, Checkpoint
from langgraph.checkpoint.base.id import uuid6
from typer.testing import CliRunner

from checkpointer import TenantCheckpointer
from cli.checkpoints import parse_duration
from cli.main import app


def put_steps(saver: BaseCheckpointSaver[Any], thread: str, steps: int, age: timedelta) -> None:
    """``steps`` checkpoints on ``thread`` whose timestamps lie ``age`` in the past."""
    for step in range(steps):
        latest = saver.get_tuple({"configurable": {"thread_id": thread, "checkpoint_ns": ""}})
        config: RunnableConfig = (
            latest.config if latest else {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}
        )
        version = saver.get_next_version(
            latest.checkpoint["channel_versions"].get("n") if latest else None, None
        )
        checkpoint: Checkpoint = {
            "v": 4,
            "id": str(uuid6(clock_seq=step)),
            "ts": (datetime.now(UTC) - age + timedelta(seconds=step)).isoformat(),
            "channel_values": {"n": step},
            "channel_versions": {"n": version},
            "versions_seen": {},
            "updated_channels": ["n"],
        }
        saver.put(config, checkpoint, {"source": "loop", "step": step, "parents": {}}, {"n": version})


def count(saver: BaseCheckpointSaver[Any], thread: str) -> int:
    return len(list(saver.list({"configurable": {"thread_id": thread}})))


def test_prune_keep_latest_then_delete_scoped_to_a_tenant(db_url: str) -> None:
    with TenantCheckpointer.from_url(db_url) as saver:
        saver.setup()
        acme, globex = saver.for_tenant("acme"), saver.for_tenant("globex")
        put_steps(acme, "old", 4, timedelta(days=40))
        put_steps(acme, "recent", 3, timedelta(days=1))
        put_steps(globex, "old", 4, timedelta(days=40))

    runner = CliRunner()
    base = ["checkpoints", "prune", "--database-url", db_url, "--older-than", "30d"]
    table = runner.invoke(app, [*base, "--tenant", "acme"])
    assert table.exit_code == 0, table.output
    assert "old" in table.output and "removed 3 checkpoints from 1 threads" in table.output

    again = runner.invoke(app, [*base, "--tenant", "acme", "--json"])
    assert again.exit_code == 0, again.output
    assert json.loads(again.output)["checkpoints_removed"] == 0  # only the head is left

    with TenantCheckpointer.from_url(db_url) as saver:
        acme, globex = saver.for_tenant("acme"), saver.for_tenant("globex")
        assert count(acme, "old") == 1
        assert acme.get_tuple({"configurable": {"thread_id": "old"}}).checkpoint["channel_values"] == {"n": 3}  # type: ignore[union-attr]
        assert count(acme, "recent") == 3
        assert count(globex, "old") == 4  # another tenant is untouched

    deleted = runner.invoke(app, [*base, "--strategy", "delete", "--all-tenants", "--json"])
    assert deleted.exit_code == 0, deleted.output
    report = json.loads(deleted.output)
    assert report["threads_deleted"] == 2
    assert {(t["tenant_id"], t["thread_id"]) for t in report["threads"]} == {
        ("acme", "old"),
        ("globex", "old"),
    }
    with TenantCheckpointer.from_url(db_url) as saver:
        assert count(saver.for_tenant("acme"), "old") == 0
        assert count(saver.for_tenant("globex"), "old") == 0
        assert count(saver.for_tenant("acme"), "recent") == 3


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("30d", timedelta(days=30)),
        ("12h", timedelta(hours=12)),
        ("90m", timedelta(minutes=90)),
        ("45s", timedelta(seconds=45)),
        ("2w", timedelta(weeks=2)),
        ("1.5d", timedelta(hours=36)),
    ],
)
def test_durations(text: str, expected: timedelta) -> None:
    assert parse_duration(text) == expected


@pytest.mark.parametrize("bad", ["30", "d", "30x", "-3d", "0d", "thirty days", ""])
def test_bad_age_is_refused_before_touching_the_database(bad: str, tmp_path: Any) -> None:
    db = tmp_path / "never.db"
    result = CliRunner().invoke(
        app, ["checkpoints", "prune", "--older-than", bad, "--database-url", f"sqlite:///{db}"]
    )
    assert result.exit_code == 2
    assert "30d" in result.output and "--older-than" in result.output
    assert not db.exists()


def test_bad_database_url_names_accepted_schemes() -> None:
    result = CliRunner().invoke(
        app,
        ["checkpoints", "prune", "--older-than", "30d", "--tenant", "acme", "--database-url", "mysql://h/db"],
    )
    assert result.exit_code == 1
    assert "sqlite:///" in result.output and "postgresql://" in result.output

"""``kassist checkpoints list / show / prune``: inspect a tenant's threads and a checkpoint's state,
prune only with an explicit scope (--tenant T or --all-tenants), and --dry-run reports what would
go (per tenant: threads, checkpoints, bytes) while removing nothing. Both backends."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from test_cp_cli_prune import count, put_steps
from typer.testing import CliRunner

from checkpointer import TenantCheckpointer
from cli.main import app

runner = CliRunner(env={"COLUMNS": "80"})


def cp(url: str, *args: str) -> Any:
    return runner.invoke(app, ["checkpoints", *args, "--database-url", url])


def seed(url: str) -> None:
    with TenantCheckpointer.from_url(url) as saver:
        saver.setup()
        put_steps(saver.for_tenant("acme"), "old", 4, timedelta(days=40))
        put_steps(saver.for_tenant("acme"), "recent", 2, timedelta(days=1))
        put_steps(saver.for_tenant("globex"), "old", 3, timedelta(days=40))


def test_list_and_show_a_tenants_threads(db_url: str) -> None:
    seed(db_url)
    listed = cp(db_url, "list", "--tenant", "acme", "--json")
    assert listed.exit_code == 0, listed.output
    rows = {r["thread"]: r for r in json.loads(listed.output)}
    assert set(rows) == {"old", "recent"}  # globex's thread is not listed for acme
    assert (rows["old"]["checkpoints"], rows["recent"]["checkpoints"]) == (4, 2)

    per_thread = json.loads(cp(db_url, "list", "--tenant", "acme", "--thread", "old", "--json").output)
    assert len(per_thread) == 4 and per_thread[0]["step"] == 3  # newest first

    table = cp(db_url, "list", "--tenant", "acme")
    assert table.exit_code == 0 and "recent" in table.output
    assert max(len(line) for line in table.output.splitlines()) <= 80

    shown = cp(db_url, "show", "--tenant", "acme", "--thread", "old", "--json")
    assert shown.exit_code == 0, shown.output
    head = json.loads(shown.output)
    assert head["channels"]["n"]["value"] == 3 and head["checkpoint"] == per_thread[0]["checkpoint"]
    older = cp(
        db_url, "show", "--tenant", "acme", "--thread", "old", "--checkpoint", per_thread[-1]["checkpoint"]
    )
    assert older.exit_code == 0 and "channel values" in older.output

    other = cp(db_url, "show", "--tenant", "globex", "--thread", "recent")
    assert other.exit_code == 1 and "not found for tenant 'globex'" in other.output


def test_prune_needs_an_explicit_scope_and_dry_run_removes_nothing(db_url: str) -> None:
    seed(db_url)
    unscoped = cp(db_url, "prune", "--older-than", "30d")
    assert unscoped.exit_code == 2 and "--all-tenants" in unscoped.output
    both = cp(db_url, "prune", "--older-than", "30d", "--tenant", "acme", "--all-tenants")
    assert both.exit_code == 2

    dry = cp(db_url, "prune", "--older-than", "30d", "--all-tenants", "--dry-run", "--json")
    assert dry.exit_code == 0, dry.output
    report = json.loads(dry.output)
    assert report["dry_run"] is True and report["checkpoints_removed"] == 3 + 2
    assert set(report["bytes_by_tenant"]) == {"acme", "globex"}
    assert all(size > 0 for size in report["bytes_by_tenant"].values())
    table = cp(db_url, "prune", "--older-than", "30d", "--all-tenants", "--dry-run")
    assert "would remove 5 checkpoints" in " ".join(table.output.split()) and "dry run" in table.output
    with TenantCheckpointer.from_url(db_url) as saver:  # nothing went
        assert count(saver.for_tenant("acme"), "old") == 4 and count(saver.for_tenant("globex"), "old") == 3

    real = json.loads(cp(db_url, "prune", "--older-than", "30d", "--all-tenants", "--json").output)
    assert real["checkpoints_removed"] == report["checkpoints_removed"]
    assert [(t["tenant_id"], t["thread_id"]) for t in real["threads"]] == [
        (t["tenant_id"], t["thread_id"]) for t in report["threads"]
    ]

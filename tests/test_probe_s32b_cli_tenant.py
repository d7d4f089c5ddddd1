"""Probe (session 32, h10): ``--tenant`` given twice on the command line.

Everywhere else two sources of a tenant that disagree are refused, never ranked (a config's
``tenant_id`` against its authenticated user: ``TenantMismatch``; two different API keys in one
request: 401, server/credentials.py). The command line takes the last of two ``--tenant`` options
and says nothing: ``kassist memory remember --tenant acme --tenant globex ...`` writes globex's
memory, and a ``kassist checkpoints prune --tenant acme ... --tenant globex`` would delete another
tenant's than the operator read first (h10 s32 #5). Expected: a usage error (exit 2) naming
``--tenant`` and both values, before anything is opened.

In process (typer's runner over kassist's app), one SQLite file.
"""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cli.main import app

runner = CliRunner(env={"COLUMNS": "100"})


def test_two_different_tenants_are_a_usage_error(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    twice = ["--tenant", "acme", "--tenant", "globex"]
    done = runner.invoke(
        app, ["memory", "remember", *twice, "--user", "u1", "--database-url", url, "I prefer short answers"]
    )
    assert done.exit_code == 2, done.output
    assert "--tenant" in done.output and "acme" in done.output and "globex" in done.output, done.output

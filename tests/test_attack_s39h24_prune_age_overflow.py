"""h24 s39: ``kassist checkpoints prune --older-than`` with an age past what a date can hold is "a bug in
kassist".

``cli/checkpoints.parse_duration`` reads any positive number with a unit, then builds a ``timedelta`` and
the retention subtracts it from now: ``1000000d`` (an operator's "keep nearly everything", ~2,700
years) is ``unexpected OverflowError: date value out of range (a bug in kassist; ...)``,
``99999999999d`` ``unexpected OverflowError: Python int too large to convert to C int``. docs/cli.md:
a value that cannot be read is a usage error, exit 2, one line saying what works; never "a bug".
A real ``kassist`` process on a real SQLite file; the old thread must still be there after it.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from ingest_harness import kassist
from test_cp_cli_prune import count, put_steps

from checkpointer import TenantCheckpointer


@pytest.mark.parametrize("age", ["1000000d", "99999999999d"])
def test_an_age_no_date_can_hold_is_a_usage_error_and_prunes_nothing(tmp_path: Path, age: str) -> None:
    url = f"sqlite:///{tmp_path / 'k.db'}"
    with TenantCheckpointer.from_url(url) as saver:
        saver.setup()
        put_steps(saver.for_tenant("acme"), "old", 3, timedelta(days=40))

    done = kassist("checkpoints", "prune", "--older-than", age, "--tenant", "acme", "--database-url", url,
                   cwd=tmp_path)  # fmt: skip
    err = done.stderr.strip()
    assert "unexpected" not in err and "a bug in kassist" not in err, err
    assert done.returncode == 2, (done.returncode, done.stdout, err)
    assert err.startswith("error:") and len(err.splitlines()) == 1 and "--older-than" in err, err
    with TenantCheckpointer.from_url(url) as saver:
        assert count(saver.for_tenant("acme"), "old") == 3  # nothing pruned

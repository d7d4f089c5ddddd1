"""h8, session 31 #12, #13: lone surrogates in the names callers choose.

#12: the one rule for identifiers (kassist.names.check_identifier: a tenant id, a key's identity, a
user id) refuses NUL, control and invisible characters but took a lone surrogate ("ac\\ud800me", valid
JSON in KASSIST_API_KEYS or a keys file, or a library caller's string): every component then failed at
its first statement with Python's raw "'utf-8' codec can't encode character '\\ud800' ... surrogates not
allowed" (checkpointer put and list, memory store put, on PostgreSQL and SQLite alike), and a key table
holding such an identity started, then made every turn of that key a 500.
#13: a command-line argument that is not UTF-8 (a Latin-1 name typed in a Latin-1 terminal: Python
decodes it with surrogates) was that codec error as the command's one line (`kassist keys create
--identity`, `ask --user`, `memory list --tenant`), naming neither the option nor the fix, or, for
`ask --thread`, "unexpected InvalidId ... (a bug in kassist ...)"."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from checkpointer import TenantCheckpointer
from cli.kit import ExitCode
from cli.main import app
from kassist.tenancy import validate_tenant_id
from server.keys import KeyTable


def test_the_identifier_rule_refuses_a_lone_surrogate(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="surrogate"):
        validate_tenant_id("ac\ud800me")
    with pytest.raises(ValueError, match="surrogate"):
        KeyTable.model_validate(
            {"keys": {"k-0123456789abcdef0123": {"identity": "al\ud800", "tenant_id": "acme"}}}
        )
    saver = TenantCheckpointer.from_url(f"sqlite:///{tmp_path / 'k.db'}")
    try:
        with pytest.raises(ValueError, match="surrogate"):  # not UnicodeEncodeError at the first statement
            list(saver.for_tenant("ac\udcffme").list({"configurable": {"thread_id": "t1"}}))
    finally:
        saver.close()


@pytest.mark.parametrize(
    "args",
    [
        ["keys", "create", "--tenant", "acme", "--identity", "al\udcffice"],
        ["ask", "--tenant", "acme", "--user", "al\udcffice", "what is the leave policy?"],
        ["ask", "--tenant", "acme", "--user", "alice", "--thread", "t\udcff1", "what is the leave policy?"],
        ["memory", "list", "--tenant", "ac\udcffme", "--user", "alice"],
    ],
    ids=["identity", "user", "thread", "tenant"],
)
def test_a_command_line_argument_that_is_not_utf8_is_one_line(args: list[str], tmp_path: Path) -> None:
    done = CliRunner(env={"COLUMNS": "400", "KASSIST_EMBEDDER": "hashing"}).invoke(
        app, [*args, "--database-url", f"sqlite:///{tmp_path / 'k.db'}"]
    )
    lines = done.output.strip().splitlines()
    assert done.exit_code in (ExitCode.FAILED, ExitCode.USAGE), done.output
    assert [n for n in lines if n.startswith("error: ")] == lines[-1:], done.output
    line = lines[-1]
    assert "codec" not in line and "a bug in kassist" not in line, line
    assert "UTF-8" in line, line

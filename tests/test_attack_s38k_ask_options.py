"""``kassist ask``/``chat`` options a user can get wrong are a bad command line: one line naming the
option, exit 2, before anything is done (h22 s38).

The CLI's rule (cli/kit.py, docs/cli.md): exit 2 for a bad command line, errors one line, never "a bug
in kassist" for what the user typed. ``--tenant`` and ``--run-id`` are checked so (exit 2, the option
named); ``ask``'s and ``chat``'s ``--thread`` and ``--user`` are not - they reach the graph:

- ``--thread ''``: ``unexpected ValueError: config['configurable']['thread_id'] is missing; pass
  config={'configurable': ...} (a bug in kassist; ...)``, exit 1 (``chat`` first prints ``thread:
  thread-...`` as if it had made one);
- ``--thread`` of 5,000 characters: ``unexpected InvalidId: configurable.thread_id is 5000 bytes long
  ... (a bug in kassist; ...)``, exit 1;
- ``--user ''``: ``thread: thread-...`` then ``no user: pass configurable.user_id (or run as an
  authenticated user)``, exit 1 - LangGraph's words for a server's caller, not the option's.

Real processes, an empty SQLite database (the refusal comes before any search): ~15 s."""

from __future__ import annotations

from pathlib import Path

import pytest
from ingest_harness import kassist

CASES = {
    "ask-empty-thread": (("ask", "hello?", "-u", "bob", "--thread", ""), "--thread"),
    "ask-long-thread": (("ask", "hello?", "-u", "bob", "--thread", "x" * 5000), "--thread"),
    "ask-empty-user": (("ask", "hello?", "-u", ""), "--user"),
    "chat-empty-thread": (("chat", "-u", "bob", "--thread", ""), "--thread"),
}


@pytest.mark.parametrize(("args", "option"), CASES.values(), ids=CASES.keys())
def test_a_bad_thread_or_user_option_is_one_line_naming_it_exit_2(
    args: tuple[str, ...], option: str, tmp_path: Path
) -> None:
    db = f"sqlite:///{tmp_path / 'k.db'}"
    result = kassist(*args, "--tenant", "acme", "--database-url", db, cwd=tmp_path)
    said = result.stderr.strip()
    assert result.returncode == 2, (result.returncode, result.stdout[-300:], said[:400])
    assert len(said.splitlines()) == 1 and option in said, said[:400]
    assert "bug in kassist" not in said and "configurable" not in said, said[:400]

"""``--thread`` and ``--user`` are one option wherever the command line takes them (h22 s38; the rest
of H22-4, whose fix a94d81b checked them for ask, chat and context only).

The guide's "one set of CLI options": ``kassist ask/chat/context`` now refuse an empty or over-long
``--thread`` and an empty ``--user`` with exit 2 and one line naming the option. The other commands
taking them still pass them on as they are:

- ``kassist checkpoints show --thread ''``: ``unexpected ValueError: config['configurable']['thread_id']
  is missing; pass config={...} (a bug in kassist; ...)``, exit 1; a 3,000-character ``--thread``:
  ``unexpected InvalidId ... (a bug in kassist; ...)``;
- ``kassist checkpoints list --thread ''``: every thread of the tenant is listed, exit 0 (the filter
  silently dropped: an operator scripting ``--thread "$T"`` with T unset reads the whole tenant);
- ``kassist memory list/forget --user ''``: ``user_id must be a non-empty string ...``, exit 1, the
  option unnamed (``forget`` is the right-to-erasure command).

Real processes, an empty SQLite database: ~15 s."""

from __future__ import annotations

from pathlib import Path

import pytest
from ingest_harness import kassist

CASES = {
    "checkpoints-show-empty-thread": (("checkpoints", "show", "--thread", ""), "--thread"),
    "checkpoints-show-long-thread": (("checkpoints", "show", "--thread", "x" * 3000), "--thread"),
    "checkpoints-list-empty-thread": (("checkpoints", "list", "--thread", ""), "--thread"),
    "memory-list-empty-user": (("memory", "list", "--user", ""), "--user"),
    "memory-forget-empty-user": (("memory", "forget", "--user", ""), "--user"),
}


@pytest.mark.parametrize(("args", "option"), CASES.values(), ids=CASES.keys())
def test_a_bad_thread_or_user_is_one_line_naming_it_exit_2_everywhere(
    args: tuple[str, ...], option: str, tmp_path: Path
) -> None:
    db = f"sqlite:///{tmp_path / 'k.db'}"
    made = kassist("memory", "remember", "I prefer short answers", "--user", "bob", "--tenant", "acme",
                   "--database-url", db, cwd=tmp_path)  # fmt: skip
    assert made.returncode == 0, (
        made.stdout + made.stderr
    )  # the database exists, with a memory and a thread-less store
    result = kassist(*args, "--tenant", "acme", "--database-url", db, cwd=tmp_path)
    said = result.stderr.strip()
    assert result.returncode == 2, (result.returncode, result.stdout[-300:], said[:400])
    assert len(said.splitlines()) == 1 and option in said, said[:400]
    assert "bug in kassist" not in said and "configurable" not in said, said[:400]

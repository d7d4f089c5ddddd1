"""h24 s39: a line that is not UTF-8 typed into ``kassist chat`` ends the chat with "a bug in kassist".

The command line's arguments are checked (h8 s31): ``kassist ask $'caf\\xe9 ...'`` is ``error: the argument
'caf\\\\xe9 ...' is not UTF-8 text; give it in UTF-8 (check the terminal's encoding: LANG / LC_ALL, e.g.
C.UTF-8)``, exit 2. ``kassist chat`` reads its questions from stdin, which Python decodes with
surrogateescape (UTF-8 mode, a C/POSIX locale): a Latin-1 terminal's ``café`` reaches the tokenizer as a
lone surrogate, and the chat stops with ``error: unexpected TypeError: TextEncodeInput must be
Union[TextInputSequence, Tuple[InputSequence, InputSequence]] (a bug in kassist; ...)``. The user's
terminal encoding is wrong, not kassist: one line saying so, as for an argument. A real process, SQLite.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ingest_harness import ROOT, child_env


def test_a_chat_line_that_is_not_utf8_is_told_as_the_terminals_encoding(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-P", "-m", "cli.main", "chat", "--tenant", "acme", "--user", "asha",
         "--database-url", f"sqlite:///{tmp_path / 'k.db'}"],
        cwd=tmp_path, env={**child_env(), "PYTHONPATH": str(ROOT), "PYTHONUTF8": "1"},
        input=b"caf\xe9 leave policy\n", capture_output=True, timeout=300,
    )  # fmt: skip
    said = (done.stdout + done.stderr).decode("utf-8", "replace")
    assert "unexpected" not in said and "a bug in kassist" not in said, said[-800:]
    assert "UTF-8" in said, said[-800:]


def test_a_memory_value_read_from_stdin_that_is_not_utf8_is_told_as_the_encoding(tmp_path: Path) -> None:
    # docs/cli.md's example pipes the value in (echo '"Bengali"' | kassist memory remember ... --value -):
    # a Latin-1 byte there answered "error: --value: 'utf-8' codec can't encode character '\udce9' in
    # position 4: surrogates not allowed" (Python's words, h8 s31's class), exit 1.
    done = subprocess.run(
        [sys.executable, "-P", "-m", "cli.main", "memory", "remember", "--tenant", "acme", "--user", "asha",
         "--type", "preference", "--key", "response_language", "--value", "-", "--source", "user_explicit",
         "--database-url", f"sqlite:///{tmp_path / 'k.db'}"],
        cwd=tmp_path, env={**child_env(), "PYTHONPATH": str(ROOT), "PYTHONUTF8": "1"},
        input=b'"Fran\xe7ais"', capture_output=True, timeout=300,
    )  # fmt: skip
    said = (done.stdout + done.stderr).decode("utf-8", "replace").strip()
    assert "surrogates not allowed" not in said and "codec" not in said, said
    assert done.returncode in (1, 2) and "UTF-8" in said and len(said.splitlines()) == 1, (
        done.returncode,
        said,
    )

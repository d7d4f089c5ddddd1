"""The default database folder must be the user's own (session 19 probes,
/tmp/kassist-docs/s19/h1-probes.md).

Without ``KASSIST_DATABASE_URL`` every kassist command and both servers use
``./.kassist/kassist.db`` of the working directory. In a shared folder (``/tmp``, a team share)
another local user made ``.kassist/`` first and created an admin API key in it (``kassist keys
create``): the operator's ``kassist keys list`` listed it, so a ``kassist serve`` started there
accepted the planted key, and everything the operator stored went into a file the other user owns
and reads. As git refuses a repository another user owns, kassist now refuses a default folder that
is a symbolic link, belongs to another user, or may be written by every user, in one line naming
``KASSIST_DATABASE_URL``; a URL the operator gives is used as given."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kassist.dburl import UnsafeDefaultDatabase, check_default_folder

ROOT = Path(__file__).resolve().parents[1]
KEYS_LIST = ["keys", "list", "--tenant", "acme"]


def _kassist(args: list[str], cwd: Path, url: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HOME": str(cwd / "home"), "COLUMNS": "200"}
    env.pop("KASSIST_DATABASE_URL", None)
    if url is not None:
        env["KASSIST_DATABASE_URL"] = url
    cli = [sys.executable, "-P", "-c", "from cli.main import main; main()"]
    return subprocess.run([*cli, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def _planted(shared: Path) -> None:
    made = _kassist(
        ["keys", "create", "--tenant", "acme", "--identity", "mallory", "--role", "admin"], shared
    )
    assert made.returncode == 0, made.stderr


def test_a_world_writable_default_folder_is_refused(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    _planted(shared)
    (shared / ".kassist").chmod(0o777)
    listed = _kassist(KEYS_LIST, shared)
    assert listed.returncode != 0 and "mallory" not in listed.stdout, listed.stdout
    assert "may be written by every user" in listed.stderr and "KASSIST_DATABASE_URL" in listed.stderr
    assert len(listed.stderr.strip().splitlines()) == 1, listed.stderr
    # The operator's own choice is used as given.
    given = _kassist(KEYS_LIST, shared, url=f"sqlite:///{shared / '.kassist' / 'kassist.db'}")
    assert given.returncode == 0 and "mallory" in given.stdout, given.stderr


def test_a_symlinked_default_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "elsewhere").mkdir()
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / ".kassist").symlink_to(tmp_path / "elsewhere")
    listed = _kassist(KEYS_LIST, shared)
    assert listed.returncode != 0 and "symbolic link" in listed.stderr, listed.stderr
    assert not any((tmp_path / "elsewhere").iterdir()), "the command wrote through the link"


def test_a_default_folder_of_another_user_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / ".kassist"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    check_default_folder(folder, uid=os.geteuid())  # one's own: fine
    with pytest.raises(UnsafeDefaultDatabase, match="belongs to another user"):
        check_default_folder(folder, uid=os.geteuid() + 1)
    check_default_folder(tmp_path / "absent")  # none yet: it will be made, the user's own


def test_ones_own_default_folder_is_used(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    _planted(mine)
    (mine / ".kassist").chmod(0o755)
    listed = _kassist(KEYS_LIST, mine)
    assert listed.returncode == 0 and "mallory" in listed.stdout, listed.stderr

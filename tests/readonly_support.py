"""Shared by the CLI tests of a database the user may read but not write: a folder made read-only."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def read_only_folder(fill: Callable[[Path], None]) -> Iterator[tuple[Path, list[str]]]:
    """``fill(db)`` writes ``kassist.db`` (and whatever it leaves beside it) into a new folder; then
    the folder and its files are made read-only for the commands under test. Yields the database
    and the prefix to run those commands with: as root (which ignores file modes) they run as
    ``nobody`` through setpriv; without setpriv the test is skipped, saying why."""
    user: list[str] = []
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: no unprivileged user to make a file read-only for")
        user = [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
    # Not under pytest's tmp_path: its parents are private to root, so nobody could not reach it.
    folder = Path(tempfile.mkdtemp(prefix="kassist-ro-"))
    folder.chmod(0o755)
    try:
        fill(folder / "kassist.db")
        for path in folder.iterdir():
            path.chmod(0o444)
        folder.chmod(0o555)
        yield folder / "kassist.db", user
    finally:
        folder.chmod(0o755)
        for path in folder.iterdir():
            path.chmod(0o644)
        shutil.rmtree(folder, ignore_errors=True)

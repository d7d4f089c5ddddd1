"""Removing an earlier attempt's upload folders is housekeeping, never the upload's outcome (session
30, review r B6): the run is registered before it happens, so an error there (a tenant folder an
operator made unreadable, EIO) was a 500 for an accepted upload, and the client's retry was then
refused as taken. It is logged; the accepted upload stands."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from server.runs import uploads


def test_a_folder_that_cannot_be_listed_is_logged_not_raised(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # The tenant's uploads folder gone from under the server (an operator's clean-up) between the
    # registration and the clean-up: os.scandir raises, as it does on EACCES or EIO.
    target = uploads.run_folder(tmp_path / "uploads", "acme", "u1")
    with caplog.at_level(logging.WARNING, logger="server.runs.uploads"):
        assert uploads.remove_others(target, "u1") == []
    assert "cannot remove earlier attempts' folders" in caplog.text and "No such file" in caplog.text

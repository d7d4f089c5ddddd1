"""h6 (session 30): the runs API's settings (server/runs/config.py) with bad values. A setting the
server cannot honour must stop its start with one line naming the variable and what to write; a
value that is silently rounded, or a folder setting that names a file, left the operator with a
server that runs nothing, or whose every upload is a 500 to the client."""

from __future__ import annotations

from pathlib import Path

import pytest
from runs_api_harness import env_for, serving


@pytest.mark.parametrize("workers", ["0.5", "1.9"])
def test_a_fractional_worker_count_is_refused_naming_the_setting(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, workers: str
) -> None:
    # int(float("0.5")) is 0: "this server only accepts requests" - no run of it ever executes,
    # and nothing said so. A count of runs is a whole number; anything else is the operator's typo.
    env = env_for(tmp_path, None, KASSIST_RUN_WORKERS=workers)
    with (
        pytest.raises(ValueError, match=r"KASSIST_RUN_WORKERS.*whole number"),
        serving(sqlite_url, monkeypatch, env),
    ):
        pass


def test_an_uploads_folder_that_is_a_file_is_refused_at_start(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Now: the server starts and each client's upload is answered 500 "the server could not keep
    # this upload (Not a directory)", which names neither the setting nor the fix.
    taken = tmp_path / "uploads.txt"
    taken.write_text("the operator's file\n")
    for setting in (taken, taken / "uploads"):
        env = env_for(tmp_path, None, KASSIST_UPLOADS_DIR=str(setting))
        with pytest.raises(ValueError, match="KASSIST_UPLOADS_DIR"), serving(sqlite_url, monkeypatch, env):
            pass
    assert taken.read_text() == "the operator's file\n"  # and nothing of it is lost


def test_an_ingestion_root_that_is_a_file_is_refused_at_start(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Now: the server starts and every path run is a 422 "there is no folder 'hr' under the
    # server's ingestion root": the client is blamed for the operator's setting.
    taken = tmp_path / "root.txt"
    taken.write_text("x\n")
    with (
        pytest.raises(ValueError, match="KASSIST_INGEST_ROOT"),
        serving(sqlite_url, monkeypatch, env_for(tmp_path, taken)),
    ):
        pass


@pytest.mark.parametrize(
    "hosts", ["https://hooks.example.com", "hooks.example.com:8443", "hooks.example.com/in"]
)
def test_a_notify_host_that_is_no_host_is_refused_at_start(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hosts: str
) -> None:
    # The rule compares the notify URL's host alone: a URL, a port or a path in the setting never
    # matches, so every run's notify_url is a 422 "host ... is not one this server notifies"
    # naming the client's URL, while the operator was told nothing at start.
    env = env_for(tmp_path, None, KASSIST_NOTIFY_HOSTS=hosts)
    with pytest.raises(ValueError, match="KASSIST_NOTIFY_HOSTS"), serving(sqlite_url, monkeypatch, env):
        pass

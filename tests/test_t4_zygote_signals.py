"""A forked child ends as an exec'd one where the test's worker could not show it before (review r2 #7):
Ctrl-C -> the CLI's one line and exit 130 under xdist too (a worker ignores SIGINT, and so did its
zygote and every child: test_zygote could assert it at -n 0 only), and an uncaught exception's
traceback as ``python -m`` prints it, without the zygote's own frames. Also: a child whose SIGINT
would be handled where the zygote's is ignored is not forked by that zygote (signal dispositions are
compared with the rest of the process attributes)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import zygote
from ingest_harness import child_env, write_corpus

KASSIST = [sys.executable, "-P", "-m", "cli.main"]


def test_ctrl_c_to_a_forked_child_is_the_clis_line_and_exit_130(tmp_path: Path) -> None:
    root = write_corpus(tmp_path / "docs", extra=60)
    args = [*KASSIST, "ingest", str(root), "--tenant", "acme", "--run-id", "z", "--collection", "c", "--embedder",
            "hashing", "--batch-size", "2", "--database-url", f"sqlite:///{tmp_path}/k.db"]  # fmt: skip
    before = signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a shell: Ctrl-C not ignored
    try:
        # A zygote started now, so with SIGINT handled, not ignored: its children start as a shell's do.
        with zygote.started(child_env()) as own:
            assert signal.SIGINT not in own.attributes["ignored"]
            child = zygote.Child(args, cwd=tmp_path, env=child_env(), start_new_session=True,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)  # fmt: skip
            assert child._zconn is not None  # forked, not exec'd
            deadline = time.monotonic() + 120
            while not (tmp_path / "k.db").exists() and child.poll() is None and time.monotonic() < deadline:
                time.sleep(0.05)  # the command runs (its database made): its Ctrl-C handling is in place
            os.killpg(child.pid, signal.SIGINT)  # Ctrl-C to its process group
            _, err = child.communicate(timeout=120)
    finally:
        signal.signal(signal.SIGINT, before)
    assert child.returncode == 130 and err.startswith("interrupted (Ctrl-C)"), err


def test_an_uncaught_exception_is_the_traceback_python_m_prints(pg_url: str, tmp_path: Path) -> None:
    # KASSIST_DEBUG=1 lets an error through the CLI's last net (as test_cli_one_line_errors does): a
    # real server setting cancels the command's statements.
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f"ALTER DATABASE {conn.info.dbname} SET statement_timeout = '1ms'")
    args = [*KASSIST, "memory", "remember", "--tenant", "acme", "--user", "asha", "--type", "preference", "--key",
            "response_language", "--source", "user_explicit", "--value", '"Dutch"', "--database-url", pg_url]  # fmt: skip
    env = {**child_env(), "KASSIST_DEBUG": "1"}
    with zygote.Child(
        args, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as c:
        assert c._zconn is not None  # forked
        _, forked = c.communicate(timeout=120)
    execd = subprocess.run(args, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120).stderr
    assert c.returncode == 1
    for err in (forked, execd):
        assert err.startswith("Traceback (most recent call last):\n"), err
        assert "QueryCanceled" in err.splitlines()[-1], err
    # The same first frames (runpy's, then cli/main.py's), none of the zygote's; the statement the
    # timeout cancels may differ between two runs, so the frames below may too.
    assert forked.splitlines()[:6] == execd.splitlines()[:6], (forked, execd)
    assert "zygote" not in forked


def test_a_child_whose_sigint_would_be_ignored_otherwise_than_in_the_zygote_is_execd() -> None:
    """An ignored signal stays ignored across exec: a zygote started with SIGINT ignored (an xdist
    worker's) does not fork for a test that handles it, nor the other way round."""
    first = zygote.zygote(child_env())
    assert first.fits(child_env())
    ignored = signal.SIGINT in first.attributes["ignored"]
    before = signal.signal(signal.SIGINT, signal.default_int_handler if ignored else signal.SIG_IGN)
    try:
        assert not first.fits(child_env())
        with zygote.Child([*KASSIST, "--help"], env=child_env(), stdout=subprocess.PIPE, text=True) as proc:
            assert proc._zconn is None and "Usage" in proc.communicate()[0]  # exec'd
    finally:
        signal.signal(signal.SIGINT, before)
    assert first.fits(child_env())

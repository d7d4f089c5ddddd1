"""The tests' fork server (tests/zygote.py) gives children that behave as exec'd ones: the same
output and exit codes, real signals, their own session when asked, the environment and working
directory of the request, subprocess's errors and timeouts. Cheap: the worker's zygote is started
once (the kill tests use it anyway) and the commands here stop before any real work."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import zygote
from ingest_harness import child_env, write_corpus

KASSIST = [sys.executable, "-P", "-m", "cli.main"]


def both(args: list[str], cwd: Path, env: dict[str, str]) -> tuple[subprocess.CompletedProcess[str], ...]:
    forked = zygote.run([*KASSIST, *args], cwd=cwd, env=env, timeout=120)
    execd = subprocess.run([*KASSIST, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    return forked, execd


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["runs", "lsit"],  # usage error: exit 2, one line naming the closest command
        [
            "runs",
            "show",
            "r1",
            "--tenant",
            "acme",
        ],  # KASSIST_DATABASE_URL from the request's env, cwd-relative
        ["runs", "show", "r1", "--tenant", "acme", "--json", "--database-url", "mysql://x"],
    ],
    ids=["help", "usage", "env-and-cwd", "bad-url"],
)
def test_a_forked_child_prints_and_exits_as_an_execd_one(args: list[str], tmp_path: Path) -> None:
    env = {**child_env(), "KASSIST_DATABASE_URL": "sqlite:///rel/kassist.db"}
    forked, execd = both(args, tmp_path, env)
    assert (forked.returncode, forked.stdout, forked.stderr) == (execd.returncode, execd.stdout, execd.stderr)
    if args[0] == "runs" and len(args) == 4:
        assert (
            "rel/kassist.db" in forked.stderr and str(tmp_path) in forked.stderr
        )  # the request's env and cwd


def test_real_signals_sessions_errors_and_timeouts(tmp_path: Path) -> None:
    root = write_corpus(tmp_path / "docs", extra=60)
    args = [*KASSIST, "ingest", str(root), "--tenant", "acme", "--run-id", "z", "--collection", "c",
            "--embedder", "hashing", "--batch-size", "2", "--database-url", f"sqlite:///{tmp_path}/k.db"]  # fmt: skip
    child = zygote.Child(
        args, cwd=tmp_path, env=child_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert child.poll() is None
    assert os.getsid(child.pid) == os.getsid(0) and os.getpgid(child.pid) == os.getpgid(0)  # as subprocess
    os.kill(child.pid, signal.SIGKILL)
    child.communicate(timeout=60)
    assert child.returncode == -signal.SIGKILL

    args = [*args[:-1], f"sqlite:///{tmp_path}/alone.db"]  # a database of its own: a new run
    alone = zygote.Child(args, cwd=tmp_path, env=child_env(), start_new_session=True, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True)  # fmt: skip
    assert os.getsid(alone.pid) == alone.pid and os.getpgid(alone.pid) == alone.pid
    deadline = time.monotonic() + 120
    while not (tmp_path / "alone.db").exists() and alone.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)  # the command runs (its database made): its Ctrl-C handling is in place
    # SIGINT ignored here (an xdist worker ignores it) is ignored in an exec'd child too, and so in ours
    ignored = signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    status = Path(f"/proc/{alone.pid}/status").read_text()
    mask = int(next(line for line in status.splitlines() if line.startswith("SigIgn:")).split()[1], 16)
    assert bool(mask & 1 << (signal.SIGINT - 1)) is ignored
    if ignored:
        alone.kill()
        alone.communicate(timeout=60)
    else:
        os.killpg(alone.pid, signal.SIGINT)  # Ctrl-C to its process group: the CLI's one line, exit 130
        _, err = alone.communicate(timeout=120)
        assert alone.returncode == 130 and err.startswith("interrupted (Ctrl-C)"), err

    with pytest.raises(subprocess.TimeoutExpired):
        zygote.run(args, cwd=tmp_path, env=child_env(), timeout=0.01)
    with pytest.raises(FileNotFoundError) as missing:
        zygote.run([*KASSIST, "--help"], cwd=tmp_path / "nowhere", env=child_env())
    assert missing.value.filename == str(tmp_path / "nowhere")


def test_what_the_zygote_cannot_give_is_execd(tmp_path: Path) -> None:
    """A child whose start-up variables differ from the zygote's (here PYTHONWARNINGS, read when the
    interpreter starts), or another command than ``-P -m cli.main``, is exec'd as before."""
    env = {**child_env(), "PYTHONWARNINGS": "error::ResourceWarning"}
    assert not zygote.zygote(child_env()).fits(env)
    with zygote.Child([*KASSIST, "--help"], env=env, stdout=subprocess.PIPE, text=True) as proc:
        assert proc._zconn is None and "Usage" in proc.communicate()[0]
    with zygote.Child([sys.executable, "-c", "print(1)"], stdout=subprocess.PIPE, text=True) as proc:
        assert proc._zconn is None and proc.communicate()[0] == "1\n"


def test_a_variable_the_preload_read_or_a_process_limit_the_test_changed_is_execd(tmp_path: Path) -> None:
    """The zygote notes the variables its imports read (sysconfig reads HOME for the user's site) and
    its umask, limits and blocked signals: a child that would differ in one of them is exec'd, so a
    forked child never carries the zygote's value where an exec'd one would carry the test's."""
    z = zygote.zygote(child_env())
    assert "HOME" in z.read and z.fits(child_env())
    assert not z.fits({**child_env(), "HOME": str(tmp_path)})
    old = os.umask(0o077)
    try:
        assert not z.fits(child_env())
        with zygote.Child([*KASSIST, "--help"], env=child_env(), stdout=subprocess.PIPE, text=True) as proc:
            assert proc._zconn is None and "Usage" in proc.communicate()[0]
    finally:
        os.umask(old)
    assert z.fits(child_env())

"""A fork server for the tests' ``kassist`` children: each one a real process, started without
paying the imports again.

A ``kassist`` child (``python -P -m cli.main ...``) spent ~1.2-1.5 s of CPU importing langgraph,
langchain_core, langsmith, numpy, scipy (datasketch)... before our code ran; the kill tests start a
hundred or more, and ~0.7 s more importing our own CLI commands and graphs. Here one process per
pytest process (the *zygote*) imports those modules once (ours read no file at import, and the
variables any import reads are compared below: tests/zygote_server.py says why ours are safe to
share) and forks a child per request. The child sets its standard streams, process group,
working directory and environment as ``subprocess`` would, then runs ``cli.main`` as ``python -m``
does, in a fresh ``__main__``, and exits through the interpreter's own exit (SystemExit, uncaught
exceptions, Ctrl-C, atexit, flushing). It stays a real process: its pid takes real signals (SIGKILL
at random moments), and ``Child`` (a ``subprocess.Popen``) gives the test pipes, ``wait``,
``poll``, ``communicate``, ``kill`` and ``returncode`` as for any child.

What differs from an exec'd child, by construction and checked at the zygote's start:
- the zygote has one thread when it forks: OpenBLAS (numpy, scipy) is loaded with one thread and set
  back in each child to the count a fresh process would start (its environment or the CPUs);
  onnxruntime, which starts a thread at import, is not preloaded;
- variables read at interpreter start or by the preloaded modules' import, ours included (``PYTHON*``,
  locale, BLAS/OpenMP, LangChain/LangSmith/LangGraph, OpenTelemetry, ``TZ``) must equal the zygote's, or the
  child is exec'd as before (``Child`` falls back to ``subprocess`` itself);
- the string hash seed is the zygote's (shared by its children), where each exec'd child draws its own.
Only zygote_server.ENTRIES go through the zygote (``-P -m cli.main``, ``-m cli.main``, kassist serve's
``-m server.langserve_app``: ~2 s of CPU of imports per server, and this venv's ``kassist`` script; since
session 40 every test's ``subprocess.Popen`` is ``Child``: tests/conftest.py); a forked ``kassist`` asks the zygote for its own
children of that form (``kassist demo``'s corpus, ingest, resume and runs commands: tests/zygote_server.py's
``_OwnChild``), with the same comparisons, and execs them where a forked one would differ. The docs examples' ``kassist`` (a shell runs
it) asks a zygote of its own through tests/zygote_client.py (``serving``), which compares the same
things; this venv's ``kassist`` script is forked like ``-P -m cli.main`` (another venv's, the wheel test's, is exec'd).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from zygote_server import ZygoteChild, entry_of, process_attributes, start_values

SERVER = Path(__file__).with_name("zygote_server.py")
CLIENT = Path(__file__).with_name("zygote_client.py")
# The zygote leans on CPython internals (Popen._execute_child's parameters, runpy's module runner):
# on another Python every child is exec'd - slow, never wrong.
SUPPORTED = sys.version_info[:2] == (3, 11)


class Zygote:
    """A running fork server of this process; requests go over one SOCK_SEQPACKET pair, each with
    a fresh socket pair of its own for the child's pid and exit status. It also takes zygote_client's
    requests on the Unix socket ``path`` (in a folder of its own, mode 0700)."""

    def __init__(self, env: Mapping[str, str], kind: str = "") -> None:
        self.env = dict(env)
        self.kind = kind  # zygote_server.Entry.kind: "" the kassist commands' zygote, "dev" langgraph dev's
        self.pid_of_owner = os.getpid()
        self.lock = threading.Lock()
        self.path = Path(tempfile.mkdtemp(prefix="kz-")) / "s"  # a short path: 107 bytes at most
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.proc = subprocess.Popen(
            [sys.executable, "-P", str(SERVER), str(theirs.fileno()), str(self.path), kind], env=self.env,
            pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        theirs.close()
        self.control = mine
        self.control.settimeout(120)
        try:
            ready = json.loads(self.control.recv(65536) or b"{}")
        except (OSError, ValueError):
            ready = {}
        self.control.settimeout(None)
        if not ready.get("ready"):
            self.proc.kill()
            err = self.proc.communicate()[1].decode(errors="replace")
            raise RuntimeError(f"the test zygote did not start: {ready.get('error') or err.strip()[-2000:]}")
        self.read: list[str] = list(ready.get("read", []))
        self.attributes: dict[str, Any] = ready.get("attributes", {})

    def fits(self, env: Mapping[str, str]) -> bool:
        return (
            start_values(env, self.read) == start_values(self.env, self.read)
            and process_attributes() == self.attributes
        )

    def differs_in_pythonpath_only(self, env: Mapping[str, str]) -> bool:
        """Whether ``env``'s start-up values differ from this zygote's in PYTHONPATH alone (and this
        process's umask, limits and signals are the zygote's)."""
        mine, theirs = start_values(self.env, self.read), start_values(env, self.read)
        differ = {k for k in mine.keys() | theirs.keys() if mine.get(k) != theirs.get(k)}
        return differ == {"PYTHONPATH"} and process_attributes() == self.attributes

    def request(self, message: dict[str, Any], fds: Sequence[int]) -> None:
        with self.lock:
            socket.send_fds(self.control, [json.dumps(message).encode()], list(fds))

    def stop(self) -> None:
        self.control.close()  # the zygote exits at end of file; its running children go on, as exec'd ones do
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        if self.proc.stderr:
            self.proc.stderr.close()
        shutil.rmtree(self.path.parent, ignore_errors=True)

    def alive(self) -> bool:
        return self.pid_of_owner == os.getpid() and self.proc.poll() is None


_zygote: Zygote | None = None
_others: list[Zygote] = []  # serving's and started's, tried after the first when it does not fit
_spare: list[Zygote] = []  # the second zygote of zygote(): the first's start-up values but PYTHONPATH
_dev: Zygote | None = None  # langgraph dev's (zygote_server.Entry.kind "dev"), started by _fitting
_zygote_lock = threading.Lock()


def zygote(env: Mapping[str, str]) -> Zygote:
    """This process's zygote for ``env``, started on first use with ``env`` (a forked process starts its
    own); where ``env``'s start-up values differ from that zygote's in PYTHONPATH alone, the process's
    second zygote, started on the first such use. The suite's children come in two kinds: the
    harnesses' (PYTHONPATH set to the checkout: ingest_harness.child_env) and the servers' and other
    tests' (the process's own: no PYTHONPATH on a CI machine); since every test's Popen and server goes
    through Child, either kind may come first, and the other was exec'd for the rest of the process."""
    global _zygote
    with _zygote_lock:
        if _zygote is None or not _zygote.alive():
            _zygote = Zygote(env)
            import atexit

            atexit.register(_zygote.stop)
        first = _zygote
    if first.fits(env) or not first.differs_in_pythonpath_only(env):
        return first
    with _zygote_lock:
        if not _spare or not _spare[0].alive():
            _spare[:] = [Zygote(env)]
            import atexit

            atexit.register(_spare[0].stop)
        return _spare[0]


def _fitting(env: Mapping[str, str], kind: str = "") -> Zygote | None:
    """The first of this process's zygotes whose children ``env`` fits: the first zygote, then the others;
    for ``kind`` "dev" (langgraph dev), the process's dev zygote, started on first use with ``env``."""
    global _dev
    if kind == "dev":
        with _zygote_lock:
            if _dev is None or not _dev.alive():
                _dev = Zygote(env, "dev")
                import atexit

                atexit.register(_dev.stop)
            return _dev if _dev.fits(env) else None
    found = zygote(env)
    if found.fits(env):
        return found
    return next((z for z in _others if z.alive() and z.fits(env)), None)


def serving(env: Mapping[str, str]) -> Path:
    """The socket of a zygote whose children ``env`` fits (the first zygote, started with ``env`` if
    none runs; else one more, kept for the process): the docs examples' shells reach it through
    tests/zygote_client.py, which exec's its command where the zygote says a child would differ."""
    found = _fitting(env)
    if found is None:
        with _zygote_lock:
            found = Zygote(env)
            _others.append(found)
            import atexit

            atexit.register(found.stop)
    return found.path


@contextmanager
def started(env: Mapping[str, str]) -> Iterator[Zygote]:
    """A zygote of the caller's own for the block, started now (with this process's signal dispositions
    and limits), tried by ``Child`` after the first; stopped at the end."""
    z = Zygote(env)
    _others.append(z)
    try:
        yield z
    finally:
        _others.remove(z)
        z.stop()


class Child(ZygoteChild):
    """``subprocess.Popen`` whose ``[sys.executable, "-P", "-m", "cli.main", ...]``,
    ``[sys.executable, "-m", "server.langserve_app", ...]`` and other zygote_server.ENTRIES children are
    forked by the zygote; any other command, or an environment the zygote cannot give, is exec'd as usual."""

    def _execute_child(  # type: ignore[override]
        self, args: Any, executable: Any, preexec_fn: Any, close_fds: bool, pass_fds: Any, cwd: Any,
        env: Any, startupinfo: Any, creationflags: Any, shell: bool, p2cread: int, p2cwrite: int,
        c2pread: int, c2pwrite: int, errread: int, errwrite: int, restore_signals: bool, gid: Any,
        gids: Any, uid: Any, umask: int, start_new_session: bool, process_group: Any,
    ) -> None:  # fmt: skip
        argv = [os.fspath(a) for a in args] if isinstance(args, list | tuple) else None
        env = dict(os.environ if env is None else env)
        plain = preexec_fn is None and not pass_fds and not shell and executable is None and close_fds
        plain = plain and restore_signals and gid is None and gids is None and uid is None and umask < 0
        plain = plain and SUPPORTED
        entry = entry_of(argv) if argv is not None else None
        forks = None if entry is None or not plain else _fitting(env, entry.kind)
        if forks is None:
            return super()._execute_child(  # type: ignore[misc,no-any-return]
                args, executable, preexec_fn, close_fds, pass_fds, cwd, env, startupinfo, creationflags,
                shell, p2cread, p2cwrite, c2pread, c2pwrite, errread, errwrite, restore_signals, gid, gids,
                uid, umask, start_new_session, process_group,
            )  # fmt: skip
        message = {
            "argv": argv, "env": env, "cwd": os.path.abspath(cwd) if cwd is not None else os.getcwd(),
            "new_session": bool(start_new_session), "group": process_group,
        }  # fmt: skip
        mine, theirs = socket.socketpair()
        stdio = [
            p2cread if p2cread != -1 else 0,
            c2pwrite if c2pwrite != -1 else 1,
            errwrite if errwrite != -1 else 2,
        ]
        try:
            forks.request(message, [theirs.fileno(), *stdio])
        finally:
            theirs.close()
        self._zconn = mine
        self._zstarted(self._zread("pid", block=True), message["cwd"], p2cread, p2cwrite, c2pread, c2pwrite,
                       errread, errwrite)  # fmt: skip


def run(args: Sequence[str], *, cwd: Path | str | None = None, env: Mapping[str, str] | None = None,
        input: str | None = None, timeout: float | None = None) -> subprocess.CompletedProcess[str]:  # fmt: skip
    """``subprocess.run(args, capture_output=True, text=True, ...)`` through ``Child``."""
    with Child(list(args), cwd=cwd, env=env, stdin=subprocess.PIPE if input is not None else None,
               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:  # fmt: skip
        try:
            out, err = proc.communicate(input, timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            raise
        except BaseException:
            proc.kill()
            raise
    return subprocess.CompletedProcess(list(args), proc.returncode, out, err)

"""A fork server for the tests' ``kassist`` children: each one a real process, started without
paying the third-party imports again.

A ``kassist`` child (``python -P -m cli.main ...``) spent ~1.2-1.5 s of CPU importing langgraph,
langchain_core, langsmith, numpy, scipy (datasketch)... before our code ran; the kill tests start a
hundred or more. Here one process per pytest process (the *zygote*) imports those third-party
modules once - never a module of ours, which could read the environment or files at import and would
see the zygote's - and forks a child per request. The child sets its standard streams, process group,
working directory and environment as ``subprocess`` would, then runs ``cli.main`` as ``python -m``
does, in a fresh ``__main__``, and exits through the interpreter's own exit (SystemExit, uncaught
exceptions, Ctrl-C, atexit, flushing). It stays a real process: its pid takes real signals (SIGKILL
at random moments), and ``Child`` (a ``subprocess.Popen``) gives the test pipes, ``wait``,
``poll``, ``communicate``, ``kill`` and ``returncode`` as for any child.

What differs from an exec'd child, by construction and checked at the zygote's start:
- the zygote has one thread when it forks: OpenBLAS (numpy, scipy) is loaded with one thread and set
  back in each child to the count a fresh process would start (its environment or the CPUs);
  onnxruntime, which starts a thread at import, is not preloaded;
- variables read at interpreter start or by the preloaded modules' import (``PYTHON*``, locale,
  BLAS/OpenMP, LangChain/LangSmith/LangGraph, OpenTelemetry, ``TZ``) must equal the zygote's, or the
  child is exec'd as before (``Child`` falls back to ``subprocess`` itself);
- the string hash seed is the zygote's (shared by its children), where each exec'd child draws its own.
Only the ``-P -m cli.main`` form goes through the zygote; the console script ``kassist`` (docs, wheel,
demo and newcomer tests) is always exec'd.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import importlib
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import types
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parents[1]
ENTRY = ("-P", "-m", "cli.main")
# The third-party modules a `kassist` child imports directly (python -X importtime of `kassist
# ingest`, the modules whose importer is ours), heaviest first. Their own imports come along.
PRELOAD = (
    "datasketch", "langgraph.types", "langgraph.graph", "langgraph.checkpoint.base",
    "langchain_core.callbacks.manager", "langchain_core.runnables", "numpy", "typer", "click",
    "phonenumbers", "jinja2", "docutils.core", "docutils.parsers.rst", "rich.console", "rich.progress",
    "rich.table", "markdown_it", "detect_secrets.core.plugins.util", "snowballstemmer", "pydantic",
    "stdnum", "psycopg", "psycopg_pool", "httpx", "orjson",
)  # fmt: skip
# Read at interpreter start or by the preloaded modules' import: a child whose value differs is exec'd.
START_VARIABLES = ("PYTHON", "LANG", "LC_", "OPENBLAS", "GOTO_NUM_THREADS", "OMP_", "MKL_", "LANGCHAIN",
                   "LANGSMITH", "LANGGRAPH", "OTEL_", "TZ")  # fmt: skip
BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")  # OpenBLAS's own order


# The zygote leans on CPython internals (Popen._execute_child's parameters, runpy's module runner):
# on another Python every child is exec'd - slow, never wrong.
SUPPORTED = sys.version_info[:2] == (3, 11)
# What an exec'd child inherits from the test at spawn, and a forked one from the zygote at its start.
RLIMITS = ("RLIMIT_NOFILE", "RLIMIT_FSIZE", "RLIMIT_AS", "RLIMIT_CORE", "RLIMIT_NPROC", "RLIMIT_STACK")


def _start_values(env: Mapping[str, str], read: Sequence[str] = ()) -> dict[str, str | None]:
    """The variables a child's start reads: START_VARIABLES by prefix, and the ones the zygote's
    preload was seen reading (``read``), so a variable a library reads at import needs no list entry."""
    named: dict[str, str | None] = {k: v for k, v in env.items() if k.startswith(START_VARIABLES)}
    return named | {k: env.get(k) for k in read}


def _process_attributes() -> dict[str, Any]:
    """umask, resource limits and blocked signals: a test that changes them before a spawn must not get a
    child with the zygote's (umask from /proc, not os.umask: reading that one means setting it)."""
    with open("/proc/self/status") as status:
        umask = next((line.split()[1] for line in status if line.startswith("Umask:")), "")
    limits = {name: list(resource.getrlimit(getattr(resource, name))) for name in RLIMITS}
    return {
        "umask": umask,
        "limits": limits,
        "blocked": sorted(int(s) for s in signal.pthread_sigmask(signal.SIG_BLOCK, [])),
    }


# ---- the test's side ---------------------------------------------------------------------------


class Zygote:
    """The running fork server of this process; requests go over one SOCK_SEQPACKET pair, each with
    a fresh socket pair of its own for the child's pid and exit status."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self.env = dict(env)
        self.pid_of_owner = os.getpid()
        self.lock = threading.Lock()
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.proc = subprocess.Popen(
            [sys.executable, "-P", __file__, str(theirs.fileno())], env=self.env, pass_fds=[theirs.fileno()],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
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
            _start_values(env, self.read) == _start_values(self.env, self.read)
            and _process_attributes() == self.attributes
        )

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


_zygote: Zygote | None = None
_zygote_lock = threading.Lock()


def zygote(env: Mapping[str, str]) -> Zygote:
    """This process's zygote, started on first use with ``env`` (a forked process starts its own)."""
    global _zygote
    with _zygote_lock:
        if _zygote is None or _zygote.pid_of_owner != os.getpid() or _zygote.proc.poll() is not None:
            _zygote = Zygote(env)
            import atexit

            atexit.register(_zygote.stop)
        return _zygote


class Child(subprocess.Popen[Any]):
    """``subprocess.Popen`` whose ``[sys.executable, "-P", "-m", "cli.main", ...]`` children are forked by
    the zygote; any other command, or an environment the zygote cannot give, is exec'd as usual."""

    _zconn: socket.socket | None = None
    _zbuf: bytes = b""
    _zstatus: int | None = None

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
        if argv is None or argv[:4] != [sys.executable, *ENTRY] or not plain or not zygote(env).fits(env):
            return super()._execute_child(  # type: ignore[misc,no-any-return]
                args, executable, preexec_fn, close_fds, pass_fds, cwd, env, startupinfo, creationflags,
                shell, p2cread, p2cwrite, c2pread, c2pwrite, errread, errwrite, restore_signals, gid, gids,
                uid, umask, start_new_session, process_group,
            )  # fmt: skip
        message = {
            "argv": argv, "env": env, "cwd": os.fspath(cwd) if cwd is not None else os.getcwd(),
            "new_session": bool(start_new_session), "group": process_group,
        }  # fmt: skip
        mine, theirs = socket.socketpair()
        stdio = [
            p2cread if p2cread != -1 else 0,
            c2pwrite if c2pwrite != -1 else 1,
            errwrite if errwrite != -1 else 2,
        ]
        try:
            zygote(env).request(message, [theirs.fileno(), *stdio])
        finally:
            theirs.close()
        self._zconn = mine
        started = self._zread("pid", block=True)
        setup = self._zread("setup", block=True, unless="status")  # a child dead before it said
        self.pid = int(started["pid"])
        self._child_created = True
        self._close_pipe_fds(p2cread, p2cwrite, c2pread, c2pwrite, errread, errwrite)  # type: ignore[attr-defined]
        if setup.get("errno"):  # chdir failed: what subprocess raises for a bad cwd
            self.wait()
            raise OSError(int(setup["errno"]), os.strerror(int(setup["errno"])), message["cwd"])

    def _zread(self, key: str, block: bool, unless: str = "") -> dict[str, Any]:
        """The next message carrying ``key`` (messages of the zygote and of the child may interleave);
        {} when none has come (``block`` False) or one carrying ``unless`` came first."""
        assert self._zconn is not None
        pending: list[dict[str, Any]] = getattr(self, "_zpending", [])
        self._zpending = pending
        while True:
            for i, item in enumerate(pending):
                if key in item:
                    return pending.pop(i)
            if unless and any(unless in item for item in pending):
                return {}
            while b"\n" in self._zbuf:
                line, self._zbuf = self._zbuf.split(b"\n", 1)
                pending.append(json.loads(line))
            if any(key in item for item in pending):
                continue
            if unless and any(unless in item for item in pending):
                return {}
            self._zconn.setblocking(block)
            try:
                part = self._zconn.recv(65536)
            except BlockingIOError:
                return {}
            if not part:
                raise RuntimeError(
                    f"the test zygote went away before child {self.pid}'s {key} (see tests/zygote.py)"
                )
            self._zbuf += part

    def _zwaitpid(self, pid: int, flags: int) -> tuple[int, int]:
        """``os.waitpid`` for a forked child: the zygote sends its exit status and keeps it a zombie
        until our end closes, so its pid is not reused while this object may still signal it."""
        if self._zstatus is None:
            status = self._zread("status", block=not flags & os.WNOHANG)
            if not status:
                return 0, 0
            self._zstatus = int(status["status"])
            assert self._zconn is not None
            self._zconn.close()
        code = self._zstatus
        return self.pid, (code << 8 if code >= 0 else -code)

    def _internal_poll(self, _deadstate: Any = None, _waitpid: Any = None, _WNOHANG: int = os.WNOHANG,
                       _ECHILD: int = errno.ECHILD) -> int | None:  # fmt: skip
        if self._zconn is None:
            return super()._internal_poll(_deadstate)  # type: ignore[misc,no-any-return]
        return super()._internal_poll(_deadstate, self._zwaitpid, _WNOHANG, _ECHILD)  # type: ignore[misc,no-any-return]

    def _try_wait(self, wait_flags: int) -> tuple[int, int]:
        if self._zconn is None:
            return super()._try_wait(wait_flags)  # type: ignore[misc,no-any-return]
        return self._zwaitpid(self.pid, wait_flags)


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


# ---- the zygote's side -------------------------------------------------------------------------


def _serve(control: socket.socket) -> dict[str, Any]:
    """Fork a child per request until the owner closes ``control``; returns only in a child, after
    its process group, standard streams, working directory and environment are set."""
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    running: dict[int, socket.socket] = {}  # pid -> its connection, exit not reported yet
    reported: dict[int, socket.socket] = {}  # exited and reported; reaped when the test closes its end
    orphans: set[int] = set()  # the test closed its end while the child ran: reaped when it exits
    import select

    while True:
        conns = {c.fileno(): (pid, c) for pid, c in [*running.items(), *reported.items()]}
        waited: list[Any] = [control, wake_r, *conns]
        ready, _, _ = select.select(waited, [], [])
        if wake_r in ready:
            os.read(wake_r, 4096)
        for pid in list(running):
            info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            if info is not None:
                code = info.si_status if info.si_code == os.CLD_EXITED else -info.si_status
                conn = running.pop(pid)
                try:
                    conn.sendall(json.dumps({"status": code}).encode() + b"\n")
                    reported[pid] = conn
                except OSError:
                    conn.close()
                    os.waitpid(pid, 0)
        for pid in list(orphans):
            if os.waitpid(pid, os.WNOHANG)[0] == pid:
                orphans.discard(pid)
        for fd in ready:
            if fd in conns and conns[fd][0] in {*running, *reported}:
                pid, conn = conns[fd]
                if conn.recv(4096):
                    continue
                conn.close()
                if reported.pop(pid, None) is not None:
                    os.waitpid(pid, 0)
                elif running.pop(pid, None) is not None:
                    orphans.add(pid)
        if control not in ready:
            continue
        data, fds, _, _ = socket.recv_fds(control, 1 << 20, 8)
        if not data:  # the owner closed its end (or died)
            os._exit(0)
        request = json.loads(data)
        conn_fd, stdio = fds[0], fds[1:4]
        sys.stdout.flush()
        sys.stderr.flush()
        gc.freeze()  # the zygote's objects stay out of the child's collections: fewer pages copied on write
        pid = os.fork()
        if pid == 0:
            signal.set_wakeup_fd(-1)
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            for c in [control, *running.values(), *reported.values()]:
                c.detach()  # their descriptors are closed below; the objects must not close them again
            gc.enable()  # as in a fresh interpreter (the zygote collects nothing: its heap stays shared)
            _child_setup(request, conn_fd, stdio)
            return dict(request)
        for fd in stdio:
            os.close(fd)
        conn = socket.socket(fileno=conn_fd)
        conn.sendall(json.dumps({"pid": pid}).encode() + b"\n")
        running[pid] = conn


def _child_setup(request: dict[str, Any], conn_fd: int, stdio: list[int]) -> None:
    """What subprocess's fork-exec does in the child, then what a fresh interpreter sets up."""
    if request["new_session"]:
        os.setsid()
    elif request["group"] is not None and request["group"] >= 0:
        os.setpgid(0, request["group"])
    for target, fd in enumerate(stdio):
        os.dup2(fd, target)  # inheritable
    # close_fds=True: nothing but the three streams (and, until it has said so, the connection)
    for fd in sorted(int(name) for name in os.listdir("/proc/self/fd")):
        if fd > 2 and fd != conn_fd:
            with contextlib.suppress(OSError):  # the listing's own descriptor, closed already
                os.close(fd)
    try:
        os.chdir(request["cwd"])
    except OSError as exc:
        os.write(conn_fd, json.dumps({"setup": False, "errno": exc.errno}).encode() + b"\n")
        os._exit(255)
    os.write(conn_fd, json.dumps({"setup": True}).encode() + b"\n")
    os.close(conn_fd)
    os.environ.clear()
    os.environ.update(request["env"])
    import time

    time.tzset()
    _blas_threads(request["env"])
    _fresh_stdio()
    importlib.invalidate_caches()


def _fresh_stdio() -> None:
    """sys.stdin/stdout/stderr as a fresh interpreter makes them on the new descriptors (buffered;
    line-buffered on a terminal, stderr always; the zygote's encoding, which START_VARIABLES fix)."""
    for name, fd, mode in (("stdin", 0, "rb"), ("stdout", 1, "wb"), ("stderr", 2, "wb")):
        old = getattr(sys, name)
        try:
            buffer = open(fd, mode, closefd=False)  # noqa: SIM115 - lives as long as the process
        except OSError:  # a closed descriptor: Python starts with None there too
            setattr(sys, name, None)
            setattr(sys, f"__{name}__", None)
            continue
        line = name == "stderr" or (name == "stdout" and os.isatty(fd))
        stream = __import__("io").TextIOWrapper(
            buffer, encoding=old.encoding, errors=old.errors, newline="\n", line_buffering=line
        )
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)


def _blas_threads(env: Mapping[str, str]) -> None:
    """OpenBLAS was loaded with one thread (no thread may exist at fork): give the child the count a
    fresh process would start with - the first of OpenBLAS's variables set, else the usable CPUs."""
    wanted = next((env[k] for k in BLAS_THREADS if env.get(k, "").strip().isdigit()), None)
    count = int(wanted) if wanted and int(wanted) > 0 else len(os.sched_getaffinity(0))
    if count == 1:
        return
    import ctypes

    maps = Path("/proc/self/maps").read_text().splitlines()
    for path in sorted({line.split()[-1] for line in maps if "openblas" in line}):
        lib = ctypes.CDLL(path)
        for name in (
            "scipy_openblas_set_num_threads64_",
            "scipy_openblas_set_num_threads",
            "openblas_set_num_threads",
        ):
            if hasattr(lib, name):
                getattr(lib, name)(count)
                break


def _ours() -> set[str]:
    return {p.name for p in ROOT.iterdir() if (p / "__init__.py").exists()} | {
        p.stem for p in ROOT.glob("*.py")
    }


def _start(control: socket.socket) -> None:
    """Preload the third-party modules with no thread left running, and say so (or why not)."""
    base = dict(os.environ)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # loaded with one thread; the child sets its count
    gc.disable()  # no collection leaves holes in the pages the children share with the zygote
    seen = _Reading.watch()
    try:
        for name in PRELOAD:
            importlib.import_module(name)
        _Reading.stop()
        ours = sorted(m for m in sys.modules if m.split(".")[0] in _ours())
        threads = len(os.listdir("/proc/self/task"))
        fds = sorted(int(fd) for fd in os.listdir("/proc/self/fd"))
        if ours or threads != 1 or threading.active_count() != 1:
            raise RuntimeError(f"not fork-safe: our modules {ours[:5]}, {threads} threads")
        if [fd for fd in fds if fd > 2 and fd != control.fileno()][1:]:  # the listing's own descriptor
            raise RuntimeError(f"the preload left descriptors open: {fds}")
    except Exception as exc:  # reported to the test that started us
        control.send(json.dumps({"error": f"{type(exc).__name__}: {exc}"}).encode())
        os._exit(1)
    os.environ.clear()
    os.environ.update(base)
    ready = {
        "ready": True,
        "read": sorted(seen - {"OPENBLAS_NUM_THREADS"}),
        "attributes": _process_attributes(),
    }
    control.send(json.dumps(ready).encode())


class _Reading(os._Environ):  # type: ignore[misc,name-defined,type-arg]
    """os.environ while the preload runs: notes every variable a module reads at import (os.getenv,
    .get, [] and `in` all go through __getitem__); C-level getenv is START_VARIABLES' part."""

    seen: ClassVar[set[str]] = set()

    def __getitem__(self, key: str) -> str:
        _Reading.seen.add(key)
        return super().__getitem__(key)  # type: ignore[no-any-return]

    @staticmethod
    def watch() -> set[str]:
        os.environ.__class__ = _Reading
        return _Reading.seen

    @staticmethod
    def stop() -> None:
        os.environ.__class__ = os._Environ  # type: ignore[attr-defined]


def _main() -> None:
    control = socket.socket(fileno=int(sys.argv[1]))
    zygote_main = sys.modules["__main__"]  # this file's module, kept: its functions run in the child  # noqa: F841
    _start(control)
    request = _serve(control)  # returns in a forked child only
    sys.argv = ["-m", *request["argv"][4:]]  # runpy puts the module's path first, as `python -m` does
    sys.orig_argv = list(request["argv"])
    sys.modules["__main__"] = types.ModuleType("__main__")
    import runpy

    try:
        runpy._run_module_as_main("cli.main", alter_argv=True)  # type: ignore[attr-defined]
    except (SystemExit, KeyboardInterrupt):
        raise
    except BaseException as exc:  # printed as `python -m` prints it: without this file's frames
        tb = exc.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename == __file__:
            tb = tb.tb_next
        sys.excepthook(type(exc), exc, tb)
        raise SystemExit(1) from None


if __name__ == "__main__":
    _main()

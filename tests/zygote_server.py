"""The zygote itself: the process tests/zygote.py starts (``python -P tests/zygote_server.py FD``).

It imports the third-party modules of PRELOAD, then our own of OWN_PRELOAD, with one thread, says so
(with the variables its imports read and its process attributes, which the test's side compares
before every spawn), then forks a child per request read from FD; see tests/zygote.py for what a
child is and what differs from an exec'd one.

Our own modules (OWN_PRELOAD: the CLI's commands and the graphs, ~0.7 s of CPU per child; never the
server apps) are preloaded too, which the zygote refused until session 38, for a module of ours could
read the environment or files at import and would carry the zygote's values. It does neither (session
38, watched: no file opened; the variables read at import are rich's, typer's and pydantic's, read by
PRELOAD already), and whatever a module reads from os.environ at import is noted (``_Reading``) and
compared before every spawn like PRELOAD's: a child that would differ is exec'd. What a fork shares
that an exec would draw afresh is the product's own concern, as for any preloading server that
forks workers (checkpointer/retry.py reseeds its jitter in a forked child); locks made at import are
safe because the zygote forks with one thread. ``cli.main`` itself is imported for its imports, then
forgotten: ``python -m cli.main`` runs it as a fresh ``__main__`` with no ``cli.main`` in sys.modules
(and runpy warns when one is there). Its own file, as it is its own program: nothing here runs in
the test's process but the constants, ``start_values`` and ``process_attributes``.

``python -P tests/zygote_server.py FD PATH``: it also listens on the Unix socket PATH for
``tests/zygote_client.py``: the ``kassist`` command of the docs examples,
which a shell runs, so no test's ``Child`` is there to ask. Such a request carries what the test's
side would have compared (the client's environment, process attributes, session and process group);
the zygote compares it here and answers ``exec`` when a forked child would differ from an exec'd one.
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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

# The third-party modules a `kassist` child imports directly (python -X importtime of `kassist
# ingest`, the modules whose importer is ours), heaviest first. Their own imports come along.
PRELOAD = (
    "datasketch", "langgraph.types", "langgraph.graph", "langgraph.checkpoint.base",
    "langchain_core.callbacks.manager", "langchain_core.runnables", "numpy", "typer", "click",
    "phonenumbers", "jinja2", "docutils.core", "docutils.parsers.rst", "rich.console", "rich.progress",
    "rich.table", "markdown_it", "detect_secrets.core.plugins.util", "snowballstemmer", "pydantic",
    "stdnum", "psycopg", "psycopg_pool", "httpx", "orjson",
)  # fmt: skip
# Our modules a `kassist` child imports (the CLI's entry and commands, the graphs), after PRELOAD.
# The memory screen's rules (screen.match, screen.intent: ~370 patterns compiled and their literal
# pre-checks derived, ~0.6-1 s of CPU) are imported on a run's first memory write, which every
# ingestion run makes (its summary in the tenant's memory): the last cost an ingest child paid here.
# kassist serve's app (server.langserve_app: fastapi, langserve, uvicorn; ~0.3 s more) too: the server
# tests start dozens of them per run, each ~2.1 s of CPU exec'd, nearly all of it these imports.
OWN_PRELOAD = (
    "cli.main", "cli.ingest", "graph.ingestion.graph", "memory.manager", "graph.assistant.graph",
    "knowledge.index", "checkpointer", "checkpointer.retry", "memory.manager.screen.match",
    "memory.manager.screen.intent", "server.langserve_app",
)  # fmt: skip


@dataclass(frozen=True)
class Entry:
    """A command a child runs: an ``argv`` that starts with ``prefix``. ``module``: run as ``python -m``
    runs it (``-P``: nothing put first on sys.path; else the working directory); else ``prefix[0]`` is a
    console script of this venv, run as its shebang's interpreter (this one) runs it: its folder first on
    sys.path."""

    prefix: tuple[str, ...]
    module: str = ""
    kind: str = ""  # the zygote that forks it: "" the kassist one (PRELOAD, OWN_PRELOAD), "dev" DEV_PRELOAD's

    def path0(self, cwd: str) -> str | None:
        """What the interpreter puts first on sys.path for this command (None: nothing, as under -P)."""
        if not self.module:
            return os.path.dirname(self.prefix[0])
        return None if "-P" in self.prefix else cwd


BIN = os.path.dirname(sys.executable)
# The commands the tests run that the zygote forks: the kassist CLI as the tests run it (with -P, or
# without as test_cli_serve runs it: its working directory first on sys.path); kassist serve's server
# as tests/server_harness.py starts it (``python -m server.langserve_app``; ~2.1 s of CPU exec'd,
# nearly all imports); and the ``kassist`` console script of this venv. Each module entry's module is
# forgotten after the preload.
# ``langgraph dev`` (langgraph-cli's console script; ~2.2 s of CPU exec'd) is forked by a zygote of its
# own ("dev") that holds only what an exec'd langgraph dev has imported once it serves (DEV_PRELOAD): the
# kassist zygote preloads modules dev imports lazily, on its event loop, where its blockbuster refuses
# blocking calls - R5-3: the tokenizer's import read a link there and failed every turn, which a dev
# forked from the kassist zygote (6788e0f) could not show.
ENTRIES = (
    Entry((sys.executable, "-P", "-m", "cli.main"), "cli.main"),
    Entry((sys.executable, "-m", "cli.main"), "cli.main"),
    Entry((sys.executable, "-m", "server.langserve_app"), "server.langserve_app"),
    Entry((os.path.join(BIN, "kassist"),)),
    Entry((os.path.join(BIN, "langgraph"), "dev"), kind="dev"),
)
# What langgraph dev imports before it serves (tests/server_harness.py's langgraph.json): its CLI, then
# the modules langgraph.json names - by module (checkpointer, store, http app) or by file (the graphs,
# auth: loaded here by file as langgraph_api loads them, under a name of their own, then dropped: what
# stays is what they imported). Never langgraph_api's own modules: they read at import what langgraph
# dev sets in the environment just before (LANGGRAPH_DEV_SETS).
DEV_PRELOAD = ("langgraph_cli.cli", "server.saver", "memory.store", "server.http_limits")
DEV_PRELOAD_FILES = ("graph/ingestion/graph.py", "graph/assistant/graph.py", "server/auth.py")
ROOT = Path(__file__).resolve().parent.parent
# What langgraph_api.cli.run_server puts in the environment before it imports the server (whose modules
# read them at import): a preloaded module that read one at import would carry the zygote's value where
# the exec'd server's import sees run_server's. The dev zygote refuses to start if one was read.
LANGGRAPH_DEV_SETS = frozenset({
    "MIGRATIONS_PATH", "DATABASE_URI", "REDIS_URI", "N_JOBS_PER_WORKER", "LANGGRAPH_STORE", "LANGSERVE_GRAPHS",
    "LANGSMITH_LANGGRAPH_API_VARIANT", "LANGGRAPH_AUTH", "LANGGRAPH_HTTP", "LANGGRAPH_UI", "LANGGRAPH_WEBHOOKS",
    "LANGGRAPH_UI_CONFIG", "LANGGRAPH_CHECKPOINTER", "LANGGRAPH_UI_BUNDLER", "LANGGRAPH_API_URL",
    "LANGGRAPH_DISABLE_FILE_PERSISTENCE", "LANGGRAPH_RUNTIME_EDITION", "LANGGRAPH_ALLOW_BLOCKING",
    "ALLOW_PRIVATE_NETWORK",
})  # fmt: skip


def entry_of(argv: Sequence[str]) -> Entry | None:
    """The entry of ENTRIES ``argv`` runs, or None."""
    return next((entry for entry in ENTRIES if tuple(argv[: len(entry.prefix)]) == entry.prefix), None)


# Read at interpreter start or by the preloaded modules' import: a child whose value differs is exec'd.
START_VARIABLES = ("PYTHON", "LANG", "LC_", "OPENBLAS", "GOTO_NUM_THREADS", "OMP_", "MKL_", "LANGCHAIN",
                   "LANGSMITH", "LANGGRAPH", "OTEL_", "TZ")  # fmt: skip
BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")  # OpenBLAS's own order
# What an exec'd child inherits from the test at spawn, and a forked one from the zygote at its start.
RLIMITS = ("RLIMIT_NOFILE", "RLIMIT_FSIZE", "RLIMIT_AS", "RLIMIT_CORE", "RLIMIT_NPROC", "RLIMIT_STACK")


# subprocess (restore_signals) and every Python's start set these two themselves: never compared.
RESET_SIGNALS = (signal.SIGPIPE, signal.SIGXFSZ)


def start_values(env: Mapping[str, str], read: Sequence[str] = ()) -> dict[str, str | None]:
    """The variables a child's start reads: START_VARIABLES by prefix, and the ones the zygote's
    preload was seen reading (``read``), so a variable a library reads at import needs no list entry."""
    named: dict[str, str | None] = {k: v for k, v in env.items() if k.startswith(START_VARIABLES)}
    return named | {k: env.get(k) for k in read}


def process_attributes() -> dict[str, Any]:
    """umask, resource limits, blocked and ignored signals: a test that changes them before a spawn
    must not get a child with the zygote's (umask from /proc, not os.umask: reading that one means
    setting it). An ignored signal stays ignored across exec (an xdist worker ignores SIGINT, so do its
    children); a handled one is reset to the default there, and Python's start installs its own."""
    with open("/proc/self/status") as status:
        fields = dict(line.split(":", 1) for line in status if line.startswith(("Umask:", "SigIgn:")))
    ignored = int(fields.get("SigIgn", "0").strip(), 16)
    limits = {name: list(resource.getrlimit(getattr(resource, name))) for name in RLIMITS}
    return {
        "umask": fields.get("Umask", "").strip(),
        "limits": limits,
        "blocked": sorted(int(s) for s in signal.pthread_sigmask(signal.SIG_BLOCK, [])),
        "ignored": [s for s in range(1, 65) if ignored >> (s - 1) & 1 and s not in RESET_SIGNALS],
    }


class ZygoteChild(subprocess.Popen[Any]):
    """A ``subprocess.Popen`` whose process the zygote forked: the zygote sends its pid, then the child says
    it is set up, and the zygote its exit status, over ``_zconn`` (tests/zygote.py's ``Child``, and in a
    forked ``kassist`` its own ``kassist`` children: :func:`_own_children_forked`). A real process: its pid
    takes signals; ``wait``, ``poll`` and ``communicate`` read its status from the zygote."""

    _zconn: socket.socket | None = None
    _zbuf: bytes = b""
    _zstatus: int | None = None

    def _zstarted(self, started: dict[str, Any], cwd: str, *fds: int) -> None:
        """The zygote's ``started`` message came: the child's pid, then its set-up (a bad ``cwd``: the
        OSError subprocess raises); ``fds``: the child's ends of the pipes, closed here."""
        setup = self._zread("setup", block=True, unless="status")  # a child dead before it said
        self.pid = int(started["pid"])
        self._child_created = True
        self._close_pipe_fds(*fds)  # type: ignore[attr-defined]
        if setup.get("errno"):  # chdir failed: what subprocess raises for a bad cwd
            self.wait()
            raise OSError(int(setup["errno"]), os.strerror(int(setup["errno"])), cwd)

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


class _OwnChild(ZygoteChild):
    """In a ``kassist`` the zygote forked, ``subprocess.Popen``: its own ``python -P -m cli.main`` children
    (``kassist demo``'s corpus, ingest, resume and runs commands) are asked of the zygote on its socket,
    as tests/zygote_client.py asks, instead of an exec that paid the imports again (~2 s of CPU for an
    ingest child). The zygote compares what an exec'd child would inherit (start-up variables, umask,
    limits, signals, session) and answers ``exec`` where a forked one would differ: then, for any other
    command, or where no zygote answers, the child is exec'd as before. Such a child is the kassist's as
    an exec'd one is: in its process group, and left running (not killed) if the kassist ends first."""

    socket_path = ""

    def _execute_child(  # type: ignore[override]
        self, args: Any, executable: Any, preexec_fn: Any, close_fds: bool, pass_fds: Any, cwd: Any,
        env: Any, startupinfo: Any, creationflags: Any, shell: bool, p2cread: int, p2cwrite: int,
        c2pread: int, c2pwrite: int, errread: int, errwrite: int, restore_signals: bool, gid: Any,
        gids: Any, uid: Any, umask: int, start_new_session: bool, process_group: Any,
    ) -> None:  # fmt: skip
        argv = [os.fspath(a) for a in args] if isinstance(args, list | tuple) else None
        plain = preexec_fn is None and not pass_fds and not shell and executable is None and close_fds
        plain = plain and restore_signals and gid is None and gids is None and uid is None and umask < 0
        plain = plain and not start_new_session and process_group in (None, -1) and bool(self.socket_path)
        started = None
        if plain and argv is not None and argv[:4] == [sys.executable, "-P", "-m", "cli.main"]:
            where = os.path.abspath(os.fspath(cwd)) if cwd is not None else os.getcwd()
            stdio = [p2cread if p2cread != -1 else 0, c2pwrite if c2pwrite != -1 else 1,
                     errwrite if errwrite != -1 else 2]  # fmt: skip
            started = self._zask(argv, dict(os.environ if env is None else env), where, stdio)
        if started is None:
            return super()._execute_child(  # type: ignore[misc,no-any-return]
                args, executable, preexec_fn, close_fds, pass_fds, cwd, env, startupinfo, creationflags,
                shell, p2cread, p2cwrite, c2pread, c2pwrite, errread, errwrite, restore_signals, gid, gids,
                uid, umask, start_new_session, process_group,
            )  # fmt: skip
        self._zstarted(started, where, p2cread, p2cwrite, c2pread, c2pwrite, errread, errwrite)

    def _zask(
        self, argv: list[str], env: dict[str, str], cwd: str, stdio: list[int]
    ) -> dict[str, Any] | None:
        """The zygote's "pid" message for ``argv``, or None when it says exec or is not there."""
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        request = {
            "argv": argv, "env": env, "cwd": cwd, "attributes": process_attributes(), "sid": os.getsid(0),
            "pgid": os.getpgid(0), "own": True,
        }  # fmt: skip
        self._zconn = conn
        try:
            conn.connect(self.socket_path)
            socket.send_fds(conn, [json.dumps(request).encode()], stdio)
            started = self._zread("pid", block=True, unless="exec")
        except (OSError, ValueError, TypeError, RuntimeError):  # gone, never started, bytes in env: exec'd
            started = {}
        if not started:
            conn.close()
            self._zconn, self._zbuf, self._zpending = None, b"", []
            return None
        return started


def _own_children_forked(path: str) -> None:
    """In a forked ``kassist``: ``subprocess.Popen`` (and so ``subprocess.run``) asks the zygote listening
    on ``path`` for its ``kassist`` children (:class:`_OwnChild`)."""
    _OwnChild.socket_path = path
    subprocess.Popen = _OwnChild  # type: ignore[misc]


def _serve(
    control: socket.socket, listener: socket.socket, refusal: Callable[[dict[str, Any]], str]
) -> dict[str, Any]:
    """Fork a child per request until the owner closes ``control`` (and per client of ``listener``
    ``refusal`` lets through); returns only in a child, after its process group, standard streams,
    working directory and environment are set."""
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    running: dict[int, socket.socket] = {}  # pid -> its connection, exit not reported yet
    reported: dict[int, socket.socket] = {}  # exited and reported; reaped when the test closes its end
    orphans: set[int] = set()  # the test closed its end while the child ran: reaped when it exits
    # A zygote_client's children: the client stands where their exec'd kassist would be, so its end closing
    # while they run (the client SIGKILLed: no signal of its own to pass on) ends them as that kill would.
    clients: set[int] = set()
    import select

    while True:
        conns = {c.fileno(): (pid, c) for pid, c in [*running.items(), *reported.items()]}
        waited: list[Any] = [control, wake_r, *conns, listener]
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
                    if pid in clients:
                        os.kill(pid, signal.SIGKILL)
                    orphans.add(pid)
                clients.discard(pid)
        if listener in ready:
            accepted = _client_request(listener, refusal)
            if accepted is None:
                continue
            request, conn_fd, stdio = accepted
        elif control in ready:
            data, fds, _, _ = socket.recv_fds(control, 1 << 20, 8)
            if not data:  # the owner closed its end (or died)
                os._exit(0)
            request = json.loads(data)
            conn_fd, stdio = fds[0], fds[1:4]
        else:
            continue
        sys.stdout.flush()
        sys.stderr.flush()
        gc.freeze()  # the zygote's objects stay out of the child's collections: fewer pages copied on write
        pid = os.fork()
        if pid == 0:
            signal.set_wakeup_fd(-1)
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            for c in [control, *running.values(), *reported.values(), listener]:
                c.detach()  # their descriptors are closed below; the objects must not close them again
            gc.enable()  # as in a fresh interpreter (the zygote collects nothing: its heap stays shared)
            _child_setup(request, conn_fd, stdio)
            return dict(request)
        for fd in stdio:
            os.close(fd)
        conn = socket.socket(fileno=conn_fd)
        try:
            conn.sendall(json.dumps({"pid": pid}).encode() + b"\n")
        except OSError:  # its asker went away before it knew the child: nobody would wait for it
            os.kill(pid, signal.SIGKILL)
            conn.close()
            orphans.add(pid)
            continue
        running[pid] = conn
        if listener in ready and not request.get("own"):
            clients.add(pid)


def _client_request(
    listener: socket.socket, refusal: Callable[[dict[str, Any]], str]
) -> tuple[dict[str, Any], int, list[int]] | None:
    """A zygote_client's request: its message and standard streams, or None after telling it to exec
    (``refusal``'s reason) or when it went away."""
    conn, _ = listener.accept()
    fds: list[int] = []
    try:
        conn.settimeout(10)  # the client sends at once; a stuck one must not stop the zygote
        data, fds, _, _ = socket.recv_fds(conn, 1 << 20, 4)
        request = json.loads(data) if data else {}
        why = "no request" if len(fds) != 3 or not request else refusal(request)
        if why:
            conn.sendall(json.dumps({"exec": why}).encode() + b"\n")
    except (OSError, ValueError):
        why = "the request did not come"
    if why:
        for fd in fds:
            os.close(fd)
        conn.close()
        return None
    conn.settimeout(None)
    request |= {"new_session": False, "group": request["pgid"]}  # in the client's group, as exec'd
    return request, conn.detach(), fds


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
    line-buffered on a terminal, stderr always; the zygote's encoding, which START_VARIABLES fix).
    Under -u / PYTHONUNBUFFERED (a START_VARIABLE: the zygote's equals the child's) stdout and stderr are
    unbuffered and write through, as CPython's create_stdio makes them; the zygote's stderr says which."""
    unbuffered = bool(getattr(sys.__stderr__, "write_through", False))
    for name, fd, mode in (("stdin", 0, "rb"), ("stdout", 1, "wb"), ("stderr", 2, "wb")):
        old = getattr(sys, name)
        raw = unbuffered and mode == "wb"
        try:
            buffer = open(fd, mode, buffering=0 if raw else -1, closefd=False)  # noqa: SIM115 - lives as long as the process
        except OSError:  # a closed descriptor: Python starts with None there too
            setattr(sys, name, None)
            setattr(sys, f"__{name}__", None)
            continue
        line = not raw and (name == "stderr" or (name == "stdout" and os.isatty(fd)))
        stream = __import__("io").TextIOWrapper(
            buffer,
            encoding=old.encoding,
            errors=old.errors,
            newline="\n",
            line_buffering=line,
            write_through=raw,
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


def _forget_entry() -> None:
    """Each entry's module (``cli.main``, ``server.langserve_app``) out of sys.modules and its package, as
    in an exec'd ``python -m cli.main`` (which runs the file as ``__main__`` only; runpy warns when
    ``cli.main`` is imported already); what it imported stays loaded."""
    for entry in ENTRIES:
        package, _, name = entry.module.rpartition(".")
        if entry.module and sys.modules.pop(entry.module, None) is not None:
            with contextlib.suppress(AttributeError, KeyError):
                delattr(sys.modules[package], name)


def _dev_preload() -> None:
    """DEV_PRELOAD, then DEV_PRELOAD_FILES each run as langgraph_api loads it and dropped."""
    import importlib.util

    for name in DEV_PRELOAD:
        importlib.import_module(name)
    for i, path in enumerate(DEV_PRELOAD_FILES):
        spec = importlib.util.spec_from_file_location(f"_zygote_dev_{i}", ROOT / path)
        assert spec is not None and spec.loader is not None
        spec.loader.exec_module(importlib.util.module_from_spec(spec))


def _start(control: socket.socket, listener: socket.socket, kind: str) -> Callable[[dict[str, Any]], str]:
    """Preload the third-party modules and ours (``kind`` "dev": DEV_PRELOAD's) with no thread left
    running, and say so (or why not); returns the check of a zygote_client's request: why its child
    would differ from an exec'd one, or ''."""
    base = dict(os.environ)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # loaded with one thread; the child sets its count
    gc.disable()  # no collection leaves holes in the pages the children share with the zygote
    seen = _Reading.watch()
    try:
        if kind == "dev":
            _dev_preload()
        else:
            for name in (*PRELOAD, *OWN_PRELOAD):
                importlib.import_module(name)
        _forget_entry()
        _Reading.stop()
        if kind == "dev" and seen & LANGGRAPH_DEV_SETS:
            raise RuntimeError(
                f"the preload read what langgraph dev sets: {sorted(seen & LANGGRAPH_DEV_SETS)}"
            )
        threads = len(os.listdir("/proc/self/task"))
        fds = sorted(int(fd) for fd in os.listdir("/proc/self/fd"))
        if threads != 1 or threading.active_count() != 1:
            raise RuntimeError(f"not fork-safe: {threads} threads after the preload")
        kept = [control.fileno(), listener.fileno()]
        if [fd for fd in fds if fd > 2 and fd not in kept][1:]:  # the listing's own descriptor
            raise RuntimeError(f"the preload left descriptors open: {fds}")
    except Exception as exc:  # reported to the test that started us
        control.send(json.dumps({"error": f"{type(exc).__name__}: {exc}"}).encode())
        os._exit(1)
    os.environ.clear()
    os.environ.update(base)
    read, attributes = sorted(seen - {"OPENBLAS_NUM_THREADS"}), process_attributes()
    control.send(json.dumps({"ready": True, "read": read, "attributes": attributes}).encode())
    mine = start_values(base, read)

    def refusal(request: dict[str, Any]) -> str:
        if request.get("sid") != os.getsid(0):  # its process group is out of our children's reach
            return "another session"
        if start_values(request.get("env", {}), read) != mine:
            return "start-up variables differ"
        return "" if request.get("attributes") == attributes else "process attributes differ"

    return refusal


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
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    listener.bind(sys.argv[2])  # listening before the test's side hears "ready"
    listener.listen(64)
    refusal = _start(control, listener, sys.argv[3] if len(sys.argv) > 3 else "")
    request = _serve(control, listener, refusal)  # returns in a forked child only
    _own_children_forked(sys.argv[2])
    entry = entry_of(request["argv"])
    assert entry is not None, request["argv"]  # the test's side sends nothing else
    path0 = entry.path0(os.getcwd())  # the child's working directory, set above
    if path0 is not None:
        sys.path.insert(0, path0)
    argv = request["argv"]
    # a script: as its shebang's interpreter runs it
    sys.orig_argv = list(argv) if entry.module else [sys.executable, *argv]
    sys.modules["__main__"] = types.ModuleType("__main__")
    import runpy

    try:
        if entry.module:
            # runpy puts the module's path first, as `python -m` does
            sys.argv = ["-m", *argv[len(entry.prefix) :]]
            runpy._run_module_as_main(entry.module, alter_argv=True)  # type: ignore[attr-defined]
        else:
            sys.argv = list(argv)
            runpy.run_path(argv[0], run_name="__main__")
    except SystemExit:
        raise
    except BaseException as exc:  # printed as `python -m` prints it: without this file's frames
        tb = exc.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename == __file__:
            tb = tb.tb_next
        exc.__traceback__ = tb  # the hook prints the exception's own traceback, not the one it is given
        sys.excepthook(type(exc), exc, tb)
        if isinstance(exc, KeyboardInterrupt):  # Python's own end for it: killed by SIGINT after exiting
            sys.excepthook = lambda *_: None  # printed already
            raise
        raise SystemExit(1) from None


if __name__ == "__main__":
    _main()

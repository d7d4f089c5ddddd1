"""The docs examples' ``kassist`` command: a child of the test's zygote instead of a fresh interpreter.

``python -S -E -s -B tests/zygote_client.py SOCKET ARGS...`` (the wrapper tests/test_docs_examples.py
puts on the examples' PATH) asks the zygote listening on SOCKET (tests/zygote.py ``serving``) for
``python -P -m cli.main ARGS`` with this process's standard streams, environment, working directory,
session and process group, and exits as the child did (its code, or its signal). The zygote compares
what an exec'd child would inherit (start-up variables, umask, limits, blocked and ignored signals,
session) and answers ``exec`` when a forked child would differ: then, or when no zygote answers, this
process execs ``python -P -m cli.main ARGS`` itself, as the wrapper did before.

While the child runs, this process stands where the shell's ``kassist`` would be: SIGINT and SIGQUIT
reach the child through the process group it shares with us (ignored here, as a shell ignores them
while its foreground job runs); the other termination signals sent to our pid are passed on to it.
Only the standard library, and no site-packages (``-S``): it starts in ~20 ms, not the ~1.3 s of
imports a ``kassist`` pays before its first line.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import sys
from collections.abc import Iterator
from typing import Any

from zygote_server import process_attributes

PASSED_ON = (signal.SIGTERM, signal.SIGHUP, signal.SIGUSR1, signal.SIGUSR2, signal.SIGALRM)


def _messages(conn: socket.socket) -> Iterator[dict[str, Any]]:
    """The zygote's and the child's messages, one per packet, in the order they come (the child's
    "setup" may come before the zygote's "pid"); ends when the zygote closes or goes away."""
    while part := conn.recv(65536):
        for line in part.splitlines():
            yield json.loads(line)


def _ask(path: str, argv: list[str]) -> tuple[int, Iterator[dict[str, Any]]] | None:
    """The child's pid and the messages after it, or None when the zygote is not there or says exec."""
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    try:
        request = {
            "argv": argv, "env": dict(os.environ), "cwd": os.getcwd(), "attributes": process_attributes(),
            "sid": os.getsid(0), "pgid": os.getpgid(0),
        }  # fmt: skip
        conn.connect(path)
        socket.send_fds(conn, [json.dumps(request).encode()], [0, 1, 2])
        messages = _messages(conn)
        answer = next(m for m in messages if "pid" in m or "exec" in m)
    except (OSError, ValueError, StopIteration):  # no zygote (gone, never started), a closed stream, no cwd
        answer = {}
    if "pid" not in answer:
        conn.close()
        return None
    return int(answer["pid"]), messages  # the generator holds the connection: open until we exit


def main() -> None:
    path, args = sys.argv[1], sys.argv[2:]
    argv = [sys.executable, "-P", "-m", "cli.main", *args]
    asked = _ask(path, argv)
    if asked is None:
        os.execv(sys.executable, argv)
    pid, messages = asked
    for sig in (signal.SIGINT, signal.SIGQUIT):
        signal.signal(sig, signal.SIG_IGN)
    for sig in PASSED_ON:
        signal.signal(sig, lambda sig, _: os.kill(pid, sig))
    status = next((int(m["status"]) for m in messages if "status" in m), None)
    if status is None:
        print(f"zygote_client: the test zygote went away before child {pid} ended", file=sys.stderr)
        os._exit(255)
    if status < 0:  # end as the child ended: by its signal
        with contextlib.suppress(OSError, ValueError):  # SIGKILL's cannot be set, nor need be
            signal.signal(-status, signal.SIG_DFL)
        os.kill(os.getpid(), -status)
        os._exit(128 - status)
    os._exit(status)


if __name__ == "__main__":
    main()

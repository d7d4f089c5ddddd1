"""Whether a lease's (or a claim's) holder is gone: a holder of this host is judged by its pid only in
this process's PID namespace (review s31 r1 #3: containers sharing the host's name but not its pids -
``network_mode: host`` - saw a live command line's pid as no process, and took its lease). Real pids:
one of a process that has exited."""

from __future__ import annotations

import subprocess
import time

from graph.ingestion.store_ops import PID_NAMESPACE, holder_gone, new_holder


def test_a_holder_is_judged_by_its_pid_only_in_this_pid_namespace() -> None:
    dead = int(subprocess.run(["sh", "-c", "echo $$"], capture_output=True, check=True).stdout)
    host = new_holder().split(":")[0].partition("~")[0]
    later, earlier = time.time() + 600, time.time() - 1
    assert PID_NAMESPACE, "no /proc/self/ns/pid here"
    assert not holder_gone(new_holder(), later)  # this process: alive
    assert holder_gone(f"{host}~{PID_NAMESPACE}:{dead}:0.x", later)  # this namespace, its process gone
    assert not holder_gone(f"{host}~1{PID_NAMESPACE}:{dead}:0.x", later)  # another namespace: by time
    assert holder_gone(f"{host}~1{PID_NAMESPACE}:{dead}:0.x", earlier)  # ... which ran out
    assert holder_gone(f"{host}:{dead}:0.x", later)  # named before namespaces were: by its pid
    assert not holder_gone(f"elsewhere~{PID_NAMESPACE}:{dead}:0.x", later)  # another host: by time

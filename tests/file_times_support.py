"""A pytest plugin for ``make test``: the slowest test FILES first, and listed at the end of the run.

``--dist loadfile`` runs each file whole on one worker, so the suite's time is bounded by its
slowest files and how they share the workers; ``--durations`` lists single tests and set-ups.
This adds, per file, the time of its set-ups, calls and tear-downs and which worker ran it, and each
worker's time in tests: the gap between the two is about the time one worker waited for the other at the
end (loaded by the Makefile with ``-p tests.file_times_support``; ``--file-times=N`` lists N, 0 none).

Order: pytest-xdist hands files out largest first by their NUMBER of tests, which put this suite's
slowest files (a demo, a wheel, SIGKILL crash runs: one to four tests each) at the very end, where
one of them could keep a worker busy while the other had nothing left. ``SLOWEST`` goes first (the
Makefile turns xdist's own order off with ``--no-loadscope-reorder``); the other files keep xdist's
order, most tests first. Refresh the list from the run's "slowest test files".

Split files: a few slow files hold tests that share nothing (no module fixture, no order between
them): ``SPLIT`` names those tests, and under ``--dist loadfile`` each of their cases is a unit of
work of its own that either worker may take; the rest of the file stays one unit, as before.
"""

from __future__ import annotations

import os
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# The slowest files of the clean-clone runs, slowest first: session 37's three clean clones (ci2-ci4,
# /tmp/ci{2,3,4}.log, three workers, their 15 slowest files each; the first 21 below, by their mean),
# then the earlier lists' files in their order (session 30's quiet run of 15829c7 and its full
# durations at load, session 33's quiet runs of 7e67384 and 6e311af). A file left out runs in xdist's
# order, fewest tests last: a one-test SIGKILL file of half a minute there keeps one worker busy while
# the others have nothing left; the files not listed take ~15 s or less (quiet).
SLOWEST = (
    "test_docs_examples.py",  # README's 200-document ingestion, cli.md, two servers (split: its cases run apart)
    "test_ingest_graph.py",
    "test_firsthour_demo.py",
    "test_memory_poisoning_sets.py",  # every poisoning set through the screen (split: the benign sets' test apart)
    "test_assistant_scenarios.py",
    "test_ingest_crash.py",  # SIGKILL at random moments, both backends
    "test_checkpointer_retry_race.py",
    "test_probe_review.py",
    "test_wheel.py",  # the README's commands from the built wheel
    "test_s32x_lg_dev_postgres.py",  # one PostgreSQL langgraph dev, three tests (with session 37's pg_dev: ~37 s)
    "test_memory_poisoning_intent.py",
    "test_attack_s36_thread_race.py",  # rounds of raced first runs on the shared langgraph dev
    "test_ingest_start_kill.py",
    "test_probe_run_state.py",
    "test_demo.py",  # the demo killed, resumed and run again
    "test_runs_serve.py",
    "test_probe_runs_thread.py",
    "test_audit_report_browser.py",
    "test_ingest_resume.py",  # PostgreSQL restarted mid-run
    "test_probe_s28b_commands.py",
    "test_probe_crons.py",
    "test_probe_s27b_review_kill.py",
    "test_suite_isolation.py",  # child pytest workers
    "test_assistant_followup.py",  # session 33's clean clones (ci3, ci4): 19-21 s each, quiet
    "test_console_report_browser.py",  # three tests: by xdist's own order it ran near the end
    "test_ingest_cli_boundary.py",
    "test_runs_api_boundary.py",
    "test_probe_s26b_shared_threads.py",
    "test_pg_pool_restart.py",
    "test_cli_one_line_errors.py",
    "test_pg_outage_quiet.py",  # three tests, one of 11 s (ci4)
    "test_newcomer_s25_ctrl_c.py",
    "test_probe_job_threads.py",
    "test_newcomer_s27_doc_order.py",
    "test_cli_serve.py",  # seven tests, each starts a server
    "test_probe_langserve_owner.py",
    "test_probe_s27m3_decision_write.py",
    "test_runs_api_worker.py",
    "test_probe_thread_claim.py",
    "test_probe_s26_first_instant.py",
    "test_probe_s27m3_review_shutdown.py",
    "test_start_finished.py",
    "test_langserve_limits.py",
    "test_assistant_s28_rst.py",
    "test_cli_full_paths.py",
    "test_kb_ingest_crash.py",
    "test_memory_store_crash.py",
    "test_memory_manager_crash.py",
)

# file -> its tests whose cases run alone (each case: its own scratch folder and processes, nothing
# module-scoped). test_docs_examples: README's examples alone take ~40 s; with the file on one worker
# it was ~110 s. Its server examples share a module fixture (one folder per document) and stay together.
# test_memory_poisoning_sets: the benign sets' test screens ~1,080 texts (~36 s of CPU) that no other
# test of the file reads; the rest of the file (~11 s) is one unit beside it.
SPLIT = {
    "test_docs_examples.py": {"test_examples_run"},
    "test_memory_poisoning_sets.py": {"test_at_most_2_percent_of_benign_items_are_held"},
}

_cpu_key = pytest.StashKey[float]()
_seconds: defaultdict[str, float] = defaultdict(float)
_workers: defaultdict[str, set[str]] = defaultdict(set)  # a SPLIT file may run on both
_per_worker: defaultdict[str, float] = defaultdict(float)
_cpu: defaultdict[str, float] = defaultdict(float)  # --file-cpu: CPU seconds of the test's process tree
_cpu_per_worker: defaultdict[str, float] = defaultdict(float)
_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
# Processes outside this one's tree whose CPU is the tests' too: the worker's embedded PostgreSQL (a
# daemon, re-parented to init; conftest's pg_server_url adds its postmaster). Its backends do the SQL
# of every PostgreSQL case (~0.1 s of CPU a test for the fresh database alone), which a count of the
# pytest tree missed.
ALSO_COUNTED: list[int] = []


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--file-times", type=int, default=15, metavar="N", help="list the N slowest test files (0: none)"
    )
    parser.addoption(
        "--file-cpu",
        action="store_true",
        help="also the CPU time per file: this process and its children, live or reaped, and the worker's "
        "embedded PostgreSQL (wall time on a shared machine follows its load; CPU time much less). "
        "Reads /proc twice per test.",
    )
    parser.addoption(
        "--file-idle",
        action="store_true",
        help="also the seconds per file in which the worker's tests had nothing to run: no thread of this "
        "process, its children or the worker's embedded PostgreSQL running or runnable (sleeps, timeouts, "
        "sockets, fsyncs), sampled every 0.5 s. Unlike wall time, about the same on a loaded machine: "
        "what another worker could use. Reads /proc twice a second.",
    )


def tree_cpu(root: int) -> float:
    """CPU seconds (user + system) of ``root`` and every live process under it, each with the children it
    has reaped. A forked test child is reaped by the zygote (a live child of ``root``): it counts. A
    daemon that left the tree (re-parented to init) does not."""
    stats: dict[int, tuple[int, int]] = {}  # pid -> (parent, ticks)
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
        except OSError:  # gone while we walk
            continue
        # after "(comm)": state ppid ... utime(12) stime(13) cutime(14) cstime(15), 0-based from state
        stats[int(name)] = (int(fields[1]), sum(int(x) for x in fields[11:15]))
    children: defaultdict[int, list[int]] = defaultdict(list)
    for pid, (parent, _) in stats.items():
        children[parent].append(pid)
    ticks, todo = 0, [root]
    while todo:
        pid = todo.pop()
        ticks += stats.get(pid, (0, 0))[1]
        todo.extend(children.get(pid, ()))
    return ticks / _TICK


_last_seen: dict[int, float] = {}


def _counted_cpu() -> float:
    """CPU seconds of this process's tree and of :data:`ALSO_COUNTED`'s trees (a server stopped at
    the session's end keeps the CPU it had, so the last test's figure does not go negative)."""
    for pid in ALSO_COUNTED:
        if os.path.exists(f"/proc/{pid}"):
            _last_seen[pid] = max(_last_seen.get(pid, 0.0), tree_cpu(pid))
    return tree_cpu(os.getpid()) + sum(_last_seen.values())


class IdleSampler:
    """Seconds in which the tests of this process had nothing to run: sampled every ``period``, none of
    the threads of this process's tree (but the sampler's own) nor of :data:`ALSO_COUNTED`'s trees
    running or runnable (state R). A runnable thread waiting for a busy machine's CPU counts as
    working, so the figure does not grow with the load as wall time does."""

    def __init__(self, period: float = 0.5) -> None:
        self.period = period
        self.idle = 0.0
        self._me = 0
        thread = threading.Thread(target=self._run, name="file-idle", daemon=True)
        thread.start()

    def _run(self) -> None:
        self._me = threading.get_native_id()
        last = time.monotonic()
        while True:
            time.sleep(self.period)
            waiting = not any(_runnable(pid, self._me) for pid in _trees([os.getpid(), *ALSO_COUNTED]))
            now = time.monotonic()
            if waiting:
                self.idle += now - last
            last = now


def _trees(roots: list[int]) -> list[int]:
    """``roots`` and every live process under them."""
    children: defaultdict[int, list[int]] = defaultdict(list)
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat", "rb") as f:
                    children[int(f.read().rsplit(b")", 1)[1].split()[1])].append(int(name))
            except (OSError, IndexError, ValueError):  # gone while we walk
                continue
    found, todo = [], list(roots)
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, ()))
    return found


def _runnable(pid: int, skip: int) -> bool:
    """Whether a thread of ``pid`` (other than ``skip``) is running or waiting for a CPU."""
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return False
    for tid in tids:
        if int(tid) == skip:
            continue
        try:
            with open(f"/proc/{pid}/task/{tid}/stat", "rb") as f:
                if f.read().rsplit(b")", 1)[1].split()[0] == b"R":
                    return True
        except (OSError, IndexError):
            continue
    return False


_idle_key = pytest.StashKey[float]()
_sampler: list[IdleSampler] = []
_idle: defaultdict[str, float] = defaultdict(float)
_idle_per_worker: defaultdict[str, float] = defaultdict(float)


def count_postgres(url: str) -> None:
    """Count the CPU of the PostgreSQL server at ``url`` (its socket folder is its data folder, as the
    embedded server's is) with this process's tests; a server whose pid cannot be read is left out."""
    host = dict(part.split("=", 1) for part in url.partition("?")[2].split("&") if "=" in part).get("host")
    try:
        pid = int((Path(host or "") / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return
    ALSO_COUNTED.append(pid)


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    if item.config.getoption("--file-cpu"):
        item.stash[_cpu_key] = _counted_cpu()
    if item.config.getoption("--file-idle"):
        if not _sampler:
            _sampler.append(IdleSampler())
        item.stash[_idle_key] = _sampler[0].idle
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome: Any = yield
    if call.when == "teardown" and _cpu_key in item.stash:
        # an attribute of the report: xdist sends it to the controller with the rest
        outcome.get_result().cpu = _counted_cpu() - item.stash[_cpu_key]
    if call.when == "teardown" and _idle_key in item.stash:
        outcome.get_result().idle = _sampler[0].idle - item.stash[_idle_key]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """``SLOWEST`` first, then xdist's own order (most tests first); a file's tests keep their order."""
    counts: Counter[Path] = Counter(item.path for item in items)
    rank = {name: i for i, name in enumerate(SLOWEST)}
    items.sort(key=lambda item: (rank.get(item.path.name, len(rank)), -counts[item.path]))


def unit_of(nodeid: str) -> str:
    """The unit of work of a test under ``--dist loadfile``: its file, or itself for ``SPLIT``'s tests."""
    path, _, test = nodeid.partition("::")
    if test.split("[", 1)[0] in SPLIT.get(Path(path).name, ()):
        return nodeid
    return path


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class SplitFileScheduling(LoadFileScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return unit_of(nodeid)

    return SplitFileScheduling(config, log)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    # On the controller (or a run without workers): every phase of every test, whichever worker ran it.
    path = report.nodeid.split("::", 1)[0]
    _seconds[path] += report.duration
    worker = getattr(report, "node", None)
    if worker is not None:
        _workers[path].add(str(worker.gateway.id))
        _per_worker[str(worker.gateway.id)] += report.duration
    cpu = getattr(report, "cpu", None)
    if cpu is not None:
        _cpu[path] += cpu
        _cpu_per_worker[str(worker.gateway.id) if worker is not None else "-"] += cpu
    idle = getattr(report, "idle", None)
    if idle is not None:
        _idle[path] += idle
        _idle_per_worker[str(worker.gateway.id) if worker is not None else "-"] += idle


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    count: int = config.getoption("--file-times")
    if count <= 0 or not _seconds or hasattr(config, "workerinput"):
        return
    terminalreporter.write_sep("=", f"slowest {count} test files" + (" (wall, CPU)" if _cpu else ""))
    for path, seconds in sorted(_seconds.items(), key=lambda kv: -kv[1])[:count]:
        cpu = f" {_cpu[path]:8.2f}s" if _cpu else ""
        terminalreporter.write_line(
            f"{seconds:8.2f}s{cpu} {'+'.join(sorted(_workers[path])) or '-':4} {path}"
        )
    if _cpu:
        _listed(terminalreporter, f"most CPU: {count} test files (CPU, wall)", _cpu, count)
        _in_tests(terminalreporter, "CPU in tests", _cpu, _cpu_per_worker)
        if _per_worker:  # how much of each worker's time its tests (and its PostgreSQL) kept a core busy
            used = ", ".join(
                f"{w} {_cpu_per_worker[w] / s:.0%}" for w, s in sorted(_per_worker.items()) if s > 0
            )
            terminalreporter.write_line(f"CPU per second in tests: {used}")
    if _idle:
        _listed(
            terminalreporter, f"most time with nothing to run: {count} test files (idle, wall)", _idle, count
        )
        _in_tests(terminalreporter, "nothing to run in tests", _idle, _idle_per_worker)
    if _per_worker:  # with xdist: how evenly the files shared the workers
        busy = ", ".join(f"{w} {s:.0f} s" for w, s in sorted(_per_worker.items()))
        terminalreporter.write_line(f"time in tests per worker: {busy}")


def _listed(reporter: pytest.TerminalReporter, title: str, per_file: dict[str, float], count: int) -> None:
    """The ``count`` files with the most of ``per_file`` (seconds), each with its wall time."""
    reporter.write_sep("=", title)
    for path, seconds in sorted(per_file.items(), key=lambda kv: -kv[1])[:count]:
        reporter.write_line(f"{seconds:8.2f}s {_seconds[path]:8.2f}s {path}")


def _in_tests(
    reporter: pytest.TerminalReporter, label: str, per_file: dict[str, float], per_worker: dict[str, float]
) -> None:
    """``label``: the sum of ``per_file`` and, in brackets, each worker's share."""
    per = ", ".join(f"{w} {s:.0f} s" for w, s in sorted(per_worker.items()))
    reporter.write_line(f"{label}: {sum(per_file.values()):.0f} s ({per})")

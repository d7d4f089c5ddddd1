"""A pytest plugin for ``make test``: the slowest test FILES first, and listed at the end of the run.

``--dist loadfile`` runs each file whole on one worker, so the suite's time is bounded by its
slowest files and how they share the two workers; ``--durations`` lists single tests and set-ups.
This adds, per file, the time of its set-ups, calls and tear-downs and which worker ran it, and each
worker's time in tests: the gap between the two is about the time one worker waited for the other at the
end (loaded by the Makefile with ``-p tests.file_times_support``; ``--file-times=N`` lists N, 0 none).

Order: pytest-xdist hands files out largest first by their NUMBER of tests, which put this suite's
slowest files (a demo, a wheel, SIGKILL crash runs: one to four tests each) at the very end, where
one of them could keep a worker busy while the other had nothing left. ``SLOWEST`` goes first (the
Makefile turns xdist's own order off with ``--no-loadscope-reorder``); the other files keep xdist's
order, most tests first. Refresh the list from the run's "slowest test files".
"""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

import pytest

# The slowest files of the clean-clone runs, slowest first (the 15 slowest tests of session 26's
# run at load, in docs/benchmarks.md, and its "Slowest tests"): each takes one to several minutes.
SLOWEST = (
    "test_docs_examples.py",  # README's 200-document ingestion, cli.md, two servers
    "test_memory_poisoning_sets.py",  # every poisoning set through the screen
    "test_ingest_crash.py",  # SIGKILL at random moments, both backends
    "test_cli_serve.py",  # seven tests, each starts a server
    "test_wheel.py",  # the README's commands from the built wheel
    "test_demo.py",  # the demo killed, resumed and run again
    "test_firsthour_demo.py",
    "test_ingest_cli_boundary.py",
    "test_suite_isolation.py",  # child pytest workers
    "test_memory_poisoning_intent.py",
    "test_cli_full_paths.py",
    "test_ingest_resume.py",  # PostgreSQL restarted mid-run
    "test_kb_ingest_crash.py",
    "test_memory_store_crash.py",
    "test_memory_manager_crash.py",
)

_seconds: defaultdict[str, float] = defaultdict(float)
_workers: dict[str, str] = {}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--file-times", type=int, default=15, metavar="N", help="list the N slowest test files (0: none)"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """``SLOWEST`` first, then xdist's own order (most tests first); a file's tests keep their order."""
    counts: Counter[Path] = Counter(item.path for item in items)
    rank = {name: i for i, name in enumerate(SLOWEST)}
    items.sort(key=lambda item: (rank.get(item.path.name, len(rank)), -counts[item.path]))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    # On the controller (or a run without workers): every phase of every test, whichever worker ran it.
    path = report.nodeid.split("::", 1)[0]
    _seconds[path] += report.duration
    worker = getattr(report, "node", None)
    if worker is not None:
        _workers[path] = str(worker.gateway.id)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    count: int = config.getoption("--file-times")
    if count <= 0 or not _seconds or hasattr(config, "workerinput"):
        return
    terminalreporter.write_sep("=", f"slowest {count} test files")
    per_worker: defaultdict[str, float] = defaultdict(float)
    for path, seconds in _seconds.items():
        per_worker[_workers.get(path, "-")] += seconds
    for path, seconds in sorted(_seconds.items(), key=lambda kv: -kv[1])[:count]:
        terminalreporter.write_line(f"{seconds:8.2f}s {_workers.get(path, '-'):4} {path}")
    if _workers:  # with xdist: how evenly the files shared the workers
        busy = ", ".join(f"{w} {s:.0f} s" for w, s in sorted(per_worker.items()))
        terminalreporter.write_line(f"time in tests per worker: {busy}")

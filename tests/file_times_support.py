"""A pytest plugin for ``make test``: the slowest test FILES at the end of the run.

``--dist loadfile`` runs each file whole on one worker, so the suite's time is bounded by its
slowest files and how they share the two workers; ``--durations`` lists single tests and set-ups.
This adds, per file, the time of its set-ups, calls and tear-downs and which worker ran it (loaded
by the Makefile with ``-p tests.file_times_support``; ``--file-times=N`` lists N, 0 none).
"""

from __future__ import annotations

from collections import defaultdict

import pytest

_seconds: defaultdict[str, float] = defaultdict(float)
_workers: dict[str, str] = {}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--file-times", type=int, default=15, metavar="N", help="list the N slowest test files (0: none)"
    )


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
    busy = ", ".join(f"{w} {s:.0f} s" for w, s in sorted(per_worker.items()))
    terminalreporter.write_line(f"time in tests per worker: {busy}")

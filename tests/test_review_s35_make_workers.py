"""Review s35 r1 F7 (of 318b00b; fixed by r1's patch 03): ``make test``'s default number of pytest-xdist workers is
now ``nproc + 1`` with no bound. Each worker brings its own embedded PostgreSQL, its shared servers
(langgraph dev, kassist serve) and a zygote: ~0.8 GB a worker by t6's own measurement (3 workers' trees:
2.3 GB RSS). On a 16-core laptop that is 17 workers (~13 GB); in a container whose CPU quota is 2 on a
64-core host (``nproc`` reports the host's cores unless the affinity is set) it is 65 workers, ~50 GB
and 65 PostgreSQL servers, where the fixed 2 of before ran anywhere. The default should stay within what
the machine can hold (e.g. ``min(nproc + 1, 3)``, or bounded by MemAvailable / 0.8 GB).

Here ``make -n test`` (commands printed, none run) with an ``nproc`` that says 64: the ``-n`` it would
pass must fit this machine's memory at 0.8 GB a worker. < 0.5 s, no test run."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GB_PER_WORKER = 0.8  # t6's figure (commit 318b00b): 3 workers' trees, 2.3 GB RSS


def _memory_gb() -> float:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal:"):
            return int(line.split()[1]) / 1024 / 1024
    raise AssertionError("no MemTotal in /proc/meminfo")


@pytest.mark.skipif(
    shutil.which("make") is None or not Path("/proc/meminfo").exists(), reason="needs make, Linux"
)
def test_make_tests_default_workers_fit_the_machines_memory_whatever_nproc_says(tmp_path: Path) -> None:
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "nproc").write_text("#!/bin/sh\necho 64\n")
    (fake / "nproc").chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTEST_WORKERS", "MAKEFLAGS", "MAKELEVEL")}
    env["PATH"] = f"{fake}{os.pathsep}{env.get('PATH', '')}"
    printed = subprocess.run(
        ["make", "-n", "-s", "test"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    found = re.search(r"-n (\d+) --dist loadfile", printed)
    assert found is not None, printed[-500:]
    workers = int(found.group(1))
    assert workers * GB_PER_WORKER <= _memory_gb(), f"{workers} workers on {_memory_gb():.0f} GB"

"""Review s34 r2 (strict xfail): importing tests/test_bench_locomo.py must not make bench/memory.py the
``memory`` package for the tests collected after it.

tests/test_bench_locomo.py appends bench/ to ``sys.path`` at import (collection), and bench/locomo.py does
the same. Under ``.venv/bin/pytest`` (the console script the developers' guide runs: the project's root
is not on ``sys.path``, our packages come from the editable install's finder, which Python asks after
every ``sys.path`` entry) a ``memory`` not imported yet is then found as bench/memory.py:
``.venv/bin/pytest tests/test_bench_locomo.py tests/test_memory_cli.py`` stops at collection with
"No module named 'memory.manager'; 'memory' is not a package". ``make test`` (``python -m pytest``, the
root first on ``sys.path``) does not meet it. Fix: import bench's modules without leaving bench/ on
``sys.path`` ahead of the editable finder (e.g. the test and bench/locomo.py put the project's root
before bench/, or import ``memory`` first). Cost: one ``python -P`` process that imports the test module
(~1 s), as the console script's ``sys.path`` has it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = """
import sys
sys.path.insert(0, {tests!r})  # what pytest's rootdir conftest insertion gives; no project root (-P)
import test_bench_locomo  # noqa: F401
import memory.manager
print(memory.__file__)
"""


def test_the_locomo_tests_leave_our_packages_ours(tmp_path: Path) -> None:
    code = PROBE.format(tests=str(ROOT / "tests"))
    done = subprocess.run(
        [sys.executable, "-P", "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr.strip().splitlines()[-1:]
    assert done.stdout.strip() == str(ROOT / "memory" / "__init__.py")

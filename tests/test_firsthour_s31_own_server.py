"""README's own `langgraph dev`, left running in the checkout, must not fail `make test` (session 31, n).

README has the newcomer start `langgraph dev --no-browser --no-reload --port 2024` in the checkout;
it keeps its in-memory runtime's state in the checkout's `.langgraph_api/` and rewrites
`.langgraph_ops.pckl` and `.langgraph_retry_counter.pckl` every few seconds even when idle. The
suite's guard (tests/conftest.py) watches every untracked top-level entry of the checkout whole, so
with that server running every test errored at teardown, blaming itself: in the walked clone, 20 of
24 teardown errors of a 48-test sample were `this test changed the user's data ...: changed
.../.langgraph_api/.langgraph_ops.pckl`. No test wrote there (each test's servers run in their own
folders). The folder is that server's scratch state, not data of the user's or kassist's (kassist's
is in the database): its appearance is what a stray test server would show, and its name stays
watched.

Tried on a copy as tests/test_suite_isolation.py does: a child pytest under this suite's conftest in
a scratch checkout whose untracked `.langgraph_api/` a writer process rewrites while two tests run,
as the user's idle server does."""

from __future__ import annotations

from pathlib import Path

from test_suite_isolation import child_pytest

# Started at collection, before any test's snapshot, rewriting the file until the last test stops it:
# the user's server, from the guard's point of view (it cannot tell processes apart).
USERS_SERVER_RUNNING = """
import subprocess, sys, time
from pathlib import Path

HERE = Path(__file__).resolve().parent
OPS = HERE.parent / ".langgraph_api" / ".langgraph_ops.pckl"
STOP = HERE / "stop-writer"  # in the tracked tests/ folder: not the user's data
WRITER = (
    "import sys, time\\n"
    "from pathlib import Path\\n"
    "for i in range(600):\\n"
    "    if Path(sys.argv[2]).exists(): break\\n"
    "    Path(sys.argv[1]).write_text('ops %d' % i)\\n"
    "    time.sleep(0.05)\\n"
)
subprocess.Popen([sys.executable, "-c", WRITER, str(OPS), str(STOP)], start_new_session=True)


def test_one():
    time.sleep(0.5)


def test_two():
    time.sleep(0.5)
    STOP.touch()
"""


def test_the_users_langgraph_dev_in_the_checkout_fails_no_test(tmp_path: Path) -> None:
    user = {".langgraph_api/.langgraph_ops.pckl": "ops"}
    done, _ = child_pytest(tmp_path, USERS_SERVER_RUNNING, "-n", "0", user_files=user)
    out = done.stdout + done.stderr
    assert done.returncode == 0 and "2 passed" in out, out[-3000:]
    assert "changed the user's data" not in out, out[-3000:]

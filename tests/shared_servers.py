"""One shared server per test process (each xdist worker) and flavour (:data:`FLAVOURS`: a
``langgraph dev`` as configured by default, one with the hashing embedder and no language model, and a
``kassist serve`` as server_harness.kassist_serve starts it) for the test files that need no
configuration of their own, with each file in tenants of its own.

A server start costs ~2 s of CPU (imports: langgraph, langchain, our graphs); 31 files started one
each. What keeps a file from seeing another's state on the shared server is the product's tenancy,
by construction: every file speaks only with its own keys (:func:`file_tenants`: tenants
``acme-<file>`` and ``globex-<file>``, identities alice, bob, olga and erin as in
server_harness.KEYS), so each tenant-wide listing (threads, crons, store namespaces, assistants) a
file reads holds that file's objects only. The server's key table is made before it starts from
every collected test that uses a shared server (the environment's table is read once, at start), and
holds none of server_harness's keys: a moved file that still sends ``ACME_KEY`` gets 401, not another
file's tenant.

Rules for a file on a shared server (it lives the whole session, not one file):
- a file deletes the crons it makes (a daily cron left behind would fire in another file's middle,
  on the same one-job worker);
- a ``kassist serve`` the file attaches to the shared database runs with ``KASSIST_RUN_WORKERS=0``
  unless the file needs its worker (a worker polls every tenant's queued runs, and it holds only the
  file's keys);
- no file stops or kills a shared server.

Each file takes the server through the module fixture ``shared_dev`` (``shared_dev_hashing``,
``shared_serve``), which makes the file's tenants' handbook copies under the server's ingestion root
(:meth:`SharedServer.corpus`) and first checks that the server is alive: its process has not exited
and it answers ``/ok`` (the process holds its port, so another server that took the port after it
died cannot pass for it). A server found dead is a crash of the product under an earlier file: the
taking file fails, naming the file that took it before and showing the server's log tail, and the
next file gets a new server.

A file that needs its own configuration (keys, limits, an ingestion root of its own, an empty
registry) or that writes the server's database behind it keeps ``server_harness.langgraph_dev``."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from server_harness import ROOT, Served, serving_kassist, serving_langgraph_dev

Starter = Callable[[Path, dict[str, str]], AbstractContextManager[Served]]


@dataclass(frozen=True)
class Flavour:
    """How a shared server starts: ``start(tmp, env)``, ``env`` adding to its default environment
    (server_harness.server_env); ``ingest_root``: it serves ingestion runs from ``tmp/ingest-root``."""

    start: Starter
    env: dict[str, str] = field(default_factory=dict)
    ingest_root: bool = True


def _kassist_serve(tmp: Path, env: dict[str, str]) -> AbstractContextManager[Served]:
    return serving_kassist(tmp, env=env)


FLAVOURS: dict[str, Flavour] = {
    "shared_dev": Flavour(serving_langgraph_dev),
    # The files whose served ingestion runs and turns use the hashing embedder (no model load) and
    # the offline extractive responder, whatever the caller's shell says.
    "shared_dev_hashing": Flavour(
        serving_langgraph_dev, {"KASSIST_EMBEDDER": "hashing", "OPENAI_API_KEY": "", "OPENAI_BASE_URL": ""}
    ),
    # A kassist serve as server_harness.kassist_serve starts it (hashing embedder, no language model).
    "shared_serve": Flavour(_kassist_serve, ingest_root=False),
}
"""Fixture name -> its server."""
LOG_TAIL = 3000
"""Characters of a dead server's log a failing file shows."""


@dataclass(frozen=True)
class FileTenants:
    """The tenants and keys of one test file on the shared server."""

    acme: str
    globex: str
    acme_key: str
    globex_key: str
    admin_key: str
    erin_key: str

    @property
    def keys(self) -> dict[str, dict[str, str]]:
        """This file's rows of the shared server's key table (server_harness.WITH_ERIN's shape)."""
        return {
            self.acme_key: {"identity": "alice", "tenant_id": self.acme},
            self.globex_key: {"identity": "bob", "tenant_id": self.globex},
            self.admin_key: {"identity": "olga", "tenant_id": self.acme, "role": "admin"},
            self.erin_key: {"identity": "erin", "tenant_id": self.acme},
        }

    @property
    def env(self) -> dict[str, str]:
        """A server of the file's own (``kassist serve``) that takes the same keys."""
        return {"KASSIST_API_KEYS": json.dumps(self.keys)}


def file_tenants(module: str) -> FileTenants:
    """The tenants and keys of the test module named ``module`` (its ``__name__``): derived from the
    name alone, so the module's constants and the server's table agree without talking."""
    slug = re.sub(r"[^a-z0-9]+", "-", module.rsplit(".", 1)[-1].removeprefix("test_").lower()).strip("-")
    return FileTenants(
        acme=f"acme-{slug}",
        globex=f"globex-{slug}",
        acme_key=f"{slug}-acme-key-0123456789abcdef",
        globex_key=f"{slug}-globex-key-0123456789abcdef",
        admin_key=f"{slug}-acme-admin-key-0123456789abcdef",
        erin_key=f"{slug}-acme-erin-key-0123456789abcdef",
    )


class SharedServer:
    """The process's shared server of one flavour (a ``langgraph dev``, or a ``kassist serve``):
    started on first use; found dead, it fails the file taking it and is started again for the next."""

    def __init__(self, root: Path, modules: list[str], name: str, flavour: Flavour) -> None:
        self.root = root
        self.name = name
        self.flavour = flavour
        self.keys: dict[str, dict[str, str]] = {}
        for module in modules:
            self.keys |= file_tenants(module).keys
        self._stack: ExitStack | None = None
        self._served: Served | None = None
        self._taker = ""  # the module that took the running server last
        self._starts = 0
        self.base = ""
        self.db_url = ""

    def _start(self) -> None:
        self.close()
        self._starts += 1
        tmp = self.root / f"server-{self._starts}"
        tmp.mkdir(parents=True)
        stack = ExitStack()
        self._served = stack.enter_context(
            self.flavour.start(
                tmp,
                {
                    **self.flavour.env,
                    "KASSIST_API_KEYS": json.dumps(self.keys),
                    "KASSIST_REPORTS_DIR": str(tmp / "reports"),
                    "KASSIST_UPLOADS_DIR": str(tmp / "uploads"),
                },
            )
        )
        self._stack = stack
        self.base, self.db_url = self._served.base, self._served.db_url

    @property
    def proc(self) -> subprocess.Popen[bytes] | None:
        """The running server's process (None before the first start)."""
        return None if self._served is None else self._served.proc

    def _death(self, served: Served) -> str:
        """Why ``served`` is not alive, or "" when it is: its process runs (and so holds its port:
        no other server can answer there) and answers ``/ok``."""
        if served.proc.poll() is not None:
            return f"its process exited with {served.proc.returncode}"
        try:
            answer = httpx.get(f"{served.base}/ok", timeout=10)
        except httpx.HTTPError as error:
            return f"its process runs but GET /ok failed: {error!r}"
        return "" if answer.status_code == 200 else f"its process runs but GET /ok says {answer.status_code}"

    def take(self, module: str) -> SharedServer:
        """The server for ``module`` (started on first use), with the module's tenants' copies of the
        handbook under its ingestion root. Fails ``module`` when the server it would get is dead."""
        tenants = file_tenants(module)
        if tenants.acme_key not in self.keys:
            pytest.fail(f"{module} uses a shared server but was not collected when the server started")
        if self._served is not None and (death := self._death(self._served)):
            log, before = self._served.log, self._taker
            self.close()  # the next file gets a new server
            tail = log.read_text(errors="replace")[-LOG_TAIL:] if log.exists() else "(no log)"
            pytest.fail(
                f"the shared server {self.name} died after {before} took it ({death}): a crash under that "
                f"file (or a file that stopped it); {module} was not run. Its log's end:\n{tail}",
                pytrace=False,
            )
        if self._served is None:
            self._start()
        self._taker = module
        for tenant in (tenants.acme, tenants.globex):
            if self.flavour.ingest_root and not self.corpus(tenant).exists():
                shutil.copytree(ROOT / "knowledge" / "corpus" / "files", self.corpus(tenant))
        return self

    def corpus(self, tenant: str) -> Path:
        """``tenant``'s copy of the shipped handbook (24 documents) under the server's ingestion root
        (server_harness.corpus_of's place for a server of its own)."""
        assert self.flavour.ingest_root, f"{self.name} serves no ingestion runs: it has no ingestion root"
        return self.root / f"server-{self._starts}" / "ingest-root" / tenant / "files"

    def close(self) -> None:
        self._served = None
        if self._stack is not None:
            stack, self._stack = self._stack, None
            stack.close()


@pytest.fixture(scope="session")
def _shared_dev_servers(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, SharedServer]]:
    """One :class:`SharedServer` per flavour (each started only when a file takes it); every one takes
    the keys of every collected file that uses any of them."""
    users = [item for item in request.session.items if set(FLAVOURS) & set(getattr(item, "fixturenames", ()))]
    modules = sorted({module.__name__ for item in users if (module := getattr(item, "module", None))})
    root = tmp_path_factory.mktemp("shared-dev")
    servers = {name: SharedServer(root / name, modules, name, flavour) for name, flavour in FLAVOURS.items()}
    try:
        yield servers
    finally:
        for server in servers.values():
            server.close()


@pytest.fixture(scope="module")
def shared_dev(request: pytest.FixtureRequest, _shared_dev_servers: dict[str, SharedServer]) -> SharedServer:
    """The shared ``langgraph dev`` for this test module (``.base``, ``.db_url``, ``.corpus(tenant)``);
    the module speaks with :func:`file_tenants` ``(__name__)``'s keys only."""
    return _shared_dev_servers["shared_dev"].take(request.module.__name__)


@pytest.fixture(scope="module")
def shared_dev_hashing(
    request: pytest.FixtureRequest, _shared_dev_servers: dict[str, SharedServer]
) -> SharedServer:
    """:func:`shared_dev` with ``KASSIST_EMBEDDER=hashing``."""
    return _shared_dev_servers["shared_dev_hashing"].take(request.module.__name__)


@pytest.fixture(scope="module")
def shared_serve(
    request: pytest.FixtureRequest, _shared_dev_servers: dict[str, SharedServer]
) -> SharedServer:
    """The shared ``kassist serve`` (server_harness.kassist_serve's configuration) for this module."""
    return _shared_dev_servers["shared_serve"].take(request.module.__name__)

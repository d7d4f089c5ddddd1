"""One ``langgraph dev`` per test process (each xdist worker) and configuration (:data:`FLAVOURS`: the
default one, and the hashing embedder's without a language model) for the test files that need no configuration of their
own, with each file in tenants of its own.

A server start costs ~2 s of CPU (imports: langgraph, langchain, our graphs); 23 files started one
each for one of these two configurations. What keeps a file from seeing another's state on the shared server
is the product's tenancy, by construction: every file speaks only with its own keys
(:func:`file_tenants`: tenants ``acme-<file>`` and ``globex-<file>``, identities alice, bob, olga
and erin as in server_harness.KEYS), so each tenant-wide listing (threads, crons, store
namespaces, assistants) a file reads holds that file's objects only. The server's key table is made
before it starts from every collected test that uses a shared server (the environment's table is
read once, at start), and holds none of server_harness's keys: a moved file that still sends
``ACME_KEY`` gets 401, not another file's tenant.

Each file takes the server through the module fixture ``shared_dev`` (or ``shared_dev_hashing``),
which first checks that it answers (a file before may have crashed it: then a new one is started)
and makes the file's tenants' handbook copies under the server's ingestion root
(:meth:`SharedServer.corpus`).

A file that needs its own configuration (keys, limits, an ingestion root of its own, an empty
registry) or that writes the server's database behind it keeps ``server_harness.langgraph_dev``."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from server_harness import ROOT, kassist_serve, langgraph_dev

FLAVOURS: dict[str, dict[str, str]] = {
    "shared_dev": {},
    # The files whose served ingestion runs and turns use the hashing embedder (no model load) and
    # the offline extractive responder, whatever the caller's shell says.
    "shared_dev_hashing": {"KASSIST_EMBEDDER": "hashing", "OPENAI_API_KEY": "", "OPENAI_BASE_URL": ""},
    # A kassist serve as server_harness.kassist_serve starts it (hashing embedder, no language model).
    "shared_serve": {},
}
"""Fixture name -> what its server's environment adds to the default (server_harness.server_env)."""


@contextmanager
def _kassist_serve(tmp: Path, env: dict[str, str]) -> Iterator[tuple[str, str]]:
    with kassist_serve(tmp, env=env) as base:
        yield base, f"sqlite:///{tmp / 'kassist.db'}"  # kassist_serve's default database


def _starter(flavour: str) -> Callable[[Path, dict[str, str]], AbstractContextManager[tuple[str, str]]]:
    """How a flavour's server starts: ``(tmp, env) -> (base URL, database URL)``."""
    return _kassist_serve if flavour.endswith("_serve") else langgraph_dev


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
    started on first use, restarted when it stops answering."""

    def __init__(self, root: Path, modules: list[str], flavour: str) -> None:
        self.root = root
        self.env = FLAVOURS[flavour]
        self._start_server = _starter(flavour)
        self.keys: dict[str, dict[str, str]] = {}
        for module in modules:
            self.keys |= file_tenants(module).keys
        self._stack: ExitStack | None = None
        self._starts = 0
        self.base = ""
        self.db_url = ""

    def _start(self) -> None:
        self.close()
        self._starts += 1
        tmp = self.root / f"server-{self._starts}"
        tmp.mkdir(parents=True)
        stack = ExitStack()
        self.base, self.db_url = stack.enter_context(
            self._start_server(
                tmp,
                {
                    **self.env,
                    "KASSIST_API_KEYS": json.dumps(self.keys),
                    "KASSIST_REPORTS_DIR": str(tmp / "reports"),
                    "KASSIST_UPLOADS_DIR": str(tmp / "uploads"),
                },
            )
        )
        self._stack = stack

    def _answers(self) -> bool:
        try:
            return httpx.get(f"{self.base}/ok", timeout=10).status_code == 200
        except httpx.HTTPError:
            return False

    def take(self, module: str) -> SharedServer:
        """The server for ``module`` (started or started again if it does not answer), with the
        module's tenants' copies of the handbook under its ingestion root."""
        tenants = file_tenants(module)
        if tenants.acme_key not in self.keys:
            pytest.fail(f"{module} uses a shared server but was not collected when the server started")
        if self._stack is None or not self._answers():
            self._start()
        for tenant in (tenants.acme, tenants.globex):
            if self._start_server is langgraph_dev and not self.corpus(tenant).exists():
                shutil.copytree(ROOT / "knowledge" / "corpus" / "files", self.corpus(tenant))
        return self

    def corpus(self, tenant: str) -> Path:
        """``tenant``'s copy of the shipped handbook (24 documents) under the server's ingestion root
        (server_harness.corpus_of's place for a server of its own)."""
        return self.root / f"server-{self._starts}" / "ingest-root" / tenant / "files"

    def close(self) -> None:
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
    servers = {name: SharedServer(root / name, modules, name) for name in FLAVOURS}
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

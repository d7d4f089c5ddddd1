"""Session 28's review of the state boundary (/tmp/kassist-docs/s28/review-boundary.md), mended.

- A review decision checked where no saver is served (server/auth.py's handlers called alone, as
  every rule's test calls them): the decision check read the thread's head through the served
  saver, which is not there, and failed with an IndexError (finding 4)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from langgraph_sdk import Auth

from server import auth as server_auth
from server.saver import serving


class _User(dict[str, Any]):
    """The authenticated user as langgraph-api hands it to handlers: a mapping with .identity."""

    @property
    def identity(self) -> str:
        return str(self["identity"])


async def test_a_review_decision_is_checked_where_no_saver_is_served() -> None:
    assert not serving()
    admin = _User({"identity": "dana", "tenant_id": "acme", "role": "admin", "permissions": []})
    ctx = Auth.types.AuthContext(user=admin, permissions=[], resource="threads", action="create_run")  # type: ignore[arg-type]
    value: dict[str, Any] = {
        "thread_id": "job-1",
        "assistant_id": "ingestion",
        "kwargs": {"command": {"resume": "approve"}},
        "metadata": {},
    }
    await server_auth.auth._handlers[("threads", "create_run")][-1](ctx=ctx, value=value)
    assert value["kwargs"]["command"]["resume"]["by"] == "dana"  # decided as the admin key


_SAVER_READS = r"""
import asyncio, sys
from checkpointer import TenantCheckpointer
from langgraph.checkpoint.base import empty_checkpoint
from langgraph_api.auth.custom import normalize_user
from langgraph_api.utils import with_user
from server.saver import ServerCheckpointer

url = sys.argv[1]
with TenantCheckpointer.from_url(url) as plain:
    plain.setup()
    config = {"configurable": {"thread_id": "t-1", "checkpoint_ns": ""}}
    plain.for_tenant("acme").put(config, empty_checkpoint(), {}, {})
    plain.for_tenant("globex").put(config, empty_checkpoint(), {}, {})
acme = {"identity": "alice", "tenant_id": "acme", "role": "member"}
globex = {"identity": "bob", "tenant_id": "globex", "role": "member"}


async def read() -> None:
    with ServerCheckpointer.from_url(url) as saver:
        async with with_user(normalize_user(acme), []):
            for user in (acme, globex):
                config = {"configurable": {"thread_id": "t-1", "checkpoint_ns": "", "langgraph_auth_user": user}}
                try:
                    found = await saver.aget_tuple(config)
                except Exception as exc:
                    print("refused", getattr(exc, "status_code", None), exc)
                else:
                    print("read", found is not None)


asyncio.run(read())
"""


def test_the_saver_refuses_a_read_whose_config_names_another_tenant_than_the_request(
    tmp_path: Path,
) -> None:
    """The door refuses a server-set key in a read's checkpoint body (test_probe_s28b_commands); the
    saver refuses it too, for every read inside a request (server/saver.with_request_tenant): a real
    langgraph-api request context (its own process: importing langgraph_api.utils reads the
    server's configuration), a real SQLite file holding acme's and globex's thread 't-1'."""
    env = {
        **os.environ,
        "REDIS_URI": "fake",
        "DATABASE_URI": ":memory:",
        "MIGRATIONS_PATH": "__inmem",
        "LANGGRAPH_RUNTIME_EDITION": "inmem",
        "PYTHONPATH": str(Path(__file__).resolve().parents[1]),
    }
    url = f"sqlite:///{tmp_path / 'saver.db'}"
    said = subprocess.run(
        [sys.executable, "-c", _SAVER_READS, url], env=env, capture_output=True, text=True, timeout=300
    )
    assert said.returncode == 0, said.stderr[-2000:]
    assert said.stdout.splitlines() == [
        "read True",
        "refused 403 refused: the config's langgraph_auth_user names tenant 'globex', not the "
        "authenticated request's 'acme'",
    ], said.stdout

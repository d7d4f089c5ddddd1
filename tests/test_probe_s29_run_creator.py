"""A run acts with its creator's current rights when it starts (session 29, h1: server/run_creator.py).

The live doors (a delayed run and one queued behind it, of a managed key revoked before they start) are
tests/test_probe_s28b_commands.py's; here the rule itself, for what no live test reaches cheaply: a key of
the environment's table whose role was lowered at a restart, a cron stored before keys were named, a
cron's firing after its key was revoked (each firing is one of these refusals)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from server import run_creator
from server.key_store import open_key_store
from server.keys import KeyResolver, KeyTable, Principal

TOKEN = "acme-olga-key-0123456789abcdef"


def _resolver(tmp_path: Path, role: str) -> KeyResolver:
    table = KeyTable(keys={TOKEN: Principal(identity="olga", tenant_id="acme", role=role)})  # type: ignore[arg-type]
    return KeyResolver(table, open_key_store(f"sqlite:///{tmp_path / 'keys.db'}"))


def test_an_admins_run_waits_out_no_lowering_of_its_role(tmp_path: Path) -> None:
    sent_as = run_creator.creator(Principal(identity="olga", tenant_id="acme", role="admin"), None)
    assert run_creator.refusal(sent_as, _resolver(tmp_path, "admin")) is None
    why = run_creator.refusal(sent_as, _resolver(tmp_path, "member"))
    assert why is not None and "was an admin's and is a member's now" in why
    member = {**sent_as, "role": "member"}  # a member's run (a cron's) still starts
    assert run_creator.refusal(member, _resolver(tmp_path, "member")) is None


def test_a_cron_of_a_revoked_managed_key_fires_nothing(tmp_path: Path) -> None:
    resolver = _resolver(tmp_path, "admin")
    keys = resolver.store()
    assert keys is not None
    token, record = keys.for_tenant("acme").create("dora", "member")
    stored: dict[str, object] = {"identity": "dora", "tenant_id": "acme", "role": "member"}
    stored["key"] = resolver.key_of(token)
    stored["scheduled"] = True  # server/cron_rules.store_cron_user's mark
    legacy = {k: v for k, v in stored.items() if k != "key"}  # a run of a cron stored before session 29
    saved = list(run_creator._RESOLVER)  # server/auth.py's, if this worker imported it
    run_creator.install(resolver)
    try:
        assert asyncio.run(run_creator.firing_refusal(stored)) is None
        assert asyncio.run(run_creator.firing_refusal({**stored, "scheduled": False})) is None  # a request's
        assert run_creator.refusal(legacy, resolver) is None  # dora holds an active key
        assert keys.for_tenant("acme").revoke(record.prefix)
        refused = asyncio.run(run_creator.firing_refusal(stored))
        assert refused is not None and f"(kassist_{record.prefix}...) was revoked" in refused, refused
        why = run_creator.refusal(legacy, resolver)
        assert why is not None and "holds no API key on this server any more" in why
        # Another key of the same identity does not revive a revoked key's cron.
        keys.for_tenant("acme").create("dora", "member")
        assert run_creator.refusal(stored, resolver) is not None
        assert run_creator.refusal(legacy, resolver) is None
    finally:
        run_creator._RESOLVER[:] = saved


class _Unreadable:
    """A key store whose database is away (a lock held past the busy timeout, a restart)."""

    def __call__(self) -> _Unreadable:  # KeyResolver opens a store that is not one yet by calling it
        return self

    def get(self, prefix: str) -> object:
        raise OSError("database is locked")


def test_a_key_table_that_cannot_be_read_is_not_a_revoked_key(tmp_path: Path) -> None:
    """Not knowing is not "revoked": the run is stopped with the reason, the answer is not kept (its
    next attempt asks again), and the runs API worker tries the request again (KeysUnreadable)."""
    import pytest

    from server.keys import KeysUnreadable

    resolver = _resolver(tmp_path, "admin")
    keys = resolver.store()
    assert keys is not None
    token, _record = keys.for_tenant("acme").create("dora", "member")
    good = resolver._store
    resolver._store = _Unreadable()  # type: ignore[assignment]
    sent_by = run_creator.creator(Principal(identity="dora", tenant_id="acme"), resolver.key_of(token))
    with pytest.raises(KeysUnreadable):
        run_creator.refusal(sent_by, resolver)
    config = {"metadata": {"run_id": "run-unreadable"}, "configurable": {"langgraph_auth_user": sent_by}}
    saved = list(run_creator._RESOLVER)
    run_creator.install(resolver)
    try:
        with pytest.raises(run_creator.RunNotStarted, match=r"run-unreadable: .*database is locked"):
            run_creator.check_run(config)
        resolver._store = good
        run_creator.check_run(config)  # asked again, and dora's key holds
    finally:
        run_creator._RESOLVER[:] = saved

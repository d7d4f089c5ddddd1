"""Managed API keys (`kassist keys`, server.key_store, server.keys.KeyResolver) on both backends:
a key is printed once and stored only as prefix + SHA-256; list shows owners, roles and last use;
a revoked key is refused as soon as the cache entry (at most CACHE_SECONDS) is gone; the env table
still works and may name admins; the admin-only rules are pure and exact."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import zygote
from raw_sql import raw

from server.key_store import KeyStore, hash_token, open_key_store, parse_prefix, prefix_of_token
from server.keys import CACHE_SECONDS, KeyResolver, KeyTable, Principal, parse_key_table
from server.roles import approves, is_tenant_level

ROOT = Path(__file__).resolve().parents[1]


def kassist(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env_cmd = [sys.executable, "-P", "-m", "cli.main", *args]
    import os

    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    env.pop("KASSIST_DATABASE_URL", None)
    return zygote.run(env_cmd, cwd=cwd, env=env, timeout=120)  # forked: tests/zygote.py


def test_keys_cli_prints_a_key_once_and_stores_only_its_hash(db_url: str, tmp_path: Path) -> None:
    made = kassist("keys", "create", "--tenant", "acme", "--identity", "olga", "--role", "admin",
                   "--database-url", db_url, cwd=tmp_path)  # fmt: skip
    assert made.returncode == 0, made.stderr
    token = made.stdout.strip()
    assert prefix_of_token(token) is not None and made.stdout.count("\n") == 1  # the key, alone, on stdout
    prefix = prefix_of_token(token)
    assert f"key {prefix} for olga (admin) in tenant acme: shown once" in made.stderr
    rows = raw(db_url, "SELECT prefix, tenant_id, identity, role, token_hash FROM kassist_api_keys")
    assert rows == [(prefix, "acme", "olga", "admin", hash_token(token))]
    assert token not in json.dumps([list(map(str, r)) for r in rows])  # never the key itself

    member = kassist(
        "keys", "create", "-t", "acme", "-i", "ben", "--database-url", db_url, "--json", cwd=tmp_path
    )
    assert member.returncode == 0, member.stderr
    ben = json.loads(member.stdout)
    assert ben["role"] == "member" and ben["key"].startswith(f"kassist_{ben['prefix']}_")

    listed = kassist("keys", "list", "--database-url", db_url, cwd=tmp_path)
    assert listed.returncode == 0 and prefix in listed.stdout and "olga" in listed.stdout
    assert token not in listed.stdout and ben["key"] not in listed.stdout
    as_json = json.loads(
        kassist("keys", "list", "-t", "acme", "--database-url", db_url, "--json", cwd=tmp_path).stdout
    )
    assert [(k["identity"], k["role"], k["active"], k["last_used_at"]) for k in as_json] == [
        ("olga", "admin", True, None), ("ben", "member", True, None),
    ]  # fmt: skip
    assert all("token_hash" not in k and "key" not in k for k in as_json)

    other = kassist(
        "keys", "revoke", ben["prefix"], "--tenant", "globex", "--database-url", db_url, cwd=tmp_path
    )
    assert other.returncode == 1 and f"no key with prefix {ben['prefix']} in tenant 'globex'" in other.stderr
    gone = kassist("keys", "revoke", f"kassist_{ben['prefix']}", "--database-url", db_url, cwd=tmp_path)
    assert gone.returncode == 0 and f"revoked key {ben['prefix']}" in gone.stdout
    again = kassist("keys", "revoke", ben["prefix"], "--database-url", db_url, cwd=tmp_path)
    assert again.returncode == 1 and "already revoked" in again.stderr
    states = json.loads(kassist("keys", "list", "--database-url", db_url, "--json", cwd=tmp_path).stdout)
    assert [k["active"] for k in states] == [True, False]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["create", "--tenant", "acme", "--identity", "x", "--role", "root"], "--role: 'root' is not a role"),
        (["create", "--tenant", "", "--identity", "x"], "--tenant"),
        (["create", "--tenant", "acme.eu", "--identity", "x"], "contains a dot"),
        (["create", "--tenant", "acme", "--identity", " "], "identity must be a non-empty name"),
        (["revoke", "not-a-prefix"], "'not-a-prefix' is not a key prefix"),
    ],
)
def test_keys_cli_bad_input_is_one_clear_line(tmp_path: Path, args: list[str], says: str) -> None:
    done = kassist("keys", *args, "--database-url", f"sqlite:///{tmp_path / 'k.db'}", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("error: ") and says in done.stderr and "Traceback" not in done.stderr


def test_keys_list_never_creates_a_database(tmp_path: Path) -> None:
    done = kassist("keys", "list", "--database-url", f"sqlite:///{tmp_path / 'missing.db'}", cwd=tmp_path)
    assert done.returncode == 1 and "does not exist" in done.stderr
    assert not (tmp_path / "missing.db").exists()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(db_url: str) -> KeyStore:
    found = open_key_store(db_url)
    yield found  # type: ignore[misc]
    found.close()


def test_the_resolver_finds_database_keys_and_refuses_revoked_ones_after_the_cache(store: KeyStore) -> None:
    clock = Clock()
    resolver = KeyResolver(KeyTable(keys={}), store, clock=clock)
    token, record = store.for_tenant("acme").create("olga", "admin")
    assert resolver.lookup(token) == Principal(identity="olga", tenant_id="acme", role="admin")
    assert store.get(record.prefix).last_used_at is not None  # type: ignore[union-attr]  # last use recorded
    # Right prefix, wrong secret; a token of another shape; nothing.
    forged = token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")
    assert (
        resolver.lookup(forged) is None
        and resolver.lookup("kassist_zz") is None
        and resolver.lookup(None) is None
    )

    assert store.for_tenant("acme").revoke(record.prefix)
    assert resolver.lookup(token) is not None  # the cached answer, for at most CACHE_SECONDS
    clock.now += CACHE_SECONDS + 0.01
    assert resolver.lookup(token) is None
    assert CACHE_SECONDS <= 1.0  # "refused within a second" on every server on the database


async def test_the_async_lookup_answers_like_the_sync_one(store: KeyStore) -> None:
    token, record = store.for_tenant("acme").create("ben")
    resolver = KeyResolver(KeyTable(keys={}), lambda: store)  # opened on first use, as in auth.py
    assert await resolver.alookup(token) == Principal(identity="ben", tenant_id="acme", role="member")
    store.revoke_any(record.prefix)
    resolver.forget()  # a revocation made through this process (the console) applies at once
    assert await resolver.alookup(token) is None


def test_the_environment_table_comes_first_and_may_name_admins(store: KeyStore) -> None:
    table = parse_key_table(
        json.dumps({"dev-key-0123456789abcdef": {"identity": "dev", "tenant_id": "acme", "role": "admin"}}),
        "$KASSIST_API_KEYS",
    )
    resolver = KeyResolver(table, store)
    assert resolver.lookup("dev-key-0123456789abcdef") == Principal(
        identity="dev", tenant_id="acme", role="admin"
    )
    assert resolver.has_keys()
    assert not KeyResolver(KeyTable(keys={}), store).has_keys()
    store.for_tenant("acme").create("ben")
    assert KeyResolver(KeyTable(keys={}), store).has_keys()
    with pytest.raises(ValueError, match="role"):
        parse_key_table(
            json.dumps({"dev-key-0123456789abcdef": {"identity": "d", "tenant_id": "a", "role": "root"}}), "X"
        )


def test_a_database_that_cannot_be_read_refuses_the_key() -> None:
    def broken() -> KeyStore:
        raise ConnectionError("database down")

    resolver = KeyResolver(KeyTable(keys={}), broken)
    assert resolver.lookup("kassist_0123456789_" + "a" * 43) is None


def test_prefixes_are_read_with_or_without_the_kassist_part() -> None:
    assert parse_prefix("kassist_0123456789") == parse_prefix(" 0123456789 ") == "0123456789"
    with pytest.raises(ValueError, match="10 hex characters"):
        parse_prefix("0123")


def test_what_only_an_admin_may_do() -> None:
    assert (
        is_tenant_level(("defaults",))
        and is_tenant_level(("users", "*"))
        and is_tenant_level(("assistant", "*", "x"))
    )
    assert (
        not is_tenant_level(("users", "asha"))
        and not is_tenant_level(("prefs", "asha"))
        and not is_tenant_level(())
    )
    assert approves({"decision": "approve", "by": "x"}) and approves("approve")
    assert (
        not approves({"decision": "reject"})
        and not approves(None)
        and not approves({"decision": ["approve"]})
    )

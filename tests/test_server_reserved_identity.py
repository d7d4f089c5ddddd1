"""No key authenticates as an identity the server gives a meaning of its own (session 24 probes,
/tmp/kassist-docs/s24/h1-probes.md; each test fails on 587b98d).

An acme admin made a key for the identity ``system`` in the console: every assistant that key made
was stamped ``created_by: system``, the mark of langgraph-api's built-in assistants, which every
tenant reads. A globex key listed it, read its name and config, and ran it. An identity ``*`` is
the memory store's tenant-defaults user (``("users", "*")``): what such a member remembered, every
member's turns would read. Both are refused wherever a key is made (``kassist keys create``, the
console, the environment's key table), and a key stored before the rule no longer authenticates."""

from __future__ import annotations

import json
import time

import pytest

from server.key_store import create, new_token, open_key_store
from server.keys import KeyResolver, KeyTable, parse_key_table

RESERVED = ["system", "*", " system "]


@pytest.mark.parametrize("identity", RESERVED)
def test_no_key_is_made_for_a_reserved_identity(sqlite_url: str, identity: str) -> None:
    store = open_key_store(sqlite_url)
    try:
        with pytest.raises(ValueError, match="is reserved"):
            store.for_tenant("acme").create(identity)
        assert store.for_tenant("acme").list() == []
        token, record = store.for_tenant("acme").create("alice")
        assert record.identity == "alice" and token
    finally:
        store.close()


@pytest.mark.parametrize("identity", RESERVED)
def test_the_environments_key_table_refuses_a_reserved_identity(identity: str) -> None:
    table = json.dumps({"k" * 20: {"identity": identity, "tenant_id": "acme"}})
    with pytest.raises(ValueError, match="reserved") as refused:
        parse_key_table(table, "$KASSIST_API_KEYS")
    assert "k" * 20 not in str(refused.value)  # the message never repeats a token


def test_a_stored_key_of_a_reserved_identity_no_longer_authenticates(sqlite_url: str) -> None:
    store = open_key_store(sqlite_url)
    try:
        token, prefix = new_token()
        # A key made before the rule: written as `kassist keys create` wrote it then.
        store._handle.run(
            create(store._q, "acme", "system", "member", token, prefix, time.time()), write=True
        )
        good, _ = store.for_tenant("acme").create("alice")
        resolver = KeyResolver(KeyTable(keys={}), store)
        assert resolver.lookup(token) is None
        found = resolver.lookup(good)
        assert found is not None and found.identity == "alice"
    finally:
        store.close()


@pytest.mark.parametrize(
    "identity", ["x" * 201, "al\u200bice", "bob\u202e"], ids=["long", "zero-width", "bidi"]
)
def test_no_key_is_made_for_an_identity_the_memory_cannot_hold(sqlite_url: str, identity: str) -> None:
    """The identity is the user id of the key's memories (at most 200 visible characters): a key of
    another identity authenticated, and every assistant turn it asked for failed (validate_user_id)."""
    store = open_key_store(sqlite_url)
    try:
        with pytest.raises(ValueError, match="identity"):
            store.for_tenant("acme").create(identity)
        with pytest.raises(ValueError, match="identity"):
            parse_key_table(
                json.dumps({"k" * 20: {"identity": identity, "tenant_id": "acme"}}), "$KASSIST_API_KEYS"
            )
        assert store.for_tenant("acme").create("x" * 200)[1].identity == "x" * 200
    finally:
        store.close()

"""Every resource and action langgraph-api can authorize has a rule in server/auth.py.

The pairs are read from the installed langgraph_sdk, not written down here: a resource or action a
new version adds shows up in this test, and until server/auth.py has a rule for it the global
handler refuses it (it is never let through unfiltered, which is langgraph-api's default)."""

from __future__ import annotations

import typing
from typing import Any

import pytest
from langgraph_sdk import Auth

from server import auth as server_auth

ACME_USER = {"identity": "alice", "tenant_id": "acme", "permissions": []}


class _User(dict[str, Any]):
    """The authenticated user as langgraph-api hands it to handlers: a mapping with .identity."""

    @property
    def identity(self) -> str:
        return str(self["identity"])


def namespace_pairs() -> set[tuple[str, str]]:
    """(resource, action) for every handler slot ``Auth().on`` offers (how langgraph-api itself
    derives the pairs it may dispatch)."""
    on = Auth().on
    pairs = set()
    for slot in type(on).__slots__:
        namespace = getattr(on, slot, None)
        if slot.startswith("_") or slot == "value" or namespace is None:
            continue
        for name in dir(namespace):
            action = getattr(getattr(namespace, name, None), "action", None)
            if not name.startswith("_") and isinstance(action, str):
                pairs.add((slot, action))
    return pairs


def context_pairs() -> set[tuple[str, str]]:
    """Every (resource, action) an ``AuthContext`` can carry: a superset, including combinations
    no route sends today (e.g. the "runs" resource)."""
    hints = typing.get_type_hints(Auth.types.AuthContext)
    resources, actions = typing.get_args(hints["resource"]), typing.get_args(hints["action"])
    return {(r, a) for r in resources for a in actions}


def dispatched(resource: str, action: str) -> Any:
    """The handler langgraph-api calls for (resource, action): the most specific registered one
    (langgraph_api.auth.custom._get_handler's order), else the global one."""
    handlers = server_auth.auth._handlers
    for key in ((resource, action), (resource, "*"), ("*", action), ("*", "*")):
        if key in handlers:
            return handlers[key][-1]
    return server_auth.auth._global_handlers[-1] if server_auth.auth._global_handlers else None


def test_the_sdk_still_offers_what_this_test_enumerates() -> None:
    pairs = namespace_pairs()
    # Not the list under test, only a sanity check that the introspection found something real.
    assert {"threads", "assistants", "crons", "store"} <= {r for r, _ in pairs}
    assert pairs <= context_pairs() | {("store", a) for _, a in pairs}


@pytest.mark.parametrize("pair", sorted(namespace_pairs()), ids="/".join)
def test_every_resource_and_action_has_its_own_rule(pair: tuple[str, str]) -> None:
    resource, action = pair
    handler = dispatched(resource, action)
    assert handler is not None and handler is not server_auth.refuse_unruled, (
        f"no rule for {action} on {resource} in server/auth.py: write one (it is refused until then)"
    )


def _value(resource: str) -> dict[str, Any]:
    if resource == "store":
        return {"namespace": ("prefs",), "key": "k"}
    return {"metadata": {}, "kwargs": {}, "payload": {}}


@pytest.mark.parametrize("pair", sorted(context_pairs() | namespace_pairs()), ids="/".join)
async def test_every_pair_is_scoped_to_the_callers_tenant_or_refused(pair: tuple[str, str]) -> None:
    resource, action = pair
    ctx = Auth.types.AuthContext(
        user=_User(ACME_USER),  # type: ignore[arg-type]
        permissions=[],
        resource=resource,  # type: ignore[arg-type]
        action=action,  # type: ignore[arg-type]
    )
    handler = dispatched(resource, action)
    assert handler is not None, f"{action} on {resource} would be let through unfiltered"
    value = _value(resource)
    try:
        result = await handler(ctx=ctx, value=value)
    except Auth.exceptions.HTTPException as refused:
        assert refused.status_code == 403 and handler is server_auth.refuse_unruled
        return
    if resource == "store":
        assert result is None and value["namespace"][0] == "acme"
        return
    assert isinstance(result, dict)
    if "$or" in result:  # assistants: the caller's, or the built-in ones
        assert result == {"$or": [{"tenant_id": "acme"}, {"created_by": "system"}]}
        assert action in ("read", "search")
    elif (
        resource in ("threads", "crons")
        or (resource, action)
        in (
            ("assistants", "update"),
            ("assistants", "delete"),
        )
    ):  # a member reaches only the threads and crons it made, changes only its assistants (admins: the tenant's)
        assert result == {"tenant_id": "acme", "owner": "alice"}
    else:
        assert result == {"tenant_id": "acme"}
    if action in ("create", "update", "create_run"):
        assert value["metadata"]["tenant_id"] == "acme"


async def test_the_global_rule_refuses_a_resource_nobody_wrote_a_rule_for() -> None:
    ctx = Auth.types.AuthContext(
        user=_User(ACME_USER),  # type: ignore[arg-type]
        permissions=[],
        resource="runs",
        action="read",
    )
    with pytest.raises(Auth.exceptions.HTTPException) as info:
        await dispatched("runs", "read")(ctx=ctx, value={})
    assert info.value.status_code == 403 and "read on runs is not allowed" in str(info.value.detail)

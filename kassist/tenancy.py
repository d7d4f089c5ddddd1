"""Tenant identity rules shared by every component.

A tenant comes from authentication or an explicit binding, never from a default: code that cannot
find one raises :class:`TenantRequired` instead of guessing. Inside a graph run, the process's
run-tenant hook (:class:`RunTenancy`, replaced by a server with :func:`install_run_tenancy`) says
which tenant the run acts for; nodes reach tenant data through :func:`run_scope`, and components
check every call with :func:`check_run_tenant`.
"""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from kassist.names import check_identifier

TENANT_KEY = "tenant_id"
OWNER_KEY = "owner"
"""A thread's owner (the identity that created it) in its metadata, its runs' ``config.metadata``
and so in every checkpoint's metadata: server/auth_rules.py sets it, server/thread_owner.py reads it."""
AUTH_USER_KEY = "langgraph_auth_user"
"""``configurable[AUTH_USER_KEY]``: the authenticated user langgraph-api hands every run."""


def run_config() -> Mapping[str, Any] | None:
    """The config of the LangGraph run this code executes in, if any: langchain-core's context
    variable, the one ``langgraph.config.get_config`` reads. Looked up, not imported: a run can only
    exist once that module was imported, and a command line that never runs a graph is spared its
    import (~0.35 s of langchain-core callbacks; langgraph.config itself would cost ~0.6 s)."""
    module = sys.modules.get("langchain_core.runnables.config")
    if module is None:
        return None
    config: Mapping[str, Any] | None = module.var_child_runnable_config.get()
    return config


class TenantRequired(PermissionError):
    """No tenant was given for a call that needs one."""


class TenantMismatch(PermissionError):
    """A call named a tenant other than the one its view is bound to."""


MAX_TENANT_ID_LENGTH = 128


def validate_tenant_id(tenant_id: object) -> str:
    """Return ``tenant_id`` if it is a usable tenant identifier, else raise ``ValueError`` saying why."""
    if not isinstance(tenant_id, str):
        raise TenantRequired(f"tenant_id must be a string, got {type(tenant_id).__name__}")
    if not tenant_id.strip():
        raise TenantRequired("tenant_id is empty; give the tenant's identifier")
    return check_identifier(tenant_id, "tenant_id", MAX_TENANT_ID_LENGTH)


def auth_user_field(user: Any, name: str) -> Any:
    """Field ``name`` of an authenticated user, or None: langgraph-api hands a mapping (the dict
    ``authenticate`` returned) or an object (its user proxy: items and attributes)."""
    if user is None:
        return None
    if isinstance(user, Mapping):
        return user.get(name)
    try:
        return user[name]
    except Exception:
        pass
    try:
        return getattr(user, name, None)
    except Exception:
        return None


def auth_user_tenant(user: Any) -> Any:
    """The ``tenant_id`` of an authenticated user (a mapping or an object), or None."""
    return auth_user_field(user, TENANT_KEY)


def configured_tenant(conf: Mapping[str, Any]) -> str | None:
    """The tenant a ``configurable`` mapping names, or None: the authenticated user's ``tenant_id``
    (what langgraph-api passes) or ``configurable.tenant_id``. Two that disagree are refused, never
    ranked: a client-supplied tenant_id must not override the authenticated one."""
    given = conf.get(TENANT_KEY)
    auth = auth_user_tenant(conf.get(AUTH_USER_KEY))
    if given is not None and auth is not None and given != auth:
        raise TenantMismatch(
            f"configurable.tenant_id {given!r} differs from the authenticated user's tenant {auth!r}"
        )
    tenant = given if given is not None else auth
    return validate_tenant_id(tenant) if tenant is not None else None


CHECKPOINTER_KEY = "__pregel_checkpointer"
"""Where LangGraph hands a run's nodes the checkpointer the graph was compiled with."""


def saver_tenant(conf: Mapping[str, Any]) -> str | None:
    """The tenant of the checkpointer a run executes with when it is a view bound to one
    (``graph.compile(checkpointer=saver.for_tenant(t))``: an explicit binding, as the memory store's
    bound views are), else None. Without it such a run's nodes raised TenantRequired unless the
    config named the tenant again (h26 s40 note); a config naming another tenant is the saver's to
    refuse (its own check, before any node)."""
    bound = getattr(conf.get(CHECKPOINTER_KEY), "tenant_id", None)
    return validate_tenant_id(bound) if isinstance(bound, str) else None


class RunTenancy:
    """How code finds the tenant it acts for: the one run-tenant hook of the process.

    The default reads the config of the LangGraph run the calling code executes in
    (:func:`configured_tenant`). A server that knows more installs a subclass with
    :func:`install_run_tenancy` and overrides :meth:`request_user` (the LangGraph server's wiring
    returns the user of the authenticated request or run, ``server/saver.py``). Components check
    every call against it (:func:`check_run_tenant`); graph nodes reach tenant data through
    :func:`run_scope` (:meth:`RunScope.bind`), never by binding a tenant by hand.

    It also remembers which tenant each run id acted for (:meth:`remember_run`), for work on a run
    that arrives with nothing but its id (the LangGraph server's clean-up of a rolled-back run).
    """

    RUNS_KEPT = 10_000

    def __init__(self) -> None:
        self._runs: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def request_user(self) -> Any:
        """The authenticated user of the request or run this code serves, when its run config does
        not carry one; None without a server that knows (this default)."""
        return None

    def tenant(self) -> str | None:
        """The tenant the calling code acts for, or None (plain code outside a run and a request).
        A run config and a request that disagree are refused (:class:`TenantMismatch`)."""
        config = run_config()
        conf = (config or {}).get("configurable") or {}
        tenant = configured_tenant(conf)
        if tenant is None:
            tenant = saver_tenant(conf)
        user_tenant = auth_user_tenant(self.request_user())
        if user_tenant is None:
            return tenant
        user_tenant = validate_tenant_id(user_tenant)
        if tenant is not None and tenant != user_tenant:
            raise TenantMismatch(
                f"this run names tenant {tenant!r} but its request was authenticated for {user_tenant!r}"
            )
        return user_tenant

    def remember_run(self, run_id: str, tenant: str) -> None:
        """Record that ``run_id`` acted for ``tenant`` (the most recent :attr:`RUNS_KEPT` runs)."""
        with self._lock:
            self._runs[run_id] = tenant
            self._runs.move_to_end(run_id)
            while len(self._runs) > self.RUNS_KEPT:
                self._runs.popitem(last=False)

    def tenant_of_run(self, run_id: str) -> str | None:
        """The tenant ``run_id`` acted for in this process, or None if it was not seen."""
        with self._lock:
            return self._runs.get(run_id)


_tenancy = RunTenancy()


def install_run_tenancy(tenancy: RunTenancy) -> RunTenancy:
    """Make ``tenancy`` the process's run-tenant hook; returns the one it replaces. Runs remembered
    by the replaced hook are carried over."""
    global _tenancy
    previous, _tenancy = _tenancy, tenancy
    if previous is not tenancy:
        with previous._lock:
            runs = list(previous._runs.items())
        for run_id, tenant in runs:
            tenancy.remember_run(run_id, tenant)
    return previous


def run_tenancy() -> RunTenancy:
    """The process's run-tenant hook."""
    return _tenancy


def run_tenant() -> str | None:
    """The tenant of the LangGraph run (or authenticated request) the calling code executes in, or
    None outside one: :meth:`RunTenancy.tenant` of the installed hook."""
    return _tenancy.tenant()


T_co = TypeVar("T_co", covariant=True)


class TenantBindable(Protocol[T_co]):
    """A component with a tenant binding (memory store, memory manager, knowledge index, saver)."""

    def for_tenant(self, tenant_id: str) -> T_co: ...


@dataclass(frozen=True)
class RunScope:
    """The tenant a graph run acts for; :meth:`bind` gives a component as that tenant sees it."""

    tenant: str

    def bind(self, component: TenantBindable[T_co]) -> T_co:
        return component.for_tenant(self.tenant)


def run_scope(what: str) -> RunScope:
    """The scope of the run the calling node executes in: the one way a graph reaches tenant data.
    Raises :class:`TenantRequired` (naming ``what``) when the run acts for no tenant."""
    tenant = run_tenant()
    if tenant is None:
        raise TenantRequired(
            f"{what} needs a tenant: run it as an authenticated user (LangGraph server, kassist serve) "
            "or pass configurable.tenant_id"
        )
    return RunScope(tenant)


def check_run_tenant(tenant: str, what: str) -> str:
    """``tenant``, unless the calling code runs inside a graph run that acts for another tenant.

    Components call this with the tenant an operation is about to touch (from a binding, an
    argument or a namespace label): inside a run, the run's tenant decides, so a node cannot reach
    another tenant by building an argument from its input. Raises :class:`TenantMismatch`.
    """
    acting = run_tenant()
    if acting is not None and acting != tenant:
        raise TenantMismatch(
            f"{what}: this graph run acts for tenant {acting!r} and cannot reach tenant {tenant!r}"
        )
    return tenant

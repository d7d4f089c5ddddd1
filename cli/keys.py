"""``kassist keys ...``: API keys an operator manages (create, list, revoke), stored hashed in the
database the servers read (``--database-url``, as the servers' ``KASSIST_DATABASE_URL``).

``create`` prints the new key once, on stdout (nothing else goes there without ``--json``); only its
prefix and SHA-256 are stored, so a lost key cannot be shown again: revoke it and create another.
"""

from __future__ import annotations

import json
from contextlib import AbstractContextManager, closing
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated

import typer

from cli import kit

if TYPE_CHECKING:
    from server.key_store import KeyStore

app = typer.Typer(help="API keys: create (shown once), list, revoke.", no_args_is_help=True)

RoleOption = Annotated[str, typer.Option("--role", help="admin or member (default).")]
OptionalTenant = Annotated[
    str | None, typer.Option("--tenant", "-t", help="Only this tenant's keys (default: every tenant's).")
]


def _store(url: str | None, *, must_exist: bool) -> AbstractContextManager[KeyStore]:
    from kassist.dburl import DatabaseUnavailable, UnsupportedDatabaseURL
    from server.key_store import open_key_store

    def opener(chosen: str) -> AbstractContextManager[KeyStore]:
        return closing(open_key_store(chosen))

    errors = (DatabaseUnavailable, UnsupportedDatabaseURL, ValueError)
    return kit.opened(opener, url, read_only=must_exist, errors=errors)


def _when(ts: float | None) -> str:
    return "-" if ts is None else datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d %H:%M")


@app.command("create")
@kit.common(full=False)
def create(
    tenant: kit.TenantOption,
    identity: Annotated[str, typer.Option("--identity", "-i", help="Who the key signs in as, e.g. alice.")],
    role: RoleOption = "member",
    opts: kit.Common = kit.COMMON,
) -> None:
    """Create a key for --identity in --tenant and print it once (store it now: it is not kept)."""
    tenant = kit.check_tenant(tenant)
    if role not in ("admin", "member"):
        kit.fail(f"--role: {role!r} is not a role; use admin or member", kit.ExitCode.USAGE)
    with _store(opts.database_url, must_exist=False) as store:
        try:
            token, record = store.for_tenant(tenant).create(
                identity, "admin" if role == "admin" else "member"
            )
        except ValueError as exc:
            kit.fail(str(exc), kit.ExitCode.USAGE)
    if opts.as_json:
        kit.out_console().print_json(json.dumps({"key": token, **record.public()}))
        return
    print(token)
    kit.err_console().print(
        f"key {record.prefix} for {record.identity} ({record.role}) in tenant {record.tenant_id}: "
        "shown once, store it now; revoke with `kassist keys revoke "
        f"{record.prefix}`",
        highlight=False,
        soft_wrap=True,
    )


@app.command("list")
@kit.common()
def list_keys(tenant: OptionalTenant = None, opts: kit.Common = kit.COMMON) -> None:
    """Keys with their prefix, owner, role, creation, last use and whether they are revoked."""
    if tenant is not None:
        tenant = kit.check_tenant(tenant)
    with _store(opts.database_url, must_exist=True) as store:
        records = store.list_all() if tenant is None else store.for_tenant(tenant).list()
    if opts.as_json:
        kit.out_console().print_json(json.dumps([r.public() for r in records]))
        return
    title = f"API keys of {tenant}" if tenant else "API keys"
    rows = [
        {"prefix": r.prefix, "tenant": r.tenant_id, "identity": r.identity, "role": r.role,
         "created (UTC)": _when(r.created_at), "last used": _when(r.last_used_at),
         "state": "active" if r.active else "revoked"}
        for r in records
    ]  # fmt: skip
    if opts.full:
        kit.print_records(kit.out_console(), title, rows)
        return
    columns = ("prefix", "tenant", "identity", "role", "created (UTC)", "last used", "state")
    # The dates may wrap at their space: the identity's header was folded beside them (n s36 N4).
    t = kit.table(title, columns, no_wrap=("prefix", "role", "state"))
    for r in rows:
        t.add_row(*kit.row(*r.values()))
    kit.print_table(kit.out_console(), t)


@app.command("revoke")
@kit.common(full=False)
def revoke(
    prefix: Annotated[str, typer.Argument(help="The key's prefix, as `kassist keys list` shows it.")],
    tenant: OptionalTenant = None,
    opts: kit.Common = kit.COMMON,
) -> None:
    """Revoke a key: every server on this database refuses it within a second."""
    from server.key_store import parse_prefix

    try:
        handle = parse_prefix(prefix)
    except ValueError as exc:
        kit.fail(str(exc), kit.ExitCode.USAGE)
    if tenant is not None:
        tenant = kit.check_tenant(tenant)
    with _store(opts.database_url, must_exist=True) as store:
        if not (store.revoke_any(handle) if tenant is None else store.for_tenant(tenant).revoke(handle)):
            record = store.get(handle)
            if record is not None and (tenant is None or record.tenant_id == tenant):
                kit.fail(f"key {handle} is already revoked")
            where = f" in tenant {tenant!r}" if tenant else ""
            kit.fail(f"no key with prefix {handle}{where}; `kassist keys list` shows the prefixes")
    if opts.as_json:
        kit.out_console().print_json(json.dumps({"prefix": handle, "revoked": True}))
        return
    kit.out_console().print(f"revoked key {handle}", highlight=False)

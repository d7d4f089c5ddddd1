"""What a client of a served run may ask of the server's files and network (pure rules, no I/O
beyond resolving a path).

Through the LangGraph server (an authenticated caller: ``configurable.langgraph_auth_user``) the
run's settings come from a client, while the files are read and the notification is sent by the
server. So a served run may only read folders (and an audit-rules file) under its tenant's folder
of the root its operator configured, ``KASSIST_INGEST_ROOT/<tenant>`` (no tenant can ingest
another's files; ``KASSIST_INGEST_ROOT_SHARED=<tenant id>`` makes the whole root that one tenant's,
for a single-tenant server), and may only notify hosts the operator listed in ``KASSIST_NOTIFY_HOSTS``
(comma-separated). Without them, a served run reads and notifies nothing.
Refusals name the setting, never its value: configuration stays on the server. Runs started from
the command line or from code act with their operator's own authority and are not restricted here.
"""

from __future__ import annotations

import ipaddress
import logging
import os
import time
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import quote, urlsplit

from pydantic import ValidationError

from graph.ingestion.notify_urls import NOT_HTTP, notify_url_refusal
from graph.ingestion.state import MAX_BYTES, Settings
from kassist.names import folded
from kassist.tenancy import validate_tenant_id

CLIENT_EMBEDDERS = ("auto", "local", "hashing", "openai")
"""The embedders a client of a served run may name (``kassist ingest --embedder``'s choices, the runs
API's). Anything else (a recorded model name such as ``hashing-300000``, whose dimension the client
would pick: memory and disk per vector the server pays) is the operator's to choose."""
MAX_GOAL_CHARS = 500  # the runs API's bound (server/runs/models.CreateRun.goal)
MAX_CONVERSATION_ID_CHARS = 512  # an id, as thread and checkpoint ids (server/configurable.refused_id)
INGEST_ROOT_ENV = "KASSIST_INGEST_ROOT"
NOTIFY_HOSTS_ENV = "KASSIST_NOTIFY_HOSTS"
SHARED_ROOT_ENV = "KASSIST_INGEST_ROOT_SHARED"
SERVED_FOLDER_KEY = "kassist_served_folder"
"""The configurable key a server's own runner sets (never a client's: server/configurable declares
what a client may send) to the folder a run it accepted may read: its tenant's folder of the
ingestion root, or its upload (graph/ingestion/folders.served_run_folder)."""
SERVED_RUN_KEY = "kassist_served_run"
"""The configurable key the command line sets (never a client's) when it carries a decision of a run
a server accepted without naming the run's folder (a decision reads no file: no KASSIST_INGEST_ROOT
in the operator's shell): its nodes still check what the run sends (:func:`check_notify`) - the
approval's notify step POSTed to a host the server no longer listed (review s34 r1 F6)."""
RECHUNK_KEY = "kassist_may_rechunk"
"""The configurable key a server's own runner sets (never a client's) when the run it accepted may
give its collection other chunk settings: its requester holds an admin key now
(knowledge/index/chunk_settings.py; graph/ingestion/work.may_rechunk)."""

logger = logging.getLogger(__name__)


class ServedRunRefused(ValueError):
    """A served run asked for a file or a host outside what the server's operator allows."""


def notify_hosts(env: Mapping[str, str]) -> frozenset[str]:
    """The hosts a served run may notify (``KASSIST_NOTIFY_HOSTS``, lower-cased): the one reading
    of the setting, for every door (an ingestion run's ``notify_url``, a LangGraph run's webhook)
    and for both servers' start, where an entry that is not a host is refused in one line naming
    the setting (ValueError). The rule compares a URL's host alone, so a URL, a port or a path there
    never matched and every run's notify_url was a 422; ``langgraph dev`` said so only per run."""
    hosts = set()
    for entry in filter(None, (h.strip() for h in env.get(NOTIFY_HOSTS_ENV, "").split(","))):
        try:
            ipaddress.IPv6Address(entry)  # an IPv6 address is a host with colons in it
        except ValueError:
            if any(c in entry for c in ":/?#@[] "):
                raise ValueError(
                    f"{NOTIFY_HOSTS_ENV}: {entry[:80]!r} is not a host name; write hosts alone (no scheme, "
                    "port or path), comma-separated, e.g. hooks.example.com"
                ) from None
        hosts.add(entry.lower())
    return frozenset(hosts)


def _inside(path: str, root: Path) -> bool:
    # resolve(): ".." and symbolic links cannot lead outside the root.
    try:
        return Path(path).expanduser().resolve().is_relative_to(root)
    except (ValueError, OSError, RuntimeError):  # a NUL, an unencodable name, a symlink loop
        return False


def _regular_file(path: str) -> bool:
    try:
        return Path(path).expanduser().is_file()  # stat only: a pipe is not opened
    except (ValueError, OSError):
        return False


_OLD_SHARED = ("1", "true", "yes")


def shared_tenant(env: Mapping[str, str]) -> str | None:
    """The one tenant whose served runs read the whole ingestion root
    (``KASSIST_INGEST_ROOT_SHARED=<tenant id>``: a single-tenant server), or None: each tenant reads
    its own folder of it. The setting names the tenant: its old ``1`` named none, so a tenant whose
    key was added later read every other's folder (h16 s36 H16-2; the lead's decision 2); that
    value, or one that is not a tenant id, raises ValueError naming the setting (both servers'
    start: server/runs/config.py, server/auth_start.py)."""
    text = env.get(SHARED_ROOT_ENV, "").strip()
    if not text or text.lower() in ("0", "false", "no"):
        return None
    if text.lower() in _OLD_SHARED:
        raise ValueError(
            f"{SHARED_ROOT_ENV}={text!r} names no tenant: set it to the one tenant whose runs may read the "
            f"whole ingestion root ({SHARED_ROOT_ENV}=<tenant id>: no other tenant's runs read it), "
            f"or unset it: every tenant reads its own folder {INGEST_ROOT_ENV}/<tenant>"
        )
    try:
        return validate_tenant_id(text)
    except (ValueError, PermissionError) as exc:
        raise ValueError(f"{SHARED_ROOT_ENV}: {exc}") from None


SHARED_ONLY = (
    f"this server's ingestion root is one tenant's ({SHARED_ROOT_ENV}): another tenant's runs read no "
    "folder of it; upload the files instead"
)
"""Why a run of another tenant than the shared one reads nothing of the root: its folder
``root/<tenant>`` lies inside the shared tenant's whole root, which read it (h16 s36 H16-13, of
H16-2's fix): a root shared with one tenant is that tenant's only."""


def check_not_shared(shared: str | None, tenant: str | None) -> None:
    """Refuse a served run of ``tenant`` on a server whose root is another tenant's (``shared``)."""
    if shared is not None and tenant is not None and tenant != shared:
        raise ServedRunRefused(SHARED_ONLY)


def shares_root(env: Mapping[str, str], tenant: str | None) -> bool:
    """Whether ``tenant``'s served runs read the whole ingestion root (:func:`shared_tenant`)."""
    return tenant is not None and tenant == shared_tenant(env)


def tenant_root(root: Path, tenant: str) -> Path:
    """``root/<tenant>``: the tenant id as one folder name (quoted if it holds a separator or any
    character a folder name should not; a tenant id never holds a dot, so never "." or "..")."""
    name = quote(tenant, safe="")
    if name in ("", ".", ".."):
        raise ServedRunRefused(f"tenant {tenant!r} cannot name a folder of the ingestion root")
    entries = _entries(root)
    wanted = folded(name)
    if name not in entries and any(folded(entry) == wanted for entry in entries):
        # The operator's folders keep the tenants' names, so a second spelling is refused, not
        # renamed: on macOS and Windows "Acme" is acme's folder (one tenant read another's files).
        # The other folder is not named: it may be another tenant's. A folder spelt exactly as the
        # tenant's name is the tenant's on every system: two spellings side by side exist only on
        # a case-sensitive one (Linux), where each is a folder of its own (kept from before
        # session 28, both tenants were refused; _entries logs the pair for the operator).
        raise ServedRunRefused(
            f"tenant {tenant!r} has no folder of its own in the ingestion root ({INGEST_ROOT_ENV}): a "
            f"folder there differs from {name!r} only in letter case or accents' encoding, one folder "
            "on macOS and Windows; ask this server's operator to give each tenant a folder of its own "
            "(tenant ids that differ in more than letter case)"
        )
    return root / name


_ENTRIES: dict[Path, tuple[int, frozenset[str]]] = {}
"""Names in an ingestion root, per root, with the root's modification time they were read at."""
_SETTLED_NS = 2_000_000_000
"""A listing is kept only once its folder's modification time is this old (2 s: a file system's
coarsest time stamp, as git's "racy" index entries): a change within the same tick would keep it."""
_LOGGED: set[tuple[Path, tuple[str, ...]]] = set()


def _entries(root: Path) -> frozenset[str]:
    """The names in ``root`` (none when it cannot be read), listed again only when the folder has
    changed since (an entry made, removed or renamed changes its modification time): every node of
    a served run and every row of the runs API's lists asks, and read once the root holds one
    folder per tenant. Two names that are one on macOS and Windows are logged once, both named
    (for the operator, never in an answer to a tenant)."""
    try:
        stamp = root.stat().st_mtime_ns
    except OSError:
        return frozenset()
    kept = _ENTRIES.get(root)
    if kept is not None and kept[0] == stamp:
        return kept[1]
    try:
        names = frozenset(os.listdir(root))
    except OSError:
        return frozenset()
    if time.time_ns() - stamp > _SETTLED_NS:
        _ENTRIES[root] = (stamp, names)
    by_fold: dict[str, list[str]] = {}
    for entry in names:
        by_fold.setdefault(folded(entry), []).append(entry)
    for clash in sorted(sorted(same) for same in by_fold.values() if len(same) > 1):
        if (root, tuple(clash)) not in _LOGGED:
            _LOGGED.add((root, tuple(clash)))
            logger.warning(
                "folders %s of the ingestion root %s (%s) differ only in letter case or accents' "
                "encoding: here each is the folder of the tenant spelt exactly as it is, but on macOS "
                "and Windows they are one folder; rename one, and its tenant's id with it",
                ", ".join(repr(one) for one in clash),
                root,
                INGEST_ROOT_ENV,
            )
    return names


def served_root(env: Mapping[str, str], tenant: str | None) -> Path | None:
    """The folder served runs of ``tenant`` may read: ``KASSIST_INGEST_ROOT/<tenant>`` (the whole
    root when shared or when no tenant is known), None when no root is configured."""
    root_text = env.get(INGEST_ROOT_ENV, "").strip()
    if not root_text:
        return None
    root = Path(root_text).expanduser().resolve()
    check_not_shared(shared_tenant(env), tenant)
    return root if tenant is None or shares_root(env, tenant) else tenant_root(root, tenant)


def tenants_file(path: str, env: Mapping[str, str]) -> bool:
    """Whether ``path`` lies under this server's ingestion root (``KASSIST_INGEST_ROOT``, every
    tenant's folder): a file a tenant can write, whoever names it. The one place a served run's
    audit-rules file can be (:func:`check_served`), so a rules file there may make its run's audit
    stricter but never set the review's bar below the server's (graph/ingestion/audit_step.py)."""
    root = served_root(env, None)
    if root is None:
        return False
    # As named, and as it resolves now: a tenant can make its file a link out of the root after
    # the run was let in, and the file it names is still the tenant's to write.
    try:
        named = Path(os.path.normpath(Path(path).expanduser().absolute()))
    except (ValueError, OSError):
        return True
    return named.is_relative_to(root) or _inside(path, root)


def check_client_settings(settings: Settings) -> None:
    """Refuse what only the server sets in a client's settings: ``uploaded``, the runs API's upload
    route's mark for the folder it wrote (h11 s33 #7), and ``max_bytes``, its bound per file (the
    runs API takes no such option either). langgraph dev's door (:func:`input_refusal`) and the
    graph's begin node, for settings a client sent, both ask."""
    if settings.uploaded:
        raise ServedRunRefused(
            "settings.uploaded is set by the server for the files uploaded to it; leave it out "
            "(send files with POST /v1/runs/uploads)"
        )
    if settings.max_bytes != MAX_BYTES:
        # The runs API takes no such option: a client's bound let it leave unread (too_large, never
        # audited) the one file whose finding held the folder's run for review, and its run then
        # let in what the review held or an admin had rejected (h12 s34 #3, #5).
        raise ServedRunRefused(
            f"settings.max_bytes is the server's ({MAX_BYTES} bytes per file); leave it out"
        )


def check_served(settings: Settings, env: Mapping[str, str], tenant: str | None = None) -> None:
    """Refuse ``settings`` a client of ``tenant`` may not ask of this server."""
    # Without a tenant the whole root is checked (a run of no tenant reads nothing of a tenant's:
    # the runs API and the ingestion graph's nodes always pass the run's tenant).
    root = served_root(env, tenant)
    if root is None:
        raise ServedRunRefused(
            "this server ingests no server-side folders: its operator enables that by setting "
            f"{INGEST_ROOT_ENV} to the folder that served runs may read"
        )
    where = (
        f"the server's ingestion root ({INGEST_ROOT_ENV})"
        if tenant is None or shares_root(env, tenant)
        else f"your tenant's folder of the server's ingestion root ({INGEST_ROOT_ENV}/<tenant>)"
    )
    ask = "ask this server's operator where that folder is"
    if settings.embedder not in CLIENT_EMBEDDERS:
        raise ServedRunRefused(
            f"settings.embedder must be one of {', '.join(CLIENT_EMBEDDERS)}, got {_shown(settings.embedder)}"
        )
    if settings.embedder == "openai":  # the one choice a server may lack (review s39 R4-20, R4-23)
        from knowledge.embedders import EmbedderUnavailable, select_embedder

        try:
            select_embedder("openai", env=env, named_by="settings.embedder")
        except EmbedderUnavailable as exc:
            raise ServedRunRefused(f"{exc} of this server") from None
    for name in ("source", "audit_rules", "notify_url"):
        if "\x00" in (getattr(settings, name) or ""):
            raise ServedRunRefused(f"settings.{name} contains a NUL character")
    if settings.notify_url:
        _notify_host(settings.notify_url)  # a URL that cannot be split is refused first
    for name, what in (("source", "a folder"), ("audit_rules", "a file")):
        given = getattr(settings, name)
        if given and not Path(given).is_absolute():
            # Resolved against whichever process carries the run on: let in where langgraph dev's
            # directory made it fit, read elsewhere by another executor (h26 s40 H26-4).
            raise ServedRunRefused(
                f"settings.{name} must be {what} under {where}, named by its absolute path (got {_shown(given)}): "
                f"a relative one would be read from the directory of whichever server process carries the run; {ask}"
            )
    if not settings.source or not _inside(settings.source, root):
        raise ServedRunRefused(f"settings.source must be a folder under {where}; {ask}")
    if settings.audit_rules and not _inside(settings.audit_rules, root):
        raise ServedRunRefused(f"settings.audit_rules must be a file under {where}; {ask}")
    if settings.audit_rules and not _regular_file(settings.audit_rules):
        # A named pipe there blocked the run's reader forever, and every run queued behind it.
        raise ServedRunRefused(f"settings.audit_rules must be an existing regular file under {where}")
    check_notify(settings, env)


def check_notify(settings: Settings, env: Mapping[str, str]) -> None:
    """Refuse a served run's ``notify_url`` unless its host is one this server notifies
    (``KASSIST_NOTIFY_HOSTS``): :func:`check_served`'s rule for what a run sends, and the one rule
    left to check where no folder is named (a decision the command line carries: SERVED_RUN_KEY)."""
    if not settings.notify_url:
        return
    if "\x00" in settings.notify_url:
        raise ServedRunRefused("settings.notify_url contains a NUL character")
    unlisted = unlisted_host(_notify_host(settings.notify_url), env)
    if unlisted is not None:
        raise ServedRunRefused(f"settings.notify_url: {unlisted}")


def unlisted_host(host: str, env: Mapping[str, str]) -> str | None:
    """Why a URL's ``host`` (lower-cased, as urlsplit gives it) may not be called back, or None: the
    one comparison with ``KASSIST_NOTIFY_HOSTS`` for an ingestion run's notify_url and a LangGraph
    run's webhook (server/run_checks.check_schedule)."""
    if host in notify_hosts(env):
        return None
    return f"host {host[:100]!r} is not one this server notifies ({NOTIFY_HOSTS_ENV})"


def _notify_host(url: str) -> str:
    """The host of a notify URL, lower-cased; a URL Python cannot split (``http://[::1/``, a port
    past 65535) is refused naming the setting (it was a 400 "Invalid IPv6 URL", naming nothing)."""
    refused = notify_url_refusal(url)
    if refused == NOT_HTTP:
        # file://, ftp://, a scheme-less //host: httpx cannot POST there (a transient failure,
        # retried at every resume, for a URL that can never work).
        raise ServedRunRefused(f"settings.notify_url: {NOT_HTTP}, got {_shown(url)}")
    if refused is not None:
        raise ServedRunRefused(f"settings.notify_url: {refused}")
    return (urlsplit(url).hostname or "").lower()


def input_refusal(run_input: object, env: Mapping[str, str], tenant: str) -> str | None:
    """Why a served run's input may not start a run for ``tenant`` (the LangGraph server answers
    422 with it before the run exists), or None: settings the graph would refuse, or ask of the
    server what :func:`check_served` does not allow. ``{}`` or no settings: a run going on."""
    text = _text_refusal(run_input)
    if text is not None:
        return text
    given = run_input.get("settings") if isinstance(run_input, Mapping) else None
    if given is None:
        return None
    try:
        settings = Settings.model_validate(given)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in ("settings", *first["loc"]))
        return f"{where}: {first['msg']}"
    if settings == Settings():
        return None
    try:
        check_client_settings(settings)
        check_served(settings, env, tenant)
    except ServedRunRefused as exc:
        return str(exc)
    if settings.audit_rules:
        return _rules_refusal(settings.audit_rules, served_root(env, tenant))
    return None


def _rules_refusal(path: str, root: Path | None) -> str | None:
    """Why a served run's rules file cannot audit it (not TOML, not rules), or None: said at the door
    as the runs API says it (a run let in failed at its ingest step: h12 s34 #13b); the server's
    folder is not named."""
    from graph.ingestion.audit_step import check_rules
    from knowledge.audit import AuditConfigError

    try:
        check_rules(path, within=root)  # the file it opens, as the run will read it
    except AuditConfigError as exc:
        told = str(exc) if root is None else str(exc).replace(str(root), "<your folder>")
        return f"settings.audit_rules: {told}"
    return None


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:60]}... ({len(text)} characters)"


def _text_refusal(run_input: object) -> str | None:
    """Why a served run's ``goal`` or ``conversation_id`` cannot be kept with it (422), or None:
    not a string, a NUL (PostgreSQL cannot store it), or longer than the runs API allows. The goal
    goes into the run's memory at its end, whose size is bounded: an unbounded goal let a run do
    all its work and fail at its last step, and every resume with it."""
    if not isinstance(run_input, Mapping):
        return None
    for name, limit in (("goal", MAX_GOAL_CHARS), ("conversation_id", MAX_CONVERSATION_ID_CHARS)):
        value = run_input.get(name)
        if value is None:
            continue
        if not isinstance(value, str):
            return f"{name} must be a string, got {_shown(value)}"
        if "\x00" in value:
            return f"{name} contains a NUL character"
        if len(value) > limit:
            return f"{name} is {len(value)} characters; at most {limit}"
    return None

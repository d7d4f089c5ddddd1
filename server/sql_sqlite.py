"""SQLite statements of the server's own tables: API keys (``kassist keys``), browser sessions, and
what runs were accepted with (server/accepted_runs.py), run on the checkpointer's database
(kassist.db) next to the checkpoint and ingestion tables.

:data:`SQL` holds them as typed fields (:class:`KeysSql`), which :mod:`server.key_store` names directly. A key is stored as its prefix (the public handle an operator lists and revokes
by), the SHA-256 of the whole token, and its owner; never the token itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from kassist.db.statements import Text  # one statement, or several run in order

KEYS = "kassist_api_keys"
SESSIONS = "kassist_browser_sessions"
ACCEPTED = "kassist_accepted_runs"
WRITERS = "kassist_store_writers"
STORE_ITEMS = "kassist_store_items"  # memory/store's table (memory.store.statements.ITEMS)
COLUMNS = "prefix, tenant_id, identity, role, token_hash, created_at, revoked_at, last_used_at"

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        # prefix is unique across tenants: a request names no tenant, the key says which one it is.
        f"""CREATE TABLE IF NOT EXISTS {KEYS} (
            prefix TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, identity TEXT NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('admin', 'member')), token_hash TEXT NOT NULL,
            created_at REAL NOT NULL, revoked_at REAL, last_used_at REAL)""",
        f"CREATE INDEX IF NOT EXISTS kassist_api_keys_tenant ON {KEYS} (tenant_id, created_at)",
    ),
    # Browser sign-in sessions (server/browser_login.py): the cookie holds a random session id, the
    # table its SHA-256, the key it was opened with (prefix for a managed key, else NULL) and that
    # key's hash, so a session is worth nothing once its key is revoked or the key table changes.
    (
        f"""CREATE TABLE IF NOT EXISTS {SESSIONS} (
            session_hash TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, key_prefix TEXT,
            key_hash TEXT NOT NULL, csrf TEXT NOT NULL, created_at REAL NOT NULL,
            expires_at REAL NOT NULL, revoked_at REAL)""",
        f"CREATE INDEX IF NOT EXISTS kassist_browser_sessions_key ON {SESSIONS} (key_prefix)",
        f"CREATE INDEX IF NOT EXISTS kassist_browser_sessions_expiry ON {SESSIONS} (expires_at)",
    ),
    # What a run on a named thread was accepted with (server/accepted_runs.py): langgraph dev keeps
    # its runs and threads in memory, so a kill before the run's first checkpoint lost its settings.
    # One row per thread; input and configurable are JSON text.
    (
        f"""CREATE TABLE IF NOT EXISTS {ACCEPTED} (
            tenant_id TEXT NOT NULL, thread_id TEXT NOT NULL, owner TEXT NOT NULL, graph TEXT NOT NULL,
            input TEXT NOT NULL, configurable TEXT NOT NULL, accepted_at REAL NOT NULL,
            PRIMARY KEY (tenant_id, thread_id))""",
    ),
    # The accepted run's id (langgraph-api names it before the handler): a cancel or delete of that
    # run before it began drops the row, and of another run of the thread does not. The time index
    # serves retention (``kassist checkpoints prune`` drops rows older than its cutoff).
    (
        f"ALTER TABLE {ACCEPTED} ADD COLUMN run_id TEXT",
        f"CREATE INDEX IF NOT EXISTS kassist_accepted_runs_at ON {ACCEPTED} (accepted_at)",
    ),
    # Who wrote each store item a client put through the store API, and its size as sent
    # (server/store_limits.py): the store's own rows name no writer, and the quotas count per user.
    (
        f"""CREATE TABLE IF NOT EXISTS {WRITERS} (
            tenant_id TEXT NOT NULL, ns_path TEXT NOT NULL, key TEXT NOT NULL, identity TEXT NOT NULL,
            bytes BIGINT NOT NULL, written_at REAL NOT NULL, PRIMARY KEY (tenant_id, ns_path, key))""",
        f"CREATE INDEX IF NOT EXISTS kassist_store_writers_user ON {WRITERS} (tenant_id, identity)",
    ),
    # A thread id's rows in every tenant (AcceptedSql.claims): langgraph dev's thread registry is one
    # namespace for all tenants, so a first run's claim is compared across them (h16 s36 H16-9).
    (f"CREATE INDEX IF NOT EXISTS kassist_accepted_runs_thread ON {ACCEPTED} (thread_id)",),
)
SESSION_COLUMNS = "session_hash, tenant_id, key_prefix, key_hash, csrf, created_at, expires_at, revoked_at"


@dataclass(frozen=True)
class KeysSql:
    """Every statement of the API key table in one dialect."""

    migrations: tuple[tuple[str, ...], ...]
    insert: Text
    get: Text
    list: Text
    list_all: Text
    revoke: Text
    revoke_any: Text
    touch: Text
    count_active: Text
    session_insert: Text
    session_get: Text
    session_revoke: Text


SQL = KeysSql(
    migrations=MIGRATIONS,
    insert=(
        f"INSERT INTO {KEYS} (prefix, tenant_id, identity, role, token_hash, created_at) "
        "VALUES (:prefix, :tenant_id, :identity, :role, :hash, :now)"
    ),
    get=f"SELECT {COLUMNS} FROM {KEYS} WHERE prefix = :prefix",
    list=f"SELECT {COLUMNS} FROM {KEYS} WHERE tenant_id = :tenant_id ORDER BY created_at, prefix",
    list_all=f"SELECT {COLUMNS} FROM {KEYS} ORDER BY tenant_id, created_at, prefix",
    # Revoking a key ends its browser sessions in the same transaction (the answer is the key's row).
    revoke=(
        f"UPDATE {SESSIONS} SET revoked_at = :now WHERE key_prefix = :prefix AND tenant_id = :tenant_id "
        "AND revoked_at IS NULL",
        f"UPDATE {KEYS} SET revoked_at = :now WHERE prefix = :prefix AND tenant_id = :tenant_id "
        "AND revoked_at IS NULL RETURNING prefix",
    ),
    revoke_any=(
        f"UPDATE {SESSIONS} SET revoked_at = :now WHERE key_prefix = :prefix AND revoked_at IS NULL",
        f"UPDATE {KEYS} SET revoked_at = :now WHERE prefix = :prefix AND revoked_at IS NULL RETURNING prefix",
    ),
    touch=f"UPDATE {KEYS} SET last_used_at = :now WHERE prefix = :prefix",
    count_active=f"SELECT count(*) AS n FROM {KEYS} WHERE revoked_at IS NULL",
    # Expired sessions are swept whenever one is opened: the table holds only live ones (and the
    # revoked ones until they expire).
    session_insert=(
        f"DELETE FROM {SESSIONS} WHERE expires_at < :now",
        f"INSERT INTO {SESSIONS} ({SESSION_COLUMNS}) "
        "VALUES (:hash, :tenant_id, :prefix, :key_hash, :csrf, :now, :expires, NULL)",
    ),
    session_get=f"SELECT {SESSION_COLUMNS} FROM {SESSIONS} WHERE session_hash = :hash",
    session_revoke=(
        f"UPDATE {SESSIONS} SET revoked_at = :now WHERE session_hash = :hash AND revoked_at IS NULL"
    ),
)


@dataclass(frozen=True)
class AcceptedSql:
    """The statements of the accepted-runs table (its migration is in :data:`MIGRATIONS`)."""

    put: Text
    made: Text
    get: Text
    forget: Text
    forget_older: Text
    runless_older: Text
    claims: Text
    claim: Text


_ACCEPTED_COLUMNS = "tenant_id, thread_id, owner, graph, input, configurable, accepted_at, run_id"
ACCEPTED_SQL = AcceptedSql(
    put=(
        f"INSERT INTO {ACCEPTED} ({_ACCEPTED_COLUMNS}) "
        "VALUES (:tenant_id, :thread_id, :owner, :graph, :input, :configurable, :now, :run_id) "
        # A row accepted since :since (this server process started) is kept: its run may still be
        # queued (langgraph dev queues it once the handler returns, so a second run on the same new
        # thread handled in between finds none waiting), and that first run is the one a resume
        # continues. An older row's run went with an earlier process: the run accepted now replaces it.
        # A thread's made row (graph '': POST /threads, no run yet) is replaced by its first run, its
        # maker's or an admin's (:admin), and keeps its owner (an admin's run on a member's new thread
        # leaves it the member's); another member's run never writes its input under the maker's name
        # (a made row recorded between its claim check and this write: h16 s36 H16-12).
        "ON CONFLICT (tenant_id, thread_id) DO UPDATE SET "
        f"owner = CASE WHEN {ACCEPTED}.graph = '' THEN {ACCEPTED}.owner ELSE excluded.owner END, "
        "graph = excluded.graph, input = excluded.input, configurable = excluded.configurable, "
        "accepted_at = excluded.accepted_at, run_id = excluded.run_id "
        f"WHERE {ACCEPTED}.accepted_at < :since "
        f"OR ({ACCEPTED}.graph = '' AND ({ACCEPTED}.owner = excluded.owner OR :admin))"
    ),
    # A thread made with no run (graph ''): its owner, unless the thread has a row already.
    made=(
        f"INSERT INTO {ACCEPTED} ({_ACCEPTED_COLUMNS}) "
        "VALUES (:tenant_id, :thread_id, :owner, '', 'null', '{}', :now, NULL) "
        "ON CONFLICT (tenant_id, thread_id) DO NOTHING"
    ),
    get=(
        f"SELECT owner, graph, input, configurable, run_id FROM {ACCEPTED} "
        "WHERE tenant_id = :tenant_id AND thread_id = :thread_id"
    ),
    # owner NULL: any owner's (an admin's delete); run_id NULL: whichever run's (the thread's delete)
    forget=(
        f"DELETE FROM {ACCEPTED} WHERE tenant_id = :tenant_id AND thread_id = :thread_id "
        "AND (owner = :owner OR :owner IS NULL) AND (run_id = :run_id OR :run_id IS NULL)"
    ),
    # tenant_id NULL: every tenant's. A made row (graph '') is its empty thread's only owner record
    # outside langgraph dev's memory: it goes with the thread (its delete, or its checkpoints' prune),
    # and, as every row, once older than retention's cutoff - a thread that held nothing for longer than
    # retention keeps anything; a deleted thread's row no handler saw go (langgraph-api's TTL sweep, a
    # lost registry) was kept for good (session 35's residual; the lead's decision 5, session 36).
    forget_older=(
        f"DELETE FROM {ACCEPTED} WHERE accepted_at < :cutoff "
        "AND (tenant_id = :tenant_id OR :tenant_id IS NULL)"
    ),
    # The old accepted runs' rows of threads with no checkpoint (their run never began: after_seconds,
    # or lost with langgraph dev's queue): the only record of whose the thread is (retention keeps it).
    runless_older=(
        f"SELECT tenant_id, thread_id, owner FROM {ACCEPTED} a WHERE accepted_at < :cutoff AND graph <> '' "
        "AND (tenant_id = :tenant_id OR :tenant_id IS NULL) AND NOT EXISTS (SELECT 1 FROM kassist_cp_checkpoints h "
        "WHERE h.tenant_id = a.tenant_id AND h.thread_id = a.thread_id)"
    ),
    # Who holds a thread id, in every tenant: the first runs' claims compared (server/accepted_runs).
    claims=f"SELECT tenant_id, owner FROM {ACCEPTED} WHERE thread_id = :thread_id",
    # A runs API run's claim of its thread id (kassist serve, AcceptedRuns.claim): a row already there
    # is another's claim and stays - never replaced, a made row of the same owner included (a
    # conversation of the run's requester on that thread id is still another use of it: h16 s36 H16-14).
    claim=(
        f"INSERT INTO {ACCEPTED} ({_ACCEPTED_COLUMNS}) "
        "VALUES (:tenant_id, :thread_id, :owner, :graph, 'null', :configurable, :now, :run_id) "
        "ON CONFLICT (tenant_id, thread_id) DO NOTHING"
    ),
)


@dataclass(frozen=True)
class WritersSql:
    """The statements of the store writers table (server/store_limits.py; migration in :data:`MIGRATIONS`)."""

    lock: Text
    usage: Text
    sweep: Text
    record: Text
    forget: Text


WRITERS_SQL = WritersSql(
    # The tenant's count and record are one writer's at a time across processes: SQLite's write
    # transaction (BEGIN IMMEDIATE) is that already; PostgreSQL takes a lock per tenant
    # (server/sql_postgres.py), since its READ COMMITTED let two processes both take the last place.
    lock="SELECT 1",
    # What the tenant and the writer keep besides the item being written (an update replaces its
    # own size): the rows as recorded, one pass over the tenant's.
    usage=(
        "SELECT count(*), coalesce(sum(bytes), 0), "
        "coalesce(sum(CASE WHEN identity = :identity THEN 1 ELSE 0 END), 0), "
        f"coalesce(sum(CASE WHEN identity = :identity THEN bytes ELSE 0 END), 0) FROM {WRITERS} "
        "WHERE tenant_id = :tenant_id AND NOT (ns_path = :ns_path AND key = :key)"
    ),
    # Rows whose item is gone (deleted by a run, a thread's delete, expired), past the first :held
    # seconds in which a row is the place of an item langgraph-api has not put yet: swept when a
    # count reaches a limit, then counted again.
    sweep=(
        f"DELETE FROM {WRITERS} WHERE tenant_id = :tenant_id AND written_at <= :held "
        f"AND NOT EXISTS (SELECT 1 FROM {STORE_ITEMS} i WHERE i.tenant_id = {WRITERS}.tenant_id "
        f"AND i.ns_path = {WRITERS}.ns_path AND i.key = {WRITERS}.key)"
    ),
    record=(
        f"INSERT INTO {WRITERS} (tenant_id, ns_path, key, identity, bytes, written_at) "
        "VALUES (:tenant_id, :ns_path, :key, :identity, :bytes, :now) "
        "ON CONFLICT (tenant_id, ns_path, key) DO UPDATE SET identity = excluded.identity, "
        "bytes = excluded.bytes, written_at = excluded.written_at"
    ),
    forget=f"DELETE FROM {WRITERS} WHERE tenant_id = :tenant_id AND ns_path = :ns_path AND key = :key",
)

"""SQLite statements of the API key table (``kassist keys``), run through the checkpointer's executor.

Registered under names starting with ``keys_`` (see :mod:`server.key_store`), next to the checkpoint
and ingestion tables. A key is stored as its prefix (the public handle an operator lists and revokes
by), the SHA-256 of the whole token, and its owner; never the token itself.
"""

from __future__ import annotations

KEYS = "kassist_api_keys"
COLUMNS = "prefix, tenant_id, identity, role, token_hash, created_at, revoked_at, last_used_at"

MIGRATIONS: list[tuple[str, ...]] = [
    (
        # prefix is unique across tenants: a request names no tenant, the key says which one it is.
        f"""CREATE TABLE IF NOT EXISTS {KEYS} (
            prefix TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, identity TEXT NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('admin', 'member')), token_hash TEXT NOT NULL,
            created_at REAL NOT NULL, revoked_at REAL, last_used_at REAL)""",
        f"CREATE INDEX IF NOT EXISTS kassist_api_keys_tenant ON {KEYS} (tenant_id, created_at)",
    ),
]

STATEMENTS: dict[str, str | tuple[str, ...]] = {
    "keys_version_table": (
        "CREATE TABLE IF NOT EXISTS kassist_keys_schema_version "
        "(version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
    ),
    "keys_migration_lock": (),  # BEGIN IMMEDIATE already serialises writers
    "keys_applied_versions": "SELECT version FROM kassist_keys_schema_version ORDER BY version",
    "keys_record_version": (
        "INSERT INTO kassist_keys_schema_version (version, applied_at) VALUES (:v, datetime('now'))"
    ),
    **{f"keys_migration:{i}": sqls for i, sqls in enumerate(MIGRATIONS, start=1)},
    "keys_insert": (
        f"INSERT INTO {KEYS} (prefix, tenant_id, identity, role, token_hash, created_at) "
        "VALUES (:prefix, :tenant, :identity, :role, :hash, :now)"
    ),
    "keys_get": f"SELECT {COLUMNS} FROM {KEYS} WHERE prefix = :prefix",
    "keys_list": f"SELECT {COLUMNS} FROM {KEYS} WHERE tenant_id = :tenant ORDER BY created_at, prefix",
    "keys_list_all": f"SELECT {COLUMNS} FROM {KEYS} ORDER BY tenant_id, created_at, prefix",
    "keys_revoke": (
        f"UPDATE {KEYS} SET revoked_at = :now WHERE prefix = :prefix AND tenant_id = :tenant "
        "AND revoked_at IS NULL RETURNING prefix"
    ),
    "keys_revoke_any": (
        f"UPDATE {KEYS} SET revoked_at = :now WHERE prefix = :prefix AND revoked_at IS NULL RETURNING prefix"
    ),
    "keys_touch": f"UPDATE {KEYS} SET last_used_at = :now WHERE prefix = :prefix",
    "keys_count_active": f"SELECT count(*) AS n FROM {KEYS} WHERE revoked_at IS NULL",
}

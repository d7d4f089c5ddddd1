"""DDL shared by both backends' migrations of the memory manager (each backend's MIGRATIONS lists it)."""

from __future__ import annotations

from memory.manager.statements import AUDIT, MEMORIES, SALTS

# Migration 1's indexes, the same DDL on both backends (each backend's MIGRATIONS lists them).
MEMORY_INDEXES = (
    f"CREATE UNIQUE INDEX kassist_mem_one_active ON {MEMORIES} (tenant_id, user_id, memory_type, key) "
    "WHERE status = 'active'",
    f"CREATE INDEX kassist_mem_slot ON {MEMORIES} (tenant_id, user_id, memory_type, key, created_at)",
    f"CREATE INDEX kassist_mem_user_key ON {MEMORIES} (tenant_id, user_id, key)",
    f"CREATE INDEX kassist_mem_recent ON {MEMORIES} (tenant_id, user_id, created_at)",
    f"CREATE INDEX kassist_mem_review ON {MEMORIES} (tenant_id, created_at) WHERE status = 'quarantined'",
    f"CREATE INDEX kassist_mem_expiry ON {MEMORIES} (expires_at) WHERE expires_at IS NOT NULL",
)
AUDIT_INDEX = f"CREATE INDEX kassist_mem_audit_user ON {AUDIT} (tenant_id, user_id, seq)"


def salts_table(text: str, blob: str) -> str:
    """Migration 1's table of per-user salts, in a dialect's text and blob types."""
    return f"""CREATE TABLE {SALTS} (
            tenant_id {text} NOT NULL, user_id {text} NOT NULL, salt {blob} NOT NULL,
            PRIMARY KEY (tenant_id, user_id))"""


def add_content(text: str) -> str:
    """Migration 2's first statement: the column keyword search reads (filled by the next ones)."""
    return f"ALTER TABLE {MEMORIES} ADD COLUMN content {text}"

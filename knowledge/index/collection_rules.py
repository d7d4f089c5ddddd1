"""The audit rules a collection keeps, as it keeps its chunk settings (knowledge/index/chunk_settings.py;
the lead's decision 10 of session 36 on h16 H16-11).

A run's ``audit_rules`` (a TOML file) set its own run's review bar only: an admin ingested a folder
into a collection with rules that hold a document missing a ``version`` field for review, and a
member's run of the same folder with no rules was judged by the defaults - the new document went
into search unreviewed. A collection now records the rules it was audited with: their text (the
file may change or go; what was decided is what was read) and the file's name (for the messages).
A later run into it that names no rules is audited with the recorded ones (in addition to the
server's, as a tenant's rules always are: graph/ingestion/audit_step.rules_at); an admin's run (or
the command line's operator) that names other rules records those; a member's run that names other
rules is refused at its door (the runs API's 422) and again when it starts
(graph/ingestion/nodes.discover). Index migration 9 of both backends; NULL: none recorded.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from knowledge.index.dialect import Dialect, Op, Stmt
from knowledge.index.errors import KnowledgeIndexError

MIGRATION = (
    "ALTER TABLE kassist_kb_collections ADD COLUMN audit_rules TEXT",
    "ALTER TABLE kassist_kb_collections ADD COLUMN audit_rules_name TEXT",
)
"""Migration 9 of both backends: NULL (none recorded) for the collections already made."""

SELECT = """SELECT audit_rules, audit_rules_name FROM kassist_kb_collections
        WHERE tenant_id = :tenant AND collection = :collection"""
RECORD = """UPDATE kassist_kb_collections SET audit_rules = :rules, audit_rules_name = :name
        WHERE tenant_id = :tenant AND collection = :collection AND audit_rules IS NULL"""
REPLACE = """UPDATE kassist_kb_collections SET audit_rules = :rules, audit_rules_name = :name
        WHERE tenant_id = :tenant AND collection = :collection"""


@dataclass(frozen=True)
class Recorded:
    """The rules a collection was audited with: the file's text and its name (no folder)."""

    text: str
    name: str

    @property
    def digest(self) -> str:
        """A short fingerprint of the text, to tell two files of one name apart in a message."""
        return hashlib.sha256(self.text.encode()).hexdigest()[:12]


class RulesDiffer(KnowledgeIndexError, ValueError):
    """A member's run names other audit rules than its collection keeps."""

    def __init__(self, collection: str, kept: Recorded) -> None:
        self.collection = collection
        self.kept = kept
        super().__init__(
            f"collection {collection!r} is audited with the rules it recorded from {kept.name!r} "
            f"(sha256 {kept.digest}); leave options.audit_rules out (those rules apply) or name a file "
            "with the same rules (an admin may audit the collection with other rules)"
        )


def kept(d: Dialect, tenant: str, collection: str) -> Op[Recorded | None]:
    """The rules ``collection`` keeps, or None (none recorded, or no such collection)."""
    rows: Any = yield Stmt(d.collection_rules, {"tenant": tenant, "collection": collection})
    if not rows or rows[0][0] is None:
        return None
    return Recorded(str(rows[0][0]), str(rows[0][1] or ""))


def check(d: Dialect, tenant: str, collection: str, text: str) -> Op[None]:
    """Raise :class:`RulesDiffer` when ``collection`` keeps other rules than ``text``."""
    recorded = yield from kept(d, tenant, collection)
    if recorded is not None and recorded.text != text:
        raise RulesDiffer(collection, recorded)


def record(d: Dialect, tenant: str, collection: str, rules: Recorded, *, replace: bool) -> Op[None]:
    """Record ``rules`` on ``collection`` where it keeps none (``replace``: whatever it keeps: an
    admin's run or the operator's). A collection not made yet records nothing: its run records them
    after its first write."""
    params = {"tenant": tenant, "collection": collection, "rules": rules.text, "name": rules.name}
    yield Stmt(d.replace_rules if replace else d.record_rules, params, fetch=False)

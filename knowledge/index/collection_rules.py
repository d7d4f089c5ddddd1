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
(graph/ingestion/nodes.discover). Index migration 9 of both backends.

A collection made since records "none" ('' and '': :data:`NONE`) when it is made (the dialects'
``insert_collection``); NULL is a collection whose rules are not known: made before migration 9 (or
by a release that left it NULL), when no run recorded what it was audited with (h20 s37 H20-7). Its
doors adopt them from its runs' records (graph/ingestion/adoption.adopt_rules: the rules file of
the latest admin's or operator's run of it); until then a member's run into it is refused
(:class:`RulesUnknown`: it would be audited by the defaults, below the admin's bar), and an admin's
or the operator's run records its own (its file, or none).
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
"""Migration 9 of both backends: NULL (not known) for the collections already made."""

SELECT = """SELECT audit_rules, audit_rules_name FROM kassist_kb_collections
        WHERE tenant_id = :tenant AND collection = :collection"""
# Where it keeps none ('' named '': NONE), or none is known (NULL: made before migration 9): a
# member's run into a NULL one is refused first (check), so only its adoption or an admin's run
# (or the operator's) records there.
RECORD = """UPDATE kassist_kb_collections SET audit_rules = :rules, audit_rules_name = :name
        WHERE tenant_id = :tenant AND collection = :collection
          AND (audit_rules IS NULL OR audit_rules_name = '')"""
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


NONE = Recorded("", "")
"""What a collection audited by the defaults alone records (a rules file always has a name)."""


class RulesUnknown(KnowledgeIndexError, ValueError):
    """A member's run into a collection whose audit rules are not known (made before the index kept
    them, and no admin's run of it on record named a file that can be read now)."""

    def __init__(self, collection: str) -> None:
        self.collection = collection
        super().__init__(
            f"collection {collection!r} was indexed before kassist kept the audit rules it is audited "
            "with, and no admin's run of it on record names a rules file that can be read; ask an admin "
            "to run it once (naming its rules file, or none for the defaults) before a member's run"
        )


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


def _row(d: Dialect, tenant: str, collection: str) -> Op[tuple[Any, Any] | None]:
    rows: Any = yield Stmt(d.collection_rules, {"tenant": tenant, "collection": collection})
    return (rows[0][0], rows[0][1]) if rows else None


def kept(d: Dialect, tenant: str, collection: str) -> Op[Recorded | None]:
    """The rules ``collection`` keeps, or None (none recorded or known, or no such collection)."""
    row = yield from _row(d, tenant, collection)
    if row is None or row[0] is None or not row[1]:
        return None
    return Recorded(str(row[0]), str(row[1]))


def unknown(d: Dialect, tenant: str, collection: str) -> Op[bool]:
    """Whether ``collection`` exists and its rules are not known (NULL: see the module's doc)."""
    row = yield from _row(d, tenant, collection)
    return row is not None and row[0] is None


def check_known(d: Dialect, tenant: str, collection: str) -> Op[None]:
    """Raise :class:`RulesUnknown` when ``collection``'s rules are not known: a member's run."""
    if (yield from unknown(d, tenant, collection)):
        raise RulesUnknown(collection)


def check(d: Dialect, tenant: str, collection: str, text: str) -> Op[None]:
    """Raise :class:`RulesDiffer` when ``collection`` keeps other rules than ``text``, and
    :class:`RulesUnknown` when its rules are not known (a member's run naming a file: her own would
    become the collection's)."""
    row = yield from _row(d, tenant, collection)
    if row is not None and row[0] is None:
        raise RulesUnknown(collection)
    if row is not None and row[1] and str(row[0]) != text:
        raise RulesDiffer(collection, Recorded(str(row[0]), str(row[1])))


def record(d: Dialect, tenant: str, collection: str, rules: Recorded, *, replace: bool) -> Op[None]:
    """Record ``rules`` (:data:`NONE`: the defaults alone) on ``collection`` where it keeps none or
    none is known (``replace``: whatever it keeps: an admin's run or the operator's). A collection
    not made yet records nothing: its run records them after its first write."""
    params = {"tenant": tenant, "collection": collection, "rules": rules.text, "name": rules.name}
    yield Stmt(d.replace_rules if replace else d.record_rules, params, fetch=False)

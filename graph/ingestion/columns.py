"""What each reading statement of the ingestion tables selects, in order.

Rows come back as tuples (kassist reads every component's rows in one shape); each statement that
returns more than one column has its row declared here once, as a named tuple whose fields are the
statement's select list in order, and the operations read rows through it (``RunRow._make(row)``)
or unpack single columns (``(run_id,) = row``). :data:`READS` names the statement of
``sql_<backend>.SQL`` each row belongs to; tests/test_row_shape_runs_keys.py checks every dialect's
select lists against it, so a reordered statement fails there, not in a decoded field.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class RunRow(NamedTuple):
    """run_get, run_list: a run's registry row."""

    run_id: str
    source: str
    collection: str
    created_at: float
    owner: str | None
    lease_until: float | None
    cancel_requested: Any  # 0/1 (SQLite INTEGER), a bool or int on PostgreSQL


class RegistrationRow(NamedTuple):
    """run_registration: what the run was registered to do."""

    settings: str | None
    goal: str | None
    conversation_id: str | None


class BatchRow(NamedTuple):
    """manifest_batch: the documents of one batch."""

    seq: int
    kind: str
    source_path: str
    doc_id: str | None
    outcome: str | None


class PageRow(NamedTuple):
    """manifest_page: one manifest row as the audit and the run's report read it."""

    seq: int
    kind: str
    source_path: str
    doc_id: str | None
    outcome: str | None
    reason: str | None
    chunks_added: int
    chunks_unchanged: int
    audit: str | None


class SumsRow(NamedTuple):
    """manifest_sums: one outcome's totals over a batch."""

    outcome: str
    docs: int
    added: int | None
    unchanged: int | None
    removed: int | None
    hits: int | None
    embedded: int | None


class LedgerRow(NamedTuple):
    """ledger_get, ledger_list: one side effect's entry."""

    key: str
    run_id: str
    state: str
    request: str
    result: str | None
    attempts: int


class JobRow(NamedTuple):
    """job_get, jobs_page (jobs_wanted: the tenant first, then these): a run's registry row (the
    fields of :class:`RunRow`, first and in its order) joined with its runs-API row."""

    run_id: str
    source: str
    collection: str
    created_at: float
    owner: str | None
    lease_until: float | None
    cancel_requested: Any
    status: str | None
    seq: int | None
    done_seq: int | None
    settings: str | None
    goal: str | None
    decision: str | None
    max_steps: int | None
    requested_by: str | None
    claims: int | None
    worker: str | None
    error: str | None


READS: dict[str, tuple[str, ...]] = {
    "run_registration": RegistrationRow._fields,
    "run_get": RunRow._fields,
    "run_list": RunRow._fields,
    "run_tenants": ("tenant_id",),
    "lease_take": ("run_id",),
    "lease_renew": ("run_id",),
    "cancel": ("run_id",),
    "manifest_batch": BatchRow._fields,
    "manifest_sums": SumsRow._fields,
    "manifest_page": PageRow._fields,
    "manifest_failed": ("source_path", "reason"),
    "ledger_get": LedgerRow._fields,
    "ledger_list": LedgerRow._fields,
    "run_create": ("run_id",),
    "job_request": ("seq",),
    "job_decide": ("seq",),
    "job_claim_decision": ("seq",),
    "job_get": JobRow._fields,
    "jobs_wanted": ("tenant_id", *JobRow._fields),
    "jobs_page": JobRow._fields,
    "jobs_unknown": ("run_id",),
    "report_get": ("body",),
    "report_formats": ("format",),
}
"""Every statement of the ingestion tables that returns rows, and its columns in order."""

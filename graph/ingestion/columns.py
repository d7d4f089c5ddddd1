"""What each statement of the ingestion tables that returns rows selects, in order.

Rows come back as tuples (kassist reads every component's rows in one shape). A statement that
reads a record selects the record's fields in their declared order (``RUN_COLUMNS`` is
``RunRecord``'s fields), so the model is that row's one declaration; :mod:`graph.ingestion.store_ops`
and :mod:`graph.ingestion.jobs` declare the columns and read rows by them. :data:`READS` names the
columns of every statement of ``sql_<backend>.SQL`` that returns rows, and
tests/test_row_shape_runs_keys.py checks every dialect's select lists against it, so a reordered
statement fails there, not in a decoded field.
"""

from __future__ import annotations

from graph.ingestion.jobs import JOB_COLUMNS
from graph.ingestion.store_ops import (
    BATCH_COLUMNS,
    CLAIM_COLUMNS,
    LEDGER_COLUMNS,
    PAGE_COLUMNS,
    REGISTRATION_COLUMNS,
    RUN_COLUMNS,
    SUMS_COLUMNS,
)

READS: dict[str, tuple[str, ...]] = {
    "run_registration": REGISTRATION_COLUMNS,
    "run_get": RUN_COLUMNS,
    "run_list": RUN_COLUMNS,
    "run_tenants": ("tenant_id",),
    "lease_take": ("run_id",),
    "lease_renew": ("run_id",),
    "cancel": ("run_id",),
    "manifest_batch": BATCH_COLUMNS,
    "manifest_sums": SUMS_COLUMNS,
    "manifest_page": PAGE_COLUMNS,
    "manifest_failed": ("source_path", "reason"),
    "ledger_get": LEDGER_COLUMNS,
    "ledger_list": LEDGER_COLUMNS,
    "ledger_attempt": ("attempts",),
    "ledger_renew": ("key",),
    "run_create": ("run_id",),
    "job_request": ("seq",),
    "job_decide": ("seq",),
    "job_claim_decision": ("seq",),
    "job_start_decision": ("run_id",),
    "lease_release_judged": ("run_id",),
    "job_get": JOB_COLUMNS,
    "jobs_wanted": ("tenant_id", *JOB_COLUMNS),
    "jobs_placing": ("tenant_id", *JOB_COLUMNS),
    "jobs_page": JOB_COLUMNS,
    "jobs_unknown": ("run_id",),
    "doc_uploaders": ("path", "created_by", "requested_by", "started_by"),
    "jobs_lock": ("locked",),  # read by no one: the lock is the point
    "jobs_waiting": ("mine", "waiting"),
    "report_get": ("body",),
    "report_formats": ("format",),
    "reports_dir_get": ("reports_dir",),
    "claim_get": CLAIM_COLUMNS,
    "claim_take": ("collection",),
    "claim_renew": ("collection",),
}
"""Every statement of the ingestion tables that returns rows, and its columns in order."""

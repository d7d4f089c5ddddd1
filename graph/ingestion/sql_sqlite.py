"""SQLite statements of the ingestion runs: registry (with a lease), manifest and idempotency ledger.

They run on the checkpointer's database (kassist.db, the same connections and transactions) next to
the checkpoint tables; :data:`SQL` holds them as typed fields, which the operations of
:mod:`graph.ingestion.store` name directly. Every key starts with tenant_id. The tables' names and
migrations are :mod:`graph.ingestion.sql_sqlite_schema`'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from graph.ingestion.sql_sqlite_schema import CLAIMS as CLAIMS
from graph.ingestion.sql_sqlite_schema import JOBS as JOBS
from graph.ingestion.sql_sqlite_schema import LEDGER as LEDGER
from graph.ingestion.sql_sqlite_schema import MANIFEST as MANIFEST
from graph.ingestion.sql_sqlite_schema import MIGRATIONS as MIGRATIONS
from graph.ingestion.sql_sqlite_schema import REPORTS as REPORTS
from graph.ingestion.sql_sqlite_schema import RUNS as RUNS
from kassist.db.statements import Text  # one statement, or several run in order

RUN_KEY = "tenant_id = :tenant_id AND run_id = :run"

_CLAIM_KEY = "tenant_id = :tenant_id AND collection = :collection"
_JOB_KEY = f"{JOBS}.tenant_id = :tenant_id AND {JOBS}.run_id = :run"
_JOB_COLUMNS = (
    "r.run_id, r.source, r.collection, r.created_at, r.owner, r.lease_until, r.cancel_requested, r.started_by, "
    "j.status, j.seq, j.done_seq, j.settings, j.goal, j.decision, j.max_steps, j.requested_by, "
    "j.requested_key, j.claims, j.worker, j.error, j.created_by, j.created_role, j.created_key"
)
_JOB_FROM = f"FROM {RUNS} r LEFT JOIN {JOBS} j ON j.tenant_id = r.tenant_id AND j.run_id = r.run_id"

_SUMS = (
    "SELECT outcome, count(*) AS docs, sum(chunks_added) AS added, sum(chunks_unchanged) AS unchanged, "
    "sum(chunks_removed) AS removed, sum(cache_hits) AS hits, sum(embedded) AS embedded "
    f"FROM {MANIFEST} WHERE {RUN_KEY} AND seq >= :lo AND seq < :hi AND outcome IS NOT NULL GROUP BY outcome"
)


@dataclass(frozen=True)
class IngestSql:
    """Every statement of the ingestion tables in one dialect."""

    migrations: tuple[tuple[str, ...], ...]
    run_register: Text
    run_registration: Text
    run_get: Text
    run_tenants: Text
    run_list: Text
    lease_take: Text
    lease_renew: Text
    lease_release: Text
    cancel: Text
    manifest_clear: Text
    manifest_add: Text
    manifest_batch: Text
    manifest_plan: Text
    manifest_written: Text
    manifest_audit: Text
    manifest_sums: Text
    manifest_page: Text
    ledger_intent: Text
    ledger_get: Text
    ledger_attempt: Text
    ledger_release: Text
    ledger_renew: Text
    ledger_done: Text
    ledger_list: Text
    run_create: Text
    job_create: Text
    job_placed: Text
    jobs_placing: Text
    job_request: Text
    job_decide: Text
    job_claim_decision: Text
    job_status: Text
    job_ended: Text
    job_start_decision: Text
    job_review_again: Text
    lease_release_judged: Text
    job_claimed: Text
    job_done: Text
    job_get: Text
    jobs_wanted: Text
    jobs_lock: Text
    jobs_waiting: Text
    jobs_page: Text
    manifest_failed: Text
    jobs_unknown: Text
    doc_uploaders: Text
    prune_orphans: Text
    report_put: Text
    report_get: Text
    report_formats: Text
    reports_dir_set: Text
    reports_dir_get: Text
    claim_get: Text
    claim_take: Text
    claim_renew: Text
    claim_release: Text
    claim_contended: Text


SQL = IngestSql(
    migrations=MIGRATIONS,
    # The first registration with settings wins: a row without them (an older kassist, the runs
    # API's request) gets them; a row with them keeps them (the caller compares).
    run_register=(
        f"INSERT INTO {RUNS} (tenant_id, run_id, source, collection, created_at, settings, goal, conversation_id, "
        "started_by) VALUES (:tenant_id, :run, :source, :collection, :now, :settings, :goal, :conversation_id, "
        ":started_by) ON CONFLICT (tenant_id, run_id) DO UPDATE SET source = excluded.source, "
        "collection = excluded.collection, settings = excluded.settings, goal = excluded.goal, "
        "conversation_id = excluded.conversation_id, started_by = excluded.started_by "
        f"WHERE {RUNS}.settings IS NULL"
    ),
    run_registration=f"SELECT settings, goal, conversation_id FROM {RUNS} WHERE {RUN_KEY}",
    run_get=(
        f"SELECT run_id, source, collection, created_at, owner, lease_until, cancel_requested, started_by "
        f"FROM {RUNS} WHERE {RUN_KEY}"
    ),
    run_tenants=f"SELECT DISTINCT tenant_id FROM {RUNS} ORDER BY tenant_id",
    run_list=(
        f"SELECT run_id, source, collection, created_at, owner, lease_until, cancel_requested, started_by "
        f"FROM {RUNS} WHERE tenant_id = :tenant_id ORDER BY created_at, run_id"
    ),
    lease_take=(
        f"UPDATE {RUNS} SET owner = :owner, lease_until = :until WHERE {RUN_KEY} AND owner IS :seen "
        "RETURNING run_id"
    ),
    lease_renew=(
        f"UPDATE {RUNS} SET lease_until = :until WHERE {RUN_KEY} AND owner = :owner RETURNING run_id"
    ),
    lease_release=(f"UPDATE {RUNS} SET owner = NULL, lease_until = NULL WHERE {RUN_KEY} AND owner = :owner"),
    cancel=f"UPDATE {RUNS} SET cancel_requested = 1 WHERE {RUN_KEY} RETURNING run_id",
    manifest_clear=f"DELETE FROM {MANIFEST} WHERE {RUN_KEY}",
    manifest_add=(
        f"INSERT INTO {MANIFEST} (tenant_id, run_id, seq, kind, source_path, doc_id, outcome, reason) "
        "VALUES (:tenant_id, :run, :seq, :kind, :path, :doc_id, :outcome, :reason)"
    ),
    manifest_batch=(
        f"SELECT seq, kind, source_path, doc_id, outcome FROM {MANIFEST} "
        f"WHERE {RUN_KEY} AND seq >= :lo AND seq < :hi ORDER BY seq"
    ),
    # First write wins: a redone batch keeps what the first attempt planned against the index as
    # it was before the run, so its counters equal those of an uninterrupted run.
    manifest_plan=(
        f"UPDATE {MANIFEST} SET outcome = :outcome, reason = :reason, chunks_added = :added, "
        "chunks_unchanged = :unchanged, chunks_removed = :removed, cache_hits = :hits, embedded = :embedded, "
        f"recorded_at = :now WHERE {RUN_KEY} AND seq = :seq AND outcome IS NULL"
    ),
    # The batch's write landed (under the collection's claim): its documents were written now - a redo
    # after a failure between the plan and the write stamps its own write (h20 s37 H20-6).
    manifest_written=(
        f"UPDATE {MANIFEST} SET recorded_at = :now WHERE {RUN_KEY} AND seq = :seq AND outcome = 'indexed'"
    ),
    manifest_audit=f"UPDATE {MANIFEST} SET audit = :audit WHERE {RUN_KEY} AND seq = :seq",
    manifest_sums=_SUMS,
    # Read in pages (keyset on seq): the audit JSON of 5,000 documents is never all in memory at
    # once, neither as Python strings nor in the driver's result buffer (libpq keeps a whole result).
    manifest_page=(
        f"SELECT seq, kind, source_path, doc_id, outcome, reason, chunks_added, chunks_unchanged, audit "
        f"FROM {MANIFEST} WHERE {RUN_KEY} AND seq >= :lo ORDER BY seq LIMIT :limit"
    ),
    ledger_intent=(
        f"INSERT INTO {LEDGER} (tenant_id, key, run_id, state, request, created_at, updated_at) "
        "VALUES (:tenant_id, :key, :run, 'intent', :request, :now, :now) ON CONFLICT DO NOTHING"
    ),
    ledger_get=(
        f"SELECT key, run_id, state, request, result, attempts FROM {LEDGER} "
        "WHERE tenant_id = :tenant_id AND key = :key"
    ),
    # An attempt claims the intent for its worker (result: {"sending": worker, "until": t} while
    # the state is intent), a compare-and-set on the attempts it read: two workers at once, one sends.
    ledger_attempt=(
        f"UPDATE {LEDGER} SET attempts = attempts + 1, updated_at = :now, result = :claim, state = 'intent' "
        "WHERE tenant_id = :tenant_id AND key = :key AND state IN ('intent', 'failed') AND attempts = :seen "
        "RETURNING attempts"
    ),
    ledger_release=(
        f"UPDATE {LEDGER} SET result = NULL "
        "WHERE tenant_id = :tenant_id AND key = :key AND state = 'intent' AND result = :claim"
    ),
    # The claim's time moved on while its worker's call runs (the claim's JSON text is its identity).
    ledger_renew=(
        f"UPDATE {LEDGER} SET result = :claim "
        "WHERE tenant_id = :tenant_id AND key = :key AND state = 'intent' AND result = :old RETURNING key"
    ),
    ledger_done=(
        f"UPDATE {LEDGER} SET state = :state, result = :result, updated_at = :now "
        "WHERE tenant_id = :tenant_id AND key = :key"
    ),
    ledger_list=(
        f"SELECT key, run_id, state, request, result, attempts FROM {LEDGER} WHERE {RUN_KEY} ORDER BY key"
    ),
    # The runs API's requests and statuses (kassist_ingest_jobs).
    run_create=(
        f"INSERT INTO {RUNS} (tenant_id, run_id, source, collection, created_at) "
        "VALUES (:tenant_id, :run, :source, :collection, :now) ON CONFLICT DO NOTHING RETURNING run_id"
    ),
    job_create=(
        f"INSERT INTO {JOBS} (tenant_id, run_id, status, seq, done_seq, settings, goal, max_steps, requested_by, "
        "requested_key, updated_at, created_by, created_role, created_key, worker) "
        "VALUES (:tenant_id, :run, 'pending', 1, :done_seq, :settings, :goal, :max_steps, :by, :by_key, :now, :by, "
        ":role, :by_key, :placer) "
        f"ON CONFLICT (tenant_id, run_id) DO UPDATE SET status = 'pending', seq = {JOBS}.seq + 1, "
        "settings = excluded.settings, goal = excluded.goal, decision = NULL, max_steps = excluded.max_steps, "
        "requested_by = excluded.requested_by, requested_key = excluded.requested_key, error = NULL, "
        "updated_at = excluded.updated_at, created_by = excluded.created_by, created_role = excluded.created_role, "
        "created_key = excluded.created_key, worker = excluded.worker"
    ),
    # An upload's run stored before its folder is in place (done_seq = seq: no worker takes it), wanted
    # once its folder is (h19 s37 H19-2: another server's worker failed it at discover in between).
    job_placed=(
        f"UPDATE {JOBS} SET done_seq = seq - 1, updated_at = :now "
        "WHERE tenant_id = :tenant_id AND run_id = :run AND done_seq = seq"
    ),
    # Uploads' runs stored and never made wanted (no worker ever claimed them), every tenant's: the
    # process that stored one (its placer, kept as ``worker`` until a worker's claim names itself)
    # may be gone, killed before it made the run wanted (h25 s39 H25-4: "pending" for good).
    jobs_placing=(
        f"SELECT j.tenant_id, {_JOB_COLUMNS} FROM {JOBS} j JOIN {RUNS} r "
        "ON r.tenant_id = j.tenant_id AND r.run_id = j.run_id "
        "WHERE j.seq = j.done_seq AND j.claims = 0 AND j.status = 'pending' AND j.worker IS NOT NULL "
        "ORDER BY j.updated_at LIMIT :limit"
    ),
    job_request=(
        f"INSERT INTO {JOBS} (tenant_id, run_id, seq, max_steps, requested_by, requested_key, updated_at) "
        "VALUES (:tenant_id, :run, 1, :max_steps, :by, :by_key, :now) ON CONFLICT (tenant_id, run_id) DO UPDATE SET "
        f"seq = {JOBS}.seq + 1, max_steps = excluded.max_steps, requested_by = excluded.requested_by, "
        "requested_key = excluded.requested_key, error = NULL, updated_at = excluded.updated_at RETURNING seq"
    ),
    # One decision at a time: a second approve/reject while one is pending changes nothing.
    job_decide=(
        f"INSERT INTO {JOBS} (tenant_id, run_id, seq, decision, requested_by, requested_key, updated_at) "
        "VALUES (:tenant_id, :run, 1, :decision, :by, :by_key, :now) ON CONFLICT (tenant_id, run_id) DO UPDATE SET "
        f"seq = {JOBS}.seq + 1, decision = excluded.decision, max_steps = NULL, "
        "requested_by = excluded.requested_by, requested_key = excluded.requested_key, error = NULL, "
        "updated_at = excluded.updated_at "
        f"WHERE {JOBS}.decision IS NULL RETURNING seq"
    ),
    # The first decision on a review wins, atomically: it is queued only while no other decision waits
    # AND the run's noted status is still needs_review. The runner notes "running" when it starts
    # carrying a decision out and the final status when it ends, before the decision is marked spent;
    # so a decision that read "needs_review" a moment before another was carried out finds neither
    # condition true and is refused (409), instead of being queued for a review that is over.
    job_claim_decision=(
        f"UPDATE {JOBS} SET seq = seq + 1, decision = :decision, max_steps = NULL, requested_by = :by, "
        "requested_key = :by_key, error = NULL, updated_at = :now WHERE tenant_id = :tenant_id AND run_id = :run "
        "AND decision IS NULL AND status = 'needs_review' RETURNING seq"
    ),
    job_status=(
        f"INSERT INTO {JOBS} (tenant_id, run_id, status, updated_at) VALUES (:tenant_id, :run, :status, :now) "
        "ON CONFLICT (tenant_id, run_id) DO UPDATE SET status = excluded.status"
    ),
    # A run noted running whose head says it ended (a server that runs the graph itself notes no
    # end): only over 'running', so a carrier's start noted since is never overwritten.
    job_ended=f"UPDATE {JOBS} SET status = :status WHERE {_JOB_KEY} AND status = 'running'",
    # A decision starts being carried out only if it is the first: none is queued, or it is the queued
    # one (its JSON text, as claimed). Taken with the run's lease held, against job_claim_decision's
    # condition: of a command line's start and an API's or console's claim, the first excludes the
    # other (review s30 effects B4 (b): the command line checked, then started ~2 s later).
    job_start_decision=(
        f"INSERT INTO {JOBS} (tenant_id, run_id, status, updated_at) VALUES (:tenant_id, :run, 'running', :now) "
        f"ON CONFLICT (tenant_id, run_id) DO UPDATE SET status = 'running' "
        f"WHERE {JOBS}.decision IS NULL OR {JOBS}.decision = :decision RETURNING run_id"
    ),
    # A review whose decision's carrier died before the decision committed waits again: its lease,
    # as read and judged gone (holder and time: one renewed or taken since keeps it), is released in
    # the same transaction, so a carrier judged gone that is alive after all loses the run at its next
    # renewal instead of carrying its decision out past the next one (review s31 r1 #3).
    lease_release_judged=(
        f"UPDATE {RUNS} SET owner = NULL, lease_until = NULL WHERE {RUN_KEY} AND owner IS :seen "
        "AND lease_until IS :seen_until RETURNING run_id"
    ),
    job_review_again=(
        f"UPDATE {JOBS} SET status = 'needs_review' WHERE {_JOB_KEY} AND status = 'running' "
        "AND decision IS NULL"
    ),
    job_claimed=(f"UPDATE {JOBS} SET claims = claims + 1, worker = :worker WHERE {_JOB_KEY}"),
    # The decision a worker carried out is spent; one that arrived after its claim is kept.
    job_done=(
        f"UPDATE {JOBS} SET done_seq = :seq, error = :error, "
        "decision = CASE WHEN seq = :seq THEN NULL ELSE decision END "
        f"WHERE {_JOB_KEY} AND done_seq < :seq"
    ),
    job_get=f"SELECT {_JOB_COLUMNS} {_JOB_FROM} WHERE r.tenant_id = :tenant_id AND r.run_id = :run",
    # Each tenant's oldest request first, then each one's second, and so on (h16 s36 H16-3): one
    # tenant's backlog took every worker, and the 100-row window, while another's waited behind it.
    jobs_wanted=(
        f"SELECT j.tenant_id, {_JOB_COLUMNS} FROM {JOBS} j JOIN {RUNS} r "
        "ON r.tenant_id = j.tenant_id AND r.run_id = j.run_id WHERE j.seq > j.done_seq "
        "ORDER BY ROW_NUMBER() OVER (PARTITION BY j.tenant_id ORDER BY j.updated_at, j.run_id), "
        "j.updated_at, j.tenant_id LIMIT :limit"
    ),
    # The bound on runs waiting or running (a request not yet carried out: seq > done_seq) per user and
    # per tenant, counted in the write that queues one (jobs.check_waiting). SQLite's write transaction
    # holds the file's write lock from its BEGIN IMMEDIATE; PostgreSQL's takes a lock per tenant here.
    # An upload's run counts until it has ended (its last known status): paused or failed it keeps its
    # files for a resume, and a member's loop of uploads paused by max_steps kept them without bound
    # (h17 s36 H17-9, the lead's decision 9). Its mark is the settings' "uploaded": true, as the runs
    # API writes them (json.dumps: ", " and ": ").
    jobs_lock="SELECT 1 AS locked",
    jobs_waiting=(
        "SELECT COUNT(CASE WHEN requested_by = :by THEN 1 END) AS mine, COUNT(*) AS waiting "
        f"FROM {JOBS} WHERE tenant_id = :tenant_id AND run_id <> :run AND (seq > done_seq OR "
        """(settings LIKE '%"uploaded": true%' AND coalesce(status, '') NOT IN ('completed', 'cancelled')))"""
    ),
    # Newest first, keyset-paginated on (created_at, run_id); status NULL: not yet known.
    jobs_page=(
        f"SELECT {_JOB_COLUMNS} {_JOB_FROM} WHERE r.tenant_id = :tenant_id "
        "AND (CAST(:status AS TEXT) IS NULL OR j.status = :status) "
        "AND (r.created_at < :before_at OR (r.created_at = :before_at AND r.run_id < :before_run)) "
        "ORDER BY r.created_at DESC, r.run_id DESC LIMIT :limit"
    ),
    manifest_failed=(
        f"SELECT source_path, reason FROM {MANIFEST} WHERE {RUN_KEY} AND outcome = 'failed' "
        "ORDER BY seq LIMIT :limit"
    ),
    jobs_unknown=(
        f"SELECT r.run_id {_JOB_FROM} WHERE r.tenant_id = :tenant_id AND j.status IS NULL ORDER BY r.run_id"
    ),
    # Who uploaded each of a collection's documents at these paths (:paths, a JSON list): every run
    # that indexed it, in the order they wrote it (recorded_at; rows from before it: first, by the runs'
    # creation) (the last is its uploader: who sent its create, else its last
    # request's requester, else who started it); a document with no such run (indexed before the
    # records, its runs pruned) comes back once with none (h16 s36 H16-5: a member's upload replaced
    # an admin's document).
    doc_uploaders=(
        "SELECT d.source_path AS path, j.created_by AS created_by, j.requested_by AS requested_by, "
        "r.started_by AS started_by "
        "FROM kassist_kb_documents d "
        f"LEFT JOIN {MANIFEST} m ON m.tenant_id = d.tenant_id AND m.doc_id = d.doc_id AND m.outcome = 'indexed' "
        f"LEFT JOIN {RUNS} r ON r.tenant_id = m.tenant_id AND r.run_id = m.run_id AND r.collection = d.collection "
        f"LEFT JOIN {JOBS} j ON j.tenant_id = r.tenant_id AND j.run_id = r.run_id "
        "WHERE d.tenant_id = :tenant_id AND d.collection = :collection "
        "AND d.source_path IN (SELECT value FROM json_each(:paths)) "
        "ORDER BY d.source_path, m.recorded_at NULLS FIRST, r.created_at NULLS FIRST, r.run_id"
    ),
    # Retention: rows of runs whose checkpoints are gone (pruned or deleted) go with them.
    prune_orphans=tuple(
        f"DELETE FROM {table} WHERE tenant_id = :tenant_id AND NOT EXISTS (SELECT 1 FROM kassist_cp_checkpoints h "
        f"WHERE h.tenant_id = {table}.tenant_id AND h.thread_id = {table}.run_id) "
        f"AND run_id IN (SELECT run_id FROM {RUNS} WHERE tenant_id = :tenant_id AND created_at < :cutoff)"
        for table in (LEDGER, MANIFEST, JOBS, REPORTS, RUNS)
    ),
    report_put=(
        f"INSERT INTO {REPORTS} (tenant_id, run_id, format, body, updated_at) "
        "VALUES (:tenant_id, :run, :format, :body, :now) "
        "ON CONFLICT (tenant_id, run_id, format) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at"
    ),
    report_get=f"SELECT body FROM {REPORTS} WHERE {RUN_KEY} AND format = :format",
    report_formats=f"SELECT format FROM {REPORTS} WHERE {RUN_KEY} ORDER BY format",
    reports_dir_set=f"UPDATE {RUNS} SET reports_dir = :folder WHERE {RUN_KEY}",
    reports_dir_get=f"SELECT reports_dir FROM {RUNS} WHERE {RUN_KEY}",
    claim_get=(
        f"SELECT holder, run_id, held_until, contended_until, next_holder, next_until FROM {CLAIMS} "
        f"WHERE {_CLAIM_KEY}"
    ),
    # A compare-and-set on the holder read: a new row, or the row of a holder that is gone (seen);
    # two batches at once, one takes it (the other's INSERT conflicts and its WHERE finds our holder).
    claim_take=(
        f"INSERT INTO {CLAIMS} (tenant_id, collection, holder, run_id, held_until) "
        "VALUES (:tenant_id, :collection, :holder, :run, :until) ON CONFLICT (tenant_id, collection) "
        "DO UPDATE SET holder = excluded.holder, run_id = excluded.run_id, held_until = excluded.held_until, "
        f"next_holder = CASE WHEN {CLAIMS}.next_holder = excluded.holder THEN NULL ELSE {CLAIMS}.next_holder END "
        f"WHERE {CLAIMS}.holder = :seen RETURNING collection"
    ),
    claim_renew=(
        f"UPDATE {CLAIMS} SET held_until = :until WHERE {_CLAIM_KEY} AND holder = :holder RETURNING collection"
    ),
    claim_release=f"UPDATE {CLAIMS} SET held_until = 0 WHERE {_CLAIM_KEY} AND holder = :holder",
    # A refused batch marks the collection contended and, when no other live batch is next, is next.
    claim_contended=(
        f"UPDATE {CLAIMS} SET contended_until = :until, "
        "next_holder = CASE WHEN :queue THEN :holder ELSE next_holder END, "
        "next_until = CASE WHEN :queue THEN :next_until ELSE next_until END WHERE " + _CLAIM_KEY
    ),
)

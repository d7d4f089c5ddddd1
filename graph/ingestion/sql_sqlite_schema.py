"""The ingestion runs' SQLite tables: their names and the numbered migrations that build them.

Kept apart from the statements (:mod:`graph.ingestion.sql_sqlite`), as the checkpointer keeps its
own (checkpointer/sql_sqlite_schema.py): :data:`MIGRATIONS` is position = version, applied by
kassist.db.migrate's runner (component ``ingestion``, through ``SQL.migrations``);
:mod:`graph.ingestion.sql_postgres` derives PostgreSQL's from them.
"""

from __future__ import annotations

RUNS = "kassist_ingest_runs"
MANIFEST = "kassist_ingest_manifest"
LEDGER = "kassist_ingest_ledger"
JOBS = "kassist_ingest_jobs"
REPORTS = "kassist_ingest_reports"
CLAIMS = "kassist_ingest_claims"

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        f"""CREATE TABLE IF NOT EXISTS {RUNS} (
            tenant_id TEXT NOT NULL, run_id TEXT NOT NULL, source TEXT NOT NULL, collection TEXT NOT NULL,
            created_at REAL NOT NULL, owner TEXT, lease_until REAL, cancel_requested INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (tenant_id, run_id))""",
        f"""CREATE TABLE IF NOT EXISTS {MANIFEST} (
            tenant_id TEXT NOT NULL, run_id TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL,
            source_path TEXT NOT NULL, doc_id TEXT, outcome TEXT, reason TEXT,
            chunks_added INTEGER NOT NULL DEFAULT 0,
            chunks_unchanged INTEGER NOT NULL DEFAULT 0, chunks_removed INTEGER NOT NULL DEFAULT 0,
            cache_hits INTEGER NOT NULL DEFAULT 0, embedded INTEGER NOT NULL DEFAULT 0, audit TEXT,
            PRIMARY KEY (tenant_id, run_id, seq))""",
        f"""CREATE TABLE IF NOT EXISTS {LEDGER} (
            tenant_id TEXT NOT NULL, key TEXT NOT NULL, run_id TEXT NOT NULL, state TEXT NOT NULL,
            request TEXT NOT NULL, result TEXT, attempts INTEGER NOT NULL DEFAULT 0,
            created_at REAL NOT NULL, updated_at REAL NOT NULL,
            PRIMARY KEY (tenant_id, key))""",
        f"CREATE INDEX IF NOT EXISTS kassist_ingest_ledger_run ON {LEDGER} (tenant_id, run_id)",
    ),
    # The runs API (server/runs): a run's last known status (for listing and filtering without
    # reading every checkpoint), and the requests a server is to carry out: a request raises seq,
    # the worker that carries it out sets done_seq to the seq it claimed, so seq > done_seq means
    # "wanted" and a request arriving while a worker runs is not lost.
    (
        f"""CREATE TABLE IF NOT EXISTS {JOBS} (
            tenant_id TEXT NOT NULL, run_id TEXT NOT NULL, status TEXT,
            seq INTEGER NOT NULL DEFAULT 0, done_seq INTEGER NOT NULL DEFAULT 0,
            settings TEXT, goal TEXT, decision TEXT, max_steps INTEGER, requested_by TEXT,
            claims INTEGER NOT NULL DEFAULT 0, worker TEXT, error TEXT, updated_at REAL NOT NULL,
            PRIMARY KEY (tenant_id, run_id))""",
        f"CREATE INDEX IF NOT EXISTS kassist_ingest_jobs_wanted ON {JOBS} (updated_at) WHERE seq > done_seq",
        f"CREATE INDEX IF NOT EXISTS kassist_ingest_jobs_status ON {JOBS} (tenant_id, status)",
    ),
    # A run's settings are part of its registration (NULL: registered by an older kassist, or by the
    # runs API before a worker took the request); its audit reports are stored with its data,
    # tenant-keyed, so any server can serve them and no path ever sits in the run's state.
    (
        f"ALTER TABLE {RUNS} ADD COLUMN settings TEXT",
        f"ALTER TABLE {RUNS} ADD COLUMN goal TEXT",
        f"ALTER TABLE {RUNS} ADD COLUMN conversation_id TEXT",
        f"""CREATE TABLE IF NOT EXISTS {REPORTS} (
            tenant_id TEXT NOT NULL, run_id TEXT NOT NULL, format TEXT NOT NULL, body TEXT NOT NULL,
            updated_at REAL NOT NULL, PRIMARY KEY (tenant_id, run_id, format))""",
    ),
    # The managed key (its prefix) a request was sent with, beside its identity: a run acts with its
    # creator KEY's current rights when a worker starts it (server/run_creator.py), and an identity
    # holding a second key (a rotation) must not start what a revoked one queued. NULL: a key of the
    # environment's table, the console, or a request made before this column (checked by identity).
    (f"ALTER TABLE {JOBS} ADD COLUMN requested_key TEXT",),
    # Who writes a collection's index now: one ingestion batch per (tenant, collection) at a time
    # (graph/ingestion/claims.py); held while held_until is ahead (a release sets it to 0).
    (
        f"""CREATE TABLE IF NOT EXISTS {CLAIMS} (
            tenant_id TEXT NOT NULL, collection TEXT NOT NULL, holder TEXT NOT NULL, run_id TEXT NOT NULL,
            held_until REAL NOT NULL, PRIMARY KEY (tenant_id, collection))""",
    ),
    # Until when another run last waited for the collection: no run embeds ahead before then.
    (f"ALTER TABLE {CLAIMS} ADD COLUMN contended_until REAL NOT NULL DEFAULT 0",),
    # The batch waiting for the claim, whose turn is next: no other batch takes it before (a holder
    # releasing it took it again a moment later, and a waiter could wait for the whole other run).
    (
        f"ALTER TABLE {CLAIMS} ADD COLUMN next_holder TEXT",
        f"ALTER TABLE {CLAIMS} ADD COLUMN next_until REAL NOT NULL DEFAULT 0",
    ),
    # The runs that wrote a document (graph/ingestion/adoption.py joins the manifest on doc_id): a
    # collection's documents whose writer is unknown (its runs pruned) are looked up again at every
    # door of the collection, a scan of the whole manifest each without this.
    (f"CREATE INDEX IF NOT EXISTS kassist_ingest_manifest_doc ON {MANIFEST} (tenant_id, doc_id)",),
    # Whose run it is when a langgraph dev user started it (NULL: a run of the runs API or of the
    # command line, its tenant's): its checkpoints record the owner too, but a run without a thread
    # keeps none, and a deleted thread's none are left (h12 s34 #7, #12).
    (f"ALTER TABLE {RUNS} ADD COLUMN started_by TEXT",),
    # Who sent a runs API run's create (its upload) and their role then, kept as sent: requested_by is
    # the last request's (a resume's, a decision's). A member's upload replaces only the documents she
    # uploaded, checked where its run writes them too (graph/ingestion/upload_owner.py: two uploads
    # accepted before either ran passed the door's check, h16 s36 H16-15, r1 F8). NULL: not a runs
    # API run, or created before this column (its requested_by stands for it).
    (f"ALTER TABLE {JOBS} ADD COLUMN created_by TEXT", f"ALTER TABLE {JOBS} ADD COLUMN created_role TEXT"),
    # The managed key (its prefix) the create was sent with: a run's right to re-chunk its collection is
    # its creator's key's now, not a later request's requester's (h19 s37 H19-6). NULL: a key of the
    # environment's table, the console, or a run created before this column.
    (f"ALTER TABLE {JOBS} ADD COLUMN created_key TEXT",),
    # When a manifest row's outcome was recorded (the batch's plan, under the collection's one-writer
    # claim, just before its write): the run that wrote a document last is the one whose 'indexed' row
    # was recorded last - a run created early and resumed later wrote after one created since (h20 s37
    # H20-2: the uploader was read as the run created last). NULL: recorded before this column.
    (f"ALTER TABLE {MANIFEST} ADD COLUMN recorded_at REAL",),
    # The folder ``kassist ingest --reports-dir`` asked the run's report files written to (absolute):
    # a run SIGKILLed and continued by ``kassist runs resume`` (README's way after a kill) wrote none,
    # without a word (h24 s39 H24-5). Only the command line writes and reads it - the operator's own
    # folder on its own machine; no server reads it, no client can set it (paths are never taken
    # from a client). NULL: no folder asked, or registered before this column.
    (f"ALTER TABLE {RUNS} ADD COLUMN reports_dir TEXT",),
)

"""A run's error, as every reader of the run sees it, never names the server's database (h14 s35 H4).

An ingestion node that meets the database's trouble (the server away for a moment, every pooled
connection busy) fails the run with ``last_error = f"{step}: {for_client(describe(exc), source)}"``
(graph/ingestion/work.work_node), and the runs API's worker records a request it gives up on the same
way (``worker_error``, server/runs/worker._give_up). ``describe`` quotes the exception and
``for_client`` hides only absolute paths, so the operator's line of kassist's database layer reaches
every reader of the run - the runs API and the console (every member of the tenant), langgraph dev's
thread state: ``DatabaseUnavailable: cannot reach PostgreSQL at db.internal.example:5433/kassist_prod:
[Errno 111] Connection refused. Check that the server is running ... and that KASSIST_DATABASE_URL
... is right`` (``PoolExhausted: no free PostgreSQL connection to HOST:PORT/DBNAME within 5 s: all 10
pooled connections stayed busy; give it a larger pool_size ...`` alike: checked on the suite's
PostgreSQL, whose host is a socket folder, masked, while its port and database name were shown). The
same condition at a route is a 503 whose words name nothing of the server (docs/serving.md's limits
table: "the operator's line ... is logged once"), and a model's or embedder's error says its HTTP
status only since session 34 (describe's openai branch). The line is the one kassist's driver raises
for a server it cannot reach (``kassist.dburl.postgres_unavailable``), no I/O: well under 1 s."""

from __future__ import annotations

from graph.ingestion.errors import describe, for_client
from kassist.dburl import postgres_unavailable

URL = "postgresql://kassist:pw-not-shown@db.internal.example:5433/kassist_prod"


def test_a_database_error_in_a_runs_error_names_no_database() -> None:
    refused = postgres_unavailable(URL, ConnectionRefusedError(111, "Connection refused"))
    assert "db.internal.example:5433/kassist_prod" in str(refused)  # the operator's line (the log keeps it)
    shown = f"ingest: {for_client(describe(refused), '/srv/ingest/acme/hr')}"  # the run's last_error
    assert "pw-not-shown" not in shown  # never the password (holds on HEAD)
    for part in ("db.internal.example", "5433", "kassist_prod", "KASSIST_DATABASE_URL"):
        assert part not in shown, shown

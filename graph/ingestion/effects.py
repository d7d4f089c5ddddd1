"""A step whose effect outside the checkpoint is committed counts as done for a cancel (the lead's
decision 8: h17 s36 H17-1, H17-4, H17-8).

A work node's effect on the world and its checkpoint are two commits: notify's answer in the ledger,
the review's release of the run's documents into search, remember's summary in memory, each before
its node's checkpoint. A run killed in between (SIGKILL, OOM, a restart) and then cancelled had its
node re-run, which saw the cancel first and ended the run "cancelled before the <step> step" - after
that step had told the receiver "completed", let the documents into search, or written "completed"
into the memory the assistant quotes. The one rule: such a step counts as done; the node carries it
out again (each effect is idempotent: the ledger's replay, a release of nothing, the summary's
rewrite) and the cancel applies at the next node, as it does when it arrives after the step's
checkpoint (docs/ingestion.md: "approved, or needing no review: found from that step on"). Notify's
is :func:`graph.ingestion.notify.announced`, which the doors read too (a cancel is refused there)."""

from __future__ import annotations

from importlib import import_module

from graph.ingestion.notify import announced
from graph.ingestion.resources import RunResources
from graph.ingestion.sql_sqlite_index import IndexReadSql
from graph.ingestion.state import AgentRunState, StepKind
from graph.ingestion.store_ops import RunRecord
from kassist.db.statements import Op, Stmt


def step_done_outside(kind: StepKind, state: AgentRunState, run: RunResources, record: RunRecord) -> bool:
    """Whether step ``kind``'s effect for this run (this incarnation of its id: ``record``) is
    committed already, its checkpoint not: read only for a run whose cancel is asked."""
    if announced(run.runs, state):  # notify's own, and every step after the receiver may have been told
        return True
    if kind == "review":
        return _released(state, run)
    if kind == "remember":
        return _remembered(state, run, record)
    return False


def _still_held(q: IndexReadSql, tenant: str, collection: str, run_id: str) -> Op[bool]:
    key = {"tenant": tenant, "collection": collection, "run": run_id}
    rows = yield Stmt(q.still_held, key)
    return bool(rows)


def _released(state: AgentRunState, run: RunResources) -> bool:
    """The review let the run's documents in: it needs none, wrote some, and neither it nor a run
    that took them over holds any of them under its name (a run that holds nothing may hold nothing
    because another run of the same folder took its documents over, still waiting for its review:
    review s36 r1 F6, h17 s36 H17-11 - read as released, a cancel let them in)."""
    if state.review_reasons or not state.counters.documents_indexed or not state.embedder_name:
        return False
    index = run.shared.index(state.embedder_name)
    q: IndexReadSql = import_module(f"graph.ingestion.sql_{index.driver.dialect.backend}_index").SQL
    return not index.run(_still_held(q, run.tenant, state.settings.collection, state.run_id))


def _remembered(state: AgentRunState, run: RunResources, record: RunRecord) -> bool:
    """Remember wrote this run's summary as completed (a version made since the run id's registration)."""
    from graph.ingestion import registration, remember

    reader = remember.reader(registration.owner(run.shared, run.tenant, state.run_id))
    versions = run.memory().history(reader, f"ingestion_run:{state.run_id}", memory_type="episode")
    return any(
        isinstance(v.value, dict) and v.value.get("status") == "completed"
        and v.created_at.timestamp() >= record.created_at
        for v in versions
    )  # fmt: skip

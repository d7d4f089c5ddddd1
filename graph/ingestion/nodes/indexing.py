"""The nodes that index: ``discover`` lists the run's source, ``ingest_batch`` loads, chunks, embeds
and writes one batch (graph/ingestion/pipeline.py)."""

from __future__ import annotations

from datetime import date
from functools import partial
from pathlib import Path

from graph.ingestion import upload_owner, work
from graph.ingestion.folders import source_record
from graph.ingestion.nodes.audit import audit_date, kept_rules
from graph.ingestion.resources import RunResources
from graph.ingestion.state import AgentRunState, Settings
from graph.ingestion.work import Update, work_node
from knowledge.index import collection_rules


@work_node("discover")
def discover(state: AgentRunState, run: RunResources) -> Update:
    from graph.ingestion import adoption, pipeline
    from knowledge.index.sources import UPLOADS

    settings, tenant = state.settings, run.tenant
    if state.embedder_name:  # a resumed run: the model it recorded
        model, reason = run.embedder(state.embedder_name)
    else:
        model, reason = run.collection_embedder(settings.embedder, settings.collection)
    kb = run.index(model.name)
    # Re-checked here, at the run's start: the collection may have been filled from another source
    # since the run was let in (knowledge/index/sources.py); refused, the run fails saying so. The
    # documents a previous release indexed get their writer's source first (graph/ingestion/adoption.py).
    source = source_record(settings.source, uploaded=settings.uploaded, env=run.shared.env)
    adoption.adopt(run.shared.index(model.name), tenant, settings.collection, run.shared.env)
    kb.check_source(settings.collection, source)
    # The chunk settings the collection keeps: a member's run keeps them (refused at its door too);
    # an admin's or the operator's records its own with its batches' writes. Decided here, by the
    # run's first invocation: a member's resume of an admin's run is the admin's (review s34 r1 L3).
    # The audit rules the collection keeps, the same way (knowledge/index/collection_rules.py): a
    # member's run naming other rules is refused; where they are not known (indexed before the index
    # kept them, none adopted), a member's run is refused rather than audited by the defaults (h20
    # s37 H20-7). A run's own rules are recorded by its first batch (_record_rules), not here.
    rechunk = state.rechunk if state.embedder_name else work.may_rechunk()
    if not rechunk:
        own = _own_rules(settings, run)
        text = own.text if own is not None else None
        kb.check_kept_settings(settings.collection, settings.chunk_tokens, settings.overlap_tokens, text)
    # Only the run's own source's documents can be gone from it; an upload removes none.
    mine = [] if source == UPLOADS else kb.documents(settings.collection, of=source)
    # A served run's folder, else the run's own folder as registered (as its loads: batch_load.prepare).
    within = work.within(run)
    folder = Path(settings.source)
    exact = within is None and folder.is_absolute()
    rows = pipeline.list_source(
        folder, tenant, settings.collection, mine, within if within is not None else folder, exact
    )
    uploader = _uploader(state, run) if settings.uploaded else None
    if uploader is not None:  # its door checked it when it was sent; the collection may have changed since
        paths = [str(r["path"]) for r in rows if r["kind"] == "file"]
        upload_owner.check_batch(run.shared.runs, tenant, state.run_id, uploader, settings.collection, paths)
    total = run.runs.discover(state.run_id, rows)
    batches = -(-total // settings.batch_size)
    files = sum(1 for r in rows if r["kind"] != "delete")
    return {
        "tenant_id": tenant,
        "audit_date": state.audit_date or date.today().isoformat(),
        "embedder_name": model.name,
        "rechunk": rechunk,
        "documents_total": files,
        "batches_total": batches,
        **work.advance(
            state, "discover", f"{files} files, {total - files} to remove, {batches} batches; {reason}"
        ),
    }


def _uploader(state: AgentRunState, run: RunResources) -> upload_owner.Uploader | None:
    """Who uploaded the run's files, held to the rule of their rights now (its worker says them)."""
    from langgraph.config import get_config

    admin_now = (get_config().get("configurable") or {}).get(upload_owner.ADMIN_NOW_KEY)
    return upload_owner.uploader_of(run.shared.runs, run.tenant, state.run_id, admin_now)


def _own_rules(settings: Settings, run: RunResources) -> collection_rules.Recorded | None:
    """The rules file the run names, as its collection records it (its text and its name, no
    folder), or None: it names none."""
    if not settings.audit_rules:
        return None
    from graph.ingestion import audit_step
    from knowledge.audit import AuditRules

    within = work.within(run)
    text = audit_step.read_rules_text(settings.audit_rules, within=within.resolve() if within else None)
    # Parsed here, naming the file: rules that are not rules are never recorded, and a batch audited
    # with the text (not the file) fails naming the run's file, not the collection's record.
    AuditRules.parse(text, settings.audit_rules)
    return collection_rules.Recorded(text, Path(settings.audit_rules).name)


def _first_rules(state: AgentRunState, run: RunResources) -> collection_rules.Recorded | None:
    """The rules the run's first batch records on its collection after its write (:func:`_record`):
    the file it names (an admin's, the operator's: whatever the collection kept; a member's: where it
    keeps none), or, for an admin's or the operator's run naming none, none where the collection
    keeps none or its are not known. Neither at discover nor before the batch's write: a run paused,
    cancelled, or killed there and cancelled, which indexed nothing, replaced the collection's rules
    for its next run (h22 s38 H22-6, H22-12). The batch is audited with them (:func:`_first_audited`)."""
    own = _own_rules(state.settings, run)
    return collection_rules.NONE if own is None and state.rechunk else own


def _first_audited(state: AgentRunState, run: RunResources, own: collection_rules.Recorded) -> str | None:
    """The text the first batch is audited with: the run's file as :func:`_first_rules` read it
    where the write records it over the collection's (an admin's or the operator's) or where the
    collection keeps none; else the collection's."""
    kept = kept_rules(state, run)
    if own != collection_rules.NONE and (state.rechunk or kept is None):
        return own.text
    return kept


def _record(state: AgentRunState, run: RunResources, own: collection_rules.Recorded) -> None:
    # An admin's file replaces what the collection kept; "none" never does (it keeps its rules).
    replace = state.rechunk and own != collection_rules.NONE
    run.index(state.embedder_name).record_rules(state.settings.collection, own, replace=replace)


@work_node("ingest")
def ingest_batch(state: AgentRunState, run: RunResources) -> Update:
    from graph.ingestion import pipeline

    settings = state.settings
    lo = state.batch_cursor * settings.batch_size
    own = _first_rules(state, run) if state.batch_cursor == 0 else None
    audited = _first_audited(state, run, own) if own is not None else kept_rules(state, run)
    uploader = _uploader(state, run) if settings.uploaded else None
    # A member's upload replaces only her documents: checked again where it writes, under the
    # collection's claim (another upload accepted before this one ran may have written since).
    replaces = None
    if uploader is not None:
        replaces = partial(
            upload_owner.check_batch, run.shared.runs, run.tenant, state.run_id, uploader, settings.collection
        )
    done = pipeline.run_batch(
        run.runs,
        run.index(state.embedder_name),
        run_id=state.run_id,
        root=Path(settings.source),
        collection=settings.collection,
        lo=lo,
        hi=lo + settings.batch_size,
        chunk_tokens=settings.chunk_tokens,
        overlap_tokens=settings.overlap_tokens,
        audit_rules=settings.audit_rules,
        today=audit_date(state),
        max_bytes=settings.max_bytes,
        within=work.within(run),
        source=source_record(settings.source, uploaded=settings.uploaded, env=run.shared.env),
        rechunk=state.rechunk,
        replaces=replaces,
        kept_rules=audited,
    )
    if own is not None:  # after the write: a collection this batch made has a row now
        _record(state, run, own)
    cursor = state.batch_cursor + 1
    counters = state.counters.plus(done.counters)
    output = f"batch {cursor}/{state.batches_total}; documents indexed up to {done.last_document or state.last_document}"
    # Nested values go into the checkpoint as plain dicts (no pickled classes to allow-list).
    update: Update = {
        "batch_cursor": cursor,
        "counters": counters.model_dump(),
        "last_document": done.last_document or state.last_document,
    }
    if cursor >= state.batches_total:
        return {**update, **work.advance(state, "ingest", output)}
    return {
        **update,
        "step_outputs": work.output(state, "ingest", output),
        "step_statuses": {**state.step_statuses, "ingest": "running"},
    }

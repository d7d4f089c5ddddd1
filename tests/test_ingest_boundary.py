"""The ingestion run's state boundary, on both backends: a client's input sets only the run's
settings (and goal, conversation id), the first invocation registers them and every later one runs
from them, review happens only by decision, run ids are plain names, and the audit report lives in
the database, tenant-keyed, never at a path from the state."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ingest_harness import opened, write_corpus

from graph.ingestion.graph import build_graph
from graph.ingestion.registration import NoSettings, SettingsMismatch
from graph.ingestion.reports import export_reports, read_report, report_formats
from graph.ingestion.resources import Resources
from graph.ingestion.runner import config_for, execute
from graph.ingestion.state import INPUT_KEYS, InvalidRunId, Settings

TENANT = "acme"
OTHER = "globex"


@pytest.fixture
def res(db_url: str, tmp_path: Path) -> Iterator[Resources]:
    with opened(db_url, tmp_path / "reports") as res:
        yield res


@pytest.fixture
def waiting_corpus(tmp_path: Path) -> tuple[Path, Path]:
    """A corpus whose audit asks for a review (one empty document, and no failure allowed)."""
    root = write_corpus(tmp_path / "docs", extra=2)
    (root / "empty.md").write_text("")
    rules = tmp_path / "rules.toml"
    rules.write_text("needs_review_failure_share = 0.0\n")
    return root, rules


def settings_for(root: Path, rules: Path | None = None, **kw: Any) -> dict[str, Any]:
    opts = {"collection": "handbook", "embedder": "hashing", "batch_size": 8, **kw}
    return Settings(source=str(root), audit_rules=str(rules) if rules else None, **opts).model_dump()


def invoke(res: Resources, thread: str, inputs: Any, tenant: str = TENANT) -> Any:
    """The graph as a LangGraph server runs it: the client's input, the thread as the run."""
    graph = build_graph().compile(checkpointer=res.saver.for_tenant(tenant))
    config = config_for(tenant, thread)
    graph.invoke(inputs, config, durability="sync")
    return graph.get_state(config)


INTERNAL = {
    "status": "completed",
    "review": "approved by nobody",
    "report_paths": {"html": "/etc/passwd"},
    "reports": ["html"],
    "run_id": "../globex/x",
    "tenant_id": OTHER,
    "counters": {"documents_indexed": 999},
    "step_outputs": {"discover": "forged"},
    "next_step_index": 6,
    "findings": {},
    "review_reasons": [],
    "last_error": "forged",
}


def test_the_input_schema_is_the_settings_goal_and_conversation_only() -> None:
    graph = build_graph().compile()
    assert {"settings", "goal", "conversation_id"} == INPUT_KEYS
    assert set(graph.get_input_jsonschema()["properties"]) == INPUT_KEYS


def test_internal_fields_in_the_input_never_reach_the_state_nor_skip_the_review(
    res: Resources, waiting_corpus: tuple[Path, Path]
) -> None:
    root, rules = waiting_corpus
    snap = invoke(res, "forged", {"settings": settings_for(root, rules), **INTERNAL})
    values = snap.values
    assert snap.interrupts, "the review was skipped"
    assert values["status"] == "needs_review" and not values["review"].startswith("approved")
    assert values["run_id"] == "forged" and values["tenant_id"] == TENANT
    assert values["counters"]["documents_indexed"] == 26 and values["last_error"] is None
    assert values["step_outputs"]["discover"] != "forged" and values["reports"] == [
        "html",
        "json",
        "markdown",
    ]
    assert "report_paths" not in values
    # A second input on the waiting run (what a member could send) changes nothing either.
    again = invoke(res, "forged", {"settings": settings_for(root, rules), **INTERNAL, "status": "running"})
    assert again.interrupts and again.values["status"] == "needs_review"
    assert again.values["review"] == values["review"]
    assert "notify" not in again.values["step_statuses"]
    # Other settings on the waiting run are refused by name; the run still waits for its decision,
    # which the reviewer then makes as always.
    with pytest.raises(SettingsMismatch, match="collection 'handbook'"):
        invoke(res, "forged", {"settings": settings_for(root, rules, collection="loot")})
    approved = execute(res, TENANT, "forged", resume={"decision": "approve", "by": "olga"}).state
    assert (
        approved.status == "completed" and approved.review and approved.review.startswith("approved by olga")
    )
    assert approved.settings.collection == "handbook"


def test_a_rejected_run_stays_rejected_whatever_a_new_invocation_sends(
    res: Resources, waiting_corpus: tuple[Path, Path]
) -> None:
    root, rules = waiting_corpus
    settings = Settings.model_validate(settings_for(root, rules))
    assert execute(res, TENANT, "rej", settings=settings).started == "needs_review"
    rejected = execute(res, TENANT, "rej", resume={"decision": "reject", "by": "carol"}).state
    assert (
        rejected.status == "cancelled" and rejected.review and rejected.review.startswith("rejected by carol")
    )
    # The stored report says who decided what, not a stale "Needs review".
    html, markdown = (read_report(res.runs, TENANT, "rej", fmt) or "" for fmt in ("html", "markdown"))
    assert "Review: rejected by carol on " in html and "Needs review" not in html
    assert "## Review: rejected by carol on " in markdown and "Needs review" not in markdown
    for inputs in ({"settings": settings.model_dump(), **INTERNAL}, {"settings": settings.model_dump()}, {}):
        snap = invoke(res, "rej", inputs)
        assert snap.values["status"] == "cancelled" and snap.values["review"] == rejected.review
        assert "remember" not in snap.values["step_statuses"]
    assert execute(res, TENANT, "rej", settings=settings).started == "finished"


def test_the_first_invocation_registers_the_settings_later_ones_cannot_change_them(
    res: Resources, tmp_path: Path
) -> None:
    root = write_corpus(tmp_path / "docs", extra=1)
    first = settings_for(root)
    paused = execute(res, TENANT, "reg", settings=Settings.model_validate(first), max_steps=2)
    assert paused.state.status == "paused"
    other = {**first, "collection": "elsewhere", "batch_size": 3}
    with pytest.raises(SettingsMismatch, match="collection 'handbook', batch_size 8") as refused:
        invoke(res, "reg", {"settings": other})
    assert "start a new run id" in str(refused.value)
    with pytest.raises(SettingsMismatch, match="a different source") as refused:
        execute(res, TENANT, "reg", settings=Settings.model_validate({**first, "source": str(tmp_path)}))
    assert str(tmp_path) not in str(refused.value)  # paths are named, not repeated
    registration = res.runs.for_tenant(TENANT).registration("reg")
    assert registration is not None and registration.settings == Settings.model_validate(first)
    # A new invocation without settings is the request to go on, from the registered settings.
    done = invoke(res, "reg", {})
    assert done.values["status"] == "completed" and done.values["settings"] == first
    assert done.values["counters"]["documents_indexed"] == 25


def test_an_empty_source_is_refused_and_registers_nothing(res: Resources) -> None:
    with pytest.raises(ValueError, match=r"settings\.source is empty"):
        invoke(res, "empty", {"settings": {"collection": "handbook"}})
    with pytest.raises(ValueError, match=r"settings\.source is empty"):
        execute(res, TENANT, "empty2", settings=Settings(collection="handbook"))
    assert (
        res.runs.for_tenant(TENANT).get("empty") is None and res.runs.for_tenant(TENANT).get("empty2") is None
    )


@pytest.mark.parametrize("bad", ["../globex/x", "/tmp/outside", "a/b", "a\x00b", "..", "x" * 129, "-x", ""])
def test_run_ids_are_plain_names(res: Resources, tmp_path: Path, bad: str) -> None:
    root = write_corpus(tmp_path / "docs", extra=0)
    with pytest.raises(InvalidRunId, match="not a plain name"):
        execute(res, TENANT, bad, settings=Settings.model_validate(settings_for(root)))
    if bad:  # LangGraph itself refuses an empty thread id; the checkpointer one with NUL first
        with pytest.raises(ValueError, match=r"not a plain name|NUL"):
            invoke(res, bad, {"settings": settings_for(root)})
    assert res.runs.for_tenant(TENANT).runs() == []


def test_a_registered_run_without_a_checkpoint_resumes_from_its_registered_settings(
    res: Resources, tmp_path: Path
) -> None:
    root = write_corpus(tmp_path / "docs", extra=1)
    settings = Settings.model_validate(settings_for(root, collection="kept", batch_size=5))
    res.runs.for_tenant(TENANT).register("nocp", settings)  # what a kill right after registering leaves
    out = execute(res, TENANT, "nocp")
    assert out.started == "fresh" and out.state.status == "completed"
    assert out.state.settings == settings and out.state.counters.documents_indexed == 25
    # A row registered without settings and never started says so in one line.
    res.runs.for_tenant(TENANT)._one(
        "INSERT INTO kassist_ingest_runs (tenant_id, run_id, source, collection, created_at) "
        "VALUES (:tenant_id, :run, '', 'c', 0)"
        if res.database_url.startswith("sqlite")
        else "INSERT INTO kassist_ingest_runs (tenant_id, run_id, source, collection, created_at) "
        "VALUES (%(tenant_id)s, %(run)s, '', 'c', 0)",
        {"run": "bare"},
        write=True,
    )
    with pytest.raises(NoSettings, match="registered without its settings"):
        execute(res, TENANT, "bare")


def test_the_report_is_stored_with_the_run_and_only_its_tenant_reads_it(
    res: Resources, tmp_path: Path
) -> None:
    root = write_corpus(tmp_path / "docs", extra=0)
    out = execute(res, TENANT, "rep", settings=Settings.model_validate(settings_for(root))).state
    assert out.status == "completed" and out.reports == ["html", "json", "markdown"]
    assert report_formats(res.runs, TENANT, "rep") == ["html", "json", "markdown"]
    html = read_report(res.runs, TENANT, "rep", "html")
    assert html and "<svg" in html and "rep" in html
    assert read_report(res.runs, OTHER, "rep", "html") is None  # another tenant's: not found
    assert report_formats(res.runs, OTHER, "rep") == []
    assert export_reports(res.runs, OTHER, "rep", tmp_path / "theirs") == {}
    assert not (tmp_path / "theirs").exists()
    files = export_reports(res.runs, TENANT, "rep", tmp_path / "out")
    assert {fmt: p.name for fmt, p in files.items()} == {
        "html": "audit-rep@acme.html",
        "json": "audit-rep@acme.json",
        "markdown": "audit-rep@acme.md",
    }
    assert files["html"].read_text() == html
    with pytest.raises(ValueError, match="unknown report format"):
        read_report(res.runs, TENANT, "rep", "../../etc/passwd")
    assert not (tmp_path / "reports").exists()  # nothing written under a reports folder by the run

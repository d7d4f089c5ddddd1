"""A collection keeps the chunk settings it is built with (the lead's decision on h12 s34 #10,
knowledge/index/chunk_settings.py): a member's run with others is refused at the runs API's door
(409), at langgraph dev's (422) and when it starts; an admin's run and the command line's operator
re-chunk it. The index's rule on both backends, then the doors on one SQLite file (~10 s)."""

from __future__ import annotations

from pathlib import Path

import pytest
from review_support import member_config
from test_kb_index_helpers import make_doc

from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources, installed
from graph.ingestion.runner import _compiled, execute
from graph.ingestion.state import Settings
from knowledge.embedders import HashingEmbedder
from knowledge.index import KnowledgeIndex
from knowledge.index.chunk_settings import ChunkingDiffers
from server.job_threads import kept_settings_refusal
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.names import ApiError
from server.runs.service import RunsService

MEMBER = Principal(identity="erin", tenant_id="acme", role="member")
ADMIN = Principal(identity="olga", tenant_id="acme", role="admin")


def test_a_collection_keeps_its_chunk_settings_on_both_backends(db_url: str) -> None:
    with KnowledgeIndex.from_url(db_url, embedder=HashingEmbedder()) as index:
        kb = index.for_tenant("acme")
        kb.record_chunking("hb", 256, 32)  # no collection yet: nothing recorded
        kb.check_chunking("hb", 64, 0)
        kb.upsert_documents([make_doc("acme", "hb", "a.md", [("A", "Text.")])])
        kb.record_chunking("hb", 256, 32)
        kb.record_chunking("hb", 64, 0)  # kept: only where none is recorded
        kb.check_chunking("hb", 256, 32)
        with pytest.raises(ChunkingDiffers, match=r"collection 'hb' is chunked at 256/32 tokens"):
            kb.check_chunking("hb", 64, 0)
        kb.record_chunking("hb", 64, 0, replace=True)  # an admin's re-chunking
        kb.check_chunking("hb", 64, 0)
        # In the write that stores the chunks: recorded where none is, then checked for a run that
        # may not re-chunk (two first runs of a new collection both passed their doors).
        new = [make_doc("acme", "new", "b.md", [("B", "Text.")])]
        kb.apply_upserts(kb.prepare_upserts(new, chunking=(128, 16, False)))
        kb.check_chunking("new", 128, 16)
        with pytest.raises(ChunkingDiffers, match=r"chunked at 128/16"):
            kb.apply_upserts(kb.prepare_upserts(new, chunking=(64, 0, False)))
        kb.apply_upserts(kb.prepare_upserts(new, chunking=(64, 0, True)))  # may re-chunk
        kb.check_chunking("new", 64, 0)


def test_a_members_run_keeps_them_an_admins_and_the_operators_rechunk(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    docs = root / "acme" / "docs"
    docs.mkdir(parents=True)
    (docs / "leave.md").write_text("# Leave\n\n" + "Every employee takes twenty-five days of leave. " * 40)
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(root))
    folder = Settings(source=str(docs), collection="hb", embedder="hashing")
    assert execute(res, "acme", "r1", settings=folder).state.status == "completed"  # records 256/32
    small = {**folder.model_dump(), "chunk_tokens": 64, "overlap_tokens": 0}

    # langgraph dev: the member's door, then the member's run itself (its start checks again).
    with installed(Resources.open(res.database_url, reports_dir=tmp_path / "reports")):
        assert "chunked at 256/32" in (kept_settings_refusal("acme", small) or "")
        assert kept_settings_refusal("acme", folder.model_dump()) is None
    member = _compiled(res, "acme").invoke({"settings": small}, member_config(res, "m1", "erin"))
    assert member["status"] == "failed" and "chunked at 256/32" in member["last_error"], member["last_error"]
    admin_config = member_config(res, "a1", "olga")
    admin_config["configurable"]["langgraph_auth_user"]["role"] = "admin"
    assert _compiled(res, "acme").invoke({"settings": small}, admin_config)["status"] == "completed"
    kb = res.index("hashing").for_tenant("acme")
    kb.check_chunking("hb", 64, 0)  # the admin's settings are the collection's now

    # The runs API's door: a member's other settings 409; an admin's accepted, kept once its run
    # (its worker: the requester holds an admin key) writes its first batch (h12 s34 #14).
    service = RunsService(res, RunsConfig.from_env({"KASSIST_INGEST_ROOT": str(root)}))
    body = CreateRun(path="docs", collection="hb", run_id="m2", options=RunOptions(embedder="hashing"))
    with pytest.raises(ApiError) as refused:
        service.create(MEMBER, body, None)
    assert refused.value.status == 409 and "chunked at 64/0" in refused.value.detail
    service.create(ADMIN, body.model_copy(update={"run_id": "a2"}), None)
    kb.check_chunking("hb", 64, 0)  # accepted, not run: the collection is as its chunks are
    job = JobStore(res.runs).for_tenant("acme").get("a2")
    assert job is not None and job.settings is not None
    carried = execute(
        res, "acme", "a2", settings=Settings.model_validate(job.settings), within=service.served_folder(job),
        rechunk=True,
    )  # fmt: skip
    assert carried.state.status == "completed", carried.state.last_error
    kb.check_chunking("hb", 256, 32)

    # An admin's langgraph dev run paused after its discover and carried on by a member's resume
    # re-chunks as the admin's: decided by the run's first invocation (review s34 r1 L3).
    paused_config = member_config(res, "a3", "olga")
    paused_config["configurable"]["langgraph_auth_user"]["role"] = "admin"
    paused_config["configurable"]["max_steps"] = 1
    assert _compiled(res, "acme").invoke({"settings": small}, paused_config)["status"] == "paused"
    kb.check_chunking("hb", 256, 32)  # nothing written yet: nothing recorded
    resumed = _compiled(res, "acme").invoke({}, member_config(res, "a3", "erin"))
    assert resumed["status"] == "completed", resumed.get("last_error")
    kb.check_chunking("hb", 64, 0)

    # The command line's operator re-chunks at will.
    assert execute(res, "acme", "r3", settings=folder).state.status == "completed"
    kb.check_chunking("hb", 256, 32)


class _Admin(dict):  # type: ignore[type-arg]
    """langgraph dev's authenticated user (a mapping): an admin of acme."""

    identity = "olga"


def test_an_admins_cron_is_checked_as_its_member_firings_are(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cron's runs act as a member whoever made it (server/cron_rules.CRON_ROLE): an admin's cron with
    other chunk settings was let in and each firing refused (h12 s34's note on b0b9a40). An admin's
    own run may re-chunk."""
    import asyncio

    from langgraph_sdk import Auth

    from server.run_checks import check_ingestion_input

    root = tmp_path / "root"
    docs = root / "acme" / "docs"
    docs.mkdir(parents=True)
    (docs / "leave.md").write_text("# Leave\n\n" + "Every employee takes twenty-five days of leave. " * 40)
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(root))
    folder = Settings(source=str(docs), collection="hb", embedder="hashing")
    assert execute(res, "acme", "r1", settings=folder).state.status == "completed"  # records 256/32
    run_input = {"settings": {**folder.model_dump(), "chunk_tokens": 64, "overlap_tokens": 0}}
    admin = _Admin(identity="olga", tenant_id="acme", role="admin")

    def checked(resource: str) -> None:
        ctx = Auth.types.AuthContext(user=admin, permissions=[], resource=resource, action="create")  # type: ignore[arg-type]
        asyncio.run(check_ingestion_input(ctx, "ingestion", run_input))

    with installed(Resources.open(res.database_url, reports_dir=tmp_path / "reports")):
        checked("threads")  # an admin's run: may re-chunk
        with pytest.raises(Auth.exceptions.HTTPException) as refused:
            checked("crons")
    assert refused.value.status_code == 422 and "chunked at 256/32" in str(refused.value.detail)

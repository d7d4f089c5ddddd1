"""A collection mirrors one source (knowledge/index/sources.py): a run of another source neither
removes nor replaces its documents (h9 s32 #7 and its replace case, session 33).

The runs API's service as its routes call it, each run carried out as its worker does (one SQLite
file); the index's own rules on both backends, sync and async (``db_url``: SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import pytest
from raw_sql import raw
from test_kb_index_helpers import make_doc

from graph.ingestion.folders import source_record
from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from graph.ingestion.runner import RunOutcome, execute
from graph.ingestion.state import Settings
from knowledge.embedders import HashingEmbedder
from knowledge.index import AsyncKnowledgeIndex, KnowledgeIndex
from knowledge.index.sources import UPLOADS, CollectionMirrorsAnother
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.names import ApiError
from server.runs.service import RunsService

HASHING = RunOptions(embedder="hashing")
OLGA = Principal(identity="olga", tenant_id="acme", role="admin")
ALICE = Principal(identity="alice", tenant_id="acme", role="member")
ADMIN_PAGE0 = "Leave policy, part 0: twenty-five days a year."


@dataclass
class Sent:
    """An uploaded file as Starlette hands it over."""

    filename: str
    file: BinaryIO


def sent(name: str, text: str) -> list[Sent]:
    return [Sent(name, io.BytesIO(text.encode()))]


class Server:
    """The runs service of one SQLite file, a tenant's folders ``handbook`` and ``wiki``."""

    def __init__(self, tmp_path: Path) -> None:
        root = tmp_path / "root"
        for folder in ("handbook", "wiki"):
            (root / "acme" / folder).mkdir(parents=True)
        for i in range(3):
            text = ADMIN_PAGE0 if i == 0 else f"Leave policy, part {i}."
            (root / "acme" / "handbook" / f"page{i}.md").write_text(f"# Page {i}\n\n{text}\n")
        (root / "acme" / "wiki" / "page0.md").write_text("# Wiki\n\nThe wiki's own first page.\n")
        self.res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
        env = {"KASSIST_INGEST_ROOT": str(root), "KASSIST_UPLOADS_DIR": str(tmp_path / "up")}
        self.service = RunsService(self.res, RunsConfig.from_env(env))
        self.jobs = JobStore(self.res.runs).for_tenant("acme")

    def carried_out(self, run: str) -> RunOutcome:  # as the server's worker does it
        job = self.jobs.get(run)
        assert job is not None and job.settings is not None
        settings = Settings.model_validate(job.settings)
        return execute(
            self.res, "acme", run, settings=settings, on_finish=lambda _: self.jobs.done(run, job.seq)
        )

    def folder_run(self, run: str, path: str, collection: str) -> RunOutcome:
        self.service.create(
            OLGA, CreateRun(path=path, collection=collection, run_id=run, options=HASHING), None
        )
        return self.carried_out(run)

    def upload(self, run: str, name: str, text: str, collection: str) -> None:
        asyncio.run(self.service.create_upload(ALICE, sent(name, text), collection, run, HASHING, None))

    def texts(self, collection: str) -> dict[str, str]:
        kb = self.res.index("hashing").for_tenant("acme")
        found = {}
        for _, path in kb.documents(collection):
            outline = kb.document(path, collection, text=True).outline
            found[path] = " ".join(c.text or "" for c in outline)
        return found


@pytest.fixture
def server(tmp_path: Path):  # type: ignore[no-untyped-def]
    s = Server(tmp_path)
    try:
        yield s
    finally:
        s.res.close()


def test_an_upload_never_replaces_a_page_of_a_collection_filled_from_a_folder(server: Server) -> None:
    # Let in while the collection is empty; the admin's run fills it before the upload's run starts.
    server.upload("early", "page0.md", "# Page 0\n\nLeave policy: unlimited days, ask nobody.\n", "handbook")
    assert server.folder_run("h1", "handbook", "handbook").state.counters.documents_indexed == 3
    late = server.carried_out("early")  # checked again when it starts: refused, nothing written
    assert late.state.status == "failed"
    assert late.state.last_error is not None
    assert "collection 'handbook' mirrors folder 'handbook'; upload into another collection" in (
        late.state.last_error
    )
    # At the door now: the same page, refused before any file is kept.
    with pytest.raises(ApiError) as refused:
        server.upload("again", "page0.md", "# Page 0\n\nLeave policy: unlimited days.\n", "handbook")
    assert refused.value.status == 409
    assert server.jobs.get("again") is None
    texts = server.texts("handbook")
    assert sorted(texts) == ["page0.md", "page1.md", "page2.md"]
    assert ADMIN_PAGE0 in texts["page0.md"], f"the admin's page0.md was replaced: {texts['page0.md']!r}"


def test_uploads_add_and_replace_their_own_files_and_remove_none(server: Server) -> None:
    server.upload("u1", "a.md", "# A\n\nFirst upload.\n", "notes")
    assert server.carried_out("u1").state.counters.documents_indexed == 1
    server.upload("u2", "b.md", "# B\n\nSecond upload.\n", "notes")
    second = server.carried_out("u2")
    assert (second.state.counters.documents_indexed, second.state.counters.documents_removed) == (1, 0)
    server.upload("u3", "a.md", "# A\n\nFirst upload, corrected.\n", "notes")
    third = server.carried_out("u3")
    assert (third.state.counters.documents_indexed, third.state.counters.documents_removed) == (1, 0)
    texts = server.texts("notes")
    assert sorted(texts) == ["a.md", "b.md"]
    assert "corrected" in texts["a.md"]


def test_a_folder_keeps_its_own_collection_and_removes_only_its_own_gone_files(
    server: Server, tmp_path: Path
) -> None:
    server.folder_run("h1", "handbook", "handbook")
    with pytest.raises(ApiError) as other_folder:
        server.service.create(
            OLGA, CreateRun(path="wiki", collection="handbook", run_id="w1", options=HASHING), None
        )
    assert (other_folder.value.status, other_folder.value.detail) == (
        409,
        "collection 'handbook' mirrors folder 'handbook'; ingest folder 'wiki' into another collection",
    )
    server.upload("u1", "a.md", "# A\n\nAn upload.\n", "notes")
    server.carried_out("u1")
    with pytest.raises(ApiError, match="collection 'notes' holds uploaded files; ingest folder 'wiki'"):
        server.service.create(
            OLGA, CreateRun(path="wiki", collection="notes", run_id="w2", options=HASHING), None
        )
    # The folder's own run still mirrors it: a file gone from it goes from the collection.
    (tmp_path / "root" / "acme" / "handbook" / "page2.md").unlink()
    again = server.folder_run("h2", "handbook", "handbook")
    assert again.state.counters.documents_removed == 1
    assert sorted(server.texts("handbook")) == ["page0.md", "page1.md"]


def test_the_index_records_sources_checks_them_in_the_write_and_migrates_old_rows(db_url: str) -> None:
    folder, other = "/srv/docs/handbook", "/srv/docs/wiki"
    pages = [make_doc("acme", "hb", f"p{i}.md", [("Leave", f"Leave rule {i}.")]) for i in range(2)]
    with KnowledgeIndex.from_url(db_url, embedder=HashingEmbedder()) as index:
        kb = index.for_tenant("acme")
        kb.upsert_documents(pages)  # the library's own caller: no source recorded
    # Rows from before migration 3: no columns, their versions not recorded.
    raw(db_url, "DROP INDEX kassist_kb_documents_held")  # migrations 4 and 5 (knowledge/index/holds.py)
    for column in ("source", "held_by", "held_from"):
        raw(db_url, f"ALTER TABLE kassist_kb_documents DROP COLUMN {column}")
    for column in ("chunk_tokens", "overlap_tokens"):  # migration 6 (knowledge/index/chunk_settings.py)
        raw(db_url, f"ALTER TABLE kassist_kb_collections DROP COLUMN {column}")
    for column in ("audit_rules", "audit_rules_name"):  # migration 9 (knowledge/index/collection_rules.py)
        raw(db_url, f"ALTER TABLE kassist_kb_collections DROP COLUMN {column}")
    raw(db_url, "DELETE FROM kassist_schema_versions WHERE component = 'knowledge_index' AND version >= 3")
    with KnowledgeIndex.from_url(db_url, embedder=HashingEmbedder()) as index:
        kb = index.for_tenant("acme")
        # Unknown (no run's records name a writer): no run's, so none removes them as gone; a
        # folder run is let in (it may index them again), an upload is refused (review s33 r1 F1).
        kb.check_source("hb", folder)
        assert kb.documents("hb", of=folder) == []
        assert kb.documents("hb", of=UPLOADS) == []
        with pytest.raises(CollectionMirrorsAnother, match=r"no known source .* upload into another"):
            kb.check_source("hb", UPLOADS)
        kb.apply_upserts(kb.prepare_upserts(pages[:1], source=folder))
        assert {s for (s,) in raw(db_url, "SELECT source FROM kassist_kb_documents")} == {folder, None}
        # The write checks again: a plan made before another source filled the collection.
        stale = kb.prepare_upserts(
            [make_doc("acme", "hb", "p0.md", [("Leave", "Other rule.")])], source=other
        )
        with pytest.raises(CollectionMirrorsAnother, match="ingest folder 'wiki' into another collection"):
            kb.apply_upserts(stale)
        assert {s for (s,) in raw(db_url, "SELECT source FROM kassist_kb_documents")} == {folder, None}
        assert "Leave rule 0." in (kb.document("p0.md", "hb", text=True).outline[0].text or "")
        # Adopted (graph/ingestion/adoption.py): only where none is recorded yet.
        (p0, _), (p1, _) = pages
        kb.adopt_sources("hb", {p0.doc_id: other, p1.doc_id: folder})
        assert {s for (s,) in raw(db_url, "SELECT source FROM kassist_kb_documents")} == {folder}
        assert len(kb.documents("hb", of=folder)) == 2

    async def through_async() -> None:
        async with await AsyncKnowledgeIndex.from_url(db_url, embedder=HashingEmbedder()) as aindex:
            akb = aindex.for_tenant("acme")
            await akb.check_source("hb", folder)
            with pytest.raises(CollectionMirrorsAnother, match="collection 'hb' mirrors folder 'handbook'"):
                await akb.upsert_document(
                    *make_doc("acme", "hb", "p0.md", [("L", "Uploaded.")]), source=UPLOADS
                )
            await akb.upsert_document(*make_doc("acme", "up", "a.md", [("A", "Uploaded.")]), source=UPLOADS)
            await akb.check_source("up", UPLOADS)

    asyncio.run(through_async())


def test_a_folder_is_one_source_however_its_run_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A graph run's input may name its folder relative to the working directory (README's example);
    # `kassist kb ingest` resolves it: both are one source, not "another folder of that name".
    (tmp_path / "docs").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "docs")
    monkeypatch.chdir(tmp_path)
    env = {"KASSIST_UPLOADS_DIR": str(tmp_path / "uploads")}
    spellings = ("docs", str(tmp_path / "docs"), "link/", "./docs")
    records = {source_record(s, uploaded=False, env=env) for s in spellings}
    assert records == {str((tmp_path / "docs").resolve())}
    assert source_record("docs", uploaded=True, env=env) == UPLOADS

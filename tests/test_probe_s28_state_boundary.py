"""Session 28's leftovers at the run's state boundary (/tmp/kassist-docs/s28/h1.md, /tmp/h1s28/probes.md).

- ``kassist ask`` / ``chat --thread`` (the operator's command line) asked the registry and the head
  checkpoint whether a thread is an ingestion run's, but not the accepted-run record both servers
  honour: a turn on a thread whose ingestion run a LangGraph server accepted, and which has not
  begun (queued, or lost in a kill), became the checkpoint that run then began on. Now the same
  rule with the same inputs (server/thread_owner.holds_a_job with server/accepted_runs).
- The review decision in an ingestion run's state was an untyped dict: typed where it enters
  (kassist/review.ReviewDecision, the state's field), old checkpoints still read.
- Names that differ only in letter case (or Unicode form) are one name on macOS and Windows: the
  server's own folders are spelt so that none can be another's (kassist.names.fold_safe), and a
  name someone else chose is refused when it is another spelling of one already there
  (kassist.names.other_spelling): the operator's tenant folders, uploaded file names, exports."""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from urllib.parse import unquote

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from cli.main import app
from graph.ingestion.reports import ExportRefused, export_reports
from graph.ingestion.served import INGEST_ROOT_ENV, ServedRunRefused, check_served
from graph.ingestion.state import AgentRunState, Settings
from graph.ingestion.store import RunStore
from kassist.db.handle import open_set_up
from kassist.names import folded
from kassist.review import ReviewDecision
from server.accepted_runs import Accepted, AcceptedRuns
from server.runs import uploads

runner = CliRunner(
    env={"COLUMNS": "400", "KASSIST_EMBEDDER": "hashing", "OPENAI_API_KEY": "", "OPENAI_BASE_URL": ""}
)


async def test_the_command_line_refuses_a_thread_whose_accepted_run_is_an_ingestion_run(
    sqlite_url: str,
) -> None:
    table = open_set_up(sqlite_url, AcceptedRuns)
    try:  # what langgraph dev's create_run handler records before it queues the run
        settings = {"source": "/srv/ingest/acme/files", "collection": "held"}
        await table.put(
            "acme", "queued-job", Accepted("alice", "ingestion", {"settings": settings}, {}, "r-1")
        )
    finally:
        table.close()
    for command in ("ask", "chat"):
        said = runner.invoke(
            app,
            [command, *(["What is the leave policy?"] if command == "ask" else []), "--tenant", "acme",
             "--user", "olga", "--thread", "queued-job", "--database-url", sqlite_url],
            input="What is the leave policy?\n\n",
        )  # fmt: skip
        assert said.exit_code != 0, said.output
        assert (
            "error: thread 'queued-job' holds an ingestion run, not a conversation: leave --thread out to "
            "start a new conversation (or give one of your conversations' threads)"
        ) in said.output, said.output
    # Another tenant's thread of the same id is not that run's.
    table = open_set_up(sqlite_url, AcceptedRuns)
    try:
        assert await table.get("globex", "queued-job") is None
    finally:
        table.close()


def test_the_review_decision_is_typed_where_it_enters_the_runs_state() -> None:
    """The decision committed by await_review and not yet in the report was a ``dict[str, str]``
    checked into ReviewDecision at its one reader (record_decision): a malformed one went into the
    state and was carried along. Now the state's field is the type: the checkpoint's form (a plain
    dict, as 630777e's graph wrote it and this one does) is read into it, anything else refused."""
    committed = {"verdict": "rejected", "by": "root", "at": "2026-12-05 10:00 UTC"}
    state = AgentRunState.model_validate({"status": "cancelled", "decision_to_report": committed})
    assert state.decision_to_report == ReviewDecision(
        verdict="rejected", by="root", at="2026-12-05 10:00 UTC"
    )
    assert not state.ended and state.midway  # record_decision still to run: a shutdown keeps the request
    for malformed in ({"verdict": "maybe"}, {**committed, "note": "x"}, {"by": "root"}, "approved"):
        with pytest.raises(ValidationError) as refused:
            AgentRunState.model_validate({"decision_to_report": malformed})
        assert "decision_to_report" in str(refused.value), refused.value
    assert AgentRunState(status="running").midway and not AgentRunState(status="running").ended
    assert AgentRunState(status="completed").ended and not AgentRunState(status="completed").midway
    assert not AgentRunState(status="needs_review").midway  # it waits for a person, not a worker


# -- names that differ only in letter case (or accents' encoding): one name on macOS and Windows --


def test_server_chosen_folders_stay_two_where_names_differ_only_in_case(tmp_path: Path) -> None:
    """Two tenants' upload folders, two runs' upload folders: the server spells them (fold_safe),
    so ``Acme`` and ``acme``, ``R1`` and ``r1`` are two folders on every file system (t-Acme and
    t-acme were one folder on macOS). A lower-case tenant's folder is spelt as before."""
    assert uploads.tenant_folder(tmp_path, "acme").name == "t-acme"
    pairs = (("Acme", "acme"), ("CAFÉ", "café"), ("café", "cafe\u0301"), ("ß", "ss"), ("É" * 128, "é" * 128))
    for one, other in pairs:
        first, second = uploads.tenant_folder(tmp_path, one), uploads.tenant_folder(tmp_path, other)
        assert folded(first.name) != folded(second.name), (one, other, first.name, second.name)
    assert folded(uploads.run_folder(tmp_path, "acme", "R1").name) != folded(
        uploads.run_folder(tmp_path, "acme", "r1").name
    )
    for path in (uploads.tenant_folder(tmp_path, "Acme"), uploads.run_folder(tmp_path, "Acme", "R1")):
        path.mkdir(parents=True, exist_ok=True)  # real folders: the names are ones a file system takes
    # The run id for whoever looks, then the upload's own token (session 30: no folder holds a run id).
    assert unquote(uploads.run_folder(tmp_path, "acme", "R1").name).startswith("R1.")


def test_an_operators_folder_that_is_another_spelling_of_a_tenants_is_refused(tmp_path: Path) -> None:
    """KASSIST_INGEST_ROOT/<tenant> keeps the tenant's name (the operator's layout), so a second
    spelling is refused on every system alike: on macOS ``Acme`` read ``acme``'s documents."""
    (tmp_path / "acme" / "files").mkdir(parents=True)
    env = {INGEST_ROOT_ENV: str(tmp_path)}
    check_served(Settings(source=str(tmp_path / "acme" / "files"), embedder="hashing"), env, "acme")
    for tenant in ("Acme", "ACME"):
        with pytest.raises(ServedRunRefused) as refused:
            check_served(Settings(source=str(tmp_path / tenant / "files"), embedder="hashing"), env, tenant)
        said = str(refused.value)
        assert "has no folder of its own" in said and "'acme'" not in said, said  # the other one unnamed


def test_two_tenants_folders_spelt_apart_stay_each_tenants_and_are_logged_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A root laid out before session 28 on Linux, ``Acme/`` and ``acme/`` side by side (two folders
    there): both tenants' runs were refused after the upgrade (a runs API run finished, a langgraph
    dev run failed at its next node). Each folder spelt exactly as a tenant's name is that tenant's;
    the pair is logged once, both named, for the operator to rename (one folder on macOS)."""
    for tenant in ("acme", "Acme"):
        (tmp_path / tenant / "files").mkdir(parents=True)
    if len(list(tmp_path.iterdir())) != 2:
        pytest.skip("a case-insensitive file system holds one folder for both")
    env = {INGEST_ROOT_ENV: str(tmp_path)}
    with caplog.at_level("WARNING", logger="graph.ingestion.served"):
        for tenant in ("acme", "Acme", "acme"):
            check_served(Settings(source=str(tmp_path / tenant / "files"), embedder="hashing"), env, tenant)
        for tenant, folder in (("ACME", "acme"), ("Acme", "acme"), ("acme", "Acme")):
            with pytest.raises(ServedRunRefused):
                check_served(
                    Settings(source=str(tmp_path / folder / "files"), embedder="hashing"), env, tenant
                )
    logged = [record.getMessage() for record in caplog.records if record.name == "graph.ingestion.served"]
    assert len(logged) == 1 and logged[0].startswith("folders 'Acme', 'acme' of the ingestion root"), logged


def test_uploaded_names_that_are_one_name_on_macos_are_refused_before_anything_is_kept() -> None:
    cases = {
        ("Report.md", "report.md"): "file names 'Report.md' and 'report.md' differ only in letter case",
        ("A/x.md", "a/y.md"): "folder names 'A' and 'a' differ only in letter case",
        ("café.md", "cafe\u0301.md"): "differ only in how their characters are encoded",
        ("notes.md", "notes.md"): "file name 'notes.md' uploaded twice",
        ("Notes", "notes/b.md"): "file name 'Notes' is both a file and a folder",
    }
    for names, said in cases.items():
        with pytest.raises(uploads.UploadRefused) as refused:
            uploads.check_together([PurePosixPath(n) for n in names])
        assert said in str(refused.value), (names, str(refused.value))
    uploads.check_together([PurePosixPath(n) for n in ("a/x.md", "a/y.md", "b.md")])


def test_an_exported_report_never_replaces_another_runs(tmp_path: Path) -> None:
    """Runs ``R1`` and ``r1`` of one tenant: their exports are one file on macOS and Windows."""
    runs = RunStore.from_url(f"sqlite:///{tmp_path / 'k.db'}")
    try:
        runs.setup()
        for run in ("R1", "r1"):
            runs.for_tenant("acme").put_reports(run, {"markdown": f"# {run}\n"})
        out = tmp_path / "out"
        assert export_reports(runs, "acme", "R1", out, ["markdown"]) == {"markdown": out / "audit-R1@acme.md"}
        assert export_reports(runs, "acme", "R1", out, ["markdown"])  # the same run again: replaced
        with pytest.raises(ExportRefused) as refused:
            export_reports(runs, "acme", "r1", out, ["markdown"])
        assert "audit-R1@acme.md is there already" in str(refused.value)
        assert sorted(p.name for p in out.iterdir()) == ["audit-R1@acme.md"]
        assert (out / "audit-R1@acme.md").read_text() == "# R1\n"
    finally:
        runs.close()

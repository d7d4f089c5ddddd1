"""A ``langgraph dev`` run's per-node folder check does not cover the batches its loader reads ahead
(session 33 probes, h11: /tmp/h11/findings.md #2).

A run whose settings came from a client (``configurable.langgraph_auth_user``) meets
``check_served`` at the start of every node (``graph/ingestion/nodes.work_node``): its folder, as it
resolves then, must be under ``KASSIST_INGEST_ROOT/<tenant>``. But batch k's node also starts loading
batches k+1 and k+2 on the loader thread (``batches_ahead.load_ahead``), and batch k+1's node uses what
was loaded then (``batches_ahead.prepared``) after its own check passed. The loader confines a read to
the run's folder as it resolves *at the read* (``load_file(root=<source>)`` resolves the root again),
so a member who replaces acme's folder by a link to globex's while the loader reads, and puts it
back before the next node starts, has globex's file indexed in acme's collection: every check saw
acme's folder.

The attacker's timing is made exact by wrapping the loader's ``load_file`` (the real one is called):
when the loader thread reads batch 1's ``b.md``, the folder is a link to globex's; it is acme's again
before the call returns. The graph runs as ``langgraph dev`` runs it (an authenticated user in its
configurable, ``KASSIST_INGEST_ROOT`` set). One SQLite file, no HTTP, ~3 s."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from review_support import SECRET, document_text, member_config, tenant_folders

from graph.ingestion import batch_load
from graph.ingestion.resources import Resources
from graph.ingestion.runner import _compiled
from graph.ingestion.state import Settings


def test_a_batch_read_ahead_through_a_swapped_folder_is_not_indexed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, acme, globex = tenant_folders(tmp_path)
    (acme / "a.md").write_text("# A\n\nThe office opens at nine.\n")
    (acme / "b.md").write_text("# B\n\nAsk the office for your payslip.\n")
    (globex / "b.md").write_text(f"# B\n\n{SECRET}\n")
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(root))
    real_load = batch_load.load_file
    swapped: list[str] = []

    def load_while_swapped(path: Path, **kwargs: Any) -> Any:
        # The member's timing: acme's folder is a link to globex's only while the loader reads b.md.
        if not threading.current_thread().name.startswith("ingest-load") or Path(path).name != "b.md":
            return real_load(path, **kwargs)
        kept = acme.with_name("docs.before")
        acme.rename(kept)
        acme.symlink_to(globex, target_is_directory=True)
        swapped.append(str(path))
        try:
            return real_load(path, **kwargs)
        finally:
            acme.unlink()
            kept.rename(acme)

    monkeypatch.setattr(batch_load, "load_file", load_while_swapped)
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    try:
        config = member_config(res, "ahead")
        settings = Settings(source=str(acme), collection="c", embedder="hashing", batch_size=1)
        final = _compiled(res, "acme").invoke({"settings": settings.model_dump()}, config)
        assert swapped, "the loader thread never read b.md ahead of its batch"
        text = document_text(res, "b.md")
        if text is None:  # not indexed: refused
            return
        assert SECRET not in text, (
            f"acme's run ended {final['status']} with globex's b.md in acme's collection: {text!r}"
        )
    finally:
        res.close()

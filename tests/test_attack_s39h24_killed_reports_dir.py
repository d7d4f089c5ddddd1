"""h24 s39: a ``kassist ingest --reports-dir DIR`` run killed by SIGKILL and continued the way README names
for a kill (``kassist runs resume R``) completes without writing DIR, and without a word.

Session 38 (H22-3, H22-15, H22-16; 452a9d5, fe5563d) made every command ``kassist ingest`` *prints* to
finish a run repeat ``--reports-dir DIR``: the report's files follow the run to its end. A SIGKILL (the
OOM killer, a CI runner's hard timeout, a reboot) prints nothing, and README says "``kassist runs resume
hr-2026 --tenant acme`` (or the same ``kassist ingest`` command again) continues a run after a kill". The
folder is not part of the run's registration, so that command finishes the run (exit 0) and DIR never
holds the report a CI job was started to collect; nothing says the files were not written. The run's
other settings (collection, batch size, rules) are kept across any kill (docs/ingestion.md, "Resuming").

A real ``kassist ingest`` process SIGKILLed once its run is registered, then ``kassist runs resume``.
SQLite, hashing, ~15 s."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

from ingest_harness import child_env, kassist

DOCS = 40


def test_a_run_resumed_after_a_kill_writes_the_reports_dir_it_was_started_with(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for i in range(DOCS):  # plain policies: the audit wants no review, so the resume runs to the end
        (corpus / f"policy-{i:03d}.md").write_text(
            f"# Policy {i}\n\nEmployees file form {i} within {i % 7 + 2} days of the request.\n"
        )
    url = f"sqlite:///{tmp_path / 'runs.db'}"
    reports = tmp_path / "artifacts"
    ingest = subprocess.Popen(
        [sys.executable, "-P", "-m", "cli.main", "ingest", "corpus", "--tenant", "acme", "--run-id", "ci-1",
         "--embedder", "hashing", "--batch-size", "1", "--reports-dir", str(reports), "--database-url", url],
        cwd=tmp_path, env={**child_env(), "PYTHONUNBUFFERED": "1"}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    assert ingest.stdout is not None
    for line in ingest.stdout:
        if line.startswith("run ci-1 for tenant acme: new"):
            break
    ingest.send_signal(signal.SIGKILL)
    ingest.communicate(timeout=60)
    shown = kassist("runs", "show", "ci-1", "--tenant", "acme", "--database-url", url, "--json", cwd=tmp_path)
    assert json.loads(shown.stdout)["status"] != "completed", "the run ended before the kill"

    resumed = kassist("runs", "resume", "ci-1", "--tenant", "acme", "--database-url", url, cwd=tmp_path,
                      timeout=600)  # fmt: skip
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    written = sorted(p.name for p in reports.glob("audit-ci-1@acme.*")) if reports.is_dir() else []
    assert written == ["audit-ci-1@acme.html", "audit-ci-1@acme.json", "audit-ci-1@acme.md"], (
        written, resumed.stdout[-600:],
    )  # fmt: skip

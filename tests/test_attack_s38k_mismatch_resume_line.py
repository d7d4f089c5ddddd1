"""The command a settings refusal names to resume the run works when pasted (h22 s38; of c8c14a6).

``kassist ingest SRC --run-id R`` again with other settings (a batch size, a collection, another
folder) is refused - one line, good - ending ``(or resume it as it is: kassist runs resume R)``
(graph/ingestion/registration.mismatch). That command names neither the tenant (``--tenant`` is
required: "Missing option '--tenant'") nor the database the run is on (``--database-url``): pasted,
it fails, and given the tenant alone it opens the default database ("no ingestion run"). c8c14a6
made every other command the CLI prints name both (JobStage: resume, show, approve, report).

Real processes, SQLite, hashing: ~10 s."""

from __future__ import annotations

import shlex
from pathlib import Path

from ingest_harness import kassist


def test_the_resume_command_a_settings_refusal_names_works_when_pasted(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEvery employee takes twenty-five days of leave a year.\n")
    db = f"sqlite:///{tmp_path / 'elsewhere.db'}"
    common = ("--tenant", "acme corp", "--run-id", "s1", "--embedder", "hashing", "--database-url", db)
    first = kassist("ingest", "docs", *common, "--max-steps", "1", cwd=tmp_path)
    assert first.returncode == 8, first.stdout + first.stderr  # paused: a run to resume
    again = kassist("ingest", "docs", *common, "--batch-size", "5", cwd=tmp_path)
    said = again.stderr.strip()
    assert again.returncode != 0 and "resume it as it is: kassist " in said, said
    command = said.split("resume it as it is: kassist ", 1)[1].rstrip(")")
    resumed = kassist(*shlex.split(command), cwd=tmp_path)
    assert resumed.returncode == 0, (command, resumed.stderr[-400:])

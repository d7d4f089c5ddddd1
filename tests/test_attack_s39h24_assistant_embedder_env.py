"""h24 s39: ``kassist ask`` with a ``KASSIST_EMBEDDER`` it cannot use names an option the command does
not have, and never the variable.

docs/assistant.md: the assistant's searches use ``KASSIST_EMBEDDER`` (``auto``, ``local``, ``hashing``,
``openai``). ``kassist ask`` has no ``--embedder`` option; set in a shell profile and forgotten, the
variable makes it say ``error: unknown embedder 'bogus'; choose one of: auto, local, hashing, openai``
(what to change is not said) or ``error: --embedder openai needs OPENAI_API_KEY or OPENAI_BASE_URL in the
environment`` (the user looks for an option ``kassist ask --help`` does not list). ``langgraph dev``
refuses the same value at its start naming the variable (``KASSIST_EMBEDDER='bogus' is not an embedder;
...``, docs/serving.md). A line names what is wrong: here the variable. Real processes, SQLite.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import zygote
from ingest_harness import ROOT, child_env, kassist


@pytest.mark.parametrize("value", ["bogus", "openai"])
def test_an_assistant_embedder_from_the_environment_is_refused_naming_the_variable(
    value: str, tmp_path: Path
) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEvery employee takes twenty-five days of leave a year.\n")
    url = f"sqlite:///{tmp_path / 'k.db'}"
    made = kassist("kb", "ingest", str(docs), "--tenant", "acme", "--collection", "hr", "--embedder", "hashing",
                   "--database-url", url, cwd=tmp_path)  # fmt: skip
    assert made.returncode == 0, made.stdout + made.stderr

    env = {k: v for k, v in child_env().items() if not k.startswith("OPENAI_")}
    env |= {"KASSIST_EMBEDDER": value, "PYTHONPATH": str(ROOT)}
    done = zygote.run(
        [sys.executable, "-P", "-m", "cli.main", "ask", "how many days of leave", "--tenant", "acme", "--user",
         "asha", "--database-url", url],
        cwd=tmp_path, env=env, timeout=300,
    )  # fmt: skip
    errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert done.returncode != 0 and len(errors) == 1, (done.returncode, done.stderr)
    assert "KASSIST_EMBEDDER" in errors[0] and "--embedder" not in errors[0], errors[0]

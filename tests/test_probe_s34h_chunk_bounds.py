"""h12 s34 #13: chunk settings the chunker refuses pass every door, and the run fails at its ingest
step with a raw ``ValueError``.

``ChunkTokens`` (graph/ingestion/state.py, shared by ``Settings`` and the runs API's ``RunOptions``)
allows 16 to 512 tokens and ``OverlapTokens`` 0 to 256, while the chunker takes at least 32 tokens and
an overlap of at most half the chunk (knowledge/chunking.py: ``MIN_MAX_TOKENS``). ``POST /v1/runs``
with ``"chunk_tokens": 20`` (or 40 with an overlap of 39) is a 201, langgraph dev's run a 200, and each
run registers, then fails: ``ingest: ValueError: max_tokens must be at least 32, got 20`` (seen on
both real servers) - a failed run in the tenant's list that every resume fails again, where the
project's rule is a 422 naming the field at the door. Pure: the models and langgraph dev's check."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from graph.ingestion.served import input_refusal
from graph.ingestion.state import Settings
from server.runs.models import RunOptions

REFUSED_BY_THE_CHUNKER = [
    {"chunk_tokens": 20, "overlap_tokens": 0},
    {"chunk_tokens": 40, "overlap_tokens": 39},
]


@pytest.mark.parametrize("chunking", REFUSED_BY_THE_CHUNKER)
def test_chunk_settings_the_chunker_refuses_are_refused_at_the_door(
    tmp_path: Path, chunking: dict[str, int]
) -> None:
    with pytest.raises(ValidationError):
        RunOptions.model_validate(chunking)
    with pytest.raises(ValidationError):
        Settings.model_validate({"source": str(tmp_path), **chunking})
    refused = input_refusal(
        {"settings": {"source": str(tmp_path), **chunking}}, {"KASSIST_INGEST_ROOT": str(tmp_path)}, "acme"
    )
    assert refused is not None and "settings." in refused, refused


def test_a_rules_file_that_is_not_toml_is_refused_at_langgraph_devs_door_as_at_the_runs_apis(
    tmp_path: Path,
) -> None:
    """The runs API parses ``options.audit_rules`` at its door (422 "... is not valid TOML: ..."); langgraph
    dev's input check looks only for a regular file, and the run (200) fails at its ingest step with
    ``AuditConfigError`` (seen on a real langgraph dev: a Markdown page named as the rules)."""
    folder = tmp_path / "acme" / "docs"
    folder.mkdir(parents=True)
    page = folder / "leave.md"
    page.write_text("# Leave\n\nEvery employee takes 25 days.\n")
    settings = {"source": str(folder), "audit_rules": str(page)}
    refused = input_refusal({"settings": settings}, {"KASSIST_INGEST_ROOT": str(tmp_path)}, "acme")
    assert refused is not None and "TOML" in refused, refused

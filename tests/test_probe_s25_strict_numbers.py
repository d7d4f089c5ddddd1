"""An ingestion run's numbers are numbers (session 25 probe, /tmp/h1/probes.md #24).

``settings.batch_size: true`` and ``"7"`` were accepted at every door and run as 1 and 7: pydantic's
lax mode converted them. A client that sends a boolean or a string where a count belongs has made a
mistake the server should name, as it names ``batch_size: 0``. The rule lives in the models
(``Settings`` for langgraph dev and the command line, ``RunOptions`` for the runs API), so every
door refuses alike; a real integer still passes."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from graph.ingestion.served import input_refusal
from graph.ingestion.state import Settings
from server.runs.models import RunOptions

ODD = [True, False, "7", 7.0, 7.5, None]


@pytest.mark.parametrize("field", ["batch_size", "chunk_tokens", "overlap_tokens", "max_bytes"])
@pytest.mark.parametrize("value", ODD)
def test_a_served_run_refuses_a_setting_that_is_not_an_integer(
    tmp_path: Path, field: str, value: object
) -> None:
    env = {"KASSIST_INGEST_ROOT": str(tmp_path)}
    refused = input_refusal({"settings": {"source": str(tmp_path), field: value}}, env, "acme")
    assert refused is not None and refused.startswith(f"settings.{field}:"), refused
    assert "integer" in refused


def test_an_integer_setting_still_passes(tmp_path: Path) -> None:
    given = {"source": str(tmp_path), "batch_size": 7, "chunk_tokens": 128, "overlap_tokens": 0}
    assert Settings.model_validate(given).batch_size == 7
    refused = input_refusal({"settings": given}, {"KASSIST_INGEST_ROOT": str(tmp_path)}, "acme")
    assert refused is None or "batch_size" not in refused
    # A stored run's settings (JSON in the runs table) load as before.
    stored = Settings.model_validate(given).model_dump_json()
    assert Settings.model_validate_json(stored) == Settings.model_validate(given)


@pytest.mark.parametrize("field", ["batch_size", "chunk_tokens", "overlap_tokens", "max_steps"])
@pytest.mark.parametrize("value", ODD[:-1])
def test_the_runs_api_refuses_an_option_that_is_not_an_integer(field: str, value: object) -> None:
    with pytest.raises(ValidationError) as refused:
        RunOptions.model_validate({field: value})
    assert [e["loc"] for e in refused.value.errors()] == [(field,)]

"""Review s34 r1 F2 (of 5aa2d28, h12 s34 #13's fix): the overlap rule (at most chunk_tokens/2) is a
field validator of ``overlap_tokens``, and pydantic does not run a field validator on a default. So
settings naming only ``chunk_tokens`` between 32 and 63 (the default overlap is 32) pass every door -
RunOptions, ``Settings.model_validate`` (langgraph dev's input check) - and then cannot be read back:
the runs API builds its Settings with the overlap given (a raw ValidationError, answered 500), and a
langgraph dev run's begin registers them and fails reading its own registration (every read of those
settings raises). Before 5aa2d28 such a run was let in and failed at its ingest step (h12 #13); now it
fails earlier, with a raw pydantic error, where a 422 naming the field was meant.

In process: the runs API app on one SQLite file (the harness), langgraph dev's input rule; ~2 s."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError
from runs_api_harness import ADMIN, env_for, serving, small_corpus

from graph.ingestion.served import input_refusal
from graph.ingestion.state import Settings

REASON = (
    "review s34 r1 F2: chunk_tokens 32-63 with the default overlap (32) passes the doors (a field "
    "validator skips defaults) and its settings cannot be read back (runs API 500, a raw ValidationError)"
)


def test_settings_a_door_accepts_read_back(tmp_path: Path) -> None:
    root = tmp_path / "shared"
    (root / "acme" / "hr").mkdir(parents=True)
    env = {"KASSIST_INGEST_ROOT": str(root)}
    asked = {"settings": {"source": str(root / "acme" / "hr"), "chunk_tokens": 40, "embedder": "hashing"}}
    refused = input_refusal(asked, env, "acme")  # langgraph dev's door
    if refused is None:  # let in: the settings it registers must read back as they were
        given = Settings.model_validate(asked["settings"])
        assert Settings.model_validate_json(given.model_dump_json()) == given
    else:
        assert "overlap_tokens" in refused


def test_the_runs_api_answers_chunk_tokens_alone_without_a_500(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "shared" / "acme"
    small_corpus(root / "hr")
    with serving(sqlite_url, monkeypatch, env_for(tmp_path, root.parent, KASSIST_RUN_WORKERS="0")) as client:
        answer = client.post(
            "/v1/runs",
            json={
                "path": "hr",
                "collection": "handbook",
                "options": {"embedder": "hashing", "chunk_tokens": 40},
            },
            headers=ADMIN,
        )
    assert answer.status_code in (201, 422), answer.text
    if answer.status_code == 422:
        assert any(
            "overlap_tokens" in str(e["loc"]) or "overlap_tokens" in e["msg"] for e in answer.json()["detail"]
        )


def test_an_explicit_overlap_over_half_a_chunk_is_still_refused() -> None:
    with pytest.raises(ValidationError, match="overlap_tokens"):
        Settings.model_validate({"chunk_tokens": 40, "overlap_tokens": 39})

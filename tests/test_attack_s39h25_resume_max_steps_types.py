"""h25 s39: the runs API's resume takes ``{"max_steps": true}`` as 1 and ``{"max_steps": "3"}`` as 3,
where the same option at the run's create is strict.

``options.max_steps`` of ``POST /v1/runs`` is declared strict (server/runs/models.RunOptions: "`true` or
"7" is a 422, not 1 or 7") - a client's wrong type is a clear error, never a silent setting. The resume's
body (``ResumeRun``, ``POST /v1/runs/{id}/resume``: "optional ``{"max_steps": N}``", docs/serving.md)
declares the same field without ``strict``: pydantic's lax mode turns ``true`` into a budget of one step
and a string into a number, 202, and the run pauses again after one step where its client sent a flag.
A forged or mistaken type of a resume payload passes where the create's is refused.

The app in process (its workers run), SQLite, hashing; ~5 s."""

from __future__ import annotations

from pathlib import Path

import pytest
from runs_api_harness import ADMIN, env_for, serving, settle, small_corpus


@pytest.mark.parametrize("sent", [True, "3"], ids=["true", "string"])
def test_a_resume_max_steps_of_another_type_is_refused_as_at_create(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sent: object
) -> None:
    root = tmp_path / "root"
    small_corpus(root / "acme" / "hr", extra=6)
    db_url = f"sqlite:///{tmp_path / 'kb.db'}"
    with serving(db_url, monkeypatch, env_for(tmp_path, root)) as api:
        refused = api.post(
            "/v1/runs",
            json={"path": "hr", "run_id": "r0", "options": {"embedder": "hashing", "max_steps": sent}},
            headers=ADMIN,
        )
        assert refused.status_code == 422, refused.text  # the create's rule
        made = api.post(
            "/v1/runs",
            json={"path": "hr", "run_id": "r1", "options": {"embedder": "hashing", "max_steps": 1}},
            headers=ADMIN,
        )
        assert made.status_code == 201, made.text
        assert settle(api, "r1", ADMIN)["status"] == "paused"
        resumed = api.post("/v1/runs/r1/resume", json={"max_steps": sent}, headers=ADMIN)
        settle(api, "r1", ADMIN)
        assert resumed.status_code == 422, (resumed.status_code, resumed.text[:300])
        assert any(e["loc"][-1] == "max_steps" for e in resumed.json()["detail"]), resumed.text

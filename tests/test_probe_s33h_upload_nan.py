"""An upload's ``options`` holding NaN or Infinity is a 422, as the same options in a JSON body are
(session 33 probes, h11: /tmp/h11/findings.md #5).

``POST /v1/runs`` refuses a JSON body holding ``NaN``, ``Infinity`` or ``1e400`` in one line ("the
JSON body holds NaN, which is not a finite number ..."). ``POST /v1/runs/uploads`` takes its options
as JSON in a form field (``RunOptions.model_validate_json``), which pydantic reads with NaN and
Infinity; the validation error then says the value back (``input: nan``), and the 422's JSON cannot
hold it: ``ValueError: Out of range float values are not JSON compliant`` in
server/error_handlers.invalid, a 500 with a traceback. kassist serve's app in process (TestClient),
one SQLite file, no worker."""

from __future__ import annotations

from pathlib import Path

import pytest
from runs_api_harness import MEMBER, env_for, serving


@pytest.mark.parametrize("options", ['{"max_steps": NaN}', '{"chunk_tokens": -Infinity}', "[1e400]"])
def test_an_uploads_non_finite_option_is_refused_in_one_line(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, options: str
) -> None:
    with serving(sqlite_url, monkeypatch, env_for(tmp_path, None, KASSIST_RUN_WORKERS="0")) as client:
        answer = client.post(
            "/v1/runs/uploads",
            headers=MEMBER,
            files=[("files", ("a.md", b"# A\n\nThe office opens at nine.\n"))],
            data={"options": options},
        )
    assert answer.status_code == 422, f"{answer.status_code} {answer.text[:200]}"
    assert answer.json()["detail"][0]["loc"][:2] == ["body", "options"]

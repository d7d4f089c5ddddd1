"""A collection name or run id the runs API refuses is one line naming the field, what is wrong and
what to send (session 38): an upload's ``collection`` (or ``run_id``) of 5,000 characters was
pydantic's pattern error, which named the regular expression and said the value back, and no client
could act on it. The rules themselves are unchanged: the same names pass as the pattern let through
(checked against pydantic's own pattern; a run id's own check was stricter already: no '..', no UUID)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import pytest
from fastapi.testclient import TestClient
from pydantic import Field, TypeAdapter, ValidationError
from runs_api_harness import ADMIN, env_for, serving

from server.runs.models import NAME, collection_refusal
from server.runs.names import ApiError, check_new_run_id

LONG = "c" * 5000
PATTERN: TypeAdapter[str] = TypeAdapter(Annotated[str, Field(pattern=NAME)])


@pytest.mark.parametrize(
    "name",
    [
        "default", "a", "A9", "hr.v2_final-1", "x" * 128, "x" * 129, "", ".hidden", "-x", "_x", "a b",
        "a/b", "a\\b", "..", "a..b", "a\n", "\na", "a\x00", "caf\u00e9", "\u0661\u0662", "a\u200b",
        "ＡＢＣ", LONG,
    ],
)  # fmt: skip
def test_the_rule_passes_exactly_the_names_the_pattern_did(name: str) -> None:
    try:
        PATTERN.validate_python(name)
        matched = True
    except ValidationError:
        matched = False
    assert (collection_refusal(name) is None) == matched, repr(name)
    try:
        check_new_run_id(name, ("body", "run_id"))
        run_id = True
    except ApiError as exc:
        assert exc.status == 422 and "\n" not in exc.detail, exc.detail
        run_id = False
    assert matched or not run_id, repr(name)  # the pattern's names or fewer, as before


@pytest.fixture
def client(sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> TestClient:
    with serving(sqlite_url, monkeypatch, env_for(tmp_path, None)) as c:
        yield c  # type: ignore[misc]


def _one_line(answer: Any, loc: list[str]) -> str:
    assert answer.status_code == 422, answer.text
    errors = answer.json()["detail"]
    assert [e["loc"] for e in errors] == [loc], errors  # one error, naming the field
    said = str(errors[0]["msg"])
    assert "\n" not in said and len(answer.text) < 1000, answer.text  # one line, the name not said back whole
    assert "collection" in said and "is not a collection name" in said, said  # what is wrong
    assert "1-128 letters, digits, '.', '_' or '-'" in said, said  # what to send
    return said


def test_an_uploads_bad_collection_is_one_line_and_nothing_is_kept(
    client: TestClient, tmp_path: Path
) -> None:
    files = [("files", ("memo.md", b"# Memo\n\nThe office opens at nine.\n"))]
    form = {"options": '{"embedder": "hashing"}'}
    for name in (LONG, "no spaces", "../up"):
        answer = client.post(
            "/v1/runs/uploads", files=files, data={**form, "collection": name}, headers=ADMIN
        )
        assert _one_line(answer, ["body", "collection"]).startswith(f"collection {name[:10]!r}"[:-1])
    assert not any((tmp_path / "uploads").rglob("*.md")), "a refused upload kept its files"
    assert client.get("/v1/runs", headers=ADMIN).json()["runs"] == []
    ok = client.post("/v1/runs/uploads", files=files, data={**form, "collection": "x" * 128}, headers=ADMIN)
    assert ok.status_code == 201, ok.text  # the longest name the rule allows still uploads


def test_a_folder_runs_bad_collection_says_the_same_line(client: TestClient) -> None:
    answer = client.post("/v1/runs", json={"path": "hr", "collection": LONG}, headers=ADMIN)
    said = _one_line(answer, ["body", "collection"])
    assert said == f"Value error, {collection_refusal(LONG)}", said  # pydantic's prefix on the JSON door


def _run_id_line(answer: Any) -> str:
    assert answer.status_code == 422, answer.text
    errors = answer.json()["detail"]
    assert [e["loc"] for e in errors] == [["body", "run_id"]], errors
    said = str(errors[0]["msg"])
    assert "\n" not in said and len(answer.text) < 1000, answer.text
    assert "is not a run id: 1-128 letters, digits, '.', '_' or '-'" in said, said
    return said


def test_a_bad_run_id_is_one_line_on_both_doors(client: TestClient, tmp_path: Path) -> None:
    files = [("files", ("memo.md", b"# Memo\n\nThe office opens at nine.\n"))]
    form = {"options": '{"embedder": "hashing"}'}
    for name in ("r" * 5000, "no spaces", "../up"):
        _run_id_line(
            client.post("/v1/runs/uploads", files=files, data={**form, "run_id": name}, headers=ADMIN)
        )
    assert not any((tmp_path / "uploads").rglob("*.md")), "a refused upload kept its files"
    for name in ("r" * 5000, ""):  # "" names no run: refused as the pattern refused it, not made up
        _run_id_line(client.post("/v1/runs", json={"path": "hr", "run_id": name}, headers=ADMIN))
    assert client.get("/v1/runs", headers=ADMIN).json()["runs"] == []

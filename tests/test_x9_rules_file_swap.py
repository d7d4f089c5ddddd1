"""A served run's audit-rules file is read as the file its reader opened, under its tenant's folder
(x7 s34's low, x9 s35: graph/ingestion/audit_step.read_rules): the doors checked the path, then read
it again, and the run read it by path steps later, so a member who swapped the file for a link out of
the folder in between had another tenant's rules read - quoted by the door's 422 and applied to the
member's run, where its report named them. One SQLite file, in process (~3 s of CPU)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from review_support import member_config

import graph.ingestion.served as served
from graph.ingestion.audit_step import read_rules
from graph.ingestion.resources import Resources
from graph.ingestion.runner import _compiled
from knowledge.audit import AuditConfigError

# globex's own rules, which no acme run may read: a field name of its own, and (invalid) a key.
GLOBEX_FIELD = "project_falcon_codename"


def _folders(tmp_path: Path) -> tuple[Path, Path, Path]:
    root = tmp_path / "root"
    acme, globex = root / "acme", root / "globex"
    (acme / "docs").mkdir(parents=True)
    globex.mkdir(parents=True)
    (acme / "docs" / "leave.md").write_text("# Leave\n\nEvery employee takes twenty-five days of leave.\n")
    (acme / "rules.toml").write_text('required_metadata = ["owner"]\n')
    (globex / "rules.toml").write_text(f'required_metadata = ["{GLOBEX_FIELD}"]\n')
    (globex / "bad.toml").write_text(f"{GLOBEX_FIELD} = 1\n")
    return root, acme, globex


def _swap(link: Path, target: Path) -> None:
    link.unlink()
    link.symlink_to(target)


def test_the_reader_takes_only_a_file_under_the_folder(tmp_path: Path) -> None:
    _, acme, globex = _folders(tmp_path)
    (acme / "mine.toml").symlink_to(acme / "rules.toml")  # a link within the folder is the tenant's
    assert read_rules(str(acme / "mine.toml"), within=acme.resolve()).required_metadata == ("owner",)
    (acme / "theirs.toml").symlink_to(globex / "rules.toml")
    with pytest.raises(AuditConfigError, match="not a file under the run's folder"):
        read_rules(str(acme / "theirs.toml"), within=acme.resolve())
    assert read_rules(str(acme / "theirs.toml")).required_metadata == (GLOBEX_FIELD,)  # the operator's


def test_a_swap_after_the_doors_check_is_not_read(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, acme, globex = _folders(tmp_path)
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(root))
    rules = acme / "rules.toml"
    settings = {
        "source": str(acme / "docs"),
        "collection": "c",
        "embedder": "hashing",
        "audit_rules": str(rules),
    }

    # The member swaps the file for a link to globex's right after a check looked at the path (the
    # check's last look, served.check_served's), before the file is read.
    looked = served._regular_file

    def swap_after_looking(target: Path) -> None:
        def then_swap(path: str) -> bool:
            answer = looked(path)
            if not rules.is_symlink():  # once
                _swap(rules, target)
            return answer

        monkeypatch.setattr(served, "_regular_file", then_swap)

    # langgraph dev's door.
    swap_after_looking(globex / "bad.toml")
    refusal = served.input_refusal({"settings": settings}, {"KASSIST_INGEST_ROOT": str(root)}, "acme")
    assert refusal is not None and "not a file under the run's folder" in refusal, refusal
    assert GLOBEX_FIELD not in refusal

    # The run, let in with acme's own file and paused after its first step: every step checks its
    # settings again, and the member swaps the file right after the ingest step's check.
    rules.unlink()
    rules.write_text('required_metadata = ["owner"]\n')
    monkeypatch.setattr(served, "_regular_file", looked)
    first = member_config(res, "swap-1", "erin")
    first["configurable"]["max_steps"] = 1
    assert _compiled(res, "acme").invoke({"settings": settings}, first)["status"] == "paused"
    swap_after_looking(globex / "rules.toml")
    done = _compiled(res, "acme").invoke({}, member_config(res, "swap-1", "erin"))
    audited = [row["audit"] or "" for row in res.runs.for_tenant("acme").manifest("swap-1")]
    assert not [audit for audit in audited if GLOBEX_FIELD in audit]  # no document audited by them
    assert done["status"] == "failed", done["status"]
    assert "not a file under the run's folder" in done["last_error"], done["last_error"]
    report = res.runs.for_tenant("acme").report("swap-1", "json")
    assert GLOBEX_FIELD not in json.dumps(done, default=str) + (report or "")

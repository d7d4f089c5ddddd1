"""h6 (session 30): operator settings outside the runs API with bad values or in conflict. Each
must stop the start (or the command) with one line naming the setting and what to write - never a
raw OS error, never one setting silently winning over another the operator also gave."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from runs_api_harness import env_for, serving

from knowledge.audit import AuditConfigError, AuditRules
from server.startup import ConfigError, checked_keys


def test_audit_rules_naming_a_folder_say_so_without_an_os_error(tmp_path: Path) -> None:
    # `kassist ingest --audit-rules <folder>` printed "cannot read audit rules file <folder>:
    # [Errno 21] Is a directory: 3" - the errno and a file descriptor number, not what to do.
    with pytest.raises(AuditConfigError) as refused:
        AuditRules.load(tmp_path)
    told = str(refused.value)
    assert "Errno" not in told, told
    assert str(tmp_path) in told and "TOML file" in told, told


def test_two_key_tables_at_once_are_refused_naming_both(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The docs say one table, "from KASSIST_API_KEYS_FILE or KASSIST_API_KEYS". Given both, the file
    # was read and the inline table ignored without a word: a key the operator removed from the
    # table they edited stayed valid (it was in the other one), and one they added was a 401.
    kept = tmp_path / "keys.json"
    kept.write_text(json.dumps({"old-key-0123456789abcdef": {"identity": "eve", "tenant_id": "acme"}}))
    monkeypatch.setenv("KASSIST_API_KEYS_FILE", str(kept))
    monkeypatch.setenv(
        "KASSIST_API_KEYS", json.dumps({"new-key-0123456789abcdef": {"identity": "ann", "tenant_id": "acme"}})
    )
    with pytest.raises(ConfigError, match=r"KASSIST_API_KEYS_FILE.*KASSIST_API_KEYS|KASSIST_API_KEYS.*_FILE"):
        checked_keys(sqlite_url, allow_no_keys=False)


@pytest.mark.parametrize("origins", ["kassist.example.com", "https://kassist.example.com/app", "*"])
def test_an_allowed_origin_that_is_no_origin_is_refused_at_start(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, origins: str
) -> None:
    # An origin is scheme://host[:port]. A host alone, a URL with a path or "*" never equals a
    # browser's Origin header, so every sign-in behind the proxy is refused as cross-site and the
    # operator is told nothing at start (docs/serving.md: e.g. https://kassist.example.com).
    env = env_for(tmp_path, None, KASSIST_ALLOWED_ORIGINS=origins)
    with pytest.raises(ValueError, match="KASSIST_ALLOWED_ORIGINS"), serving(sqlite_url, monkeypatch, env):
        pass

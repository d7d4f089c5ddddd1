"""KASSIST_INGEST_ROOT_SHARED names the one tenant whose served runs read the whole ingestion root (h16
s36 H16-2, the lead's decision 2; x11): another tenant reads no folder of it (H16-13), and the
old value ``1`` (no tenant named: any tenant whose key was added later read every other's folder) is
refused at the runs API's start in one line naming the setting. Pure rules, no server."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.ingestion.served import ServedRunRefused, check_served, shared_tenant
from graph.ingestion.state import Settings
from server.runs.config import RunsConfig, RunsConfigError


def test_the_shared_root_is_the_named_tenants_only(tmp_path: Path) -> None:
    for tenant in ("acme", "globex"):
        (tmp_path / tenant / "hr").mkdir(parents=True)
    env = {"KASSIST_INGEST_ROOT": str(tmp_path), "KASSIST_INGEST_ROOT_SHARED": "acme"}
    check_served(Settings(source=str(tmp_path / "globex" / "hr")), env, tenant="acme")  # the whole root
    # Another tenant reads no folder of it: root/globex lies inside acme's whole root, so acme could put
    # files there for globex's runs to read (h16 s36 H16-13; a root shared with one tenant is its only).
    for source in (tmp_path / "acme" / "hr", tmp_path / "globex" / "hr"):
        with pytest.raises(
            ServedRunRefused, match=r"ingestion root is one tenant.s \(KASSIST_INGEST_ROOT_SHARED\)"
        ):
            check_served(Settings(source=str(source)), env, tenant="globex")
    with pytest.raises(ServedRunRefused, match="upload the files instead"):
        RunsConfig.from_env(env).root_for("globex")
    assert shared_tenant({"KASSIST_INGEST_ROOT_SHARED": ""}) is None


@pytest.mark.parametrize("old", ["1", "true", "YES"])
def test_the_old_value_naming_no_tenant_is_refused_at_start(old: str, tmp_path: Path) -> None:
    env = {"KASSIST_INGEST_ROOT": str(tmp_path), "KASSIST_INGEST_ROOT_SHARED": old}
    with pytest.raises(RunsConfigError) as refused:
        RunsConfig.from_env(env)
    assert str(refused.value).startswith(f"KASSIST_INGEST_ROOT_SHARED={old!r} names no tenant: set it to")

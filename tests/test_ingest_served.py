"""The rules for ingestion runs whose settings came from a client of the LangGraph server."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest

from graph.ingestion.served import ServedRunRefused, check_served
from graph.ingestion.state import Settings


def test_a_served_run_reads_only_under_the_configured_root(tmp_path: Path) -> None:
    root = tmp_path / "shared"
    (root / "hr").mkdir(parents=True)
    (tmp_path / "secret").mkdir()
    (root / "escape").symlink_to(tmp_path / "secret")
    env = {"KASSIST_INGEST_ROOT": str(root)}
    check_served(Settings(source=str(root / "hr")), env)
    for source in ("/etc", str(root / ".." / "secret"), str(root / "escape"), ""):
        with pytest.raises(ServedRunRefused, match="KASSIST_INGEST_ROOT") as refused:
            check_served(Settings(source=source), env)
        assert str(root) not in str(refused.value)  # the server's configuration is not told
    with pytest.raises(ServedRunRefused, match="audit_rules"):
        check_served(Settings(source=str(root / "hr"), audit_rules="/etc/passwd"), env)


def test_without_a_root_a_served_run_reads_nothing() -> None:
    with pytest.raises(ServedRunRefused, match="by setting KASSIST_INGEST_ROOT"):
        check_served(Settings(source="/tmp"), {})


def test_a_served_run_notifies_only_listed_hosts(tmp_path: Path) -> None:
    env = {"KASSIST_INGEST_ROOT": str(tmp_path), "KASSIST_NOTIFY_HOSTS": "hooks.example.com, ci.example.com"}
    check_served(Settings(source=str(tmp_path), notify_url="https://hooks.example.com/kassist"), env)
    for url in (
        "http://127.0.0.1:8080/x",
        "http://169.254.169.254/latest",
        "https://hooks.example.com.evil.io/",
    ):
        with pytest.raises(ServedRunRefused, match="KASSIST_NOTIFY_HOSTS"):
            check_served(Settings(source=str(tmp_path), notify_url=url), env)


def test_a_tenant_reads_only_its_folder_of_the_root_unless_the_root_is_shared(tmp_path: Path) -> None:
    for tenant in ("acme", "globex", "a/b"):
        (tmp_path / quote(tenant, safe="") / "hr").mkdir(parents=True)
    env = {"KASSIST_INGEST_ROOT": str(tmp_path)}
    check_served(Settings(source=str(tmp_path / "acme" / "hr")), env, tenant="acme")
    # Another tenant's folder, the root itself, and a tenant id holding a separator: refused.
    for tenant, source in (("acme", tmp_path / "globex" / "hr"), ("acme", tmp_path),
                           ("acme", tmp_path / "acme" / ".." / "globex"), ("a", tmp_path / "a%2Fb" / "hr")):  # fmt: skip
        with pytest.raises(ServedRunRefused, match="your tenant's folder") as refused:
            check_served(Settings(source=str(source)), env, tenant=tenant)
        assert str(tmp_path) not in str(refused.value)
    check_served(Settings(source=str(tmp_path / "a%2Fb" / "hr")), env, tenant="a/b")
    shared = {**env, "KASSIST_INGEST_ROOT_SHARED": "acme"}  # a single-tenant server
    check_served(Settings(source=str(tmp_path / "globex" / "hr")), shared, tenant="acme")

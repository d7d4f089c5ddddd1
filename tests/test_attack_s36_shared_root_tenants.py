"""``KASSIST_INGEST_ROOT_SHARED=1`` on a server whose keys name two tenants (session 36 attack, h16 H2).

The setting is documented as "the whole root is every tenant's (a single-tenant server)"
(docs/serving.md, runs API settings), but nothing holds the server to one tenant: with keys of
``acme`` and ``globex`` in its table, a member of acme names ``globex/hr`` as the run's path and
globex's folder is indexed into acme's collection (201, then completed). An operator who turned it on
for the first tenant and later added a second one (``kassist keys add --tenant globex``) has no
warning and no refusal: the per-tenant folders that the root's layout suggests are not a boundary.

Expected: the server refuses to start with the setting and keys of more than one tenant, or refuses a
path run that leads into a folder named as another tenant's, naming the setting. The runs API
in process (TestClient, the lifespan's workers), one SQLite file: the create alone is asked.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from runs_api_harness import MEMBER, env_for, serving


def test_a_shared_root_does_not_open_another_tenants_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sqlite_url: str
) -> None:
    root = tmp_path / "root"
    (root / "acme" / "hr").mkdir(parents=True)
    (root / "globex" / "hr").mkdir(parents=True)
    (root / "globex" / "hr" / "payroll.md").write_text("# Payroll\n\nBob earns 140,000 USD.\n")
    env = env_for(tmp_path, root, KASSIST_INGEST_ROOT_SHARED="1", KASSIST_RUN_WORKERS="0")
    try:
        with serving(sqlite_url, monkeypatch, env) as client:
            body = {"path": "globex/hr", "collection": "c", "options": {"embedder": "hashing"}}
            answer = client.post("/v1/runs", json=body, headers=MEMBER)
    except Exception as refused:  # the server refused to start: say why
        assert "KASSIST_INGEST_ROOT_SHARED" in str(refused), refused
        return
    assert answer.status_code in (403, 422), (
        f"acme's member started a run over globex's folder: {answer.status_code} {answer.text}"
    )
    assert "KASSIST_INGEST_ROOT_SHARED" in answer.text, answer.text


def test_the_shared_tenant_does_not_read_another_tenants_own_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sqlite_url: str
) -> None:
    """Of a3ee71e (H16-2's fix, h16 H16-13): the setting now names the one tenant whose runs read the
    whole root (``KASSIST_INGEST_ROOT_SHARED=acme``), and every other tenant reads ``root/<tenant>``. On
    the same server a key of globex is still served, and its folder ``root/globex`` lies inside acme's
    whole root: acme's member starts a run over ``globex/hr`` (201) and globex's payroll goes into
    acme's collection - H16-2's leak, one way now. Expected: a folder that is another tenant's on this
    server is never the shared tenant's (refused naming the setting), or the server, serving one tenant,
    takes no key of another (as KASSIST_TENANT does: 403)."""
    root = tmp_path / "root"
    (root / "acme" / "hr").mkdir(parents=True)
    (root / "globex" / "hr").mkdir(parents=True)
    (root / "globex" / "hr" / "payroll.md").write_text("# Payroll\n\nBob earns 140,000 USD.\n")
    env = env_for(tmp_path, root, KASSIST_INGEST_ROOT_SHARED="acme", KASSIST_RUN_WORKERS="0")
    try:
        with serving(sqlite_url, monkeypatch, env) as client:
            body = {"path": "globex/hr", "collection": "c", "options": {"embedder": "hashing"}}
            answer = client.post("/v1/runs", json=body, headers=MEMBER)
    except Exception as refused:  # the server refused to start with keys of two tenants: say why
        assert "KASSIST_INGEST_ROOT_SHARED" in str(refused), refused
        return
    assert answer.status_code in (403, 422), (
        f"acme (the shared root's tenant) started a run over globex's own folder: {answer.status_code} {answer.text}"
    )

"""The runs API and the console on a real ``kassist serve`` (127.0.0.1, both backends), as an attacker
and as the tenant's member and admin would use them (issue 26):

- the sign-in cookie is a server-side session (never the key), ended by logout and by revoking its
  key; it never authorises a change a foreign page could forge (runs API, assistant, login, logout);
- audit reports are served sandboxed, another tenant's is not found; the console links the Markdown;
- approve and reject are an admin's, the first decision wins (the others 409, whichever interface
  sent them), a rejected run stays rejected; the console offers only the actions that apply;
- a tenant ingests only its folder of the ingestion root;
- bad input (NUL, lone surrogates, long ids, huge numbers, forged cursors) is a 4xx with one line,
  never a 500, and never names the server's paths.
"""

from __future__ import annotations

import base64
import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from raw_sql import raw
from runs_api_harness import ADMIN, GLOBEX, MEMBER, small_corpus
from test_runs_serve import Server, serve, wait_for

from server.configurable import shown
from server.key_store import open_key_store

FOREIGN = {"Origin": "https://evil.example"}
REVIEW_RULES = "needs_review_failure_share = 0.0\n"


@pytest.fixture
def server(db_url: str, tmp_path: Path) -> Iterator[tuple[Server, Path, str]]:
    root = tmp_path / "root"
    small_corpus(root / "acme" / "hr")
    (root / "acme" / "hr" / "empty.md").write_text("")  # one failed document: with the rule, a review
    (root / "acme" / "rules.toml").write_text(REVIEW_RULES)
    (root / "acme" / "broken.toml").write_text("needs_review_failure_share = [\n")
    small_corpus(root / "globex" / "private")
    with serve(db_url, tmp_path, root, "boundary", KASSIST_RUN_LEASE_SECONDS="5") as srv:
        yield srv, root, db_url


def _start(client: httpx.Client, run: str, headers: dict[str, str], **extra: Any) -> httpx.Response:
    body = {"path": "hr", "collection": "handbook", "run_id": run,
            "options": {"embedder": "hashing", "batch_size": 8, "audit_rules": "rules.toml"}, **extra}  # fmt: skip
    return client.post("/v1/runs", json=body, headers=headers)


def _settled(client: httpx.Client, run: str, headers: dict[str, str] = ADMIN) -> dict[str, Any]:
    seen: dict[str, Any] = {}

    def check() -> bool:
        answer = client.get(f"/v1/runs/{run}", headers=headers)
        assert answer.status_code == 200, answer.text
        seen.update(answer.json())
        return not seen["queued"] and not seen["active"]

    wait_for(f"run {run} to settle", check, timeout=120)
    return seen


def _sign_in(base: str, key: str) -> tuple[httpx.Client, str]:
    """A browser signed in with ``key`` from the server's own sign-in page; its session id."""
    browser = httpx.Client(base_url=base, timeout=30)
    done = browser.post("/login", data={"api_key": key, "next": "/ui/runs"}, headers={"Origin": base})
    assert done.status_code == 303, done.text
    return browser, browser.cookies["kassist_session"]


def _csrf(browser: httpx.Client, path: str) -> str:
    page = browser.get(path)
    assert page.status_code == 200, page.text
    found = re.search(r'<meta name="csrf-token" content="([^"]+)">', page.text)
    assert found
    return found.group(1)


def test_the_sign_in_cookie_is_a_session_that_never_authorises_a_forged_change(
    server: tuple[Server, Path, str],
) -> None:
    srv, _, db_url = server
    api = httpx.Client(base_url=srv.base, timeout=30)
    assert _start(api, "waiting", ADMIN).status_code == 201
    assert _settled(api, "waiting")["status"] == "needs_review"

    # The sign-in page cannot be framed (clickjacking the key field) and runs no script.
    form = httpx.get(f"{srv.base}/login")
    assert "frame-ancestors 'none'" in form.headers["content-security-policy"]
    assert form.headers["x-frame-options"] == "DENY"
    # Login CSRF: another site's page cannot sign a browser in (as the attacker).
    forged = httpx.post(f"{srv.base}/login", data={"api_key": ADMIN["x-api-key"]}, headers=FOREIGN)
    assert forged.status_code == 403 and "set-cookie" not in forged.headers
    browser, session_id = _sign_in(srv.base, ADMIN["x-api-key"])
    cookie = browser.get("/login").request.headers.get("cookie", "")
    assert ADMIN["x-api-key"] not in cookie and session_id != ADMIN["x-api-key"]
    signed = httpx.post(f"{srv.base}/login", data={"api_key": ADMIN["x-api-key"]})
    flags = signed.headers["set-cookie"].lower()
    assert "httponly" in flags and "samesite=strict" in flags and "secure" not in flags
    # Behind a TLS proxy (uvicorn trusts X-Forwarded-Proto from 127.0.0.1): the cookie is Secure.
    tls = httpx.post(
        f"{srv.base}/login", data={"api_key": MEMBER["x-api-key"]}, headers={"X-Forwarded-Proto": "https"}
    )
    assert tls.status_code == 303 and "secure" in tls.headers["set-cookie"].lower()
    # The database holds hashes only: neither the key nor the session id.
    rows = raw(db_url, "SELECT session_hash, key_hash, key_prefix, csrf FROM kassist_browser_sessions", ())
    assert rows and not any(session_id in str(r) or ADMIN["x-api-key"] in str(r) for r in rows)

    # Reads work with the cookie; changes outside the console's forms do not.
    assert browser.get("/v1/runs/waiting").status_code == 200
    approve = browser.post(
        "/v1/runs/waiting/approve", content=b"x=1",
        headers={**FOREIGN, "Content-Type": "application/x-www-form-urlencoded"},
    )  # fmt: skip
    assert approve.status_code == 401 and "cookie" in approve.json()["detail"]
    assert browser.post("/v1/runs/waiting/approve", json={}).status_code == 401  # not even same-site JSON
    plain = browser.post(
        "/assistant/invoke",
        content=json.dumps({"input": {"messages": []}}),
        headers={"Content-Type": "text/plain"},
    )
    assert plain.status_code == 401
    assert browser.post("/assistant/invoke", json={"input": {}}, headers=FOREIGN).status_code == 401
    # The playground's own same-site JSON call passes authentication (this body is then a 422).
    assert browser.post("/assistant/invoke", json={"input": {}}).status_code == 422
    assert _settled(api, "waiting")["status"] == "needs_review"  # nothing forged went through

    # Logout: not from another site; from ours it ends the session on the server, not just the cookie.
    assert browser.post("/logout", headers=FOREIGN).status_code == 403
    assert httpx.get(f"{srv.base}/v1/runs", cookies={"kassist_session": session_id}).status_code == 200
    assert browser.post("/logout", headers={"Origin": srv.base}).status_code == 303
    assert httpx.get(f"{srv.base}/v1/runs", cookies={"kassist_session": session_id}).status_code == 401

    # Revoking a key ends its sessions at once.
    keys = open_key_store(db_url)
    try:
        token, record = keys.for_tenant("acme").create("carol", "admin")
        carol, carol_session = _sign_in(srv.base, token)
        assert carol.get("/v1/runs").status_code == 200
        assert keys.for_tenant("acme").revoke(record.prefix)
    finally:
        keys.close()
    assert httpx.get(f"{srv.base}/v1/runs", cookies={"kassist_session": carol_session}).status_code == 401
    assert carol.get("/ui/runs", follow_redirects=False).status_code == 303  # back to sign-in
    ended = raw(
        db_url, "SELECT revoked_at FROM kassist_browser_sessions WHERE key_prefix = %s", (record.prefix,)
    )
    assert ended and all(r[0] is not None for r in ended)


def test_decisions_are_an_admins_the_first_wins_and_reports_are_served_sandboxed(
    server: tuple[Server, Path, str],
) -> None:
    srv, root, _ = server
    api = httpx.Client(base_url=srv.base, timeout=30)
    for run in ("race", "rejected"):
        assert _start(api, run, ADMIN).status_code == 201
    for run in ("race", "rejected"):
        assert _settled(api, run)["status"] == "needs_review"

    # A member decides nothing, on either interface, and is not offered to.
    for decision in ("approve", "reject"):
        refused = api.post(f"/v1/runs/race/{decision}", headers=MEMBER)
        assert refused.status_code == 403 and "admin" in refused.json()["detail"]
    member, _ = _sign_in(srv.base, MEMBER["x-api-key"])
    page = member.get("/ui/runs/race").text
    assert 'id="approve"' not in page and 'id="reject"' not in page and 'id="cancel"' not in page
    csrf = _csrf(member, "/ui/runs/race")
    assert (
        member.post("/ui/runs/race/reject", data={"csrf": csrf}, headers={"Origin": srv.base}).status_code
        == 403
    )
    admin, _ = _sign_in(srv.base, ADMIN["x-api-key"])
    page = admin.get("/ui/runs/race").text
    assert 'id="approve"' in page and 'id="reject"' in page and 'id="cancel"' not in page
    assert str(root) not in page and str(root) not in admin.get("/ui/runs").text  # the source is "hr"

    # The report: sandboxed, from the run's data, the Markdown linked; another tenant's is not found.
    assert 'id="report-md"' in page and 'id="report-html"' in page
    for path, headers in (
        ("/v1/runs/race/report?format=html", ADMIN),
        ("/v1/runs/race/report?format=markdown", MEMBER),
    ):
        report = api.get(path, headers=headers)
        assert report.status_code == 200 and report.text
        csp = report.headers["content-security-policy"]
        assert "sandbox" in csp and "default-src 'none'" in csp and "script-src" not in csp
        assert report.headers["x-content-type-options"] == "nosniff"
    for suffix in ("html", "md", "json"):
        shown = admin.get(f"/ui/runs/race/report.{suffix}")
        assert shown.status_code == 200 and "sandbox" in shown.headers["content-security-policy"], suffix
    assert api.get("/v1/runs/race/report?format=html", headers=GLOBEX).status_code == 404
    globex, _ = _sign_in(srv.base, GLOBEX["x-api-key"])
    assert globex.get("/ui/runs/race/report.html").status_code == 404

    # Three decisions at once, through the API and the console: exactly one is carried out.
    csrf = _csrf(admin, "/ui/runs/race")
    barrier = threading.Barrier(3)
    answers: dict[str, int] = {}

    def send(name: str, call: Any) -> None:
        barrier.wait()
        answers[name] = call().status_code

    calls = {
        "api-approve": lambda: api.post("/v1/runs/race/approve", headers=ADMIN),
        "api-reject": lambda: api.post("/v1/runs/race/reject", headers=ADMIN),
        "console-approve": lambda: admin.post(
            "/ui/runs/race/approve", data={"csrf": csrf}, headers={"Origin": srv.base}, follow_redirects=False
        ),
    }
    threads = [threading.Thread(target=send, args=item) for item in calls.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    won = [name for name, status in answers.items() if status in (202, 303)]
    assert len(won) == 1 and sorted(answers.values()).count(409) == 2, answers

    def ended() -> bool:
        status = api.get("/v1/runs/race", headers=ADMIN).json()["status"]
        return bool(status in ("completed", "cancelled"))

    wait_for("the decision on race", ended, timeout=120)
    final = _settled(api, "race")
    assert final["status"] == ("cancelled" if won == ["api-reject"] else "completed"), (won, final)
    for decision in ("approve", "reject"):
        assert api.post(f"/v1/runs/race/{decision}", headers=ADMIN).status_code == 409
    page = admin.get("/ui/runs/race").text
    assert not any(f'id="{a}"' in page for a in ("approve", "reject", "cancel")) and 'id="no-actions"' in page

    # A rejected run stays rejected: no resume, no later approval revives it.
    assert api.post("/v1/runs/rejected/reject", headers=ADMIN).status_code == 202
    assert _settled(api, "rejected")["status"] == "cancelled"
    assert api.post("/v1/runs/rejected/resume", headers=ADMIN).status_code == 409
    assert api.post("/v1/runs/rejected/approve", headers=ADMIN).status_code == 409
    assert _settled(api, "rejected")["status"] == "cancelled"
    assert str(root) not in api.get("/v1/runs/rejected", headers=ADMIN).text


def test_a_tenant_ingests_only_its_own_folder_and_bad_input_is_a_4xx(
    server: tuple[Server, Path, str],
) -> None:
    srv, root, _ = server
    api = httpx.Client(base_url=srv.base, timeout=30)
    # KASSIST_INGEST_ROOT/<tenant>: acme cannot reach globex's folder, however it names it.
    for path in ("../globex/private", "globex/private", str(root / "globex" / "private"), "private"):
        answer = api.post("/v1/runs", json={"path": path, "options": {"embedder": "hashing"}}, headers=ADMIN)
        assert answer.status_code == 422, (path, answer.text)
        # Only what the client sent is quoted (its start when long: server.configurable.shown).
        assert str(root) not in answer.text.replace(path, "").replace(shown(path), "")
    # A long path is said back by its start and its length, with the rule it breaks, never whole.
    for path, rule in (
        ("a" * 1000, "is not a folder name this server can read"),  # over the file system's 255 bytes
        ("../" * 300, "is outside the server's ingestion root"),
        ("b" * 5000, "String should have at most 4096 characters"),  # the request model's own 422
    ):
        answer = api.post("/v1/runs", json={"path": path, "options": {"embedder": "hashing"}}, headers=ADMIN)
        assert answer.status_code == 422, answer.text[:300]
        detail = json.dumps(answer.json())
        assert path[:40] in detail and "characters)" in detail and rule in detail, detail
        assert len(detail) < 400, detail
    own = api.post("/v1/runs", json={"path": "private", "run_id": "g1", "options": {"embedder": "hashing"}},
                   headers=GLOBEX)  # fmt: skip
    assert own.status_code == 201, own.text
    assert api.get("/v1/runs/g1", headers=ADMIN).status_code == 404

    # Ids no run can have: refused before any database sees them.
    for bad in ("a%00b", "x" * 600, "%ED%A0%80", "%F0%9F%92%A9", "..", "a%0A"):
        for method, suffix in (("GET", ""), ("POST", "/approve"), ("POST", "/cancel"), ("GET", "/report")):
            answer = api.request(method, f"/v1/runs/{bad}{suffix}", headers=ADMIN)
            assert 400 <= answer.status_code < 500, (bad, suffix, answer.status_code, answer.text)
    assert api.get("/ui/runs/a%00b", headers=ADMIN).status_code == 404
    assert api.get("/ui/fragments/runs/a%00b", headers={**ADMIN, "x-console-poll": "1"}).status_code == 404
    for path in (
        "/ui/runs/a%00b/approve",
        "/ui/memory/a%00b/release",
        "/ui/keys/a%00b/revoke",
        "/ui/memory/%ED%A0%80/delete",
    ):
        assert api.post(path, headers=ADMIN).status_code == 404, path
    # Numbers beyond any run, forged cursors, NULs in the body.
    huge = {"path": "hr", "options": {"embedder": "hashing", "max_steps": 2**63}}
    assert api.post("/v1/runs", json=huge, headers=ADMIN).status_code == 422
    assert api.post("/v1/runs/g1/resume", json={"max_steps": 2**63}, headers=ADMIN).status_code == 422
    for cursor in ("%00", base64.urlsafe_b64encode(b'[1.0, "a\\u0000b"]').decode(), "A" * 5000,
                   base64.urlsafe_b64encode(b'[1e999, "a"]').decode()):  # fmt: skip
        answer = api.get(f"/v1/runs?cursor={cursor}", headers=ADMIN)
        assert answer.status_code == 422, (cursor, answer.text)
    for body in ({"path": "h\x00r"}, {"path": "hr", "run_id": "a\x00b"}, {"path": "hr", "run_id": "a..b"}, {"path": "hr", "goal": "g\x00"},
                 {"path": "hr", "options": {"audit_rules": "rules\x00.toml"}},
                 {"path": "hr", "options": {"notify_url": "http://[::1"}}):  # fmt: skip
        answer = api.post("/v1/runs", json=body, headers=ADMIN)
        assert answer.status_code == 422, (body, answer.text)
    # A broken rules file is named as the client named it, never by the server's path.
    broken = api.post(
        "/v1/runs", json={"path": "hr", "options": {"audit_rules": "broken.toml"}}, headers=ADMIN
    )
    assert broken.status_code == 422 and "broken.toml" in broken.text and str(root) not in broken.text
    log = srv.log.read_text()
    assert "Traceback" not in log and " 500 " not in log, log[-3000:]

"""`kassist serve` starts the LangServe app: a real process on 127.0.0.1 that refuses anonymous
callers, and that refuses to start at all on a configuration it cannot serve safely."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from server_harness import free_port

KEY = "serve-test-key-0123456789"
ADMIN_KEY = "serve-test-admin-key-0123456789"
# One server for the tests that need only a running one: a member's key and an admin's.
KEYS = {
    KEY: {"identity": "asha", "tenant_id": "acme"},
    ADMIN_KEY: {"identity": "olga", "tenant_id": "acme", "role": "admin"},
}


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("KASSIST_API_KEYS", "KASSIST_API_KEYS_FILE")}
    # The offline responder and the hashing embedder: the assistant starts without loading a model.
    offline = {"KASSIST_EMBEDDER": "hashing", "OPENAI_API_KEY": "", "OPENAI_BASE_URL": ""}
    return {**env, **offline, **extra}


def _serve(tmp_path: Path, port: int, *extra: str) -> list[str]:
    cmd = [sys.executable, "-m", "cli.main", "serve", "--port", str(port)]
    return [*cmd, "--database-url", f"sqlite:///{tmp_path / 'serve.db'}", *extra]


def _wait(proc: subprocess.Popen[str], url: str) -> None:
    deadline = time.monotonic() + 60
    while True:
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        try:
            httpx.get(url, timeout=5)
            return
        except httpx.TransportError:
            assert time.monotonic() < deadline, "kassist serve did not start listening"
            time.sleep(0.2)


@dataclass(frozen=True)
class Served:
    base: str
    banner: list[str]  # what it printed on stdout up to "Press Ctrl+C", read before any request


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One `kassist serve` (its own database) for the tests that need nothing but a running server.
    Its output goes to files (never a pipe nobody reads while it serves); the banner is read from
    stdout as it comes, and no request is sent before it is complete."""
    tmp = tmp_path_factory.mktemp("serve")
    port = free_port()
    out_path, err_path = tmp / "stdout", tmp / "stderr"
    with out_path.open("w") as out, err_path.open("w") as err:
        proc = subprocess.Popen(
            _serve(tmp, port), env=_env(KASSIST_API_KEYS=json.dumps(KEYS)), stdout=out, stderr=err, text=True
        )
    try:
        deadline = time.monotonic() + 60
        while not (lines := out_path.read_text().splitlines()) or not lines[-1].startswith("Press Ctrl+C"):
            assert proc.poll() is None, (
                f"kassist serve stopped before its banner: {lines}\n{err_path.read_text()}"
            )
            assert time.monotonic() < deadline, f"kassist serve printed no banner in 60 s: {lines}"
            time.sleep(0.1)
        yield Served(f"http://127.0.0.1:{port}", lines)
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_kassist_serve_answers_and_requires_an_api_key(served: Served) -> None:
    base = served.base
    assert httpx.post(f"{base}/assistant/invoke", json={"input": {}}, timeout=5).status_code == 401
    question = {"messages": [{"type": "human", "content": "What is the leave policy?"}]}
    body = {"input": question, "config": {"configurable": {"thread_id": "t-serve"}}}
    ok = httpx.post(f"{base}/assistant/invoke", json=body, headers={"x-api-key": KEY}, timeout=60)
    assert ok.status_code == 200, ok.text
    assert "Extractive answer" in ok.json()["output"]["messages"][-1]["content"]


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({}, "no API keys are configured"),
        ({"KASSIST_API_KEYS": '{"serve-secret-0123456789": {"identity": "a"}}'}, "$KASSIST_API_KEYS"),
        ({"KASSIST_API_KEYS": "not json"}, "$KASSIST_API_KEYS: not JSON"),
        ({"KASSIST_API_KEYS_FILE": "/nonexistent/keys.json"}, "$KASSIST_API_KEYS_FILE"),
    ],
)
def test_kassist_serve_refuses_to_start_with_one_clear_line(
    tmp_path: Path, env: dict[str, str], says: str
) -> None:
    done = subprocess.run(
        _serve(tmp_path, free_port()), env=_env(**env), capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    assert says in lines[0] and "Traceback" not in done.stderr
    assert "serve-secret-0123456789" not in done.stderr  # a token never reaches a terminal or log
    if not env:
        assert "--allow-no-keys" in lines[0]
    assert not (tmp_path / "serve.db").exists()  # nothing was created before the refusal


def test_kassist_serve_allow_no_keys_starts_with_a_loud_warning(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(
        _serve(tmp_path, port, "--allow-no-keys"),
        env=_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        _wait(proc, f"{base}/ok")
        assert httpx.get(f"{base}/assistant/input_schema", timeout=5).status_code == 401
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert "WARNING: no API keys are configured" in err and "every request will be refused" in err


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("mysql://db/kassist", "unsupported database URL scheme 'mysql'"),
        ("postgresql://kassist@127.0.0.1:1/kassist", "cannot reach PostgreSQL at 127.0.0.1:1"),
    ],
)
def test_kassist_serve_names_a_bad_database_in_one_line(tmp_path: Path, url: str, says: str) -> None:
    env = _env(KASSIST_API_KEYS=json.dumps({KEY: {"identity": "asha", "tenant_id": "acme"}}))
    cmd = [sys.executable, "-m", "cli.main", "serve", "--port", str(free_port())]
    done = subprocess.run([*cmd, "--database-url", url], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and says in lines[0], done.stderr


def test_kassist_serve_prints_its_urls_once_it_listens(served: Served) -> None:
    """The banner (as uvicorn and ``langgraph dev`` print theirs) names the base URL, the console's
    sign-in, the playground, the runs API and the API docs; it comes once the port answers, and each
    URL it prints is served."""
    lines, base = served.banner, served.base
    # "- Name:  URL   (a note)"
    urls = {line[2:].split(":", 1)[0]: line.split(": ", 1)[1].split()[0] for line in lines[1:-1]}
    assert lines[0] == "kassist serve: ready"
    assert urls == {
        "API": base,
        "Console": f"{base}/login?next=/ui",
        "Playground": f"{base}/assistant/playground/",
        "Runs API": f"{base}/v1/runs",
        "API docs": f"{base}/docs",
    }
    key = {"x-api-key": ADMIN_KEY}
    assert httpx.get(f"{urls['API']}/ok", timeout=5).status_code == 200  # listening when printed
    sign_in = httpx.get(urls["Console"], timeout=5)
    assert sign_in.status_code == 200 and 'action="/login"' in sign_in.text
    assert httpx.get(urls["Playground"], headers=key, timeout=10).status_code == 200
    assert httpx.get(urls["Runs API"], headers=key, timeout=10).status_code == 200
    assert httpx.get(urls["Runs API"], timeout=5).status_code == 401
    assert httpx.get(urls["API docs"], timeout=5).status_code == 200


def test_the_banner_of_a_server_on_every_interface() -> None:
    from cli.serve_start import serve_banner

    banner = serve_banner("0.0.0.0", 8001).splitlines()
    assert banner[0] == "kassist serve: ready (listening on every interface of this machine, 0.0.0.0)"
    assert "http://127.0.0.1:8001/docs" in banner[-2]
    assert "http://[::1]:9000/v1/runs" in serve_banner("::1", 9000)


def test_docs_cli_shows_the_banner_kassist_serve_prints() -> None:
    from cli.serve_start import serve_banner

    text = (Path(__file__).resolve().parents[1] / "docs" / "cli.md").read_text()
    shown = text.split("### Serving", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    assert shown.rstrip("\n") == serve_banner("127.0.0.1", 8001)

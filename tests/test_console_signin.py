"""`/` and an unauthenticated playground lead a browser to the sign-in form (and back), never to
another site; API clients keep their 401 JSON; the playground's schemas open without errors."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient

from server.browser_login import safe_next
from server.keys import KeyTable, Principal
from server.langserve_app import create_app

KEY = "acme-key-0123456789abcdef"
PAGE = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
EVIL = ["//evil.example", "https://evil.example/", "/\\evil.example", "/\t/evil.example", "javascript:alert(1)",
        "http:/evil.example", " /x"]  # fmt: skip


@pytest.fixture
def client(db_url: str) -> TestClient:
    table = KeyTable(keys={KEY: Principal(identity="alice", tenant_id="acme")})
    return TestClient(create_app(db_url, table), base_url="http://127.0.0.1")


def next_field(page: str) -> str | None:
    found: list[str | None] = []

    class Form(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag == "input" and dict(attrs).get("name") == "next":
                found.append(dict(attrs).get("value"))

    Form().feed(page)
    return found[0] if found else None


@pytest.mark.parametrize("target", EVIL)
def test_next_is_only_a_path_of_this_server(target: str) -> None:
    assert safe_next(target) == "/"
    assert safe_next("/ui/runs/r1?x=1") == "/ui/runs/r1?x=1"


def test_browsers_go_to_sign_in_and_back_api_clients_get_401(client: TestClient) -> None:
    with client:
        for path in ("/", "/assistant/playground/"):
            page = client.get(path, headers=PAGE, follow_redirects=False)
            assert (
                page.status_code == 303 and page.headers["location"] == "/login?next=/assistant/playground/"
            )
            api = client.get(path, follow_redirects=False)
            assert api.status_code == 401 and "API key" in api.json()["detail"]
        for target in EVIL:
            assert next_field(client.get("/login", params={"next": target}).text) == "/"
            done = client.post("/login", data={"api_key": KEY, "next": target}, follow_redirects=False)
            assert done.status_code == 303 and done.headers["location"] == "/"
        done = client.post(
            "/login", data={"api_key": KEY, "next": "/assistant/playground/"}, follow_redirects=False
        )
        assert done.headers["location"] == "/assistant/playground/"
        assert (
            client.get("/", headers=PAGE, follow_redirects=False).headers["location"]
            == "/assistant/playground/"
        )
        assert client.get("/assistant/playground/", headers=PAGE).status_code == 200


def test_the_playground_schemas_have_no_null_defaults_and_a_fresh_thread(client: TestClient) -> None:
    with client:
        schema = client.get("/assistant/config_schema", headers={"x-api-key": KEY}).json()
        props = schema["$defs"]["Configurable"]["properties"]
        assert all(p.get("default", "") is not None for p in props.values())
        again = client.get("/assistant/config_schema", headers={"x-api-key": KEY}).json()
        first, second = (
            s["$defs"]["Configurable"]["properties"]["thread_id"]["default"] for s in (schema, again)
        )
        assert first.startswith("playground-") and first != second
        inputs = client.get("/assistant/input_schema", headers={"x-api-key": KEY}).json()
        default = inputs["$defs"]["AssistantRequest"]["properties"]["messages"]["default"]
        assert default[0]["role"] == "user" and default[0]["content"]
        # The server still requires a thread: the defaults are the form's only.
        body = {"input": {"messages": default}, "config": {"configurable": {}}}
        refused = client.post("/assistant/invoke", json=body, headers={"x-api-key": KEY})
        assert refused.status_code == 422 and "thread_id" in refused.text
        body["config"] = {"configurable": {"thread_id": first}}
        assert client.post("/assistant/invoke", json=body, headers={"x-api-key": KEY}).status_code == 200

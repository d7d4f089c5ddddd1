"""h12 s34 #11: ``GET /ui/<anything>`` on langgraph dev is a 500 for any caller, no key needed, and a
traceback in the server's log each time.

langgraph-api mounts its generative-UI bundles' folder at ``/ui`` (``StaticFiles`` over
``.langgraph_api/ui/public``, past every auth handler) beside ``POST /ui/{graph_id}``. kassist's
graphs have no UI, the folder does not exist, and Starlette raises ``RuntimeError: StaticFiles
directory ... does not exist``: an anonymous client fills the log with tracebacks at will. The
project's rule is a 4xx with one line for a request it does not serve (langgraph.json's
``"http": {"disable_ui": true}`` removes both routes; server/closed_routes.py could also close them).

On the shared langgraph dev (hashing flavour); no key is sent."""

from __future__ import annotations

import httpx
from shared_servers import SharedServer


def test_the_generative_ui_routes_answer_a_4xx_to_an_anonymous_caller(
    shared_dev_hashing: SharedServer,
) -> None:
    for path in ("/ui/assistant", "/ui/ingestion/x.js", "/ui/zzz"):
        answer = httpx.get(shared_dev_hashing.base + path, timeout=30)
        assert 400 <= answer.status_code < 500, f"GET {path}: {answer.status_code} {answer.text[:80]!r}"

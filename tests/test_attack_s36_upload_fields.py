"""A member's upload may carry up to KASSIST_UPLOAD_MAX_BYTES of form fields, held in memory (session
36 attack, h16 H10, of 1a0db9c: H16-4's gate).

The upload gate (server/runs/upload_gate.py) now refuses a keyless upload and one declared over
``KASSIST_UPLOAD_MAX_BYTES`` plus the body limit before its body is read. Past the gate, a member's
body is parsed by Starlette as before: file parts spool to disk, but every other part is a field kept
in memory (up to 1,000 fields of up to 1 MB each), and the route declares three (``collection``,
``run_id``, ``options``) while FastAPI ignores the rest. Live (h16 /tmp/s36/h16/p_fields3.py, after
the gate): six parallel uploads of one member, 95 fields of 1000 KiB each, raised kassist serve's RSS
from 141 MB to 712 MB (531 MB still held after), each answered only then (422, no files). Nothing bounds
a user's uploads in flight, so a member sending a few dozen at once exhausts the server's memory,
every tenant's. A file beside such fields is accepted: 201, the fields dropped without a word.

Expected: a part the route does not declare is refused (400/413/422) before the form is read whole,
and nothing is kept. One upload of one small file and five undeclared fields of 1000 KiB to the
shared ``kassist serve`` (no run worker needed: the answer is the create's).
"""

from __future__ import annotations

import httpx
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)


def test_an_upload_with_fields_the_route_does_not_declare_is_refused(shared_serve: SharedServer) -> None:
    filler = "a" * (1000 * 1024)
    answer = httpx.post(
        f"{shared_serve.base}/v1/runs/uploads",
        headers={"x-api-key": ME.acme_key},
        files=[("files", ("leave.md", b"# Leave\n\nEmployees get 28 days.\n"))],
        data={"collection": "h16fields", **{f"pad{n}": filler for n in range(5)}},
        timeout=60,
    )
    assert answer.status_code in (400, 413, 422), (
        f"an upload with 5 MB of fields the route does not declare was {answer.status_code}: {answer.text[:200]}"
    )

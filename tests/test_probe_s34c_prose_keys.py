"""Probe (session 34, h13 C3): keys written the way handbooks write them pass the audit and the mask.

89b7a5b keeps out of the index what the audit's secret rules find (knowledge/audit/masking.py), so
what those rules miss reaches every member in search hits and answers, and the run needs no review
for it either. The rules take ``api_key=...``/``access_token: ...`` (one word) and a prose password
("the password for X is ..."), but not the same keys in prose or as an environment line: "API key:
<hex>", "The API key is <hex>", "Access token: <hex>", "VAULT_TOKEN=hvs....", an HTTP
"Authorization: Basic <base64>" header, an npm token (npm_...: its prefix makes the line a candidate,
yet detect-secrets' NPM plugin reads only .npmrc lines). Each is found by nothing: no finding, kept
whole in the index.

Pure functions (the audit of one document and the index's mask), well under a second.
"""

from __future__ import annotations

from datetime import date

import pytest

from knowledge.audit.document import audit_document
from knowledge.audit.masking import mask_sensitive
from knowledge.audit.rules import AuditRules

HEX = "7f9c2ba4e88f827d616045507605853e"
LINES = {
    f"API key: {HEX}": HEX,
    f"The API key for the billing export is {HEX}.": HEX,
    f"Access token: {HEX}": HEX,
    "Heroku API key: 01234567-89ab-cdef-0123-456789abcdef": "01234567-89ab-cdef-0123-456789abcdef",
    "VAULT_TOKEN=hvs.CAESIJlU9JMYEhOPYv4KMq5mhB8uCKXbG7Ed0EOtYXfbbBKuGh4KHGh2cy5": "CAESIJlU9JMYEhOPYv4KMq5m",
    "Authorization: Basic dXNlcm5hbWU6cGFzc3dvcmQxMjM0NTY=": "dXNlcm5hbWU6cGFzc3dvcmQxMjM0NTY",
    "Publish with npm token npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789": "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
}


@pytest.mark.parametrize("line", list(LINES))
def test_a_key_written_in_prose_is_found_and_masked(line: str) -> None:
    text = f"# Billing export\n\nThe nightly export runs at two.\n\n{line}\n"
    audit = audit_document("d1", "billing.md", text, {}, AuditRules(), today=date(2026, 12, 7))
    assert [f.rule for f in audit.findings if f.category == "secret"], audit.findings
    assert LINES[line] not in mask_sensitive(text), mask_sensitive(text)


def test_prose_without_a_key_stays_as_written() -> None:
    # What the rules must keep reading as prose (the other side of the xfail above).
    for text in (
        "The API key is rotated every ninety days by the platform team.",
        "Ask the service desk for an access token; it expires after one hour.",
        "Authorization: Basic authentication is switched off on every internal service.",
    ):
        assert mask_sensitive(text) == text
        audit = audit_document("d1", "p.md", text, {}, AuditRules(), today=date(2026, 12, 7))
        assert not [f for f in audit.findings if f.category == "secret"], audit.findings

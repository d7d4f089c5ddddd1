"""The index masks whatever it stores, whichever door wrote it (session 34's rule: the knowledge index
never holds a secret the audit finds). A library caller's ``upsert_document`` with its own chunks - a key
in a chunk's text and heading, a token in the title, a key in the file's name - is stored and found
masked: search hits (all three modes), the catalogue, the rows and the full-text index. And the secret
shapes added in session 35 (Discord and Slack webhooks, Azure SAS signatures, DigitalOcean tokens) are
found by the audit and masked in the index.

Cost: one SQLite file and one PostgreSQL database, the hashing embedder, ~1 s each."""

from __future__ import annotations

from datetime import date

import pytest
from raw_sql import raw
from review_support import full_text_hits
from test_kb_index_helpers import make_doc

from knowledge.audit import AuditRules, audit_document
from knowledge.audit.masking import mask_sensitive
from knowledge.embedders import HashingEmbedder
from knowledge.index import KnowledgeIndex

KEY_ID = "AKIAIOSFODNN7EXAMPLE"
GITHUB = "ghp_" + "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"
DISCORD = "Xa9bC3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7bC9dE1fG3hI5jK7lM9nO1pQ3r"
SLACK = "https://hooks.slack.com/services/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"
SAS_SIG = "q7%2BZk3vL0pR9sT2uW5xY8aB1cD4eF6gH7iJ0kL3mN5o%3D"
DO_TOKEN = "dop_v1_" + "4f8e2c1a9b7d6e5f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f"
NEW_SHAPES = {
    "discord": (
        f"Alerts post to https://discord.com/api/webhooks/1234567890123456789/{DISCORD} hourly.",
        DISCORD,
    ),
    "slack": (f"Incidents go to {SLACK} every hour.", SLACK),
    "sas": (
        "Upload with https://northwind.blob.core.windows.net/backups?sv=2022-11-02&ss=b&srt=co&sp=rwdlac"
        f"&se=2026-12-31T23:59:59Z&spr=https&sig={SAS_SIG} please.",
        SAS_SIG,
    ),
    "digitalocean": (f"The droplet script deploys with {DO_TOKEN} on Fridays.", DO_TOKEN),
}
SECRETS = (KEY_ID, GITHUB, DISCORD, SLACK, SAS_SIG, DO_TOKEN)


@pytest.mark.parametrize("shape", sorted(NEW_SHAPES))
def test_the_audit_finds_and_the_mask_hides_the_new_secret_shapes(shape: str) -> None:
    text, secret = NEW_SHAPES[shape]
    audit = audit_document("d1", "ops.md", text, {}, AuditRules(), today=date(2026, 12, 1))
    found = [f for f in audit.findings if f.category != "missing_metadata"]
    assert [f.category for f in found] == ["secret"], found
    assert secret not in found[0].excerpt
    masked = mask_sensitive(text)
    assert secret not in masked and "[redacted " in masked, masked


def test_sig_without_a_shared_access_signature_around_it_is_not_a_secret() -> None:
    text = "The form posts to https://forms.example.com/submit?sig=newsletter-signup-2026-footer today."
    assert mask_sensitive(text) == text


def test_a_library_callers_document_is_stored_and_found_masked(db_url: str) -> None:
    sections = [
        (f"Deploy key {KEY_ID}", f"The zebracorn deploy user signs in with {KEY_ID} from the runner."),
        ("Chat hooks", NEW_SHAPES["discord"][0] + " " + NEW_SHAPES["slack"][0]),
        ("Storage", NEW_SHAPES["sas"][0] + " " + NEW_SHAPES["digitalocean"][0]),
    ]
    doc, chunks = make_doc("acme", "ops", f"keys/aws-{KEY_ID}.md", sections, title=f"Bot token {GITHUB}")
    with KnowledgeIndex.from_url(db_url, embedder=HashingEmbedder(256)) as index:
        kb = index.for_tenant("acme")
        kb.upsert_document(doc, chunks)
        shown: list[str] = []
        for mode in ("keyword", "vector", "hybrid"):
            hits = kb.search("zebracorn deploy key hooks storage", k=5, mode=mode)
            assert hits, mode
            shown += [f"{h.title} {h.source_path} {h.heading} {h.text}" for h in hits]
        shown += [f"{d.title} {d.source_path}" for d in kb.list_documents("ops").documents]
        seen = "\n".join(shown)
        stored = raw(db_url, "SELECT c.heading, c.text, d.title, d.source_path FROM kassist_kb_chunks c "
                     "JOIN kassist_kb_documents d ON d.doc_id = c.doc_id")  # fmt: skip
        seen += "\n" + "\n".join(" ".join(str(v) for v in row) for row in stored)
        for secret in SECRETS:
            assert secret not in seen, secret
        assert "Bot token ghp_[redacted API token, 40 chars]" in seen, seen
        assert "keys/aws-AKIA[redacted cloud access key, 20 chars].md" in seen, seen  # the extension kept
        # The full-text index holds no token of the key (it is filled from the stored text).
        assert full_text_hits(db_url, KEY_ID) == [(0,)]
        # A masked chunk's id is its masked text's (an id from the secret's text could be tested against).
        stored_ids = {r[0] for r in raw(db_url, "SELECT chunk_id FROM kassist_kb_chunks")}
        assert len(stored_ids) == 3 and not stored_ids & {c.chunk_id for c in chunks}
        # Upserting the same chunks again finds them stored: nothing is added or embedded.
        again = kb.upsert_document(doc, chunks)
        assert (again.chunks_added, again.chunks_removed, again.embedded) == (0, 0, 0)

"""Probe (session 34, h13 C5): an audit excerpt shows in full what the run's rules do not look for.

A finding's excerpt is its line with the hits *of the enabled rules* masked (knowledge/audit/redact.py
excerpt). A rules file that enables one category only (the served runs' tenants write such files:
``enabled = ["secret"]``) makes the report quote the line's SSN and card number in full beside the
masked key, and ``enabled = ["personal_data"]`` quotes the AWS key in full beside the masked SSN. The
report is what every member reads on the runs API and the console, while the index masks all of them
whatever the rules (knowledge/audit/masking.py: "an operator's rules file tunes the report, not what the
index may hold") - so the report tells members more than search does.

Pure functions (one document's audit), well under a second.
"""

from __future__ import annotations

from datetime import date

import pytest

from knowledge.audit.document import audit_document
from knowledge.audit.rules import AuditRules

KEY_ID, SSN, CARD = "AKIAIOSFODNN7EXAMPLE", "127-80-6907", "4111 1111 1111 1111"
TEXT = f"# Handover\n\nContractor Jane Roe, SSN {SSN}, card {CARD}, uses aws_access_key_id = {KEY_ID}.\n"


@pytest.mark.parametrize("enabled", [["secret"], ["personal_data"]])
def test_an_excerpt_masks_what_the_index_masks_whatever_the_rules(enabled: list[str]) -> None:
    audit = audit_document(
        "d1",
        "handover.md",
        TEXT,
        {},
        AuditRules.model_validate({"enabled": enabled}),
        today=date(2026, 12, 7),
    )
    excerpts = [f.excerpt for f in audit.findings]
    assert excerpts, audit.findings  # the enabled category finds its value on the line ...
    for excerpt in excerpts:  # ... and the line shows none of the others in full
        for value in (KEY_ID, SSN, CARD):
            assert value not in excerpt, excerpt

"""What the knowledge index never holds: the values the audit's secret rules find (cloud access keys,
private keys, API tokens, passwords) and its high-risk personal-data rules (payment cards, IBANs, US
SSNs), each replaced by the mask the audit report shows (knowledge/audit/redact.py).

A run's review decides whether a document goes into search, not whether its secrets do: approving a
run whose handover note carries an AWS key let every member of the tenant read the key in search hits
and answers (session 34, n1 N17), while the audit report itself masked it. The document is chunked and
embedded from its masked text; the audit still reads the text as loaded (its findings say where each
value is). E-mail addresses and phone numbers stay: they are how a reader reaches a person or a team.
Found with the default rules, whatever a run's audit rules enable: an operator's rules file tunes the
report, not what the index may hold.
"""

from __future__ import annotations

import re

from knowledge.audit.credentials import find_secrets
from knowledge.audit.personal import find_identifiers
from knowledge.audit.redact import Hit


def sensitive_hits(text: str, taken: list[tuple[int, int]]) -> list[Hit]:
    """The secrets and high-risk identifiers of ``text`` outside the spans in ``taken`` (which grows
    by theirs): what the index masks, and what a report's excerpt masks whatever the run's rules."""
    return [*find_secrets(text, taken), *find_identifiers(text, taken)]


# A mask this module wrote ("AKIA[redacted cloud access key, 20 chars]", "[redacted key]").
_MASK = re.compile(r"\[redacted [a-zA-Z ]{1,40}(?:, \d+ chars)?\]")


def mask_sensitive(text: str) -> str:
    """``text`` with every secret and high-risk identifier replaced by its mask (the same text when
    it holds none). Masking masked text changes nothing: the masks written before are claimed first,
    so no rule reads one as a value ("aws_secret_access_key = wJal[redacted ...]" is a keyword line
    with a value, and a key block's header with its mask would take the rest of the text). The
    index's write masks what the pipelines masked already (knowledge/index/masked.py)."""
    hits = sensitive_hits(text, [m.span() for m in _MASK.finditer(text)] if "[redacted " in text else [])
    if not hits:
        return text
    out: list[str] = []
    at = 0
    for hit in sorted(hits, key=lambda h: h.start):
        if hit.start < at:  # inside a span already masked (a key block holds token-shaped lines)
            continue
        out += [text[at : hit.start], hit.masked]
        at = hit.end
    out.append(text[at:])
    return "".join(out)

"""Secret rules: cloud access keys, API tokens, passwords written in text, private key blocks.

Token formats come from ``detect-secrets``' plugins (AWS, Azure, GitHub, GitLab, Slack, Stripe, OpenAI,
JWT, basic-auth URLs, private keys, ...). Its plugins cost about 0.1 ms per line each, far too much for
thousands of documents, so a cheap pattern first picks the lines that could hold a secret (a long token
with a digit, a key header, a credential URL, a keyword) and only those are scanned. Prose such as
"the password for the shared account is Winter2026!" has no plugin, so that rule is a precise pattern.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

from knowledge.audit.redact import Hit, mask_secret, overlaps, take

# detect-secrets secret type -> our rule id. High-entropy and public-IP plugins are left out: on prose
# they flag ordinary words.
_PLUGIN_RULES = {
    "AWS Access Key": "cloud_access_key",
    "Azure Storage Account access key": "cloud_access_key",
    "IBM Cloud IAM Key": "cloud_access_key",
    "IBM COS HMAC Credentials": "cloud_access_key",
    "Private Key": "private_key",
    "Basic Auth Credentials": "password",
    "Secret Keyword": "password",
    "Artifactory Credentials": "api_token",
    "Discord Bot Token": "api_token",
    "GitHub Token": "api_token",
    "GitLab Token": "api_token",
    "JSON Web Token": "api_token",
    "Mailchimp Access Key": "api_token",
    "NPM tokens": "api_token",
    "OpenAI Token": "api_token",
    "PyPI Token": "api_token",
    "SendGrid API Key": "api_token",
    "Slack Token": "api_token",
    "Square OAuth Secret": "api_token",
    "Stripe Access Key": "api_token",
    "Telegram Bot Token": "api_token",
    "Twilio API Key": "api_token",
}
_LABELS = {
    "cloud_access_key": "cloud access key",
    "private_key": "private key",
    "password": "password",
    "api_token": "API token",
}

# What makes a line worth scanning: a token prefix, a key header or credential URL, a keyword, or a long
# token that is not a word. Plain substring tests per line: a regex over the whole text cost more than
# the scan it saved.
_PREFIXES = ("-----BEGIN", "://", "AKIA", "ASIA", "ghp_", "gho_", "ghs_", "ghu_", "ghr_", "glpat-", "xox",
             "sk_live", "rk_live", "sk-", "eyJ", "SG.", "npm_", "pypi-", "AccountKey=")  # fmt: skip
_KEYWORDS = ("pass", "pwd", "secret", "token", "api_key", "api-key", "apikey", "credential")
_STRIP = ".,;:()[]{}<>\"'`"
_WORDLIKE = re.compile(r"[A-Za-z][a-z]+(?:[-'][A-Za-z][a-z]*)*")
_TOKEN_CHARS = re.compile(r"[\w+/=.-]*")
_LONG_TOKEN = re.compile(r"(?<!\S)\S{16,}")  # what str.split() gives, 16 characters or more
_PROSE_PASSWORD = re.compile(
    r"(?i)\b(?:password|passwd|pwd|passphrase|wi-?fi\s+key|pin\s+code)\b"
    r"(?:\s+(?:for|of|to|on)\s+(?:the\s+)?[\w'-]+(?:\s+[\w'-]+){0,3}?)?"
    r"\s*(?:is|was|:|=|set\s+to|reset\s+to|changed\s+to)\s*[\"'`]?(?P<value>[^\s\"'`]{6,64})"
)
_AWS_SECRET = re.compile(
    r"(?i)\baws_secret_access_key\b\s*[=:]\s*[\"']?(?P<value>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])"
)
_ASSIGNED_TOKEN = re.compile(
    r"(?i)\b(?:api[_-]?key|secret[_-]?key|access[_-]?token|auth[_-]?token|client[_-]?secret|bearer)\b"
    r"\s*[=:]?\s*[\"']?(?P<value>[A-Za-z0-9_\-./+=]{20,})"
)
# The same keys as handbooks and runbooks write them (session 34, h13 C3): two words ("API key:",
# "The access token is"), an environment line ("VAULT_TOKEN=..."), an HTTP Basic header, an npm token.
# The value must hold a digit: "The API key is rotated every ninety days" is prose.
_PROSE_TOKEN = re.compile(
    r"(?i)(?:\b(?:api|access|auth|secret|client)\s+(?:key|token|secret)|\b[a-z0-9]+_(?:token|secret)\b"
    r"|\bauthorization:\s*basic)"
    r"(?:\s+(?:for|of|to|on)\s+(?:the\s+)?[\w'-]+(?:\s+[\w'-]+){0,3}?\s*(?:[=:]|\bis\b|\bwas\b)"
    r"|\s*(?:[=:]|\bis\b|\bwas\b)?)\s*[\"'`]?(?P<value>(?=[A-Za-z0-9_\-./+=]*\d)[A-Za-z0-9_\-./+=]{16,})"
)
_NPM_TOKEN = re.compile(r"\bnpm_[A-Za-z0-9]{36}\b")
_URL_CREDENTIALS = re.compile(r"\b[a-z][a-z0-9+.-]{1,15}://[^\s/:@]+:(?P<value>[^\s/@]{3,})@[\w.-]+")
_ASSIGNED_WORDS = ("key", "token", "secret", "bearer")
_PASSWORD_WORDS = ("pass", "pwd", "key", "pin")
_GOOGLE_KEY = re.compile(r"\bAIza[0-9A-Za-z_\-]{35}\b")
# Shapes detect-secrets has no plugin for (session 35, x8). A Discord webhook's token is the part after
# its numeric id (whoever holds the URL posts as the hook); the id stays readable.
_DISCORD_WEBHOOK = re.compile(
    r"\bhttps?://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/api/webhooks/\d{17,20}/(?P<value>[A-Za-z0-9_-]{60,90})"
)
# DigitalOcean's personal access, OAuth and refresh tokens.
_DIGITALOCEAN = re.compile(r"\bdo[opr]_v1_[a-f0-9]{64}\b")
# An Azure shared access signature: its sig= value, when the query string it is in also says when it
# expires (se=) and what it grants or its version (sp=, sv=) - "sig=" alone is any URL's parameter.
_SAS_SIGNATURE = re.compile(r"(?i)(?<![A-Za-z0-9])sig=(?P<value>[A-Za-z0-9%+/=]{16,})")
_SAS_REST = re.compile(r"(?i)(?:^|[?&\s\"'])(?:se)=[^&\s]+")
_SAS_GRANT = re.compile(r"(?i)(?:^|[?&\s\"'])(?:sp|sv)=[^&\s]+")
_KEY_BLOCK = re.compile(
    r"-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY( BLOCK)?-----.*?(?:-----END [A-Z0-9 ]*-----|\Z)", re.S
)


@cache
def _plugins() -> tuple[Any, ...]:
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class

    mapping: dict[str, Any] = get_mapping_from_secret_type_to_class()
    return tuple(mapping[name]() for name in _PLUGIN_RULES if name in mapping and name != "Private Key")


def find_secrets(text: str, taken: list[tuple[int, int]]) -> Iterator[Hit]:
    """Hits for every secret in ``text``; each span is added to ``taken`` (kept sorted: redact.take) so
    other rules skip it."""

    def claim(rule: str, start: int, end: int) -> Iterator[Hit]:
        if start >= end or overlaps(taken, start, end):
            return
        take(taken, start, end)
        masked = mask_secret(text[start:end], label=_LABELS[rule], prefix=rule != "password")
        yield Hit(rule, "secret", start, end, masked)

    # Each full-text pattern runs only when a substring it needs is present: most documents hold none.
    lowered = text.lower()
    if "private key" in lowered:
        for m in _KEY_BLOCK.finditer(text):
            if overlaps(taken, m.start(), m.end()):
                continue  # a block masked already ("... PRIVATE KEY----- [redacted key]"): not again
            # The whole block is the secret; the header line stays readable in the excerpt.
            header_end = text.find("-----", m.start() + 5) + 5
            take(taken, m.start(), m.end())
            yield Hit(
                "private_key", "secret", m.start(), m.end(), text[m.start() : header_end] + " [redacted key]"
            )
    if "aws_secret_access_key" in lowered:
        for m in _AWS_SECRET.finditer(text):
            yield from claim("cloud_access_key", m.start("value"), m.end("value"))
    if any(word in lowered for word in _ASSIGNED_WORDS):
        for m in _ASSIGNED_TOKEN.finditer(text):
            yield from claim("api_token", m.start("value"), m.end("value"))
    if any(word in lowered for word in _ASSIGNED_WORDS) or "authorization" in lowered:
        for m in _PROSE_TOKEN.finditer(text):
            value = m.group("value").rstrip(".,;:")
            yield from claim("api_token", m.start("value"), m.start("value") + len(value))
    if "npm_" in text:
        for m in _NPM_TOKEN.finditer(text):
            yield from claim("api_token", m.start(), m.end())
    if "://" in text:
        for m in _URL_CREDENTIALS.finditer(text):
            yield from claim("password", m.start("value"), m.end("value"))
    if "AIza" in text:
        for m in _GOOGLE_KEY.finditer(text):
            yield from claim("api_token", m.start(), m.end())
    if "/api/webhooks/" in text:
        for m in _DISCORD_WEBHOOK.finditer(text):
            yield from claim("api_token", m.start("value"), m.end("value"))
    if "_v1_" in text:
        for m in _DIGITALOCEAN.finditer(text):
            yield from claim("api_token", m.start(), m.end())
    if "sig=" in lowered:
        for m in _SAS_SIGNATURE.finditer(text):
            if _is_sas(text, m.start(), m.end()):
                yield from claim("cloud_access_key", m.start("value"), m.end("value"))
    for start, line in _candidate_lines(text):
        for rule, begin, end in _scan_line(line):
            yield from claim(rule, start + begin, start + end)
    if any(word in lowered for word in _PASSWORD_WORDS):
        for m in _PROSE_PASSWORD.finditer(text):
            value = m.group("value").rstrip(".,;:)")
            if _looks_like_password(value):
                yield from claim("password", m.start("value"), m.start("value") + len(value))


def _is_sas(text: str, start: int, end: int) -> bool:
    """Whether the sig= at ``start:end`` is in a shared access signature: the run of characters
    around it without spaces (a URL's query, or a bare token) also has se= and sp= or sv=."""
    left = max(text.rfind(" ", 0, start), text.rfind("\n", 0, start)) + 1
    right = min((i for i in (text.find(" ", end), text.find("\n", end)) if i >= 0), default=len(text))
    query = text[left:right]
    return bool(_SAS_REST.search(query) and _SAS_GRANT.search(query))


def _candidate_lines(text: str) -> Iterator[tuple[int, str]]:
    """(offset, line) of each line that could hold a secret, in order.

    The tests of ``_is_candidate`` run over the whole text (C searches for each prefix and keyword, one
    regex for long tokens) and only the lines they hit are cut out: most lines hit nothing.
    """
    lowered = text.lower()
    if len(lowered) != len(text):  # a character lower-cased to two ("İ"): positions would not match
        yield from _candidate_lines_by_line(text)
        return
    hits: set[int] = set()
    for haystack, needles in ((text, _PREFIXES), (lowered, _KEYWORDS)):
        for needle in needles:
            at = haystack.find(needle)
            while at >= 0:
                hits.add(haystack.rfind("\n", 0, at) + 1)
                at = haystack.find(needle, at + 1)
    for m in _LONG_TOKEN.finditer(text):
        if not _WORDLIKE.fullmatch(m.group(0).strip(_STRIP)):
            hits.add(text.rfind("\n", 0, m.start()) + 1)
    for start in sorted(hits):
        end = text.find("\n", start)
        yield start, text[start : end if end >= 0 else len(text)]


def _candidate_lines_by_line(text: str) -> Iterator[tuple[int, str]]:
    offset = 0
    for line in text.split("\n"):
        if _is_candidate(line):
            yield offset, line
        offset += len(line) + 1


def _is_candidate(line: str) -> bool:
    if any(prefix in line for prefix in _PREFIXES):
        return True
    lowered = line.lower()
    if any(word in lowered for word in _KEYWORDS):
        return True
    # A long word ("responsibilities", "first-come-first-served") is not a token.
    return any(len(token) >= 16 and not _WORDLIKE.fullmatch(token.strip(_STRIP)) for token in line.split())


# detect-secrets' patterns backtrack on long runs ("//" * n for the NPM token, "sk-" * n for OpenAI's,
# "://" * n for basic auth): quadratic in the line's length, 45 s for a line of 120 KB of slashes. A long
# line is scanned in overlapping windows instead: linear, and any secret of up to _OVERLAP characters
# lies whole in one window (JWTs run 200-900; private key blocks are matched on the full text above).
_WINDOW = 4096
_OVERLAP = 1024


def _scan_line(line: str) -> Iterator[tuple[str, int, int]]:
    if len(line) <= _WINDOW:
        yield from _scan_window(line)
        return
    hits = {
        (rule, at + start, at + end)
        for at in range(0, len(line) - _OVERLAP, _WINDOW - _OVERLAP)
        for rule, start, end in _scan_window(line[at : at + _WINDOW])
    }
    # A secret in an overlap is found twice (one hit, as a set), and one cut by a window's edge may
    # match in part there: the whole match from the next window is kept, not the part inside it.
    reach = -1  # the furthest end of the hits kept so far (they start no later than this one)
    for hit in sorted(hits, key=lambda h: (h[1], -h[2])):
        if hit[2] > reach:
            reach = hit[2]
            yield hit


def _scan_window(line: str) -> Iterator[tuple[str, int, int]]:
    for plugin in _plugins():
        # ".yaml" makes the keyword plugin read "key: value" lines, the shape secrets take in documents.
        for secret in plugin.analyze_line(filename="document.yaml", line=line, line_number=1):
            value = secret.secret_value or ""
            start = line.find(value) if value else -1
            if start < 0:
                continue
            # Some plugins report a token's prefix only (GitHub: "ghp"); the secret is the whole token.
            token = _TOKEN_CHARS.match(line, start).group(0).rstrip(".-")  # type: ignore[union-attr]
            end = start + max(len(value), len(token))
            yield _PLUGIN_RULES[secret.type], start, end


def _looks_like_password(value: str) -> bool:
    """A written password mixes letters with digits or symbols; "required" or "reset" is prose."""
    has_letter = any(ch.isalpha() for ch in value)
    has_other = any(ch.isdigit() or not ch.isalnum() for ch in value)
    return len(value) >= 6 and has_letter and has_other and not value.startswith(("http", "<", "{"))

"""The secret rules pick the lines worth scanning over the whole text; the picks are those of the
line-by-line tests, whatever the text."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knowledge.audit.credentials import _candidate_lines, _candidate_lines_by_line, find_secrets

PIECES = [
    "\n", " ", "\t", "\x1c", "\u2028", "\xa0", "password", "PASS", "Token", "api-key", "-----BEGIN", "://",
    "AKIA", "ghp_", "xoxb-", "sk-", "eyJ", "AccountKey=", "İ", "ß", "K", "first-come-first-served",
    "responsibilities", "-" * 20, "=" * 17, "a1b2c3d4e5f6g7h8i9", "(x9y8z7w6v5u4t3s2r1)", "security@corp.example",
    "word", "Ünïcödé-Ünïcödé-Ünïcödé",
]  # fmt: skip
TEXT = st.lists(st.sampled_from(PIECES) | st.text(max_size=4), max_size=40).map("".join)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT)
def test_whole_text_picks_are_the_line_by_line_picks(text: str) -> None:
    assert list(_candidate_lines(text)) == list(_candidate_lines_by_line(text))


def test_a_secret_on_a_picked_line_is_found() -> None:
    text = "Intro line\nsetup: aws_access_key_id = AKIAIOSFODNN7EXAMPLE\n" + "-" * 30 + "\nIstanbul office\n"
    hits = list(find_secrets(text, []))
    assert [(h.rule, text[h.start : h.end]) for h in hits] == [("cloud_access_key", "AKIAIOSFODNN7EXAMPLE")]


def test_secrets_anywhere_on_a_long_line_are_found_once() -> None:
    # Lines over 4,096 characters are scanned in overlapping windows (detect-secrets' patterns are
    # quadratic in a line's length); a token at the start, across a window's edge and at the end of
    # one long line is each reported once, at its place in the text.
    keys = ["AKIAIOSFODNN7EXAMPLE", "AKIAI44QH8DHBEXAMPLE", "AKIAJ6N5PZ4QWEXAMPLE"]
    filler = "x" * 3060 + " "
    line = f"{keys[0]} {filler}{keys[1]} " + filler * 3 + keys[2]
    assert len(line) > 12_000 and 3070 < line.index(keys[1]) < 3090  # the second straddles 3,072
    text = "Intro\n" + line + "\nEnd\n"

    hits = sorted(find_secrets(text, []), key=lambda h: h.start)

    assert [(h.rule, text[h.start : h.end]) for h in hits] == [("cloud_access_key", k) for k in keys]

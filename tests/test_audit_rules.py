"""Per-document audit rules: what each reports, what it leaves alone, and that excerpts are redacted."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knowledge.audit import AuditRules, Finding, audit_document

TODAY = date(2026, 12, 1)
RULES = AuditRules()
HEADER = "Owner: People Operations. Classification: Internal. Effective date: 1 March 2026.\n\n"


def findings(text: str, rules: AuditRules = RULES, **metadata: str) -> list[Finding]:
    return audit_document("doc-1", "hr/doc.md", HEADER + text, metadata, rules, today=TODAY).findings


def rules_found(text: str, category: str | None = None) -> list[str]:
    return [f.rule for f in findings(text) if category is None or f.category == category]


# --- payment cards: Luhn-valid numbers of a card scheme only ---------------------------------------


@pytest.mark.parametrize(
    "number",
    [
        "4111 1111 1111 1111",
        "4111-1111-1111-1111",
        "5500005555555559",
        "3782 822463 10005",
        "6011000990139424",
    ],
)
def test_luhn_valid_card_numbers_are_reported_masked(number: str) -> None:
    found = findings(f"Corporate card for the offsite: {number}, expiry 09/28.")
    cards = [f for f in found if f.rule == "payment_card"]
    assert len(cards) == 1
    card = cards[0]
    assert (card.category, card.severity, card.location) == ("personal_data", "high", "line 3")
    digits = number.replace(" ", "").replace("-", "")
    assert digits not in card.excerpt.replace(" ", "").replace("-", "")
    assert card.excerpt.replace(" ", "").replace("-", "").count(digits[-4:]) == 1
    assert "****" in card.excerpt


@pytest.mark.parametrize(
    "number",
    [
        "4111 1111 1111 1112",  # Luhn check digit wrong
        "5500005555555550",
        "1234 5678 9012 3456",  # not a card scheme's prefix
        "9111111111111111",
    ],
)
def test_luhn_invalid_or_unknown_numbers_are_not_cards(number: str) -> None:
    assert "payment_card" not in rules_found(f"Reference number {number} in the ledger.")


# --- IBAN: ISO 7064 checksum ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "iban", ["NL91 ABNA 0417 1643 00", "GB82WEST12345698765432", "DE89 3704 0044 0532 0130 00"]
)
def test_valid_ibans_are_reported(iban: str) -> None:
    found = [f for f in findings(f"Pay the refund to {iban} before Friday.") if f.rule == "iban"]
    assert len(found) == 1
    assert iban.replace(" ", "") not in found[0].excerpt.replace(" ", "")
    assert found[0].excerpt.replace(" ", "").count(iban.replace(" ", "")[-4:]) == 1


@pytest.mark.parametrize("iban", ["NL91 ABNA 0417 1643 01", "GB82WEST12345698765433", "XX00 1234 5678 9012"])
def test_ibans_with_a_bad_checksum_are_not_reported(iban: str) -> None:
    assert "iban" not in rules_found(f"Pay the refund to {iban} before Friday.")


# --- SSN, e-mail, phone -------------------------------------------------------------------------------


def test_us_ssn_valid_ones_only() -> None:
    assert rules_found("Employee SSN: 123-45-6789 on file.") == ["us_ssn"]
    assert rules_found("Employee SSN 123456789 on file.") == ["us_ssn"]
    # Area 000, 666 and 9xx are never issued; the famous Woolworth wallet number is blacklisted.
    for bad in ("000-12-3456", "666-12-3456", "912-34-5678", "078-05-1120"):
        assert "us_ssn" not in rules_found(f"Example: {bad}.")
    masked = next(f for f in findings("SSN: 123-45-6789") if f.rule == "us_ssn").excerpt
    assert "123-45" not in masked and "***-**-6789" in masked


def test_personal_emails_reported_role_mailboxes_not() -> None:
    found = [
        f for f in findings("Contact priya.sharma@gmail.com or hr@northwind.example.") if f.rule == "email"
    ]
    assert len(found) == 1
    assert "priya.sharma" not in found[0].excerpt and "p***@gmail.com" in found[0].excerpt
    assert rules_found("Questions to payroll@northwind.example or it-helpdesk@northwind.example.") == []


def test_phone_numbers_validated_by_phonenumbers() -> None:
    assert rules_found("Call Jan on +31 6 1234 5678 after 5.") == ["phone"]
    assert rules_found("Her direct line is (415) 555-2671.") == ["phone"]
    assert rules_found("Ring 020 794 3322 for the Amsterdam desk of Mr Bakker.") == ["phone"]
    # Not a valid number anywhere, a date, an amount; an organisation's reception line is not personal.
    assert rules_found("Order 1234 5678 shipped on 2026-01-01; the budget is 12,500,000 EUR.") == []
    assert rules_found("Reception: +31 20 555 0100.") == []
    masked = next(f for f in findings("Call Jan on +31 6 1234 5678.") if f.rule == "phone").excerpt
    assert "1234 5678" not in masked and "78" in masked


def test_allowlisted_values_are_not_reported() -> None:
    rules = AuditRules(allowlist=("press.contact@gmail.com",))
    assert [f.rule for f in findings("Write to press.contact@gmail.com.", rules)] == []


# --- secrets ----------------------------------------------------------------------------------------

AWS_KEY = "AKIAIOSFODNN7EXAMPLE"
AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
GITHUB = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
SLACK = "xoxb-" + "123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"
PRIVATE_KEY = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEA0Z3VS5JJcds3xfn/ygWyF8PbnGy0AHB7MhgHcTz6sE2I2yPB\n"
    "aXnlS3L4C1Fb8M6GZkJ1z0v5qJZbVOAWGXaG6PIkHc3MQk9F1GJv1uVaJ5Ns4tNw\n"
    "-----END RSA PRIVATE KEY-----"
)


@pytest.mark.parametrize(
    ("text", "rule", "secret"),
    [
        (f"aws_access_key_id = {AWS_KEY}", "cloud_access_key", AWS_KEY),
        (f"aws_secret_access_key = {AWS_SECRET}", "cloud_access_key", AWS_SECRET),
        (f"export GITHUB_TOKEN={GITHUB}", "api_token", GITHUB),
        (f"The Slack bot uses {SLACK} for alerts.", "api_token", SLACK),
        ("api_key: sk_live_4eC39HqLyjWDarjtT1zdp7dc", "api_token", "sk_live_4eC39HqLyjWDarjtT1zdp7dc"),
        ("The password for the shared finance account is Winter2026!", "password", "Winter2026!"),
        ("db_password: Hunter2hunter#", "password", "Hunter2hunter#"),
        ("Connect with postgres://app:Sup3rS3cret9@db.internal:5432/prod", "password", "Sup3rS3cret9"),
    ],
)
def test_secrets_are_reported_and_never_shown(text: str, rule: str, secret: str) -> None:
    found = [f for f in findings(text) if f.category == "secret"]
    assert [f.rule for f in found] == [rule]
    assert found[0].severity in ("high", "critical")
    assert secret not in found[0].excerpt
    assert "[redacted" in found[0].excerpt
    # Nor does any other finding on the same line repeat it.
    assert all(secret not in f.excerpt for f in findings(text))


def test_private_key_block_is_one_critical_finding_without_the_key() -> None:
    found = findings(f"Deploy key for the build server:\n\n{PRIVATE_KEY}\n\nRotate it yearly.")
    secret = [f for f in found if f.category == "secret"]
    assert [(f.rule, f.severity) for f in secret] == [("private_key", "critical")]
    assert "MIIEow" not in secret[0].excerpt and "BEGIN RSA PRIVATE KEY" in secret[0].excerpt


@pytest.mark.parametrize(
    "text",
    [
        "Use a strong password of at least 12 characters and never reuse it.",
        "Passwords must be changed every 90 days; the password is never sent by e-mail.",
        "The token expires after 30 minutes. Ask the service desk to reset your password.",
        "See https://northwind.example/policies/information-security-policy-2026 for details.",
    ],
)
def test_prose_about_secrets_is_not_a_secret(text: str) -> None:
    assert rules_found(text, "secret") == []


@settings(max_examples=60, deadline=None)
@given(
    password=st.text(
        alphabet="ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!#$%&*+", min_size=8, max_size=24
    ).filter(lambda s: any(c.isalpha() for c in s) and any(not c.isalpha() for c in s)),
    card_group=st.integers(min_value=0, max_value=10**11 - 1),
)
def test_no_excerpt_ever_contains_a_found_value(password: str, card_group: int) -> None:
    from stdnum import luhn

    body = "4" + f"{card_group:011d}" + "123"
    card = body + luhn.calc_check_digit(body)
    text = f"Login password: {password} and the card {card} are both on this line with {AWS_KEY}."
    found = findings(text)
    assert {f.rule for f in found} >= {"payment_card", "cloud_access_key"}
    for f in found:
        assert card not in f.excerpt and AWS_KEY not in f.excerpt
        if f.rule == "password":
            assert password not in f.excerpt


# --- stale and missing metadata -------------------------------------------------------------------


def test_stale_after_the_configured_months_counting_the_last_review() -> None:
    doc = "Owner: Finance. Classification: Internal.\nEffective date: 1 March 2023.\n\nBody."
    audit = audit_document("d", "p.md", doc, {}, RULES, today=TODAY)
    assert [f.rule for f in audit.findings] == ["stale"]
    assert "2023-03-01" in audit.findings[0].excerpt
    reviewed = doc.replace("Body.", "Last reviewed: 10 October 2026.")
    assert audit_document("d", "p.md", reviewed, {}, RULES, today=TODAY).findings == []
    relaxed = AuditRules(stale_after_months=60)
    assert audit_document("d", "p.md", doc, {}, relaxed, today=TODAY).findings == []


def test_missing_owner_and_classification_from_text_or_metadata() -> None:
    bare = "# Expense guide\n\nEffective date: 1 October 2026.\n\nClaim within 30 days."
    audit = audit_document("d", "p.md", bare, {}, RULES, today=TODAY)
    assert sorted(f.rule for f in audit.findings) == ["missing_classification", "missing_owner"]
    assert {f.category for f in audit.findings} == {"missing_metadata"}
    stated = audit_document(
        "d", "p.md", bare, {"owner": "Finance", "classification": "Internal"}, RULES, today=TODAY
    )
    assert stated.findings == []
    only_owner = AuditRules(required_metadata=("owner",))
    assert [f.rule for f in audit_document("d", "p.md", bare, {}, only_owner, today=TODAY).findings] == [
        "missing_owner"
    ]


def test_disabled_categories_do_not_run() -> None:
    rules = AuditRules(enabled=("secret",))
    text = "# Notes\n\npriya@gmail.com, 4111 1111 1111 1111, password: Winter2026!"
    audit = audit_document("d", "p.md", text, {}, rules, today=TODAY)
    assert [f.category for f in audit.findings] == ["secret"]


def test_severity_override() -> None:
    rules = AuditRules(severity={"payment_card": "critical"})
    assert [f.severity for f in findings("Card 4111 1111 1111 1111.", rules)] == ["critical"]


def test_same_input_same_result() -> None:
    text = "Card 4111 1111 1111 1111, call +31 6 1234 5678, password: Winter2026!"
    first = audit_document("d", "p.md", text, {}, RULES, today=TODAY)
    assert audit_document("d", "p.md", text, {}, RULES, today=TODAY) == first


@settings(max_examples=80, deadline=None)
@given(
    text=st.text(
        alphabet=st.sampled_from([*"abcXYZ019 -+@.:/=_\n\t()#!", "€", "é", "\u00a0", "\x00"]),
        max_size=600,
    ),
    metadata=st.dictionaries(
        st.sampled_from(["owner", "classification", "effective_date", "status", "title", "junk"]),
        st.one_of(st.none(), st.text(max_size=30), st.integers(), st.dates()),
        max_size=4,
    ),
)
def test_any_text_and_metadata_audit_without_error(text: str, metadata: dict[str, object]) -> None:
    audit = audit_document("d", "p.md", text, metadata, RULES, today=TODAY)
    for f in audit.findings:
        assert len(f.excerpt) <= 200
        assert f.location == "document" or f.location.startswith("line ")
    assert len(audit.signature.minhash) == 64


def test_long_passwords_show_no_prefix_tokens_at_most_four_characters() -> None:
    found = findings("password: CorrectHorseBatteryStaple42!\nThe CI token is ghp_" + "x1" * 18 + ".")
    by_rule = {f.rule: f.excerpt for f in found}
    assert "[redacted password, 28 chars]" in by_rule["password"] and "Corr" not in by_rule["password"]
    assert "ghp_[redacted API token, 40 chars]" in by_rule["api_token"]

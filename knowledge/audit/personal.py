"""Personal data rules: e-mail addresses, phone numbers, US SSNs, payment cards and IBANs.

Each rule finds candidates with a cheap pattern and lets a library decide: ``phonenumbers`` whether a
number is a real number of a region, ``python-stdnum`` whether an SSN, a card number (Luhn) or an IBAN
(ISO 7064 mod 97) is valid. A random digit string therefore is not reported, and a typo'd card is not.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator

import phonenumbers
from stdnum import iban as stdnum_iban
from stdnum import luhn
from stdnum.us import ssn as stdnum_ssn

from knowledge.audit.redact import Hit, mask_digits, mask_email, mask_iban, overlaps, take
from knowledge.audit.rules import AuditRules

_EMAIL = re.compile(r"(?<![\w.%+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,24}\b")
_SSN = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
_SSN_UNDASHED = re.compile(r"(?i)\b(?:ssn|social\s+security(?:\s+(?:number|no\.?))?)\b\D{0,12}?(\d{9})\b")
_CARD = re.compile(r"(?<![\d+-])\d(?:[ -]?\d){12,18}(?![\d-])")  # "+49 151 ..." is a phone number
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b")
_PHONE = re.compile(r"(?<![\w/.+-])(?:\+|\(\+?)?\d[\d \t().-]{6,20}\d(?![\w-])")
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
# IBAN-shaped codes and 16-19 digit card-shaped numbers, valid or not: digits inside are never a phone
# number (13-15 digits may be an international number, so those stay candidates).
_CODE_SHAPES = re.compile(
    r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b|(?<![\d-])\d(?:[ -]?\d){15,18}(?![\d-])"
)

# Issuer prefixes (IIN) and lengths of the major card schemes: a Luhn-valid number outside them is
# more likely an order or account number than a card.
_CARD_SCHEMES: tuple[tuple[tuple[int, int], tuple[int, ...]], ...] = (
    ((4, 4), (13, 16, 19)),  # Visa
    ((51, 55), (16,)),  # Mastercard
    ((2221, 2720), (16,)),  # Mastercard 2-series
    ((34, 34), (15,)),  # American Express
    ((37, 37), (15,)),
    ((6011, 6011), (16, 19)),  # Discover
    ((644, 649), (16, 19)),
    ((65, 65), (16, 19)),
    ((3528, 3589), (16, 19)),  # JCB
    ((300, 305), (14,)),  # Diners Club
    ((36, 36), (14,)),
    ((38, 39), (14, 16)),
)


def _card_scheme_ok(digits: str) -> bool:
    for (low, high), lengths in _CARD_SCHEMES:
        width = len(str(low))
        if len(digits) in lengths and low <= int(digits[:width]) <= high:
            return True
    return False


def find_personal_data(text: str, rules: AuditRules, taken: list[tuple[int, int]]) -> Iterator[Hit]:
    """Hits for every enabled personal-data rule; spans in ``taken`` (already reported) are skipped.

    Order matters: the most specific numbers (cards, IBANs, SSNs) claim their spans before the phone
    rule, which would otherwise read a card's digits as a phone number.
    """
    yield from _claim(text, rules, taken, (_cards, _ibans, _ssns, _emails, _phones))


def find_identifiers(text: str, taken: list[tuple[int, int]]) -> Iterator[Hit]:
    """Hits of the high-risk personal-data rules alone (payment cards, IBANs, US SSNs), under the
    default rules: what the index masks (knowledge/audit/masking.py). E-mail addresses and phone
    numbers are not looked for: they are how a reader reaches a person or a team."""
    yield from _claim(text, AuditRules(), taken, (_cards, _ibans, _ssns))


Finder = Callable[[str, AuditRules], Iterator[Hit]]


def _claim(
    text: str, rules: AuditRules, taken: list[tuple[int, int]], finders: tuple[Finder, ...]
) -> Iterator[Hit]:
    allow = {value.lower() for value in rules.allowlist}
    for finder in finders:
        for hit in finder(text, rules):
            if overlaps(taken, hit.start, hit.end):
                continue
            if text[hit.start : hit.end].lower() in allow:
                continue
            take(taken, hit.start, hit.end)
            yield hit


def _cards(text: str, rules: AuditRules) -> Iterator[Hit]:
    for m in _CARD.finditer(text):
        value = m.group(0)
        digits = re.sub(r"\D", "", value)
        if 13 <= len(digits) <= 19 and _card_scheme_ok(digits) and luhn.is_valid(digits):
            yield Hit("payment_card", "personal_data", m.start(), m.end(), mask_digits(value))


def _ibans(text: str, rules: AuditRules) -> Iterator[Hit]:
    for m in _IBAN.finditer(text):
        value = m.group(0)
        # The pattern may have taken a following group of capitals or digits: drop groups until valid.
        while value:
            if stdnum_iban.is_valid(value):
                yield Hit("iban", "personal_data", m.start(), m.start() + len(value), mask_iban(value))
                break
            head, _, _tail = value.rpartition(" ")
            value = head


def _ssns(text: str, rules: AuditRules) -> Iterator[Hit]:
    for m in _SSN.finditer(text):
        if stdnum_ssn.is_valid(m.group(0)):
            yield Hit("us_ssn", "personal_data", m.start(), m.end(), mask_digits(m.group(0)))
    lowered = text.lower()
    if "ssn" not in lowered and "social security" not in lowered:
        return
    for m in _SSN_UNDASHED.finditer(text):
        if stdnum_ssn.is_valid(m.group(1)):
            yield Hit("us_ssn", "personal_data", m.start(1), m.end(1), mask_digits(m.group(1)))


def _emails(text: str, rules: AuditRules) -> Iterator[Hit]:
    if "@" not in text:
        return
    roles = {r.lower() for r in rules.role_mailboxes}
    for m in _EMAIL.finditer(text):
        value = m.group(0)
        if value.partition("@")[0].lower() in roles:
            continue
        yield Hit("email", "personal_data", m.start(), m.end(), mask_email(value))


def _phones(text: str, rules: AuditRules) -> Iterator[Hit]:
    context_words = tuple(w.lower() for w in rules.organisation_phone_context)
    codes: list[re.Match[str]] | None = None  # found on the first candidate: most texts have none
    ends: list[int] = []
    for m in _PHONE.finditer(text):
        if codes is None:
            codes = list(_CODE_SHAPES.finditer(text))
            ends = [c.end() for c in codes]
        # The codes are apart and in order: only the first one ending after the candidate starts can
        # overlap it (a scan of all of them per candidate was quadratic: 11 s for 240 KB of " 1").
        after = bisect.bisect_right(ends, m.start())
        if after < len(codes) and codes[after].start() < m.end():
            continue
        raw = m.group(0).rstrip(" .-(")
        digits = re.sub(r"\D", "", raw)
        if not 8 <= len(digits) <= 15 or _ISO_DATE.fullmatch(raw):
            continue
        if not _valid_phone(raw, digits, rules.phone_regions):
            continue
        before = text[max(0, m.start() - 60) : m.start()].lower()
        if any(word in before for word in context_words):
            continue  # an organisation's line (reception, hotline), not a person's
        yield Hit("phone", "personal_data", m.start(), m.start() + len(raw), mask_digits(raw, keep_last=2))


def _valid_phone(raw: str, digits: str, regions: tuple[str, ...]) -> bool:
    international = raw.lstrip("(").startswith("+") or digits.startswith("00")
    for region in (None,) if international else regions:
        if region is not None:
            # A national number starts with its region's trunk prefix (0 in most of Europe); NANP has none.
            prefix = phonenumbers.PhoneMetadata.metadata_for_region(region)
            trunk = prefix.national_prefix if prefix is not None else None
            if trunk and trunk != "1" and not digits.startswith(trunk):
                continue
        try:
            number = phonenumbers.parse(raw if not digits.startswith("00") else "+" + digits[2:], region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(number):
            return True
    return False

"""Raw material for the generated corpus: the shipped handbook's sections, names, places, and the values
the generator plants (valid card numbers, IBANs, SSNs, phone numbers, tokens) or uses as decoys.

Everything draws from a ``random.Random`` passed in, so one seed always yields the same corpus.
"""

from __future__ import annotations

import random
import re
import string
from dataclasses import dataclass
from functools import cache

import phonenumbers
from stdnum import iban as stdnum_iban
from stdnum import luhn

from knowledge.corpus import demo_corpus_path
from knowledge.documents import Document

DEPARTMENTS = ("hr", "it", "security", "finance", "facilities")


@dataclass(frozen=True)
class HandbookSection:
    department: str
    heading: str
    paragraphs: tuple[str, ...]  # a paragraph starting with "- " is a bullet list, one item per line


_ATX = re.compile(r"^#{1,6}\s+(.+?)\s*#*$")
_SETEXT_RULE = re.compile(r"^(=+|-+)\s*$")


@cache
def handbook_sections() -> tuple[HandbookSection, ...]:
    """Every second-level section of the shipped handbook; the opening (dates, owner) is left out."""
    from knowledge.loaders import load_directory

    sections: list[HandbookSection] = []
    for doc in load_directory(demo_corpus_path(), tenant_id="corpus", collection="handbook"):
        if not isinstance(doc, Document) or doc.source_path.startswith("archive/"):
            continue
        department = doc.source_path.split("/", 1)[0]
        heading: str | None = None
        paragraphs: list[str] = []
        lines = doc.text.split("\n")
        blocks: list[list[str]] = [[]]
        for index, line in enumerate(lines):
            following = lines[index + 1] if index + 1 < len(lines) else ""
            if _SETEXT_RULE.match(line):
                continue
            atx = _ATX.match(line)
            title = (
                atx.group(1)
                if atx
                else (line.strip() if _SETEXT_RULE.match(following) and line.strip() else None)
            )
            if title is not None:
                if heading is not None and paragraphs:
                    sections.append(HandbookSection(department, heading, tuple(paragraphs)))
                level_one = (atx is not None and line.startswith("# ")) or following.startswith("=")
                heading, paragraphs, blocks = (None if level_one else title), [], [[]]
                continue
            if not line.strip():
                if blocks[-1]:
                    paragraphs.append(_join(blocks[-1]))
                    blocks.append([])
                continue
            blocks[-1].append(line.strip())
        if blocks[-1]:
            paragraphs.append(_join(blocks[-1]))
        if heading is not None and paragraphs:
            sections.append(HandbookSection(department, heading, tuple(paragraphs)))
    return tuple(sections)


@cache
def sections_of(department: str) -> tuple[HandbookSection, ...]:
    return tuple(s for s in handbook_sections() if s.department == department)


def _join(lines: list[str]) -> str:
    if lines[0].startswith("- "):
        items: list[str] = []
        for line in lines:
            if line.startswith("- ") or not items:
                items.append(line)
            else:
                items[-1] += " " + line
        return "\n".join(items)
    return " ".join(lines)


FIRST_NAMES = (
    "Priya", "Jan", "Sofia", "Lucas", "Amara", "Mateo", "Hannah", "Yusuf", "Mei", "Oliver", "Fatima", "Noah",
    "Elena", "Kwame", "Ingrid", "Rahul", "Chloe", "Tomasz", "Aisha", "Daniel", "Leila", "Sven", "Grace", "Diego",
)  # fmt: skip
LAST_NAMES = (
    "Sharma", "de Vries", "Rossi", "Bakker", "Okafor", "Garcia", "Schmidt", "Demir", "Chen", "Walsh",
    "Haddad", "Jansen", "Petrova", "Mensah", "Larsen", "Iyer", "Martin", "Nowak", "Khan", "Meyer",
)  # fmt: skip
OFFICES = ("Amsterdam", "Berlin", "London", "New York", "Singapore", "Lisbon", "Toronto", "Warsaw")
TEAMS = (
    "Data Platform", "Customer Success", "Sales EMEA", "Sales Americas", "Product Design", "Analytics Engineering",
    "Site Reliability", "Finance Operations", "Talent Acquisition", "Workplace", "Legal and Privacy", "Security Operations",
)  # fmt: skip
OWNERS = {
    "hr": ("People Operations", "Talent Acquisition", "Total Rewards"),
    "it": ("IT Service Desk", "Site Reliability Engineering", "IT and Security"),
    "security": ("Chief Information Security Officer", "Legal and Privacy", "Security Operations"),
    "finance": ("Finance", "Procurement", "Finance Operations"),
    "facilities": ("Workplace Services", "Facilities and the Health and Safety Committee"),
}
CLASSIFICATIONS = ("Public", "Internal", "Internal", "Internal", "Confidential", "Restricted")
SYSTEMS = ("Workday", "Jira", "the reporting database", "the VPN gateway", "Grafana", "the payroll SFTP server",
           "the build server", "Salesforce", "the finance data warehouse")  # fmt: skip


def person(rng: random.Random) -> tuple[str, str]:
    """A name and its e-mail address (personal mailbox: a person's name, a company or private domain)."""
    first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
    local = f"{first}.{last}".lower().replace(" ", "")
    domain = rng.choice(("northwind-analytics.com", "northwind-analytics.com", "gmail.com", "outlook.com"))
    return f"{first} {last}", f"{local}@{domain}"


def card_number(rng: random.Random) -> str:
    prefix = rng.choice(("4", "51", "52", "55", "2221", "6011"))
    body = prefix + "".join(rng.choice(string.digits) for _ in range(15 - len(prefix)))
    digits = body + luhn.calc_check_digit(body)
    return " ".join(digits[i : i + 4] for i in range(0, 16, 4))


def amex_number(rng: random.Random) -> str:
    body = rng.choice(("34", "37")) + "".join(rng.choice(string.digits) for _ in range(12))
    digits = body + luhn.calc_check_digit(body)
    return f"{digits[:4]} {digits[4:10]} {digits[10:]}"


def invalid_card(rng: random.Random) -> str:
    """Card-shaped and of a card scheme, but the Luhn check digit is wrong."""
    body = "4" + "".join(rng.choice(string.digits) for _ in range(14))
    good = int(luhn.calc_check_digit(body))
    digits = body + str((good + rng.randint(1, 9)) % 10)
    return " ".join(digits[i : i + 4] for i in range(0, 16, 4))


_IBAN_SHAPES = (
    ("NL", "{bank}{acct10}", ("ABNA", "INGB", "RABO")),
    ("DE", "{num18}", ()),
    ("GB", "{bank}{num14}", ("NWBK", "BARC")),
)


def iban(rng: random.Random, *, valid: bool = True) -> str:
    country, shape, banks = rng.choice(_IBAN_SHAPES)
    bban = shape.format(
        bank=rng.choice(banks) if banks else "",
        acct10="".join(rng.choice(string.digits) for _ in range(10)),
        num18="".join(rng.choice(string.digits) for _ in range(18)),
        num14="".join(rng.choice(string.digits) for _ in range(14)),
    )
    check = stdnum_iban.calc_check_digits(country + "00" + bban)
    if not valid:
        check = f"{(int(check) + rng.randint(1, 9)) % 97 + 2:02d}"  # off by a few: the checksum fails
    compact = country + check + bban
    return " ".join(compact[i : i + 4] for i in range(0, len(compact), 4))


def ssn(rng: random.Random) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    return f"{area:03d}-{rng.randint(1, 99):02d}-{rng.randint(1, 9999):04d}"


_PHONE_SHAPES = (
    ("+31 6 {d4} {e4}", None),
    ("+44 7700 {d6}", None),
    ("+49 151 {d4} {e4}", None),
    ("({area}) {ex}-{d4}", "US"),
    ("020 {d3} {d4}", "NL"),
)
_US_AREAS = ("212", "415", "617", "312", "206", "512", "303")


def phone(rng: random.Random) -> str:
    """A number ``phonenumbers`` accepts as valid, in a national or international format."""
    while True:
        shape, region = rng.choice(_PHONE_SHAPES)
        number = shape.format(
            d3="".join(rng.choice(string.digits) for _ in range(3)),
            d4="".join(rng.choice(string.digits) for _ in range(4)),
            e4="".join(rng.choice(string.digits) for _ in range(4)),
            d6="".join(rng.choice(string.digits) for _ in range(6)),
            area=rng.choice(_US_AREAS),
            ex=str(rng.randint(200, 989)),
        )
        if phonenumbers.is_valid_number(phonenumbers.parse(number, region)):
            return number


def _token(rng: random.Random, alphabet: str, length: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(length))


ALNUM = string.ascii_letters + string.digits


def aws_key_pair(rng: random.Random) -> tuple[str, str]:
    key_id = "AKIA" + _token(rng, string.ascii_uppercase + "234567", 16)
    return key_id, _token(rng, ALNUM + "/+", 40)


def api_token(rng: random.Random) -> tuple[str, str]:
    """(what it is, the token) for a GitHub, Slack, Stripe or OpenAI style token."""
    kind = rng.randrange(4)
    if kind == 0:
        return "GitHub personal access token", "ghp_" + _token(rng, ALNUM, 36)
    if kind == 1:
        digits = string.digits
        return (
            "Slack bot token",
            f"xoxb-{_token(rng, digits, 12)}-{_token(rng, digits, 13)}-{_token(rng, ALNUM, 24)}",
        )
    if kind == 2:
        return "Stripe secret key", "sk_live_" + _token(rng, ALNUM, 24)
    return "OpenAI API key", "sk-proj-" + _token(rng, ALNUM, 20) + "T3BlbkFJ" + _token(rng, ALNUM, 20)


def password(rng: random.Random) -> str:
    word = rng.choice(("Winter", "Harbour", "Falcon", "Tulip", "Granite", "Maple", "Orbit", "Copper"))
    return f"{word}{rng.randint(10, 9999)}{rng.choice('!#$%&*?')}{rng.choice(string.ascii_lowercase)}"


def private_key_block(rng: random.Random) -> str:
    body = [_token(rng, ALNUM + "+/", 64) for _ in range(6)]
    return "\n".join(
        [
            "-----BEGIN RSA PRIVATE KEY-----",
            "MIIEowIBAAKCAQEA" + body[0][16:],
            *body[1:],
            "-----END RSA PRIVATE KEY-----",
        ]
    )

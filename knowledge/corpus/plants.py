"""What the generator plants in a document: personal data, secrets, and decoys that must not be reported.

Each function appends the rule ids it planted (or the decoy kinds) to the document's ground truth and
returns the blocks to insert. Values with spaces (card numbers, IBANs, phone numbers) are kept together
with non-breaking spaces so that no renderer wraps them across lines.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from knowledge.corpus import material as m
from knowledge.corpus.writers import NBSP


def _keep(value: str) -> str:
    return value.replace(" ", NBSP)


# Personal data and secrets written in ways the audit is known not to read (an obfuscated address, a
# French national number when FR is not a configured region, a password named after its value). Planted
# in a few documents so the measured recall shows the limits, not just the shapes the rules were built for.
P_HARD = 0.06


def _hard_personal(rng: random.Random, name: str, email: str) -> tuple[str, str]:
    if rng.random() < 0.5:
        local, domain = email.split("@")
        return "email", f"Reply to {name}: {local} at {domain.replace('.', ' dot ')}."
    digits = [f"{rng.randint(10, 99)}" for _ in range(4)]
    return "phone", f"{name} is on {_keep('06 ' + ' '.join(digits))} this week (French mobile)."


def plant_personal(rng: random.Random, planted: dict[str, list[str]]) -> list[tuple[str, str]]:
    out = []
    for rule in rng.sample(tuple(PERSONAL), rng.randint(1, 2)):
        name, email = m.person(rng)
        if rng.random() < P_HARD:
            rule, text = _hard_personal(rng, name, email)
        else:
            text = PERSONAL[rule](rng, name, email)
        out.append(("p", text))
        planted.setdefault("personal_data", []).append(rule)
    return out


def plant_secret(rng: random.Random, planted: dict[str, list[str]]) -> list[tuple[str, str]]:
    shape = rng.randrange(6)
    system = rng.choice(m.SYSTEMS).removeprefix("the ")
    secrets = planted.setdefault("secret", [])
    if shape == 0:
        key_id, secret = m.aws_key_pair(rng)
        secrets += ["cloud_access_key", "cloud_access_key"]
        return [("p", "Credentials for the nightly export job:"),
                ("pre", f"aws_access_key_id = {key_id}\naws_secret_access_key = {secret}")]  # fmt: skip
    if shape == 1:
        what, token = m.api_token(rng)
        secrets.append("api_token")
        return [("p", f"The {what} for the {system} integration is {token} until it is rotated.")]
    if rng.random() < P_HARD:
        secrets.append("password")
        return [
            (
                "p",
                f"For the {system} break-glass account use {m.password(rng)} as the password, then reset it.",
            )
        ]
    if shape == 2:
        secrets.append("password")
        return [
            ("p", f"The {system} admin password is {m.password(rng)} (shared with the on-call engineer).")
        ]
    if shape == 3:
        secrets.append("password")
        return [
            ("pre", f"host: {system.split()[0].lower()}.internal\nuser: svc_ops\npassword: {m.password(rng)}")
        ]
    if shape == 4:
        secrets.append("password")
        pw = re.sub(r"[^A-Za-z0-9]", "", m.password(rng)) + "Q7"  # URL userinfo: no reserved characters
        return [
            (
                "p",
                f"Connection string: postgres://svc_report:{pw}@db-prod-{rng.randint(1, 9)}.internal:5432/finance",
            )
        ]
    secrets.append("private_key")
    return [
        ("p", "Deploy key of the build server (to be moved to the vault):"),
        ("pre", m.private_key_block(rng)),
    ]


def _card_sentence(rng: random.Random, name: str) -> str:
    card = m.card_number(rng) if rng.random() < 0.8 else m.amex_number(rng)
    return f"The team offsite was paid with {name}'s corporate card {_keep(card)}, expiry 11/28."


# Each rule the generator plants, named once: the key is the rule id written to the ground truth.
PERSONAL: dict[str, Callable[[random.Random, str, str], str]] = {
    "email": lambda rng, name, email: f"For questions about this case, write to {name} at {email}.",
    "phone": lambda rng, name, _: f"{name} can be reached on {_keep(m.phone(rng))} outside office hours.",
    "us_ssn": lambda rng, name, _: f"New hire {name}, SSN {m.ssn(rng)}, starts on the first of next month.",
    "payment_card": lambda rng, name, _: _card_sentence(rng, name),
    "iban": lambda rng, name, _: f"Please pay the reimbursement for {name} to account {_keep(m.iban(rng))}.",
}


# Look-alikes the audit must not report, each kind named once (the key is written to the ground truth).
DECOYS: dict[str, Callable[[random.Random], str]] = {
    "role_mailbox": lambda rng: (
        f"Send receipts and questions to {rng.choice(('travel', 'payroll', 'privacy', 'security'))}@northwind.example."
    ),
    "reception": lambda rng: (
        f"The {rng.choice(m.OFFICES)} reception is on {_keep(m.phone(rng))} during office hours."
    ),
    "invalid_card": lambda rng: (
        f"Test payments use the dummy number {_keep(m.invalid_card(rng))}, which the provider rejects."
    ),
    "invalid_iban": lambda rng: (
        f"The old account {_keep(m.iban(rng, valid=False))} is closed; do not use it."
    ),
    "password_prose": lambda rng: (
        "Passwords must be at least 14 characters long; never share your password with anyone."
    ),
    "employee_number": lambda rng: (
        f"Quote your employee number ({rng.randint(200_000_000, 899_999_999)}) on every claim."
    ),
}


def plant_decoys(rng: random.Random, decoys: list[str]) -> list[tuple[str, str]]:
    out = []
    for kind in rng.sample(tuple(DECOYS), rng.randint(1, 2)):
        out.append(("p", DECOYS[kind](rng)))
        decoys.append(kind)
    return out

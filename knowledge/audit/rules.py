"""The audit's configuration: which rules run, how severe each is, and their thresholds.

Every field has a default, so ``AuditRules()`` is a sensible audit; a TOML file overrides any of them::

    enabled = ["personal_data", "secret", "stale", "missing_metadata", "near_duplicate", "superseded"]
    stale_after_months = 24
    required_metadata = ["owner", "classification"]
    near_duplicate_threshold = 0.75
    needs_review_failure_share = 0.10
    needs_review_severity = "critical"
    phone_regions = ["US", "GB", "NL", "DE"]

    [severity]
    payment_card = "critical"
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from kassist.small_file import read_small_file
from knowledge.audit.models import CATEGORIES, Category, Finding, Severity

# Rule id -> (category, default severity). A rule's id is what a finding's ``rule`` says.
RULES: dict[str, tuple[Category, Severity]] = {
    "email": ("personal_data", "low"),
    "phone": ("personal_data", "low"),
    "us_ssn": ("personal_data", "high"),
    "payment_card": ("personal_data", "high"),
    "iban": ("personal_data", "medium"),
    "cloud_access_key": ("secret", "critical"),
    "private_key": ("secret", "critical"),
    "api_token": ("secret", "high"),
    "password": ("secret", "high"),
    "stale": ("stale", "medium"),
    "missing_metadata": ("missing_metadata", "low"),
    "near_duplicate": ("near_duplicate", "low"),
    "superseded": ("superseded", "medium"),
}

# Functional mailboxes name a team, not a person: not personal data.
DEFAULT_ROLE_MAILBOXES = (
    "admin", "billing", "compliance", "dpo", "finance", "helpdesk", "hr", "info", "it", "it-helpdesk",
    "legal", "no-reply", "noreply", "office", "payroll", "people", "people-ops", "press", "privacy",
    "procurement", "recruiting", "reception", "sales", "security", "servicedesk", "support", "talent",
    "travel", "webmaster",
)  # fmt: skip

# Words just before a phone number that say it is an organisation's line, not a person's.
DEFAULT_ORGANISATION_PHONE_CONTEXT = (
    "reception", "switchboard", "hotline", "helpdesk", "help desk", "service desk", "front desk",
    "main line", "main number", "24/7", "emergency line", "fax",
)  # fmt: skip


class AuditConfigError(ValueError):
    """The audit configuration file cannot be used; the message says which file, what and how to fix it."""


class AuditRules(BaseModel):
    """Which rules run and with what thresholds. Immutable; build a new one to change it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    enabled: tuple[Category, ...] = Field(default=CATEGORIES, description="Categories that run")
    severity: dict[str, Severity] = Field(
        default_factory=dict, description="Severity per rule id (see RULES), overriding the default"
    )
    stale_after_months: int = Field(default=24, ge=1, le=600)
    required_metadata: tuple[str, ...] = ("owner", "classification")
    near_duplicate_threshold: float = Field(
        default=0.75, gt=0.0, le=1.0, description="Estimated Jaccard similarity of word 3-shingles"
    )
    needs_review_failure_share: float = Field(default=0.10, ge=0.0, le=1.0)
    needs_review_severity: Severity = "critical"
    phone_regions: tuple[str, ...] = Field(
        default=("US", "GB", "NL", "DE"),
        description="Regions whose national formats are recognised (international +.. numbers always are)",
    )
    role_mailboxes: tuple[str, ...] = DEFAULT_ROLE_MAILBOXES
    organisation_phone_context: tuple[str, ...] = DEFAULT_ORGANISATION_PHONE_CONTEXT
    allowlist: tuple[str, ...] = Field(
        default=(), description="Exact values (an address, a number) never reported, e.g. public contacts"
    )

    @field_validator("severity")
    @classmethod
    def _known_rules(cls, value: dict[str, Severity]) -> dict[str, Severity]:
        unknown = sorted(set(value) - set(RULES))
        if unknown:
            raise ValueError(f"unknown rule(s) {unknown}; known rules: {', '.join(RULES)}")
        return value

    @field_validator("phone_regions")
    @classmethod
    def _known_regions(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        import phonenumbers

        known = phonenumbers.SUPPORTED_REGIONS
        unknown = [r for r in value if r.upper() not in known]
        if unknown:
            raise ValueError(f"unknown phone region(s) {unknown}; use ISO 3166 codes such as US, GB, NL")
        return tuple(r.upper() for r in value)

    def enabled_category(self, category: Category) -> bool:
        return category in self.enabled

    def severity_of(self, rule: str) -> Severity:
        """The configured severity of ``rule`` (an id of RULES; ``missing_owner`` counts as missing_metadata)."""
        key = _rule_key(rule)
        return self.severity.get(key) or RULES[key][1]

    def finding(
        self, doc_id: str, path: str, rule: str, excerpt: str, *, category: Category | None = None,
        location: str = "document",
    ) -> Finding:  # fmt: skip
        """A finding of ``rule`` at its configured severity; ``category`` defaults to the rule's own
        (RULES)."""
        return Finding(
            doc_id=doc_id,
            path=path,
            location=location,
            rule=rule,
            category=category or RULES[_rule_key(rule)][0],
            severity=self.severity_of(rule),
            excerpt=excerpt,
        )

    @classmethod
    def load(cls, path: Path | None) -> AuditRules:
        """The rules in the TOML file at ``path``, defaults for what it leaves out; ``None``: all defaults."""
        if path is None:
            return cls()
        path = Path(path)
        try:
            text = _read_rules(path)
        except FileNotFoundError as exc:
            raise AuditConfigError(
                f"audit rules file {path} does not exist; pass an existing TOML file"
            ) from exc
        except IsADirectoryError as exc:  # its errno text named a file descriptor, not the fix
            raise AuditConfigError(f"audit rules file {path} is a folder; pass a TOML file") from exc
        except (OSError, UnicodeDecodeError) as exc:
            raise AuditConfigError(f"cannot read audit rules file {path}: {exc}") from exc
        return cls.parse(text, str(path))

    @classmethod
    def parse(cls, text: str, name: str) -> AuditRules:
        """The rules in ``text``, the TOML of the rules file ``name`` (named in the errors): for
        :meth:`load` and for a reader that opened the file itself (graph/ingestion/audit_step.read_rules,
        which checks the file it opened). The errors quote the parser's own words, so their causes add
        nothing."""
        try:
            raw: dict[str, Any] = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise AuditConfigError(f"audit rules file {name} is not valid TOML: {exc}") from None
        try:
            return cls.model_validate(raw)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in err['loc']) or '(file)'}: {err['msg']}" for err in exc.errors()
            )
            raise AuditConfigError(f"audit rules file {name} has invalid settings: {problems}") from None


def _rule_key(rule: str) -> str:
    # missing_owner, missing_classification ... are all configured as missing_metadata.
    return "missing_metadata" if rule.startswith("missing_") else rule


MAX_RULES_BYTES = 1 << 20
"""The largest audit-rules file read (a rules file is a few hundred bytes of TOML)."""


def _read_rules(path: Path) -> str:
    """The file's text, opened without blocking and read only if it is a regular file of at most
    :data:`MAX_RULES_BYTES` (kassist.small_file: a named pipe blocked its reader forever; a device or
    a huge file would be read whole). Raises OSError (FileNotFoundError when missing) or
    UnicodeDecodeError."""
    return read_small_file(path, MAX_RULES_BYTES)

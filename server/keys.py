"""API keys for the LangGraph server: which token belongs to which identity and tenant (pure, no I/O
beyond reading the configured table once)."""

from __future__ import annotations

import hmac
import json
import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from kassist.tenancy import validate_tenant_id

KEYS_ENV = "KASSIST_API_KEYS"
KEYS_FILE_ENV = "KASSIST_API_KEYS_FILE"
MIN_TOKEN_LENGTH = 16


class Principal(BaseModel):
    """Who a valid token authenticates: an identity inside one tenant."""

    model_config = ConfigDict(frozen=True)

    identity: str
    tenant_id: str
    role: Literal["admin", "member"] = "member"

    @field_validator("tenant_id")
    @classmethod
    def _tenant(cls, v: str) -> str:
        try:
            tenant = validate_tenant_id(v)
        except (ValueError, PermissionError) as exc:  # pydantic reports only ValueError as invalid
            raise ValueError(str(exc)) from exc
        if "." in tenant:
            # The tenant becomes the first store namespace label, and langgraph-api refuses every
            # store request whose labels contain a dot (GET /store/items joins them with dots).
            raise ValueError(
                f"tenant_id {tenant!r} contains a dot, which LangGraph server store namespaces cannot "
                "hold; use another separator, e.g. 'acme-eu'"
            )
        return tenant


class KeyTable(BaseModel):
    """token -> principal. Tokens shorter than 16 characters are refused as guessable."""

    keys: dict[str, Principal]

    @field_validator("keys")
    @classmethod
    def _long_enough(cls, v: dict[str, Principal]) -> dict[str, Principal]:
        short = [p.identity for t, p in v.items() if len(t) < MIN_TOKEN_LENGTH]
        if short:
            raise ValueError(f"API keys of {short} are shorter than {MIN_TOKEN_LENGTH} characters")
        return v

    def lookup(self, token: str | None) -> Principal | None:
        """The principal of ``token``; every key is compared in constant time, so timing reveals nothing."""
        if not token:
            return None
        found = None
        for known, principal in self.keys.items():
            if hmac.compare_digest(known.encode(), token.encode()):
                found = principal
        return found


def _masked(token: object) -> str:
    return f"key {str(token)[:4]}..."


def _problems(exc: ValidationError, tokens: list[str]) -> str:
    """The validation errors, each with where it is: the entry's number and its token's first four
    characters, never a whole token nor any input value (the message reaches logs)."""
    out = []
    for err in exc.errors(include_url=False, include_input=False, include_context=False):
        loc = list(err["loc"])
        if loc[:1] == ["keys"]:
            loc = loc[1:]
        where = ""
        if loc and loc[0] in tokens:
            where = f"entry {tokens.index(str(loc[0])) + 1} ({_masked(loc[0])})"
            loc = loc[1:]
        field = ".".join(str(part) for part in loc)
        message = err["msg"].removeprefix("Value error, ")
        out.append(": ".join(part for part in (where, field, message) if part))
    return "; ".join(out)


def parse_key_table(text: str, origin: str) -> KeyTable:
    """Parse ``{"<token>": {"identity": "...", "tenant_id": "..."}}``; errors name ``origin`` and
    never repeat a token."""
    expected = 'Expected JSON like {"<token of 16+ chars>": {"identity": "alice", "tenant_id": "acme"}}'
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"invalid API key table in {origin}: not JSON ({exc}). {expected}") from None
    tokens = [str(t) for t in data] if isinstance(data, dict) else []
    try:
        return KeyTable(keys=data)
    except ValidationError as exc:
        raise ValueError(f"invalid API key table in {origin}: {_problems(exc, tokens)}. {expected}") from None


def load_key_table() -> KeyTable:
    """The key table from $KASSIST_API_KEYS_FILE or $KASSIST_API_KEYS; none configured -> empty table,
    so every request is refused (no anonymous access, ever)."""
    path = os.environ.get(KEYS_FILE_ENV)
    if path:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ValueError(f"cannot read the API key table ${KEYS_FILE_ENV} ({path}): {exc}") from None
        return parse_key_table(text, f"${KEYS_FILE_ENV} ({path})")
    inline = os.environ.get(KEYS_ENV)
    if inline:
        return parse_key_table(inline, f"${KEYS_ENV}")
    return KeyTable(keys={})


def token_from_headers(headers: dict[bytes, bytes]) -> str | None:
    """The token of ``x-api-key: <t>`` or ``authorization: Bearer <t>``."""
    api_key = headers.get(b"x-api-key")
    if api_key:
        return api_key.decode("latin-1").strip()
    auth = headers.get(b"authorization", b"").decode("latin-1").strip()
    scheme, _, token = auth.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return None

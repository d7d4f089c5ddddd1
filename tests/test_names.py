"""The name rules every component shares (kassist/names.py): one rule, each component's own error."""

from __future__ import annotations

import pytest

from kassist.names import check_identifier, validate_collection
from kassist.tenancy import TenantRequired, validate_tenant_id
from knowledge.loaders.identity import validate_scope


@pytest.mark.parametrize("bad", ["acme\x1b[2J", "ac\u202eme", "acme\u2028", "a\x00"])
def test_ids_with_characters_a_reader_cannot_see_are_refused(bad: str) -> None:
    with pytest.raises(ValueError, match=r"tenant_id .* contains control or invisible characters"):
        validate_tenant_id(bad)
    with pytest.raises(ValueError, match=r"user_id .* contains control or invisible characters"):
        check_identifier(bad, "user_id", 200)


def test_an_id_longer_than_its_limit_is_refused_with_both_lengths() -> None:
    with pytest.raises(ValueError, match="tenant_id is 129 characters long; at most 128"):
        validate_tenant_id("t" * 129)
    assert validate_tenant_id("t" * 128) == "t" * 128
    assert validate_tenant_id("Acme Europe (Zürich)") == "Acme Europe (Zürich)"


def test_a_missing_tenant_is_tenant_required() -> None:
    with pytest.raises(TenantRequired):
        validate_tenant_id("  ")
    with pytest.raises(TenantRequired):
        validate_tenant_id(None)


class OwnError(ValueError):
    pass


@pytest.mark.parametrize("bad", ["", "-x", "a b", "a/b", "hr\n", "x" * 129, None, 7])
def test_collection_names_follow_one_rule_with_the_callers_error(bad: object) -> None:
    with pytest.raises(OwnError, match="is not a valid name: use 1-128 letters"):
        validate_collection(bad, OwnError)
    with pytest.raises(ValueError, match="is not a valid name"):
        validate_scope("acme", bad)


@pytest.mark.parametrize("good", ["company_handbook_v2", "a", "HR-2026.v1", "x" * 128])
def test_usable_collection_names_pass_unchanged(good: str) -> None:
    assert validate_collection(good) == good
    assert validate_scope("acme", good) == ("acme", good)

from pathlib import Path

import pytest

from kassist.dburl import UnsupportedDatabaseURL, parse_database_url, redact


def test_sqlite_relative_and_absolute() -> None:
    assert parse_database_url("sqlite:///data/k.db").sqlite_path == Path("data/k.db")
    assert parse_database_url("sqlite:////var/k.db").sqlite_path == Path("/var/k.db")


def test_postgres_schemes() -> None:
    assert parse_database_url("postgresql://u@h:5432/db").backend == "postgres"
    assert parse_database_url("postgres://u@h/db").backend == "postgres"


@pytest.mark.parametrize("url", ["mysql://u@h/db", "sqlite://relative.db", "", "redis://x"])
def test_unknown_scheme_names_accepted_ones(url: str) -> None:
    with pytest.raises(UnsupportedDatabaseURL) as err:
        parse_database_url(url)
    assert "sqlite:///" in str(err.value)
    assert "postgresql://" in str(err.value)


def test_redact_hides_password() -> None:
    assert "secret" not in redact("postgresql://bob:secret@h/db")


def test_postgres_fixture_is_real(pg_url: str) -> None:
    import psycopg

    with psycopg.connect(pg_url) as conn:
        row = conn.execute("select extname from pg_extension where extname = 'vector'").fetchone()
    assert row is not None


def test_redact_of_a_url_whose_only_scheme_is_inside_a_password_masks_it_and_does_not_fail() -> None:
    # The query's password is masked first; the '://' left was its own (m2 s39): redact raised
    # ValueError, and every line that quotes a bad URL went with it.
    shown = redact("@&sslpassword=postgresql://y:@p@ss:5432@~")
    assert "p@ss" not in shown and "y:@" not in shown and "***" in shown

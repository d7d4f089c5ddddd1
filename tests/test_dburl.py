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

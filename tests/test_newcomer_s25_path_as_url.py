"""A file path given where a database URL goes (session 25, a newcomer's mistakes on purpose).

``KASSIST_DATABASE_URL=.kassist/kassist.db`` (or ``--database-url /var/lib/kassist.db``) was told
"unsupported database URL scheme '.kassist/kassist.db'", as if the path were a scheme. Now the line
says it is a path and spells the URL for it, three slashes for a relative path, four for an
absolute one; a libpq keyword string or an unknown scheme keeps the accepted-schemes line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kassist.dburl import UnsupportedDatabaseURL, parse_database_url


@pytest.mark.parametrize(
    ("given", "url", "where"),
    [
        (".kassist/kassist.db", "sqlite:///.kassist/kassist.db", "relative to the working directory"),
        ("kassist.db", "sqlite:///kassist.db", "relative to the working directory"),
        (
            "/var/lib/kassist/kassist.db",
            "sqlite:////var/lib/kassist/kassist.db",
            "an absolute path: four slashes",
        ),
    ],
)
def test_a_file_path_is_told_the_url_it_stands_for(given: str, url: str, where: str) -> None:
    with pytest.raises(UnsupportedDatabaseURL) as err:
        parse_database_url(given)
    assert str(err.value) == (
        f"{given!r} is a file path, not a database URL; for that SQLite file write {url} ({where}); "
        "for PostgreSQL, postgresql://user@host:5432/db"
    )
    assert parse_database_url(url).sqlite_path is not None  # the URL it spells is accepted


@pytest.mark.parametrize("given", ["host=db dbname=kassist", "mysql://u@h/db"])
def test_other_strings_keep_the_accepted_schemes_line(given: str) -> None:
    with pytest.raises(UnsupportedDatabaseURL, match="unsupported database URL scheme"):
        parse_database_url(given)


@pytest.mark.parametrize("given", ["postgres", "postgresql", "sqlite", "Postgres:", "sqlite:"])
def test_a_scheme_alone_is_told_to_add_its_address_not_called_a_file(given: str) -> None:
    # It was "'postgres' is a file path ... write sqlite:///postgres": a SQLite file named after it.
    with pytest.raises(UnsupportedDatabaseURL) as err:
        parse_database_url(given)
    said = str(err.value)
    assert said.startswith(f"{given!r} is a scheme without its address; write ")
    assert "file path" not in said
    example = said.split("; write ", 1)[1].split(" ", 1)[0]
    assert parse_database_url(example).backend == ("sqlite" if given.startswith("sqlite") else "postgres")


def test_a_file_of_that_name_is_still_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sqlite").write_bytes(b"")
    with pytest.raises(
        UnsupportedDatabaseURL, match=r"is a file path, not a database URL; .* sqlite:///sqlite "
    ):
        parse_database_url("sqlite")


def test_a_tilde_is_not_offered_as_a_relative_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Nothing expands ~ in a URL: sqlite:///~/kassist.db made a folder named "~" in the working
    # directory. The line spells the absolute path the ~ stands for.
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    with pytest.raises(UnsupportedDatabaseURL) as err:
        parse_database_url("~/kassist.db")
    url = f"sqlite:///{tmp_path}/home/kassist.db"
    assert str(err.value) == (
        "'~/kassist.db' is a file path, not a database URL, and ~ is not expanded in one; for that "
        f"SQLite file write {url} (an absolute path: four slashes); for PostgreSQL, "
        "postgresql://user@host:5432/db"
    )
    assert parse_database_url(url).sqlite_path == tmp_path / "home" / "kassist.db"


def test_a_folder_is_told_to_name_the_file_in_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".kassist").mkdir()
    with pytest.raises(UnsupportedDatabaseURL) as err:
        parse_database_url(".kassist")
    assert str(err.value).startswith(
        "'.kassist' is a folder, not a database URL; name the SQLite file in it, e.g. "
        "sqlite:///.kassist/kassist.db;"
    )

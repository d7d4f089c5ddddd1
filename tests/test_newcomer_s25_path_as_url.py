"""A file path given where a database URL goes (session 25, a newcomer's mistakes on purpose).

``KASSIST_DATABASE_URL=.kassist/kassist.db`` (or ``--database-url /var/lib/kassist.db``) was told
"unsupported database URL scheme '.kassist/kassist.db'", as if the path were a scheme. Now the line
says it is a path and spells the URL for it, three slashes for a relative path, four for an
absolute one; a libpq keyword string or an unknown scheme keeps the accepted-schemes line.
"""

from __future__ import annotations

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

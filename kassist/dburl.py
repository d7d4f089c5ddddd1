"""Database URLs shared by the checkpointer, the memory store and the knowledge index.

One convention everywhere: ``sqlite:///relative/path.db``, ``sqlite:////absolute/path.db`` and
``postgresql://user:pass@host:port/db`` (``postgres://`` too). ``KASSIST_DATABASE_URL`` picks the
database; without it the embedded default is a SQLite file under ``./.kassist/``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

ENV_VAR = "KASSIST_DATABASE_URL"
DEFAULT_URL = "sqlite:///.kassist/kassist.db"
ACCEPTED_SCHEMES = ("sqlite:///", "postgresql://", "postgres://")
POSTGRES_EXAMPLE = "postgresql://user@host:5432/db"
# A scheme's name alone, and the example of the whole URL it starts.
SCHEME_NAMES = {
    "sqlite": "sqlite:///kassist.db (relative to the working directory) or sqlite:////var/lib/kassist.db",
    "postgres": POSTGRES_EXAMPLE,
    "postgresql": POSTGRES_EXAMPLE,
}


class UnsupportedDatabaseURL(ValueError):
    """The URL's scheme is not one kassist can open."""


class DatabaseUnavailable(ConnectionError):
    """The database named by a URL could not be reached."""


class PoolExhausted(DatabaseUnavailable):
    """The database is reachable, but every pooled connection stayed busy for the whole wait."""


class UnsafeDefaultDatabase(UnsupportedDatabaseURL):
    """The default database's folder (``./.kassist``) is not the user's own: another user could read
    or replace what the command writes there, or have planted a database (its API keys included)."""


DEFAULT_FOLDER = ".kassist"


def check_default_folder(folder: Path, uid: int | None = None) -> None:
    """Refuse ``folder`` (the default database's, relative to the working directory) unless it is
    absent or a real folder of this user that not every user may write, as git refuses a
    repository another user owns. Only the implicit default is checked: a URL the operator gives
    (``KASSIST_DATABASE_URL``, ``--database-url``) is theirs to choose, a shared one included."""
    uid = os.geteuid() if uid is None else uid
    try:
        st = folder.lstat()
    except FileNotFoundError:
        return
    tell = f"set {ENV_VAR} (e.g. sqlite:////home/you/kassist.db) or run kassist from a folder of your own"
    if folder.is_symlink():
        raise UnsafeDefaultDatabase(
            f"./{folder} is a symbolic link; kassist will not use the default database through it: {tell}"
        )
    database = folder / "kassist.db"
    paths = [(folder, st)] + (
        [(database, database.lstat())] if database.is_file() or database.is_symlink() else []
    )
    for path, info in paths:
        if info.st_uid != uid:
            raise UnsafeDefaultDatabase(
                f"./{path} belongs to another user (uid {info.st_uid}): it could have been planted "
                f"there, and that user could read what kassist writes; {tell}"
            )
        if path == database and database.is_symlink():
            raise UnsafeDefaultDatabase(f"./{path} is a symbolic link; {tell}")
    if st.st_mode & 0o002:  # group-writable is a user-private group's default (umask 002)
        raise UnsafeDefaultDatabase(
            f"./{folder} may be written by every user (mode {st.st_mode & 0o777:o}); make it yours "
            f"(chmod o-w {folder}) or {tell}"
        )


class DatabaseURL(BaseModel):
    """A parsed database URL: which backend, and where."""

    model_config = ConfigDict(frozen=True)

    backend: Literal["sqlite", "postgres"]
    url: str
    sqlite_path: Path | None = None
    conninfo: str | None = None

    def describe(self) -> str:
        """Where this URL points, safe to print (no password)."""
        if self.backend == "sqlite":
            return f"SQLite file {self.sqlite_path}"
        return f"PostgreSQL at {postgres_target(self.conninfo or '')}"


def parse_database_url(url: str) -> DatabaseURL:
    """Parse ``url``; an unknown scheme raises :class:`UnsupportedDatabaseURL` naming the accepted ones."""
    if not isinstance(url, str) or not url.strip():
        raise UnsupportedDatabaseURL(
            f"empty database URL; use one of {', '.join(ACCEPTED_SCHEMES)} (e.g. {DEFAULT_URL})"
        )
    url = url.strip()
    if url.lower().rstrip(":") in SCHEME_NAMES and not Path(url).is_file():
        # "postgres" or "sqlite" alone was told it is a file path and offered sqlite:///postgres.
        raise UnsupportedDatabaseURL(
            f"{url!r} is a scheme without its address; write {SCHEME_NAMES[url.lower().rstrip(':')]}"
        )
    if url.startswith("sqlite://") and not url.startswith("sqlite:///"):
        rest = url[len("sqlite://") :]
        raise UnsupportedDatabaseURL(
            f"{url!r} has two slashes after 'sqlite:'; write sqlite:///{rest} (three slashes) for a path "
            f"relative to the working directory, or sqlite:////{rest.lstrip('/')} (four) for an absolute "
            "path. Other accepted forms: postgresql://user@host:5432/db"
        )
    if url.startswith("sqlite:///"):
        raw = url[len("sqlite:///") :]
        if not raw or raw == ":memory:":
            raise UnsupportedDatabaseURL(
                f"{url!r} names no file; give a path, e.g. sqlite:///data/kassist.db "
                "(relative) or sqlite:////var/lib/kassist.db (absolute)"
            )
        if "?" in raw:
            # SQLite's and SQLAlchemy's URI options (?mode=ro, ?cache=shared) were read as part of the
            # file name: a new, empty database 'kb.db?mode=ro' took the run (session 38 h22 H22-17).
            path, _, options = raw.partition("?")
            raise UnsupportedDatabaseURL(
                f"{url!r}: kassist takes no options in a SQLite URL ('?{options}'); name the file alone, "
                f"e.g. sqlite:///{path or 'kassist.db'} (commands that only read never write to it)"
            )
        if "#" in raw:
            # A URL's fragment was read as part of the file name too: a new, empty 'kb.db#main' (h24 s39
            # H24-12, H22-17's class). A file name holding '#' is written percent-encoded nowhere here.
            path, _, fragment = raw.partition("#")
            raise UnsupportedDatabaseURL(
                f"{url!r}: a SQLite URL takes no fragment ('#{fragment}'); name the file alone, "
                f"e.g. sqlite:///{path or 'kassist.db'}"
            )
        if raw.lstrip("/").split("/", 1)[0].startswith("~"):
            # A shell expands '~' in a word, never inside a URL: sqlite:///~/kassist.db made a folder
            # named '~' in the working directory, and 'rm -rf ~' to clean it deletes the home (H24-11).
            home = Path.home() / raw.lstrip("/").split("/", 1)[-1] if "/" in raw.lstrip("/") else Path.home()
            raise UnsupportedDatabaseURL(
                f"{url!r}: a URL does not expand '~' (a folder named '~' would be made); write the path "
                f"itself, e.g. sqlite:///{home}"
            )
        return DatabaseURL(backend="sqlite", url=url, sqlite_path=Path(raw))
    if url.startswith(("postgresql://", "postgres://")):
        _check_postgres_url(url)
        return DatabaseURL(backend="postgres", url=url, conninfo=url)
    if ":" not in url and "=" not in url:  # a file path (not a libpq "host=... dbname=..." string)
        # The commonest slip (KASSIST_DATABASE_URL=.kassist/kassist.db) was told "unsupported
        # database URL scheme '.kassist/kassist.db'": name the URL the path stands for instead.
        raise UnsupportedDatabaseURL(f"{url!r} is {_as_sqlite_url(url)}; for PostgreSQL, {POSTGRES_EXAMPLE}")
    if "://" not in url and "=" in url:  # a libpq "host=... dbname=..." string, not a URL
        raise UnsupportedDatabaseURL(
            f"unsupported database URL scheme: {redact(url)!r} is a key=value connection string, not a "
            f"URL; accepted: {', '.join(ACCEPTED_SCHEMES)} (e.g. {POSTGRES_EXAMPLE}, a password as "
            "user:password@ with its special characters percent-encoded)"
        )
    scheme = url.split(":", 1)[0] if ":" in url else url
    raise UnsupportedDatabaseURL(
        f"unsupported database URL scheme {scheme!r} in {redact(url)!r}; "
        f"accepted: {', '.join(ACCEPTED_SCHEMES)} (e.g. {DEFAULT_URL} or postgresql://user@host:5432/db)"
    )


def _check_postgres_url(url: str) -> None:
    """Refuse a PostgreSQL URL libpq cannot parse (an IPv6 host missing its ``]``, a ``%`` that is
    no percent-encoding) here, in kassist's words: psycopg's ProgrammingError came out later as
    "unexpected ... a bug in kassist" (or as "no pgvector") and quoted the URL, password included."""
    from psycopg import ProgrammingError
    from psycopg.conninfo import conninfo_to_dict  # here: the CLI's start-up need not load psycopg

    try:
        conninfo_to_dict(url)
    except ProgrammingError as exc:
        # libpq's reason quotes the whole URL: keep the reason, never the password.
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else "it cannot be parsed"
        reason = reason.split(' in URI: "', 1)[0].replace(url, redact(url))
        reason = _masked(reason, _passwords(url))
        raise UnsupportedDatabaseURL(
            f"database URL {redact(url)!r} cannot be parsed: {reason}; fix KASSIST_DATABASE_URL (or the "
            f"URL given), e.g. {POSTGRES_EXAMPLE}; percent-encode a password's special characters (% as %25)"
        ) from None


def _as_sqlite_url(path: str) -> str:
    """What a file path given as a database URL stands for, as the rest of the error line."""
    if path.startswith("~"):
        # Nothing expands ~ in a URL (nor does a shell after --database-url= or in an env file):
        # sqlite:///~/kassist.db would make a folder named "~" in the working directory.
        try:
            home = Path(path).expanduser()
        except RuntimeError:  # no home directory known for that user
            return "a file path, not a database URL, and ~ is not expanded in one; give the absolute path"
        if home.is_absolute():
            return (
                f"a file path, not a database URL, and ~ is not expanded in one; for that SQLite file "
                f"write sqlite:///{home} (an absolute path: four slashes)"
            )
    if Path(path).is_dir():
        return (
            f"a folder, not a database URL; name the SQLite file in it, e.g. "
            f"sqlite:///{(Path(path) / 'kassist.db').as_posix()}"
        )
    where = "an absolute path: four slashes" if path.startswith("/") else "relative to the working directory"
    return f"a file path, not a database URL; for that SQLite file write sqlite:///{path} ({where})"


def database_url_from_env(default: str = DEFAULT_URL) -> str:
    """The URL in ``KASSIST_DATABASE_URL``, or the embedded default (whose folder must be the
    user's own: :func:`check_default_folder`)."""
    url = os.environ.get(ENV_VAR)
    if url:
        return url
    if default == DEFAULT_URL:
        check_default_folder(Path(DEFAULT_FOLDER))
    return default


def postgres_target(conninfo: str) -> str:
    """``host:port/dbname`` of a libpq conninfo or URL, for error messages."""
    from psycopg.conninfo import conninfo_to_dict  # here: the CLI's start-up need not load psycopg

    try:
        params = conninfo_to_dict(conninfo)
    except Exception:
        return "<unparseable conninfo>"
    host = str(params.get("host") or "localhost")
    port = str(params.get("port") or "5432")
    db = str(params.get("dbname") or params.get("user") or "")
    return f"{host}:{port}/{db}"


# What a running server answers to a URL it will not serve (libpq's FATAL line): the server is up, so
# "check that the server is running" sent a newcomer with a mistyped database or user the wrong way
# (session 36, n N12). Each: the server's words, then what to fix. Transient FATALs (starting up,
# shutting down, too many clients) stay "cannot reach".
_REFUSALS = (
    (re.compile(r'database "(?P<name>[^"]*)" does not exist'), "the database name in {where} is wrong, or "
     "create that database (createdb {name})"),
    (re.compile(r'role "(?P<name>[^"]*)" does not exist'), "the user in {where} is wrong, or create that "
     "role on the server"),
    (re.compile(r'password authentication failed for user "(?P<name>[^"]*)"'), "the password in {where} "
     "is wrong for that user"),
    (re.compile(r"no pg_hba\.conf entry for (?P<name>.*)"), "the server's pg_hba.conf lets no such "
     "connection in: ask its administrator, or check the user, database and host in {where}"),
)  # fmt: skip


# libpq's words for a URL value it cannot use, said when it connects (conninfo_to_dict parses them
# as text): 'invalid port number: "99999"', 'invalid sslmode value: "bogus"', 'invalid integer value
# "x" for connection option "connect_timeout"'. The URL is the fault, not the server (h24 s39 H24-8).
_URL_VALUE = re.compile(r'\binvalid [\w ]*?(?:value|number)\b|for connection option "')


def postgres_unavailable(conninfo: str, exc: BaseException) -> DatabaseUnavailable:
    """The error for a PostgreSQL server that cannot be reached: where (never the password), the
    driver's first line of reason, and what to check; for a server that answered and refused the
    URL's database, user or password, that refusal and what to fix; for a value of the URL libpq
    refuses, that the URL is to fix."""
    reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    if _URL_VALUE.search(reason):
        said = _masked(reason.removeprefix("connection is bad: "), _passwords(conninfo))
        return DatabaseUnavailable(
            f"the database URL for PostgreSQL at {postgres_target(conninfo)} holds a value libpq refuses: "
            f"{said}; fix KASSIST_DATABASE_URL (or the URL given), e.g. {POSTGRES_EXAMPLE}"
        )
    for pattern, todo in _REFUSALS:
        found = pattern.search(reason)
        if found:
            said = " ".join(found.group(0).split())
            where = "KASSIST_DATABASE_URL (or the URL given)"
            return DatabaseUnavailable(
                f"PostgreSQL at {postgres_target(conninfo)} refused the connection: {said}. The server "
                f"answers: {todo.format(where=where, name=found.group('name'))}."
            )
    return DatabaseUnavailable(
        f"cannot reach PostgreSQL at {postgres_target(conninfo)}: {reason}. Check that the server is "
        "running and accepts connections, and that KASSIST_DATABASE_URL (or the URL given) is right."
    )


# libpq's secrets a URL or a key=value string may spell: the user's password and the client key's
# passphrase (sslpassword: review s38 R3-12).
SECRET_KEYS = ("password", "sslpassword")
_SECRET = "(?:" + "|".join(SECRET_KEYS) + ")"
_PASSWORD_PARAM = re.compile(rf"(?i)([?&]{_SECRET}=)[^&#]*")
_PASSWORD_KEYWORD = re.compile(rf"(?i)(\b{_SECRET}\s*=\s*)('(?:[^'\\]|\\.)*'|\S*)")
_QUOTED = re.compile(r'"[^"]*"')


def redact(url: str) -> str:
    """The URL with any password replaced by ``***``: the user's (``user:PASSWORD@``), a query's
    ``password=`` or ``sslpassword=`` and a libpq key/value string's (review s38 R3-1, R3-12)."""
    if "://" not in url:
        return _loose_user_info(_PASSWORD_PARAM.sub(r"\1***", _PASSWORD_KEYWORD.sub(r"\1***", url)))[0]
    url = _PASSWORD_PARAM.sub(r"\1***", url)
    if "@" not in url:
        return url
    if "://" not in url:  # the only '://' was inside a masked password
        return _loose_user_info(url)[0]
    scheme, user, password, tail = _user_info(url)
    return f"{scheme}://{user if password is None else user + ':***'}@{tail}"


def _loose_user_info(text: str) -> tuple[str, str | None]:
    """A URL whose scheme separator is mistyped (``postgresql:/kim:PW@h``, ``postgresql//kim:PW@h``,
    ``postgres:kim:PW@h``) still spells ``...:PASSWORD@``: ``text`` with all between its first
    ``:`` and its last ``@`` masked, and what was masked (None: nothing) - user and password both,
    as where one ends is a guess (review s39 R4-4: quoted whole by the scheme's refusal). A libpq
    key/value string (spaces between its pairs) is left to the keyword rule."""
    head, at, tail = text.rpartition("@")
    scheme, colon, secret = head.partition(":")
    if not at or not colon or not secret or any(c.isspace() for c in head):
        return text, None
    return f"{scheme}:***@{tail}", secret


def _user_info(url: str) -> tuple[str, str, str | None, str]:
    """``scheme://user:password@tail`` of a URL with ``://`` as (scheme, user, password, tail): the
    user info is up to the last ``@`` ("" and None where there is none), the password after its
    first ``:`` (None where it names none)."""
    scheme, rest = url.split("://", 1)
    creds, _, tail = rest.rpartition("@")
    user, colon, password = creds.partition(":")
    return scheme, user, password if colon else None, tail


def _passwords(url: str) -> list[str]:
    """Every password ``url`` spells (user info, query), longest first: masked in a driver's words."""
    found = [m.group(0).split("=", 1)[1] for m in _PASSWORD_PARAM.finditer(url)]
    if "://" in url:
        found.append(_user_info(url)[2] or "")
    else:
        found.append(_loose_user_info(url)[1] or "")
    return sorted((p for p in found if p), key=len, reverse=True)


def _masked(reason: str, passwords: list[str]) -> str:
    """libpq's ``reason`` with ``passwords`` masked: whole inside its quotes (a bad %-token is quoted
    whole, and it may be a password), as a word elsewhere - a short password ("e") replaced anywhere
    made "invalid p***rcent-encoded token"."""
    if not passwords:
        return reason

    def quoted(m: re.Match[str]) -> str:
        text = m.group(0)
        for password in passwords:
            text = text.replace(password, "***")
        return text

    reason = _QUOTED.sub(quoted, reason)
    for password in passwords:
        reason = re.sub(rf"(?<!\w){re.escape(password)}(?!\w)", "***", reason)
    return reason

"""The request vocabulary every kassist operation speaks to a database executor.

An operation is a generator (sans-I/O, see :mod:`kassist.db.sansio`): it yields requests and is sent
their answers. A component's own request (the checkpointer's ``Query``, the manager's ``Step``...)
is turned into these by a pure ``compile`` function handed to the executor, so an executor runs
exactly two things, and never looks a statement up by name:

* :class:`Stmt`: SQL text in the backend's placeholder style, its parameters, whether its rows are
  wanted (``fetch``) and whether it runs once per parameter set (``many``);
* :class:`Local`: work answered without the database (an embedding): the executor calls it, in a
  worker thread under asyncio, and sends its result back.

A request may compile to several statements (a tuple): they run in order and the rows of the last
fetching one are the answer.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from typing import Any, NamedTuple, TypeVar

T = TypeVar("T")
NO_PARAMS: Any = ()  # what sqlite3 takes for none; PostgreSQL then gets None (no placeholders read)


class Stmt(NamedTuple):
    """One SQL statement. A named tuple: several are built per call on the hot paths.

    ``fetch`` (default) waits for the statement's answer and hands back its rows (none for a
    statement that returns none); ``fetch=False`` asks for no rows, which lets PostgreSQL pipeline
    the statement without waiting for the server (its errors then surface at the next fetch).
    ``rowcount`` answers the number of rows the statement (all of ``many``) changed instead.
    """

    sql: str
    params: Any = NO_PARAMS
    fetch: bool = True
    many: Sequence[Any] | None = None
    rowcount: bool = False


def each(sql: str, param_sets: Sequence[Any]) -> Stmt:
    """``sql`` run once per parameter set, answering the number of rows all of them changed."""
    return Stmt(sql, many=param_sets, rowcount=True)


class Local(NamedTuple):
    """Work done in this process, not by the database; its result is the request's answer."""

    call: Callable[[], Any]


Compiled = Stmt | Sequence[Stmt] | Local
"""What a component's request compiles to."""

Compile = Callable[[Any], Compiled]
Op = Generator[Any, Any, T]


def as_is(request: Any) -> Compiled:
    """The compile function of operations that already yield :class:`Stmt` and :class:`Local`."""
    return request  # type: ignore[no-any-return]


class Options(NamedTuple):
    """How a component's operations run, fixed per component: how its requests compile, and on
    PostgreSQL whether fetches are binary and which requests a pipeline answers without the server
    (``blind``; by default those fetching nothing, see kassist.db.pool_postgres.Replay). Rows come
    back as tuples for every component (one row shape): each declares its statements' column order
    beside them and reads rows by unpacking or by positions derived from those names."""

    compile: Compile = as_is
    binary: bool = False
    blind: Callable[[Any], bool] | None = None


DEFAULT = Options()


Text = str | tuple[str, ...]
"""A named statement of a component's typed statement table: one SQL text, or several run in order."""


def stmts(
    text: Text, params: Any = NO_PARAMS, *, fetch: bool = False, many: Sequence[Any] | None = None
) -> tuple[Stmt, ...]:
    """The statements of ``text`` (one or several run in order) with these parameters."""
    return tuple(Stmt(sql, params, fetch, many) for sql in ((text,) if isinstance(text, str) else text))

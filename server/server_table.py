"""One table of the server's table set (the accepted-runs and store-writers tables): its statements
from ``server/sql_<backend>.py`` and the set's one migration (the key store's), on one database."""

from __future__ import annotations

from importlib import import_module
from typing import ClassVar, Generic, TypeVar

from kassist.db import Database
from kassist.db.handle import Handle
from kassist.db.statements import Options
from server.key_store import set_up

Q = TypeVar("Q")


class ServerTable(Generic[Q]):
    """A table of the server's set; a subclass names its statements in ``server/sql_<backend>.py``
    (``STATEMENTS``) and says what it is in the error a closed one raises (``WHAT``)."""

    STATEMENTS: ClassVar[str]
    WHAT: ClassVar[str]

    def __init__(self, db: Database) -> None:
        # The database's backend names the SQL module: a new backend adds that file, nothing here.
        module = import_module(f"server.sql_{db.backend}")
        self._q: Q = getattr(module, self.STATEMENTS)
        self._keys = module.SQL  # the set's migrations (server tables migrate together)
        self._handle = Handle(db, Options(), closed=f"this {self.WHAT} is closed")

    def setup(self) -> list[int]:
        return set_up(self._handle, self._keys)

    def close(self) -> None:
        self._handle.close()

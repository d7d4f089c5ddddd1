"""A role that may not install pgvector in a database that lacks it is told what it takes (an
administrator's CREATE EXTENSION), not a schema grant: kassist.db.refused_postgres names the
server's refusals at the driver (h8 s31 #1's patch), and CREATE EXTENSION's is one of them. Before,
the knowledge index's own wording said so; the driver's generic refusal of a role would have said
"GRANT ... ON SCHEMA", which does not help. In-process CLI, a fresh database of the suite's server."""

from __future__ import annotations

import uuid

from test_probe_s31b_pg_operator import _as_role, _kassist, _one_line_naming, _sql


def test_a_role_that_may_not_install_pgvector_is_told_it_takes_an_administrator(pg_url: str) -> None:
    name = f"x31_{uuid.uuid4().hex[:10]}"
    _sql(pg_url, "DROP EXTENSION IF EXISTS vector", f"CREATE ROLE {name} LOGIN PASSWORD 'pw-{name}'")
    try:
        code, output = _kassist(["kb", "stats", "--tenant", "acme"], _as_role(pg_url, name))
        line = _one_line_naming(code, output, "CREATE EXTENSION vector", "administrator", "pgvector")
        assert "GRANT" not in line and "refused role" in line, line
    finally:
        _sql(pg_url, f"DROP OWNED BY {name}", f"DROP ROLE {name}")

"""libpq's other secret in a database URL, ``sslpassword`` (the client key's passphrase), never comes
back in a refusal either (r3 s38; of 834fefd, R3-1's fix).

834fefd masks ``user:PASSWORD@``, a query's ``password=`` and a key/value string's ``password=``. libpq
takes one more secret the same two ways, ``sslpassword`` (PostgreSQL's documentation: "the password
for the secret key specified in sslkey"): the refusal of a URL libpq cannot parse, and of a key/value
string, still prints it whole. In process, the parse alone (no connection): < 1 s."""

from __future__ import annotations

import pytest

from kassist.dburl import UnsupportedDatabaseURL, parse_database_url

SECRET = "k3ypassphrase"
URLS = {
    "query": f"postgresql://kim@127.0.0.1:5432/kb?sslpassword={SECRET}&sslmode=%zz",
    "keyword-conninfo": f"host=127.0.0.1 sslpassword={SECRET} dbname=kb",
}


@pytest.mark.parametrize("url", URLS.values(), ids=URLS.keys())
def test_a_refused_database_url_never_shows_its_ssl_key_passphrase(url: str) -> None:
    with pytest.raises(UnsupportedDatabaseURL) as refused:
        parse_database_url(url)
    assert SECRET not in str(refused.value), str(refused.value)

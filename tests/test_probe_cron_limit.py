"""A cap on the crons each user and each tenant keeps on ``langgraph dev`` (session 21 probes,
/tmp/kassist-docs/s21/h1-probes.md, finding 4).

A member could create any number of crons, and a six-field schedule (``* * * * * *``) fires at
every scheduler tick: one key could keep the server's one job worker, and every other tenant's
runs, waiting. Now a cron's creation counts the crons its creator (``KASSIST_MAX_CRONS_PER_USER``)
and its tenant (``KASSIST_MAX_CRONS_PER_TENANT``) already keep, and one over is refused with 409
naming the limit and the way out (delete a cron); an admin meets the same limits. The server here
runs with low limits (2 per user, 3 per tenant), not the defaults, so the test makes a few crons."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_harness import (
    ACME_ADMIN_KEY,
    ACME_KEY,
    GLOBEX_KEY,
    langgraph_dev,
    langgraph_dev_refusing,
)

pytestmark = pytest.mark.timeout(900)

PER_USER, PER_TENANT = 2, 3
YEARLY = "0 0 1 1 *"  # never fires during the test: the limit counts crons kept, not runs
CRON = {
    "assistant_id": "assistant",
    "schedule": YEARLY,
    "input": {"messages": [{"role": "user", "content": "What is the travel policy?"}]},
}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    tmp = tmp_path_factory.mktemp("probe-cron-limit")
    env = {"KASSIST_MAX_CRONS_PER_USER": str(PER_USER), "KASSIST_MAX_CRONS_PER_TENANT": str(PER_TENANT)}
    with langgraph_dev(tmp, env=env) as (base, db_url):
        yield base, db_url


def _client(base: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"x-api-key": key}, timeout=120)


def _member_key(db_url: str, identity: str) -> str:
    from server.key_store import open_key_store

    store = open_key_store(db_url)
    try:
        key, _ = store.for_tenant("acme").create(identity, "member")
    finally:
        store.close()
    return key


class _Crons:
    """Crons made through one client, deleted at the end whatever the test found."""

    def __init__(self) -> None:
        self.made: list[tuple[httpx.Client, str]] = []

    def create(self, client: httpx.Client, on_thread: bool = False) -> httpx.Response:
        path = "/runs/crons"
        if on_thread:
            path = f"/threads/{client.post('/threads', json={}).json()['thread_id']}/runs/crons"
        made = client.post(path, json=CRON)
        if made.status_code == 200:
            self.made.append((client, made.json()["cron_id"]))
        return made

    def delete_all(self) -> None:
        for client, cron_id in self.made:
            client.delete(f"/runs/crons/{cron_id}")
        self.made.clear()


@pytest.fixture
def crons() -> Iterator[_Crons]:
    kept = _Crons()
    try:
        yield kept
    finally:
        kept.delete_all()


def _refused_for(made: httpx.Response, variable: str, limit: int) -> None:
    assert made.status_code == 409, (made.status_code, made.text[:400])
    detail = made.json()["detail"]
    assert variable in detail and str(limit) in detail and "delete" in detail, detail


def test_a_user_keeps_at_most_the_limit_and_deleting_one_frees_a_place(
    served: tuple[str, str], crons: _Crons
) -> None:
    base, _ = served
    alice, globex = _client(base, ACME_KEY), _client(base, GLOBEX_KEY)
    assert crons.create(alice).status_code == 200
    assert crons.create(alice, on_thread=True).status_code == 200
    for on_thread in (False, True):
        _refused_for(crons.create(alice, on_thread), "KASSIST_MAX_CRONS_PER_USER", PER_USER)
    assert len(alice.post("/runs/crons/search", json={}).json()) == PER_USER  # nothing stored
    assert crons.create(globex).status_code == 200  # another tenant's count is its own
    client, cron_id = crons.made.pop(0)
    assert client.delete(f"/runs/crons/{cron_id}").status_code in (200, 204)
    assert crons.create(alice).status_code == 200


def test_the_tenant_limit_holds_for_admins_and_members_alike(served: tuple[str, str], crons: _Crons) -> None:
    base, db_url = served
    alice, olga = _client(base, ACME_KEY), _client(base, ACME_ADMIN_KEY)
    bob = _client(base, _member_key(db_url, "bob"))
    assert crons.create(alice).status_code == 200
    assert crons.create(alice).status_code == 200
    assert crons.create(olga, on_thread=True).status_code == 200
    _refused_for(crons.create(bob), "KASSIST_MAX_CRONS_PER_TENANT", PER_TENANT)
    _refused_for(crons.create(olga), "KASSIST_MAX_CRONS_PER_TENANT", PER_TENANT)
    assert len(olga.post("/runs/crons/search", json={}).json()) == PER_TENANT
    # An admin frees a place by deleting any of the tenant's crons (a member's included).
    _, alices = crons.made[0]
    assert olga.delete(f"/runs/crons/{alices}").status_code in (200, 204)
    crons.made.pop(0)
    assert crons.create(bob).status_code == 200


def test_creates_at_the_same_time_do_not_pass_the_limit(served: tuple[str, str], crons: _Crons) -> None:
    base, _ = served
    globex = _client(base, GLOBEX_KEY)

    def create(_: int) -> httpx.Response:
        return crons.create(_client(base, GLOBEX_KEY))

    with ThreadPoolExecutor(max_workers=6) as pool:
        answers: list[Any] = list(pool.map(create, range(6)))
    codes = sorted(a.status_code for a in answers)
    assert codes == [200] * PER_USER + [409] * (6 - PER_USER), [a.text[:200] for a in answers]
    assert len(globex.post("/runs/crons/search", json={}).json()) == PER_USER


def test_the_limits_are_read_from_the_environment() -> None:
    from server.cron_limits import DEFAULT_PER_TENANT, DEFAULT_PER_USER, cron_limits

    assert cron_limits({}) == (DEFAULT_PER_USER, DEFAULT_PER_TENANT)
    env = {"KASSIST_MAX_CRONS_PER_USER": "5", "KASSIST_MAX_CRONS_PER_TENANT": "1_000"}
    assert cron_limits(env) == (5, 1000)
    for name in ("KASSIST_MAX_CRONS_PER_USER", "KASSIST_MAX_CRONS_PER_TENANT"):
        for bad in ("0", "-1", "ten", "1.5"):
            with pytest.raises(ValueError, match=name):
                cron_limits({name: bad})


def test_a_bad_limit_stops_langgraph_dev_naming_the_variable(tmp_path: Path) -> None:
    log = langgraph_dev_refusing(tmp_path, {"KASSIST_MAX_CRONS_PER_TENANT": "0"})
    assert "KASSIST_MAX_CRONS_PER_TENANT must be a whole number of crons" in log


def test_the_log_has_no_traceback(served: tuple[str, str]) -> None:
    base, db_url = served
    log = Path(db_url.removeprefix("sqlite:///")).parent / "langgraph_dev.log"
    assert _client(base, ACME_KEY).get("/ok").status_code == 200
    assert "Traceback" not in log.read_text()


class _User(dict[str, Any]):
    @property
    def identity(self) -> str:
        return str(self["identity"])


def test_a_cron_approved_but_not_stored_yet_holds_its_place() -> None:
    """langgraph-api stores a cron after awaiting further checks: two creations in flight at once
    (each its request's task) cannot both take the last place; once a request ends, its hold goes."""
    import asyncio

    from langgraph_sdk import Auth

    from server.cron_limits import check_cron_limit

    user = _User(identity="dora", tenant_id="initech", role="member", permissions=[])
    ctx = Auth.types.AuthContext(user=user, permissions=[], resource="crons", action="create")  # type: ignore[arg-type]

    async def create(cron_id: str) -> int:
        try:
            check_cron_limit(ctx, {"cron_id": cron_id}, (1, 10))
        except Auth.exceptions.HTTPException as refused:
            return refused.status_code
        await asyncio.sleep(0.05)  # langgraph-api's further checks, before the cron is stored
        return 200

    async def main() -> tuple[list[int], int]:
        both = await asyncio.gather(create("one"), create("two"))
        return sorted(both), await create("three")  # both requests ended, nothing was stored

    assert asyncio.run(main()) == ([200, 409], 200)


def test_the_refusals_name_the_count_the_limit_and_the_way_out_word_for_word() -> None:
    """The user's limit is checked before the tenant's (a user at both hears of its own), and each
    refusal's words are pinned: server/holds.tenant_refusal is shared with the thread and
    assistant limits, whose sentence ends otherwise."""
    import asyncio

    from langgraph_sdk import Auth

    from server.cron_limits import check_cron_limit

    def ctx(identity: str) -> Auth.types.AuthContext:
        user = _User(identity=identity, tenant_id="initech", role="member", permissions=[])
        return Auth.types.AuthContext(user=user, permissions=[], resource="crons", action="create")  # type: ignore[arg-type]

    def create(identity: str, cron_id: str, limits: tuple[int, int]) -> str | None:
        try:
            check_cron_limit(ctx(identity), {"cron_id": cron_id}, limits)
        except Auth.exceptions.HTTPException as refused:
            assert refused.status_code == 409
            return refused.detail
        return None

    what = (
        "delete a cron no longer needed (DELETE /runs/crons/{cron_id}; POST /runs/crons/search lists them), "
        "then create this one"
    )

    async def at_both_limits() -> list[str | None]:  # one task: its approvals stay held
        return [create("dora", "d1", (1, 1)), create("dora", "d2", (1, 1)), create("eve", "e1", (1, 1))]

    assert asyncio.run(at_both_limits()) == [
        None,
        f"you keep 1 crons, the most one user may keep on this server is 1 (KASSIST_MAX_CRONS_PER_USER): {what}",
        "your tenant keeps 1 crons, the most one tenant may keep on this server is 1 "
        f"(KASSIST_MAX_CRONS_PER_TENANT): {what} (an admin of the tenant reaches every one)",
    ]

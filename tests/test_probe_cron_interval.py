"""How often one cron may fire on ``langgraph dev`` (session 21 probes, left open: a six-field
schedule ``* * * * * *`` fires at every scheduler tick, and every run takes the server's one job
worker, so a single cron of one member kept every tenant's runs waiting behind it).

A cron's schedule (create and update) must leave at least ``KASSIST_MIN_CRON_INTERVAL_SECONDS``
(default 300: five minutes) between two of its firings; a shorter one is refused with 422 naming
the gap found, the limit and its variable. The gap is the shortest between two of the schedule's
times of day (midnight included), so ``*/5 * * * *`` passes and ``*/4 * * * *``,
``0,1 * * * *`` or ``* * * * * 0,30`` do not. The server here runs with the default."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from server_harness import langgraph_dev_refusing
from shared_servers import SharedServer, file_tenants

pytestmark = pytest.mark.timeout(900)

VARIABLE = "KASSIST_MIN_CRON_INTERVAL_SECONDS"
ME = file_tenants(__name__)  # this file's own tenants on the shared server
ACME_KEY, GLOBEX_KEY, ACME_ADMIN_KEY = ME.acme_key, ME.globex_key, ME.admin_key
TURN = {"messages": [{"role": "user", "content": "What is the travel policy?"}]}


@pytest.fixture(scope="module")
def base(shared_dev: SharedServer) -> str:
    return shared_dev.base


def _client(base: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"x-api-key": key}, timeout=120)


def _cron(schedule: str) -> dict[str, object]:
    return {"assistant_id": "assistant", "schedule": schedule, "input": TURN}


def _refused(answer: httpx.Response, gap: str) -> None:
    assert answer.status_code == 422, (answer.status_code, answer.text[:400])
    detail = answer.json()["detail"]
    assert VARIABLE in detail and "300 seconds" in detail and gap in detail, detail


@pytest.mark.parametrize(
    ("schedule", "gap"),
    [
        ("* * * * * *", "1 second"),  # croniter's sixth field: seconds
        ("* * * * *", "60 seconds"),
        ("*/4 * * * *", "240 seconds"),
        ("0,1 * * * *", "60 seconds"),
        ("0 * * * * 0,30", "30 seconds"),
        ("0,59 0,23 * * *", "60 seconds"),  # 23:59 to the next 00:00
        ("0 0 1 1 * * 2030", "1 second"),  # a year field does not make the seconds slower
    ],
)
def test_a_cron_firing_more_often_than_the_interval_is_refused(base: str, schedule: str, gap: str) -> None:
    alice = _client(base, ACME_KEY)
    _refused(alice.post("/runs/crons", json=_cron(schedule)), gap)
    thread = alice.post("/threads", json={}).json()["thread_id"]
    _refused(alice.post(f"/threads/{thread}/runs/crons", json=_cron(schedule)), gap)
    assert alice.post("/runs/crons/search", json={}).json() == [], "a refused cron was stored"


@pytest.mark.parametrize("schedule", ["*/5 * * * *", "0 * * * *", "0 9 * * mon-fri", "30 0 1 1 * 15"])
def test_a_cron_at_least_the_interval_apart_is_made(base: str, schedule: str) -> None:
    globex = _client(base, GLOBEX_KEY)
    made = globex.post("/runs/crons", json=_cron(schedule))
    assert made.status_code == 200, made.text[:400]
    assert globex.delete(f"/runs/crons/{made.json()['cron_id']}").status_code in (200, 204)


def test_an_update_cannot_make_a_cron_fire_more_often(base: str) -> None:
    alice, olga = _client(base, ACME_KEY), _client(base, ACME_ADMIN_KEY)
    made = alice.post("/runs/crons", json=_cron("0 0 1 1 *"))
    assert made.status_code == 200, made.text[:400]
    cron = made.json()["cron_id"]
    try:
        _refused(alice.patch(f"/runs/crons/{cron}", json={"schedule": "* * * * * *"}), "1 second")
        _refused(olga.patch(f"/runs/crons/{cron}", json={"schedule": "*/2 * * * *"}), "120 seconds")
        kept = alice.get(f"/runs/crons/{cron}").json()
        assert kept["schedule"] == "0 0 1 1 *", kept
        # Another tenant's cron stays "not found", whatever the schedule sent.
        globex = _client(base, GLOBEX_KEY)
        assert globex.patch(f"/runs/crons/{cron}", json={"schedule": "* * * * * *"}).status_code == 404
        # Changes that leave the schedule alone, or keep it slow enough, pass.
        assert alice.patch(f"/runs/crons/{cron}", json={"enabled": False}).status_code == 200
        assert alice.patch(f"/runs/crons/{cron}", json={"schedule": "*/10 * * * *"}).status_code == 200
    finally:
        alice.delete(f"/runs/crons/{cron}")


def test_the_interval_is_read_from_the_environment() -> None:
    from server.cron_limits import DEFAULT_MIN_INTERVAL, min_cron_interval

    assert DEFAULT_MIN_INTERVAL == 300
    assert min_cron_interval({}) == 300
    assert min_cron_interval({VARIABLE: "1"}) == 1
    assert min_cron_interval({VARIABLE: "3_600"}) == 3600
    for bad in ("0", "-5", "5m", "1.5"):
        with pytest.raises(ValueError, match=VARIABLE):
            min_cron_interval({VARIABLE: bad})


@pytest.mark.parametrize(
    ("schedule", "gap"),
    [
        ("* * * * * *", 1),
        ("*/5 * * * *", 300),
        ("*/7 * * * *", 60 * 4),  # :56 to the next hour's :00
        ("0 9 * * mon-fri", 86400),
        ("0 0 1 1 *", 86400),  # one time of day: at most daily, whatever the day fields say
        ("0 0,12 * * *", 43200),
        ("@hourly", 3600),
        ("* * * * * 10,50", 20),  # :50 to the next minute's :10
        ("H * * * *", None),  # not a schedule croniter expands: langgraph-api's own 422 answers it
        ("not a cron", None),
    ],
)
def test_the_shortest_gap_of_a_schedule(schedule: str, gap: int | None) -> None:
    from server.cron_limits import shortest_gap

    assert shortest_gap(schedule) == gap


def test_a_bad_interval_stops_langgraph_dev_naming_the_variable(tmp_path: Path) -> None:
    log = langgraph_dev_refusing(tmp_path, {VARIABLE: "5m"})
    assert f"{VARIABLE} must be a whole number of seconds" in log

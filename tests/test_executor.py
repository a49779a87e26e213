"""The killable query process: timeouts free the CPU, and the process has no network."""

from __future__ import annotations

import threading
import time

import pytest

from server.executor import QueryExecutor, QueryProcess, QueryRequest, QueryTimeout
from tests.helpers import CROSS_PRODUCT, CountingListener


@pytest.fixture
def listener():
    listening = CountingListener()
    yield listening
    listening.close()


@pytest.fixture
def spawn(seeds_build):
    """Makes query processes and executors over the seeds' store; kills every one after the test."""
    made: list[QueryProcess | QueryExecutor] = []

    def start(kind: type, **options):
        made.append(kind(str(seeds_build[0]), **options))
        return made[-1]

    yield start
    for each in made:
        each.kill()


def test_timeout_kills_the_query_process_and_the_next_query_works(spawn) -> None:
    executor = spawn(QueryProcess, timeout=2.0)
    assert executor.run(QueryRequest("ASK { ?s ?p ?o }")).status == "ok"
    process = executor._process
    started = time.monotonic()
    with pytest.raises(QueryTimeout, match="longer than 2 s"):
        executor.run(QueryRequest(CROSS_PRODUCT))
    assert time.monotonic() - started < 10
    assert not process.is_alive(), "the timed-out query is still burning CPU"
    answer = executor.run(QueryRequest("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"))
    assert answer.status == "ok" and answer.body


def test_the_query_process_cannot_reach_the_network(spawn, listener) -> None:
    executor = spawn(QueryExecutor, timeout=20.0, isolate_network=True)
    # Bypasses the endpoint's guard on purpose: this is the second line of defence.
    service = f"SELECT * WHERE {{ SERVICE SILENT <http://127.0.0.1:{listener.port}/sparql> {{ ?s ?p ?o }} }}"
    answer = executor.run(QueryRequest(service))
    assert answer.status == "ok"
    assert listener.connections == 0


def test_row_cap_truncates_and_says_so(spawn) -> None:
    executor = spawn(QueryExecutor, timeout=20.0)
    answer = executor.run(QueryRequest("SELECT * WHERE { ?s ?p ?o }", result_type="text/csv", row_cap=7))
    assert answer.truncated and answer.rows == 7
    assert len(answer.body.decode().splitlines()) == 8  # header and seven rows
    whole = executor.run(QueryRequest("SELECT * WHERE { ?s ?p ?o } LIMIT 7", result_type="text/csv", row_cap=7))
    assert not whole.truncated and len(whole.body.decode().splitlines()) == 8


def test_a_slow_query_does_not_hold_up_the_pool(spawn) -> None:
    executor = spawn(QueryExecutor, timeout=3.0)
    slow = threading.Thread(target=lambda: pytest.raises(QueryTimeout, executor.run, QueryRequest(CROSS_PRODUCT)))
    slow.start()
    time.sleep(0.5)
    assert executor.run(QueryRequest("ASK { ?s ?p ?o }")).status == "ok"
    assert slow.is_alive()  # answered while the slow query still ran, not after its deadline freed the pool
    slow.join()


def test_a_request_waits_for_a_slot_within_its_deadline(spawn) -> None:
    executor = spawn(QueryExecutor, timeout=4.0, slots=1)
    slow = threading.Thread(target=lambda: pytest.raises(QueryTimeout, executor.run, QueryRequest(CROSS_PRODUCT)))
    slow.start()
    time.sleep(0.5)
    started = time.monotonic()
    with pytest.raises(QueryTimeout, match="slot"):
        executor.run(QueryRequest("ASK { ?s ?p ?o }"), timeout=1.0)
    assert time.monotonic() - started > 0.9 and slow.is_alive()  # it waited its own deadline, not the slow one's
    slow.join()
    assert executor.run(QueryRequest("ASK { ?s ?p ?o }")).status == "ok"  # the slot came back


def test_a_query_slower_than_the_quick_lane_is_still_answered(spawn) -> None:
    # Counting a quarter of a million pairs takes many times the quick lane, whatever the store's size.
    executor = spawn(QueryExecutor, timeout=60.0, quick_seconds=0.005)
    executor.run(QueryRequest("ASK { ?s ?p ?o }"))  # the process is up
    pairs = (
        "SELECT (COUNT(*) AS ?n) WHERE { { SELECT ?a WHERE { ?a a ?t } LIMIT 500 } "
        "{ SELECT ?b WHERE { ?b a ?u } LIMIT 500 } }"
    )
    started = time.monotonic()
    answer = executor.run(QueryRequest(pairs, result_type="text/csv"))
    assert time.monotonic() - started > 0.005  # it stepped out of the quick lane, and waited on
    assert answer.status == "ok" and int(answer.body.decode().split()[1]) == 250_000

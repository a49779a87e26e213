"""`bbkg serve` as a real process (granian workers), queried over a real socket."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from server.serve import allocator_library, is_mapped
from benchmarks.endpoint import process_tree
from tests.helpers import CROSS_PRODUCT, running_server, serving_process

COUNT = "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }"


@pytest.mark.slow
def test_served_endpoint_answers_over_http(seeds_build) -> None:
    with running_server(seeds_build[0]) as server:
        response = requests.get(server + "/sparql", params={"query": COUNT},
                                headers={"Accept": "application/sparql-results+json"}, timeout=10)
        assert response.status_code == 200
        named_quads = sum(seeds_build[1].statistics["graphs"].values())
        assert int(response.json()["results"]["bindings"][0]["n"]["value"]) == named_quads
        bad = requests.post(server + "/sparql", data={"query": "SELECT {"}, timeout=10)
        assert bad.status_code == 400
        dump = requests.get(server + "/dump.ttl", timeout=10)
        assert dump.status_code == 200 and dump.headers["Content-Type"].startswith("text/turtle")
        api = requests.get(server + "/api/connections", timeout=10, params=[
            ("among", "Wally Backman"), ("among", "Sandy Alderson"), ("among", "Terry Collins")])
        assert "New York Mets" in [o["label"] for o in api.json()["shared_organizations"]]


@pytest.mark.slow
def test_health_answers_at_once_while_every_query_slot_is_busy(seeds_build) -> None:
    """More slow queries than the workers' query slots (2 × 2) and than their old thread count (2 × 4)."""
    with running_server(seeds_build[0], query_slots=2, query_timeout=6) as server:
        def slow_query() -> int:
            return requests.get(server + "/sparql", params={"query": CROSS_PRODUCT}, timeout=30).status_code

        with ThreadPoolExecutor(24) as pool:
            slow = [pool.submit(slow_query) for _ in range(24)]
            time.sleep(1.5)
            for _ in range(5):
                started = time.monotonic()
                assert requests.get(server + "/health", timeout=5).status_code == 200
                assert time.monotonic() - started < 1.0  # queued behind the slow queries, it would wait ~6 s
                time.sleep(0.3)
            assert {future.result() for future in slow} == {503}  # each stopped at its deadline, none lost


@pytest.mark.slow
@pytest.mark.parametrize("allocator", ["jemalloc", "system"])
def test_every_server_process_runs_on_the_allocator_setting(seeds_build, allocator: str) -> None:
    """`make install` installs libjemalloc2; the server, its granian workers and their query processes all
    have it mapped under allocator=jemalloc (the default), and none of them under allocator=system."""
    library = allocator_library("jemalloc")
    assert library is not None, "libjemalloc2 is missing: `make install` installs it (apt-get install libjemalloc2)"
    with serving_process(seeds_build[0], allocator=allocator) as (server, running):
        # A query that is not one triple pattern goes to a query process, which then stays for the next.
        answered = requests.get(server + "/sparql", params={"query": COUNT}, timeout=10)
        assert answered.status_code == 200
        tree = process_tree(running.pid)
        assert len(tree) >= 4, tree  # the server, two workers, at least one query process
        assert {pid: is_mapped(library, pid) for pid in tree} == {pid: allocator == "jemalloc" for pid in tree}
        assert requests.get(server + "/health", timeout=10).status_code == 200

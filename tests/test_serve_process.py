"""`bbkg serve` as a real process (granian workers), queried over a real socket."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from tests.helpers import CROSS_PRODUCT, running_server

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
                assert time.monotonic() - started < 0.5
                time.sleep(0.3)
            assert {future.result() for future in slow} == {503}  # each stopped at its deadline, none lost

"""`bbkg serve` as a real process (granian workers), queried over a real socket."""

from __future__ import annotations

import pytest
import requests

from tests.conftest import running_server

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

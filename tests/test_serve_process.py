"""`bbkg serve` as a real process (gunicorn workers), queried over a real socket."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
import requests

from tests.conftest import free_port

COUNT = "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }"


@pytest.fixture
def server(seeds_build):
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "bbkg.cli", "serve", "--store", str(seeds_build[0]), "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=os.environ.copy())
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            requests.get(url + "/sparql", params={"query": "ASK {}"}, timeout=2)
            break
        except requests.ConnectionError:
            assert process.poll() is None, process.stderr.read().decode()
            assert time.monotonic() < deadline, "bbkg serve did not start listening"
            time.sleep(0.2)
    yield url
    process.terminate()
    process.wait(timeout=30)


@pytest.mark.slow
def test_served_endpoint_answers_over_http(server, seeds_build) -> None:
    response = requests.get(server + "/sparql", params={"query": COUNT},
                            headers={"Accept": "application/sparql-results+json"}, timeout=10)
    assert response.status_code == 200
    assert int(response.json()["results"]["bindings"][0]["n"]["value"]) == seeds_build[1].quads
    bad = requests.post(server + "/sparql", data={"query": "SELECT {"}, timeout=10)
    assert bad.status_code == 400
    dump = requests.get(server + "/dump.ttl", timeout=10)
    assert dump.status_code == 200 and dump.headers["Content-Type"].startswith("text/turtle")
    api = requests.get(server + "/api/connections",
                       params=[("among", "Wally Backman"), ("among", "Sandy Alderson"), ("among", "Terry Collins")],
                       timeout=10)
    assert "New York Mets" in [o["label"] for o in api.json()["shared_organizations"]]

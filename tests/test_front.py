"""The front door of `bbkg serve` (server/front.py, engine/src/front.rs and endpoint.rs), over real sockets: it
answers a query alone itself, exactly as the workers would, and hands everything else to granian unchanged."""

from __future__ import annotations

import email.utils
import os
import signal
import socket
import subprocess
import sys
import time
from datetime import datetime, UTC
from http.client import HTTPConnection
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote_plus, urlencode, urlsplit

import pytest
import requests

from benchmarks.endpoint import process_tree
from tests.helpers import metric_totals, serving_process

pytestmark = pytest.mark.slow

COUNT = "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }"
LABEL = ("SELECT ?label WHERE { <https://bbkg.example.org/id/person/backmwa01> "
         "<http://www.w3.org/2000/01/rdf-schema#label> ?label }")
# Headers each server writes its own way, or that frame the body.
FRAMING = {"date", "server", "content-length", "transfer-encoding", "connection", "keep-alive"}


@pytest.fixture(scope="module")
def server(seeds_build):
    with serving_process(seeds_build[0]) as (url, running):
        yield url, running


def _chunked(text: str) -> Iterator[bytes]:
    """A body without a length: the front hands such a request to granian's workers."""
    yield text.encode("utf-8")


def _comparable(response: requests.Response) -> tuple[int, dict[str, str], bytes]:
    headers = {k.lower(): v for k, v in response.headers.items() if k.lower() not in FRAMING}
    return response.status_code, headers, response.content


GRAPH = "https://bbkg.example.org/graph/reference"


@pytest.mark.parametrize("query, graphs, accept", [
    (COUNT, [], "application/sparql-results+json"),
    (LABEL, [], "application/sparql-results+xml, text/csv;q=0.5"),
    ("CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o } LIMIT 3", [], "*/*"),
    ("ASK { ?s ?p ?o }", [], ""),
    ("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }", [("default-graph-uri", GRAPH)], "text/csv"),
    ("SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g", [("named-graph-uri", GRAPH)], ""),
    ("SELECT * WHERE { ?s ?p", [], "application/sparql-results+json"),  # a syntax error
    (LABEL, [], "image/png"),  # no format fits
    (LABEL, [("default-graph-uri", "not an IRI")], ""),
    (LABEL + " # Straße, «quoted»", [], "text/tab-separated-values"),
    ("SELECT * WHERE { \u017fERVICE <http://example.org/> { ?s ?p ?o } }", [], ""),  # ſ, an s to Python's check
])
def test_the_front_answers_as_the_workers_do(server, query: str, graphs: list[tuple[str, str]], accept: str) -> None:
    """Each request three ways to the front (GET, a form, a query body) and two to granian's workers, whose
    chunked bodies the front hands on: every answer the same, status, headers and body."""
    url, _ = server
    fields = [("query", query), *graphs]
    form = {"Content-Type": "application/x-www-form-urlencoded", "Accept": accept}
    direct = {"Content-Type": "application/sparql-query", "Accept": accept}
    by_workers = requests.post(url + "/sparql", data=_chunked(urlencode(fields)), headers=form, timeout=30)
    assert by_workers.request.headers.get("Transfer-Encoding") == "chunked"
    answers = [
        requests.get(url + "/sparql", params=fields, headers={"Accept": accept}, timeout=30),
        requests.post(url + "/sparql", data=urlencode(fields), headers=form, timeout=30),
        requests.post(url + "/sparql", params=graphs, data=query.encode("utf-8"), headers=direct, timeout=30),
        requests.post(url + "/sparql", params=graphs, data=_chunked(query), headers=direct, timeout=30),
    ]
    assert [_comparable(answer) for answer in answers] == [_comparable(by_workers)] * 4


def test_a_connection_may_turn_from_queries_to_pages_and_back(server) -> None:
    url, _ = server
    connection = HTTPConnection(urlsplit(url).hostname, urlsplit(url).port, timeout=30)
    answers = []
    for path in ("/sparql?query=" + quote_plus(COUNT), "/health", "/sparql?query=" + quote_plus(LABEL), "/"):
        connection.request("GET", path, headers={"Accept": "application/sparql-results+json"})
        response = connection.getresponse()
        answers.append((response.status, response.read()))
    connection.close()
    assert [status for status, _ in answers] == [200, 200, 200, 200]
    assert b'"n"' in answers[0][1] and b'"status"' in answers[1][1] and b"Wally Backman" in answers[2][1]
    assert b"<html" in answers[3][1].lower()


def test_pipelined_queries_are_answered_in_order(server) -> None:
    url, _ = server
    requests_text = "".join(f"GET /sparql?query={quote_plus(q)} HTTP/1.1\r\nHost: x\r\nAccept: text/csv\r\n\r\n"
                            for q in (LABEL, COUNT, LABEL))
    with socket.create_connection((urlsplit(url).hostname, urlsplit(url).port), timeout=30) as raw:
        raw.sendall(requests_text.encode("ascii"))
        received = b""
        while received.count(b"HTTP/1.1 200") < 3 or not received.rstrip().endswith(b"Wally Backman"):
            chunk = raw.recv(65536)
            assert chunk, f"the connection ended after {received!r}"
            received += chunk
    bodies = [part.split(b"\r\n\r\n", 1)[1] for part in received.split(b"HTTP/1.1 ")[1:]]
    assert [body.splitlines()[0] for body in bodies] == [b"label", b"n", b"label"]


def test_a_head_with_bare_line_feeds_is_answered(server) -> None:
    url, _ = server
    with socket.create_connection((urlsplit(url).hostname, urlsplit(url).port), timeout=30) as raw:
        raw.sendall(f"GET /sparql?query={quote_plus(COUNT)} HTTP/1.1\nHost: x\nAccept: text/csv\n\n".encode("ascii"))
        received = b""
        while b"\r\n\r\n" not in received or not received.endswith(b"\r\n"):
            chunk = raw.recv(65536)
            assert chunk, f"the connection ended after {received!r}"
            received += chunk
    assert received.startswith(b"HTTP/1.1 200") and received.split(b"\r\n\r\n", 1)[1].startswith(b"n")


def test_an_http_10_client_is_answered_and_its_connection_kept_only_when_asked(server) -> None:
    url, _ = server
    address = (urlsplit(url).hostname, urlsplit(url).port)
    request = f"GET /sparql?query={quote_plus(COUNT)} HTTP/1.0\r\nAccept: text/csv\r\n"
    with socket.create_connection(address, timeout=30) as raw:
        raw.sendall((request + "\r\n").encode("ascii"))
        received = b""
        while chunk := raw.recv(65536):  # the server closes the connection after its answer
            received += chunk
    assert received.startswith(b"HTTP/1.1 200") and received.split(b"\r\n\r\n", 1)[1].startswith(b"n")
    with socket.create_connection(address, timeout=30) as raw:
        raw.sendall((request + "Connection: keep-alive\r\n\r\n").encode("ascii") * 2)
        received = b""
        while received.count(b"HTTP/1.1 200") < 2 or not received.endswith(b"\r\n"):
            chunk = raw.recv(65536)
            assert chunk, f"the connection ended after {received!r}"
            received += chunk
    assert b"connection: keep-alive" in received.lower()


def test_a_repeated_query_is_a_cache_hit_and_every_answer_is_counted(server) -> None:
    url, _ = server
    before = metric_totals(requests.get(url + "/metrics", timeout=10).text)
    query = LABEL + " # asked twice by this test"
    for _ in range(2):
        assert requests.get(url + "/sparql", params={"query": query}, timeout=30).status_code == 200
    assert requests.post(url + "/sparql", data={"query": "SELECT {"}, timeout=30).status_code == 400
    after = metric_totals(requests.get(url + "/metrics", timeout=10).text)
    grew = {name: after[name] - before[name] for name in after}
    assert grew["bbkg_cache_hits_total"] == 1
    assert grew["bbkg_queries_total"] == 3
    assert grew["bbkg_query_errors_total"] == 1
    assert grew["bbkg_requests_total"] == 4  # the three queries and the first /metrics


def test_answers_carry_the_date(server) -> None:
    url, _ = server
    response = requests.get(url + "/sparql", params={"query": COUNT}, timeout=30)
    sent = email.utils.parsedate_to_datetime(response.headers["Date"])
    assert abs((datetime.now(UTC) - sent).total_seconds()) < 5


def _fronts(server_pid: int) -> list[int]:
    """The front's supervisor and the process it runs the front in (server/front.py's main)."""
    return [pid for pid in process_tree(server_pid) if b"server.front" in _cmdline(pid)]


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def test_a_front_that_dies_is_started_again(seeds_build) -> None:
    with serving_process(seeds_build[0]) as (url, running):
        supervisor, serving = _fronts(running.pid)
        os.kill(serving, signal.SIGKILL)
        deadline = time.monotonic() + 15
        while True:
            try:
                if requests.get(url + "/sparql", params={"query": COUNT}, timeout=5).status_code == 200:
                    break
            except requests.ConnectionError:
                pass
            assert time.monotonic() < deadline, "the front was not started again"
            time.sleep(0.1)
        assert _fronts(running.pid)[0] == supervisor and serving not in _fronts(running.pid)


def test_the_front_ends_with_the_server_however_it_ends(seeds_build) -> None:
    with serving_process(seeds_build[0]) as (url, running):
        tree = process_tree(running.pid)
        fronts = _fronts(running.pid)
        assert len(fronts) == 2
        os.kill(running.pid, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while any(Path(f"/proc/{pid}").exists() and b"zombie" not in _state(pid) for pid in fronts):
            assert time.monotonic() < deadline, "the front outlived the server"
            time.sleep(0.05)
        for pid in tree[1:]:  # granian's workers, which this test's SIGKILL left behind
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def _state(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/status").read_bytes().lower()
    except OSError:
        return b"zombie"


def test_an_address_in_use_is_refused_in_one_line(seeds_build) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        ended = subprocess.run([sys.executable, "-m", "bbkg.cli", "serve", "--store", str(seeds_build[0]),
                                "--port", str(port)], capture_output=True, text=True, timeout=120)
    assert ended.returncode != 0
    assert ended.stderr.strip().splitlines() == [f"Error: cannot listen on 127.0.0.1:{port}: Address already in use"]

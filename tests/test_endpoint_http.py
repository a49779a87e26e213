"""The SPARQL endpoint's protocol and safety cases, over HTTP against `bbkg serve` as a real process."""

from __future__ import annotations

import shutil
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlencode

import pytest
import requests
from pyoxigraph import QuerySolutions, RdfFormat, Store, parse

from store.query import run_query
from vocab.formats import graph_format, result_format
from vocab.namespaces import BB
from tests.helpers import metric_totals, running_server
from tests.helpers import CROSS_PRODUCT, CountingListener

pytestmark = pytest.mark.slow

COUNT = "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }"
TOKEN = "s3cret-token"
REFERENCE = "https://bbkg.example.org/graph/reference"


@pytest.fixture(scope="module")
def default_server(seeds_build):
    with running_server(seeds_build[0]) as url:
        yield url


@pytest.fixture(scope="module")
def strict_server(seeds_build, tmp_path_factory):
    """Short timeout, small row cap, CORS for one origin, updates with a token, over a private store copy."""
    store = tmp_path_factory.mktemp("strict") / "store"
    shutil.copytree(seeds_build[0], store, symlinks=True)
    with running_server(store, query_timeout=3, result_row_cap=10, cors_origins="https://ok.example",
                        update_token=TOKEN, max_request_bytes=20_000, workers=3) as url:
        yield url


def get(url: str, query: str, **kwargs):
    return requests.get(url + "/sparql", params={"query": query}, timeout=30, **kwargs)


def test_query_forms_and_formats(default_server) -> None:
    for accept, marker in (("application/sparql-results+json", b'"bindings"'),
                           ("application/sparql-results+xml", b"<sparql"),
                           ("text/csv", b"n\r\n"), ("text/tab-separated-values", b"?n\n")):
        response = get(default_server, COUNT, headers={"Accept": accept})
        assert response.status_code == 200 and response.headers["Content-Type"].startswith(accept)
        assert marker in response.content
    direct = requests.post(default_server + "/sparql", data=COUNT, timeout=30,
                           headers={"Content-Type": "application/sparql-query"})
    form = requests.post(default_server + "/sparql", data={"query": COUNT}, timeout=30)
    assert direct.json() == form.json()
    construct = f"CONSTRUCT {{ ?s ?p ?o }} WHERE {{ GRAPH <{REFERENCE}> {{ ?s ?p ?o }} }}"
    for accept, fmt in (("text/turtle", RdfFormat.TURTLE), ("application/n-triples", RdfFormat.N_TRIPLES),
                        ("application/rdf+xml", RdfFormat.RDF_XML), ("application/ld+json", RdfFormat.JSON_LD),
                        ("application/n-quads", RdfFormat.N_QUADS), ("application/trig", RdfFormat.TRIG)):
        response = get(default_server, construct, headers={"Accept": accept})
        assert response.status_code == 200
        assert len(list(parse(response.content, format=fmt))) > 100


def test_q_values_and_browser_default(default_server) -> None:
    preferred = get(default_server, COUNT, headers={"Accept": "text/csv;q=0.5, application/sparql-results+xml;q=0.9"})
    assert preferred.headers["Content-Type"].startswith("application/sparql-results+xml")
    browser = get(default_server, COUNT, headers={
        "Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"})
    assert browser.status_code == 200 and browser.headers["Content-Type"].startswith("application/json")
    assert get(default_server, COUNT, headers={"Accept": "image/png"}).status_code == 406


def test_protocol_errors(default_server) -> None:
    syntax = get(default_server, "SELECT ?x WHERE { ?x ?y }")
    assert syntax.status_code == 400 and "syntax error" in syntax.text and "1:" in syntax.text
    twice = requests.get(default_server + "/sparql?query=ASK%7B%7D&query=ASK%7B%7D", timeout=10)
    assert twice.status_code == 400
    wrong_type = requests.post(default_server + "/sparql", data=COUNT, headers={"Content-Type": "text/plain"},
                               timeout=10)
    assert wrong_type.status_code == 400
    no_type = requests.post(default_server + "/sparql", data=COUNT.encode(), timeout=10,
                            headers={"Content-Type": ""})
    assert no_type.status_code == 400
    latin1 = requests.post(default_server + "/sparql", data="ASK { ?s ?p 'é' }".encode("latin-1"), timeout=10,
                           headers={"Content-Type": "application/sparql-query"})
    assert latin1.status_code == 400 and "UTF-8" in latin1.text
    assert requests.delete(default_server + "/sparql", timeout=10).status_code == 405
    assert "Traceback" not in syntax.text + twice.text + wrong_type.text


def test_dataset_parameters(default_server) -> None:
    query = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
    reference = requests.get(default_server + "/sparql", params={"query": query, "default-graph-uri": REFERENCE},
                             timeout=10)
    named = requests.get(default_server + "/sparql", timeout=10, params={
        "query": "SELECT (COUNT(DISTINCT ?g) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }", "named-graph-uri": REFERENCE})
    everything = get(default_server, query)
    def count(response: requests.Response) -> int:
        return int(response.json()["results"]["bindings"][0]["n"]["value"])
    assert 0 < count(reference) < count(everything)
    assert count(named) == 1


def test_timeout_stops_the_query_while_others_are_answered(strict_server) -> None:
    def slow():
        started = time.monotonic()
        response = get(strict_server, CROSS_PRODUCT)
        return response, time.monotonic() - started

    with ThreadPoolExecutor(2) as pool:
        pending = pool.submit(slow)
        time.sleep(0.5)
        quick_times = []
        while not pending.done():
            started = time.monotonic()
            quick = get(strict_server, "ASK { ?s ?p ?o }")
            quick_times.append(time.monotonic() - started)
            assert quick.status_code == 200
            time.sleep(0.2)
        response, elapsed = pending.result()
    assert response.status_code == 503 and "longer than 3 s" in response.text
    assert elapsed < 10
    assert quick_times and max(quick_times) < 2
    metrics = requests.get(strict_server + "/metrics", timeout=10).text
    assert "bbkg_query_timeouts_total 1" in metrics


def test_row_cap_is_announced(strict_server) -> None:
    response = get(strict_server, "SELECT * WHERE { ?s ?p ?o }")
    assert response.headers["X-Result-Truncated"] == "true"
    assert response.headers["X-Result-Row-Cap"] == "10"
    assert len(response.json()["results"]["bindings"]) == 10
    small = get(strict_server, "SELECT * WHERE { ?s ?p ?o } LIMIT 3")
    assert "X-Result-Truncated" not in small.headers


def test_no_outbound_requests(strict_server) -> None:
    listener = CountingListener()
    try:
        remote = f"http://127.0.0.1:{listener.port}/data"
        for query in (f"SELECT * WHERE {{ SERVICE <{remote}> {{ ?s ?p ?o }} }}",
                      f"SELECT * WHERE {{ SERVICE SILENT <{remote}> {{ ?s ?p ?o }} }}"):
            response = get(strict_server, query)
            assert response.status_code == 400 and "SERVICE is disabled" in response.text
        from_remote = get(strict_server, f"SELECT * FROM <{remote}> WHERE {{ ?s ?p ?o }}")
        assert from_remote.status_code == 200
        load = requests.post(strict_server + "/sparql", data={"update": f"LOAD <{remote}>"}, timeout=10,
                             headers={"Authorization": f"Bearer {TOKEN}"})
        assert load.status_code == 400 and "LOAD is disabled" in load.text
        time.sleep(0.5)
        assert listener.connections == 0
    finally:
        listener.close()


def test_request_size_limit(strict_server) -> None:
    padding = "#" + "x" * 30_000 + "\n"
    response = requests.post(strict_server + "/sparql", data=padding + "ASK {}", timeout=10,
                             headers={"Content-Type": "application/sparql-query"})
    assert response.status_code == 413


def chunked(text: str, size: int = 4096):
    """A body requests sends with Transfer-Encoding: chunked and no Content-Length."""
    data = text.encode("utf-8")
    return (data[i:i + size] for i in range(0, len(data), size))


def test_a_chunked_body_over_the_limit_is_refused_whole(strict_server) -> None:
    # The update deletes a triple, then pads past max_request_bytes (20,000), then inserts one: cut at the
    # limit, the delete alone would run. Refused whole, both triples stay as they were.
    graph = "https://e/chunked"
    setup = f'INSERT DATA {{ GRAPH <{graph}> {{ <https://e/s> <https://e/p> "kept" }} }}'
    auth = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/sparql-update"}
    assert requests.post(strict_server + "/sparql", data=setup, headers=auth, timeout=10).status_code == 200
    update = (f'DELETE DATA {{ GRAPH <{graph}> {{ <https://e/s> <https://e/p> "kept" }} }} ;\n'
              + "#" + "x" * 25_000 + "\n"
              + f'INSERT DATA {{ GRAPH <{graph}> {{ <https://e/s> <https://e/p> "new" }} }}')
    cut = requests.post(strict_server + "/sparql", data=chunked(update), headers=auth, timeout=10)
    assert cut.status_code == 413 and "max_request_bytes" in cut.text
    kept = get(strict_server, f'ASK {{ GRAPH <{graph}> {{ <https://e/s> <https://e/p> "kept" }} }}')
    added = get(strict_server, f'ASK {{ GRAPH <{graph}> {{ <https://e/s> <https://e/p> "new" }} }}')
    assert kept.json()["boolean"] is True and added.json()["boolean"] is False
    # A query whose LIMIT falls past the cut, by every POST form, and a JSON route: 413, nothing runs.
    query = "SELECT * WHERE { ?s ?p ?o } #" + "x" * 25_000 + "\nLIMIT 1"
    direct = requests.post(strict_server + "/sparql", data=chunked(query), timeout=10,
                           headers={"Content-Type": "application/sparql-query"})
    form = requests.post(strict_server + "/sparql", data=chunked(urlencode({"query": query})), timeout=10,
                         headers={"Content-Type": "application/x-www-form-urlencoded"})
    api = requests.post(strict_server + "/api/entities", data=chunked("x" * 25_000), timeout=10)
    assert direct.status_code == form.status_code == api.status_code == 413
    assert api.json()["error"]["status"] == 413
    # Under the limit, a chunked body is read whole and answered.
    small = requests.post(strict_server + "/sparql", data=chunked("ASK { ?s ?p ?o }", size=3), timeout=10,
                          headers={"Content-Type": "application/sparql-query"})
    assert small.status_code == 200 and small.json()["boolean"] is True


def test_cors_off_by_default_then_allow_list(default_server, strict_server) -> None:
    origin = {"Origin": "https://ok.example"}
    assert "Access-Control-Allow-Origin" not in get(default_server, COUNT, headers=origin).headers
    allowed = get(strict_server, COUNT, headers=origin)
    assert allowed.headers["Access-Control-Allow-Origin"] == "https://ok.example"
    assert allowed.headers["Vary"] == "Accept, Origin"  # a shared cache keeps one answer per Accept and Origin
    other = get(strict_server, COUNT, headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers


def test_updates_are_off_by_default_and_need_the_token(default_server, strict_server) -> None:
    insert = 'INSERT DATA { GRAPH <https://e/g> { <https://e/s> <https://e/p> "added" } }'
    assert requests.post(default_server + "/sparql", data={"update": insert}, timeout=10).status_code == 403
    by_get = requests.get(strict_server + "/sparql", params={"update": insert}, timeout=10)
    assert by_get.status_code == 400
    wrong = requests.post(strict_server + "/sparql", data={"update": insert}, timeout=10,
                          headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 401
    right = requests.post(strict_server + "/sparql", data=insert, timeout=10, headers={
        "Authorization": f"Bearer {TOKEN}", "Content-Type": "application/sparql-update"})
    assert right.status_code == 200
    seen = get(strict_server, 'ASK { GRAPH <https://e/g> { <https://e/s> <https://e/p> "added" } }')
    assert seen.json()["boolean"] is True
    # The scheme's name is case-insensitive; the token is not.
    lower = requests.post(strict_server + "/sparql", data={"update": insert.replace("added", "lower")}, timeout=10,
                          headers={"Authorization": f"bearer {TOKEN}"})
    assert lower.status_code == 200
    wrong_case = requests.post(strict_server + "/sparql", data={"update": insert}, timeout=10,
                               headers={"Authorization": f"Bearer {TOKEN.upper()}"})
    assert wrong_case.status_code == 401


def test_graph_store_protocol_read(default_server) -> None:
    one = requests.get(default_server + "/store", params={"graph": REFERENCE}, timeout=10,
                       headers={"Accept": "application/n-triples"})
    assert one.status_code == 200 and one.headers["Content-Type"].startswith("application/n-triples")
    triples = list(parse(one.content, format=RdfFormat.N_TRIPLES))
    assert triples and all("reference" not in str(t.graph_name) for t in triples)
    default = requests.get(default_server + "/store?default", timeout=30, headers={"Accept": "text/turtle"})
    assert len({q.triple for q in parse(default.content, format=RdfFormat.TURTLE)}) > len(triples)
    missing = requests.get(default_server + "/store", params={"graph": "https://nope/g"}, timeout=10)
    assert missing.status_code == 404
    assert requests.get(default_server + "/store", timeout=10).status_code == 400


def test_service_description_and_void(default_server, seeds_build) -> None:
    sd = requests.get(default_server + "/sparql", headers={"Accept": "text/turtle"}, timeout=10)
    assert sd.status_code == 200
    triples = list(parse(sd.content, format=RdfFormat.TURTLE))
    assert any(t.object.value == "http://www.w3.org/ns/sparql-service-description#Service" for t in triples)
    void = requests.get(default_server + "/.well-known/void", headers={"Accept": "text/turtle"}, timeout=10)
    counts = {t.predicate.value.rsplit("#", 1)[1]: int(t.object.value)
              for t in parse(void.content, format=RdfFormat.TURTLE)
              if t.predicate.value.startswith("http://rdfs.org/ns/void#") and t.object.value.isdigit()
              and t.subject.value.endswith("#dataset")}
    statistics = seeds_build[1].statistics
    assert counts["triples"] == statistics["triples"] and counts["entities"] == statistics["entities"] > 50
    assert counts["classes"] == statistics["classes"]


def counter(server: str, name: str) -> float:
    """A counter of the server's /metrics (summed over its workers)."""
    return metric_totals(requests.get(server + "/metrics", timeout=10).text)[f"bbkg_{name}_total"]


def test_every_query_shape_is_answered_as_oxigraph_answers_it(default_server, seeds_build) -> None:
    reference = Store.read_only(str((seeds_build[0] / "current").resolve() / "oxigraph"))
    person = f"SELECT ?s WHERE {{ ?s a <{BB}Person> }} ORDER BY ?s LIMIT 1"
    someone = reference.query(person)
    assert isinstance(someone, QuerySolutions)
    subject = next(iter(someone))["s"]
    shapes = [
        person,
        f"SELECT ?p ?o WHERE {{ {subject} ?p ?o }}",
        f"SELECT ?p ?o ?q ?r WHERE {{ {subject} ?p ?o . ?o ?q ?r }} # a comment",
        "SELECT ?o (COUNT(*) AS ?n) WHERE { ?s a ?o } GROUP BY ?o ORDER BY DESC(?n) ?o",
        f"ASK {{ {subject} ?p ?o }}",
        f"CONSTRUCT {{ {subject} ?p ?o }} WHERE {{ {subject} ?p ?o }}",
    ]
    for query in shapes:
        graph = query.startswith("CONSTRUCT")
        accept = "application/n-triples" if graph else "text/csv"
        expected = run_query(reference, query, lambda is_graph: graph_format("ntriples") if is_graph
                             else result_format("csv"), 10_000).body
        answers = [get(default_server, query, headers={"Accept": accept}),
                   requests.post(default_server + "/sparql", data={"query": query}, headers={"Accept": accept},
                                 timeout=30),
                   requests.post(default_server + "/sparql", data=query.encode(), timeout=30,
                                 headers={"Accept": accept, "Content-Type": "application/sparql-query"})]
        for response in answers:
            assert response.status_code == 200 and response.headers["Content-Type"].startswith(accept)
            assert response.content == expected, query
    assert len(expected.splitlines()) > 1


def test_health_and_metrics(default_server) -> None:
    health = requests.get(default_server + "/health", timeout=10).json()
    assert health["status"] == "ok" and health["quads"] > 500
    before = counter(default_server, "queries")
    get(default_server, COUNT)
    assert counter(default_server, "queries") == before + 1
    assert "bbkg_query_seconds_bucket" in requests.get(default_server + "/metrics", timeout=10).text


def test_real_clients(default_server) -> None:
    from SPARQLWrapper import JSON, SPARQLWrapper

    client = SPARQLWrapper(default_server + "/sparql")
    client.setQuery(COUNT)
    client.setReturnFormat(JSON)
    assert int(client.query().convert()["results"]["bindings"][0]["n"]["value"]) > 500

    from rdflib import Graph
    from rdflib.plugins.stores.sparqlstore import SPARQLStore

    graph = Graph(store=SPARQLStore(default_server + "/sparql"))
    rows = list(graph.query("SELECT ?label WHERE { <https://bbkg.example.org/id/person/backmwa01> "
                            "<http://www.w3.org/2000/01/rdf-schema#label> ?label } LIMIT 1"))
    assert str(rows[0][0]) == "Wally Backman"


def test_concurrent_clients_all_answered(default_server) -> None:
    errors: list[int] = []

    def worker() -> None:
        for _ in range(10):
            response = get(default_server, COUNT)
            if response.status_code != 200:
                errors.append(response.status_code)

    threads = [threading.Thread(target=worker) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
